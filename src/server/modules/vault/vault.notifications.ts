import { outtakeNumber, intakeNumber } from '#common/vault.ts';
import type { UnitOfWork } from '#server/lib/transition.ts';
import { notify } from '#server/modules/notifications/index.ts';
import type { vaultIntakes, vaultOuttakes } from '#server/db/schema/vault.ts';

type OuttakeRow = typeof vaultOuttakes.$inferSelect;
type IntakeRow = typeof vaultIntakes.$inferSelect;

export const memberVaultLink = '/registry?tab=vault';
export const staffVaultLink = '/admin/vault';

/** The member hears of each card the vault receives. */
export async function cardReceived(uow: UnitOfWork, intake: IntakeRow, card: { title: string }, now: Date) {
  await notify(uow, {
    kind: 'vault_updated',
    title: 'Card received at the vault',
    message: `${card.title} arrived at the vault (intake ${intakeNumber(intake.number)})`,
    user: { id: intake.ownerId, link: memberVaultLink },
    now,
  });
}

/** The member hears of the shipment (with its tracking) and of the delivery. */
export async function outtakeMoved(uow: UnitOfWork, row: OuttakeRow, now: Date) {
  const number = outtakeNumber(row.number);
  const news =
    row.status === 'shipped'
      ? { title: 'Cards shipped', message: `Outtake ${number} shipped by ${row.carrier ?? 'carrier'}, tracking ${row.trackingNumber ?? '—'}` }
      : row.status === 'delivered'
        ? { title: 'Cards delivered', message: `Outtake ${number} was delivered: the cards are with you` }
        : null;
  if (!news) return;
  await notify(uow, { kind: 'vault_updated', ...news, user: { id: row.ownerId, link: memberVaultLink }, now });
}
