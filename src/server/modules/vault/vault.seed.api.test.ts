import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cards } from '#server/db/schema/cards.ts';
import { ledgerLines } from '#server/db/schema/ledger.ts';
import { invoices } from '#server/db/schema/money.ts';
import { vaultIntakeItems, vaultIntakes, vaultOuttakeItems, vaultOuttakes } from '#server/db/schema/vault.ts';
import { createTestDatabase } from '#server/test/harness.ts';

describe('the vault demo seed', () => {
  it('leaves an intake with one card received and one awaited, and a paid outtake shipped with tracking, consistent with the cards', async () => {
    const { db } = await createTestDatabase({ demo: true });
    const [intake] = await db.select().from(vaultIntakes);
    expect(intake.status).toBe('partially_received');
    const items = await db.select().from(vaultIntakeItems).where(eq(vaultIntakeItems.intakeId, intake.id));
    const received = items.find((i) => i.receivedAt)!;
    const awaiting = items.find((i) => !i.receivedAt)!;
    const [rc] = await db.select().from(cards).where(eq(cards.id, received.cardId));
    const [ac] = await db.select().from(cards).where(eq(cards.id, awaiting.cardId));
    expect(rc).toMatchObject({ custody: 'in_vault', holdKind: null, appraisedValueCents: received.appraisedValueCents });
    expect(ac).toMatchObject({ custody: 'with_owner', holdKind: 'vault_intake', holdRef: intake.id });

    const [outtake] = await db.select().from(vaultOuttakes);
    expect(outtake).toMatchObject({ status: 'shipped', carrier: 'UPS' });
    expect(outtake.trackingNumber).toBeTruthy();
    const [inv] = await db.select().from(invoices).where(eq(invoices.id, outtake.invoiceId!));
    expect(inv).toMatchObject({ status: 'paid', totalCents: outtake.feeCents, relatedKind: 'vault_outtake' });
    const [item] = await db.select().from(vaultOuttakeItems).where(eq(vaultOuttakeItems.outtakeId, outtake.id));
    const [oc] = await db.select().from(cards).where(eq(cards.id, item.cardId));
    expect(oc).toMatchObject({ custody: 'in_transit', holdKind: 'vault_outtake', holdRef: outtake.id });
    // The fee is in the ledger like every paid invoice.
    const income = await db
      .select()
      .from(ledgerLines)
      .where(and(eq(ledgerLines.relatedKind, 'vault_outtake'), eq(ledgerLines.accountCode, 'fee_income')));
    expect(income.reduce((s, l) => s + Number(l.creditCents), 0)).toBe(outtake.feeCents);
  });
});
