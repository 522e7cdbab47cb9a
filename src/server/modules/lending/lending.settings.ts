import { type LendingPolicy, type LendingPolicyResponse, type PatchLendingPolicy, type PublicLendingTerms } from '#common/lending.ts';
import type { FeeLine } from '#common/money.ts';
import type { Actor, AppContext } from '#server/context.ts';
import { AppError } from '#server/errors.ts';
import { billingTemplate, feeTemplateAppliesTo, type FeeTemplateRow } from '#server/modules/money/index.ts';
import { getSetting, type SavedHook, type SettingsReadCtx, updateSetting } from '#server/modules/settings/index.ts';

/** The lending policy (the settings service's `lending` section). */
export const getLendingPolicy = (ctx: SettingsReadCtx): Promise<LendingPolicy> => getSetting(ctx, 'lending');

/**
 * The template the origination fee is billed from: the one the policy names, or else the first
 * active template that applies to loans (so a fresh install bills the seeded "Loan origination").
 */
export async function originationTemplate(ctx: Pick<AppContext, 'db'>, policy: LendingPolicy): Promise<FeeTemplateRow | null> {
  return billingTemplate(ctx, { id: policy.originationFeeTemplateId, appliesTo: 'loan', ties: 'name' });
}

function feeWords(lines: readonly FeeLine[]): PublicLendingTerms['originationFee'] {
  return lines.map((l) => ({
    label: l.label,
    fixedCents: l.type === 'fixed' ? l.amountCents : null,
    basisPoints: l.type === 'bps' ? l.basisPoints : null,
  }));
}

export async function publicTerms(ctx: Pick<AppContext, 'db'>, policy: LendingPolicy): Promise<PublicLendingTerms> {
  const tpl = await originationTemplate(ctx, policy);
  const { originationFeeTemplateId: _t, ...rest } = policy;
  return { ...rest, originationFee: tpl ? feeWords(tpl.lines) : [] };
}

/** GET /api/admin/settings/lending. */
export async function lendingPolicyView(ctx: SettingsReadCtx): Promise<LendingPolicyResponse> {
  const policy = await getLendingPolicy(ctx);
  return { policy, terms: await publicTerms(ctx, policy) };
}

/** A policy naming a fee template that does not apply to loans is refused, whoever saves it. */
export const checkLendingSettings: SavedHook<'lending'> = async ({ tx }, { value }) => {
  const id = value.originationFeeTemplateId;
  if (!id) return;
  if ((await feeTemplateAppliesTo({ db: tx }, { id })) !== 'loan') {
    const msg = 'Choose a fee template that applies to loans';
    throw new AppError('bad_request', msg, { fieldErrors: { originationFeeTemplateId: [msg] } });
  }
};

/** PATCH /api/admin/settings/lending: merges the change, checks the whole policy, saves it audited. */
export async function patchLendingPolicy(
  ctx: Pick<AppContext, 'db' | 'clock' | 'live'>,
  actor: Actor,
  input: { patch: PatchLendingPolicy },
): Promise<LendingPolicyResponse> {
  await updateSetting(ctx, actor, { section: 'lending', patch: input.patch });
  return lendingPolicyView(ctx);
}
