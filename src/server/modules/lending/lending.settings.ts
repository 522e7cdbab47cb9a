import { and, asc, eq } from 'drizzle-orm';
import { defaultLendingPolicy, lendingPolicySchema, type LendingPolicy, type LendingPolicyResponse, type PatchLendingPolicy, type PublicLendingTerms } from '#common/lending.ts';
import type { FeeLine } from '#common/money.ts';
import type { Actor, AppContext } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { feeTemplates } from '#server/db/schema/money.ts';
import { settings } from '#server/db/schema/platform.ts';
import { AppError } from '#server/errors.ts';
import { inTransaction } from '#server/lib/transition.ts';
import { audit, auditBy } from '#server/modules/audit/audit.service.ts';

export const LENDING_SETTINGS_KEY = 'lending';

/** The lending policy (admin-editable); a missing or unreadable row means the defaults. */
export async function getLendingPolicy(ctx: Pick<AppContext, 'db'>): Promise<LendingPolicy> {
  const [row] = await ctx.db.select({ value: settings.value }).from(settings).where(eq(settings.key, LENDING_SETTINGS_KEY)).limit(1);
  if (!row) return defaultLendingPolicy;
  const parsed = lendingPolicySchema.safeParse({ ...defaultLendingPolicy, ...(row.value as object) });
  return parsed.success ? parsed.data : defaultLendingPolicy;
}

export type FeeTemplateRow = typeof feeTemplates.$inferSelect;

/**
 * The template the origination fee is billed from: the one the policy names, or else the first
 * active template that applies to loans (so a fresh install bills the seeded "Loan origination").
 */
export async function originationTemplate(ctx: Pick<AppContext, 'db'>, policy: LendingPolicy): Promise<FeeTemplateRow | null> {
  const where = policy.originationFeeTemplateId
    ? eq(feeTemplates.id, policy.originationFeeTemplateId)
    : and(eq(feeTemplates.appliesTo, 'loan'), eq(feeTemplates.active, true));
  const [tpl] = await ctx.db.select().from(feeTemplates).where(where).orderBy(asc(feeTemplates.createdAt), asc(feeTemplates.name)).limit(1);
  return tpl && tpl.active ? tpl : null;
}

function feeWords(lines: readonly FeeLine[]): PublicLendingTerms['originationFee'] {
  return lines.map((l) => ({ label: l.label, fixedCents: l.type === 'fixed' ? l.amountCents : null, basisPoints: l.type === 'bps' ? l.basisPoints : null }));
}

export async function publicTerms(ctx: Pick<AppContext, 'db'>, policy: LendingPolicy): Promise<PublicLendingTerms> {
  const tpl = await originationTemplate(ctx, policy);
  const { originationFeeTemplateId: _t, ...rest } = policy;
  return { ...rest, originationFee: tpl ? feeWords(tpl.lines) : [] };
}

/** GET /api/admin/settings/lending. */
export async function lendingPolicyView(ctx: Pick<AppContext, 'db'>): Promise<LendingPolicyResponse> {
  const policy = await getLendingPolicy(ctx);
  return { policy, terms: await publicTerms(ctx, policy) };
}

async function checkTemplate(tx: Db, id: string | null) {
  if (!id) return;
  const [tpl] = await tx.select().from(feeTemplates).where(eq(feeTemplates.id, id)).limit(1);
  if (!tpl || tpl.appliesTo !== 'loan') {
    const msg = 'Choose a fee template that applies to loans';
    throw new AppError('bad_request', msg, { fieldErrors: { originationFeeTemplateId: [msg] } });
  }
}

/** PATCH /api/admin/settings/lending: merges the change, checks the whole policy, saves it audited. */
export async function patchLendingPolicy(ctx: Pick<AppContext, 'db' | 'clock' | 'live'>, actor: Actor, input: { patch: PatchLendingPolicy }): Promise<LendingPolicyResponse> {
  const now = ctx.clock.now();
  const before = await getLendingPolicy(ctx);
  const parsed = lendingPolicySchema.safeParse({ ...before, ...input.patch });
  if (!parsed.success) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (fieldErrors[String(issue.path[0] ?? 'policy')] ??= []).push(issue.message);
    throw new AppError('bad_request', parsed.error.issues[0]!.message, { fieldErrors });
  }
  const value = { ...parsed.data, terms: [...new Set(parsed.data.terms)].sort((a, b) => a - b) };
  await inTransaction(ctx, async ({ tx }) => {
    await checkTemplate(tx, value.originationFeeTemplateId);
    await tx.insert(settings).values({ key: LENDING_SETTINGS_KEY, value, updatedAt: now }).onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } });
    const changed = Object.fromEntries(Object.keys(input.patch).map((k) => [k, { from: before[k as keyof LendingPolicy], to: value[k as keyof LendingPolicy] }]));
    await audit(tx, { ...auditBy(actor), action: 'settings.lending_updated', targetType: 'settings', targetId: LENDING_SETTINGS_KEY, data: changed, at: now });
  });
  return lendingPolicyView(ctx);
}

/** Seeds the defaults once so the row exists for admins to edit; never overwrites their values. */
export async function seedLendingPolicy(ctx: Pick<AppContext, 'db'>) {
  await ctx.db.insert(settings).values({ key: LENDING_SETTINGS_KEY, value: defaultLendingPolicy }).onConflictDoNothing();
}
