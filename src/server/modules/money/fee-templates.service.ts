import { asc, eq } from 'drizzle-orm';
import { moneyMessages, type CreateFeeTemplateInput, type FeeTemplate, type PatchFeeTemplateInput } from '#common/money.ts';
import type { AppContext, SignedInActor } from '#server/context.ts';
import { feeTemplates, invoices } from '#server/db/schema/money.ts';
import { notFound } from '#server/errors.ts';
import { inTransaction } from '#server/lib/transition.ts';
import { audit, auditBy } from '#server/lib/audit.ts';

type Ctx = Pick<AppContext, 'db' | 'live' | 'clock' | 'log'>;

export function toFeeTemplate(r: typeof feeTemplates.$inferSelect): FeeTemplate {
  return {
    id: r.id,
    name: r.name,
    appliesTo: r.appliesTo,
    lines: r.lines,
    active: r.active,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export async function listFeeTemplates(ctx: Ctx, _actor: SignedInActor): Promise<FeeTemplate[]> {
  const rows = await ctx.db.select().from(feeTemplates).orderBy(asc(feeTemplates.appliesTo), asc(feeTemplates.name));
  return rows.map(toFeeTemplate);
}

export async function createFeeTemplate(ctx: Ctx, actor: SignedInActor, input: { template: Required<Omit<CreateFeeTemplateInput, 'active'>> & { active: boolean } }) {
  const now = ctx.clock.now();
  return inTransaction(ctx, async ({ tx }) => {
    const [row] = await tx.insert(feeTemplates).values({ ...input.template, createdAt: now, updatedAt: now }).returning();
    await audit(tx, { ...auditBy(actor), action: 'fee_template.created', targetType: 'fee_template', targetId: row!.id, data: { name: row!.name }, at: now });
    return toFeeTemplate(row!);
  });
}

export async function patchFeeTemplate(ctx: Ctx, actor: SignedInActor, input: { id: string; patch: PatchFeeTemplateInput }) {
  const now = ctx.clock.now();
  return inTransaction(ctx, async ({ tx }) => {
    const [row] = await tx
      .update(feeTemplates)
      .set({ ...input.patch, updatedAt: now })
      .where(eq(feeTemplates.id, input.id))
      .returning();
    if (!row) throw notFound(moneyMessages.templateNotFound);
    await audit(tx, { ...auditBy(actor), action: 'fee_template.updated', targetType: 'fee_template', targetId: row.id, data: { fields: Object.keys(input.patch) }, at: now });
    return toFeeTemplate(row);
  });
}

/** Invoices keep their own copy of the lines, so a used template is deactivated rather than deleted. */
export async function deleteFeeTemplate(ctx: Ctx, actor: SignedInActor, input: { id: string }) {
  const now = ctx.clock.now();
  return inTransaction(ctx, async ({ tx }) => {
    const [row] = await tx.select().from(feeTemplates).where(eq(feeTemplates.id, input.id)).limit(1);
    if (!row) throw notFound(moneyMessages.templateNotFound);
    const [used] = await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.templateId, input.id)).limit(1);
    if (used) await tx.update(feeTemplates).set({ active: false, updatedAt: now }).where(eq(feeTemplates.id, input.id));
    else await tx.delete(feeTemplates).where(eq(feeTemplates.id, input.id));
    await audit(tx, { ...auditBy(actor), action: 'fee_template.deleted', targetType: 'fee_template', targetId: row.id, data: { name: row.name }, at: now });
  });
}
