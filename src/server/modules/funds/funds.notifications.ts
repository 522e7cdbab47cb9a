import { formatDateUtc } from '#common/dates.ts';
import { formatCents } from '#common/format.ts';
import { formatUnits } from '#common/funds.ts';
import type { UnitOfWork } from '#server/lib/transition.ts';
import { notify } from '#server/modules/notifications/index.ts';

// fund_updated shows no toast of its own, so these notifications do.
const fundLink = (fundId: string) => `/funds/${encodeURIComponent(fundId)}`;

/** A subscription or redemption request accepted or declined: the member hears. */
export async function fundRequestDecided(
  uow: UnitOfWork,
  r: { userId: string; fundId: string; fundName: string; kind: 'subscription' | 'redemption'; accepted: boolean; note: string | null },
  now: Date,
) {
  const what = `Your ${r.kind} request for ${r.fundName}`;
  const note = r.note?.trim() ? `. Note: ${r.note.trim().replace(/[.\s]+$/, '')}` : '';
  await notify(uow, {
    kind: 'fund_request_decided',
    title: r.accepted
      ? `${r.kind === 'subscription' ? 'Subscription' : 'Redemption'} accepted`
      : `${r.kind === 'subscription' ? 'Subscription' : 'Redemption'} declined`,
    message: r.accepted ? `${what} was accepted; it is dealt at the next valuation${note}` : `${what} was declined${note}`,
    variant: r.accepted ? 'default' : 'destructive',
    user: { id: r.userId, link: fundLink(r.fundId) },
    now,
  });
}

/** A valuation dealt a member's subscription (confirmed: units issued) or redemption. */
export async function fundDealt(
  uow: UnitOfWork,
  d: { userId: string; fundId: string; fundName: string; kind: 'subscription' | 'redemption'; valuedOn: string },
  now: Date,
) {
  const subscription = d.kind === 'subscription';
  await notify(uow, {
    kind: 'fund_dealt',
    title: subscription ? 'Subscription confirmed' : 'Redemption dealt',
    message: subscription
      ? `Your subscription to ${d.fundName} was dealt on ${formatDateUtc(d.valuedOn)}; your units are issued`
      : `Your redemption from ${d.fundName} was dealt on ${formatDateUtc(d.valuedOn)}`,
    user: { id: d.userId, link: fundLink(d.fundId) },
    now,
  });
}

/** A member asked to subscribe or redeem: admins hear, with the fund's desk to decide it. */
export async function fundRequestNew(
  uow: UnitOfWork,
  r: {
    fundId: string;
    fundName: string;
    memberName: string | null;
    kind: 'subscription' | 'redemption';
    amountCents: number | null;
    unitsMicro: number | null;
  },
  now: Date,
) {
  const subscription = r.kind === 'subscription';
  const what = subscription
    ? `to subscribe ${formatCents(r.amountCents)} to ${r.fundName}`
    : `to redeem ${formatUnits(r.unitsMicro ?? 0)} units of ${r.fundName}`;
  await notify(uow, {
    kind: 'fund_request_new',
    title: subscription ? 'New subscription request' : 'New redemption request',
    message: `${r.memberName?.trim() || 'A member'} asked ${what}`,
    admins: { link: `/admin/funds/${encodeURIComponent(r.fundId)}/manage` },
    now,
  });
}
