import { and, asc, eq } from 'drizzle-orm';
import { moneyMessages, type CreateFeeTemplateInput, type FeeTemplate, type PatchFeeTemplateInput } from '#common/money.ts';
import type { AppContext, SignedInActor } from '#server/context.ts';
import { feeTemplates, invoices } from '#server/db/schema/money.ts';
import { notFound } from '#server/errors.ts';
import { inTransaction } from '#server/lib/transition.ts';
import { audit, auditBy } from '#server/lib/audit.ts';

type Ctx = Pick<AppContext, 'db' | 'live' | 'clock' | 'log'>;

export type FeeTemplateRow = typeof feeTemplates.$inferSelect;

/**
 * The template a module bills from (lending's origination fee, the marketplace's sale fee): the
 * one its settings name, or else the oldest active template that applies. Ties on the creation
 * time go by `ties` (each caller keeps the order it had). Null when that template is inactive.
 * Inside a transaction, hand it `{ db: tx }`.
 */
export async function billingTemplate(
  ctx: Pick<AppContext, 'db'>,
  input: { id: string | null | undefined; appliesTo: FeeTemplateRow['appliesTo']; ties: 'name' | 'id' },
): Promise<FeeTemplateRow | null> {
  const [tpl] = await ctx.db
    .select()
    .from(feeTemplates)
    .where(input.id ? eq(feeTemplates.id, input.id) : and(eq(feeTemplates.appliesTo, input.appliesTo), eq(feeTemplates.active, true)))
    .orderBy(asc(feeTemplates.createdAt), input.ties === 'name' ? asc(feeTemplates.name) : asc(feeTemplates.id))
    .limit(1);
  return tpl && tpl.active ? tpl : null;
}

/** What a template applies to, or null when there is none with this id (settings check the templates they name). */
export async function feeTemplateAppliesTo(ctx: Pick<AppContext, 'db'>, input: { id: string }): Promise<FeeTemplateRow['appliesTo'] | null> {
  const [tpl] = await ctx.db.select({ appliesTo: feeTemplates.appliesTo }).from(feeTemplates).where(eq(feeTemplates.id, input.id)).limit(1);
  return tpl?.appliesTo ?? null;
}

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

export async function createFeeTemplate(
  ctx: Ctx,
  actor: SignedInActor,
  input: { template: Required<Omit<CreateFeeTemplateInput, 'active'>> & { active: boolean } },
) {
  const now = ctx.clock.now();
  return inTransaction(ctx, async ({ tx }) => {
    const [row] = await tx
      .insert(feeTemplates)
      .values({ ...input.template, createdAt: now, updatedAt: now })
      .returning();
    await audit(tx, {
      ...auditBy(actor),
      action: 'fee_template.created',
      targetType: 'fee_template',
      targetId: row!.id,
      data: { name: row!.name },
      at: now,
    });
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
    await audit(tx, {
      ...auditBy(actor),
      action: 'fee_template.updated',
      targetType: 'fee_template',
      targetId: row.id,
      data: { fields: Object.keys(input.patch) },
      at: now,
    });
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
    await audit(tx, {
      ...auditBy(actor),
      action: 'fee_template.deleted',
      targetType: 'fee_template',
      targetId: row.id,
      data: { name: row.name },
      at: now,
    });
  });
}
