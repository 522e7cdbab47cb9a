import { and, asc, count, eq, isNull } from 'drizzle-orm';
import { defaultVaultSettings, intakeNumber, outtakeCardFee, outtakeNumber, vaultCardTitle } from '#common/vault.ts';
import type { InvoiceLine } from '#common/money.ts';
import type { Db } from '#server/db/client.ts';
import { cardEvents, cards } from '#server/db/schema/cards.ts';
import { invoices, payments } from '#server/db/schema/money.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { users } from '#server/db/schema/users.ts';
import { vaultIntakeEvents, vaultIntakeItems, vaultIntakes, vaultOuttakeEvents, vaultOuttakeItems, vaultOuttakes } from '#server/db/schema/vault.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The vault's demo (issue 34): Casey's intake in progress (one card received and appraised, one on
 * its way) and an outtake paid and shipped with tracking. Run after every domain that holds cards,
 * on cards nothing holds; only when there is no intake yet. Everything is dated in the past.
 */
export async function seedDemoVault(db: Db, opts: { memberPhone: string; adminPhone: string; now: Date }) {
  const [{ n }] = await db.select({ n: count() }).from(vaultIntakes);
  if (Number(n) > 0) return;
  const [member] = await db.select({ id: users.id }).from(users).where(eq(users.phone, opts.memberPhone));
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.phone, opts.adminPhone));
  if (!member || !admin) return;
  const free = await db
    .select()
    .from(cards)
    .where(and(eq(cards.ownerId, member.id), isNull(cards.holdKind), isNull(cards.deletedAt)))
    .orderBy(asc(cards.estimatedValueCents), asc(cards.id));
  const home = free.filter((c) => c.custody === 'with_owner').slice(0, 2);
  const vaulted = free.find((c) => c.custody === 'in_vault');
  const at = (daysAgo: number, hours = 0) => new Date(opts.now.getTime() - daysAgo * DAY - hours * HOUR);

  if (home.length === 2) {
    const [received, awaiting] = home;
    const created = at(3, 2);
    const receivedAt = at(1, 3);
    const [intake] = await db
      .insert(vaultIntakes)
      .values({ ownerId: member.id, status: 'partially_received', createdAt: created, updatedAt: receivedAt })
      .returning();
    const number = intakeNumber(intake.number);
    const appraisal = Math.round(received.estimatedValueCents * 0.95);
    await db.insert(vaultIntakeItems).values([
      { intakeId: intake.id, cardId: received.id, receivedAt, receivedById: admin.id, appraisedValueCents: appraisal },
      { intakeId: intake.id, cardId: awaiting.id },
    ]);
    await db.insert(vaultIntakeEvents).values([
      { intakeId: intake.id, fromStatus: null, toStatus: 'awaiting_arrival', actorId: member.id, at: created },
      { intakeId: intake.id, fromStatus: 'awaiting_arrival', toStatus: 'partially_received', actorId: admin.id, at: receivedAt },
    ]);
    await db.update(cards).set({ holdKind: 'vault_intake', holdRef: intake.id, updatedAt: created }).where(eq(cards.id, awaiting.id));
    await db
      .update(cards)
      .set({ custody: 'in_vault', appraisedValueCents: appraisal, appraisedAt: receivedAt, appraisedById: admin.id, updatedAt: receivedAt })
      .where(eq(cards.id, received.id));
    await db.insert(cardEvents).values([
      ...[received, awaiting].map((c) => ({
        cardId: c.id,
        kind: 'vault_intake_requested' as const,
        data: { vault_intake: intake.id, number },
        actorId: member.id,
        at: created,
      })),
      {
        cardId: received.id,
        kind: 'custody_changed' as const,
        data: { from: 'with_owner', to: 'in_vault', note: `Received at the vault (intake ${number})` },
        actorId: admin.id,
        at: receivedAt,
      },
      {
        cardId: received.id,
        kind: 'appraised' as const,
        data: { valueCents: appraisal, previousCents: received.appraisedValueCents, note: `Appraised on receipt (intake ${number})` },
        actorId: admin.id,
        at: receivedAt,
      },
    ]);
    await db.insert(notifications).values({
      userId: member.id,
      kind: 'vault_updated',
      title: 'Card received at the vault',
      message: `${vaultCardTitle(received)} arrived at the vault (intake ${number})`,
      link: '/registry?tab=vault',
      createdAt: receivedAt,
    });
  }

  if (vaulted) {
    const created = at(6, 4);
    const paidAt = at(5, 20);
    const shippedAt = at(2, 5);
    const valueCents = vaulted.appraisedValueCents ?? vaulted.estimatedValueCents;
    const feeCents = outtakeCardFee(valueCents, defaultVaultSettings);
    const address = {
      name: 'Casey Collector',
      line1: '245 Park Avenue',
      line2: 'Apt 12B',
      city: 'New York',
      state: 'NY',
      postalCode: '10167',
      country: 'United States',
    };
    const carrier = 'UPS';
    const trackingNumber = '1Z999AA10123456784';
    const [outtake] = await db
      .insert(vaultOuttakes)
      .values({
        ownerId: member.id,
        status: 'shipped',
        feeCents,
        address,
        carrier,
        trackingNumber,
        paidAt,
        shippedAt,
        createdAt: created,
        updatedAt: shippedAt,
      })
      .returning();
    const number = outtakeNumber(outtake.number);
    const lines: InvoiceLine[] = [
      { type: 'fixed', label: `Vault outtake ${number}: ${vaultCardTitle(vaulted)}`, amountCents: feeCents, basisPoints: null, baseCents: null },
    ];
    const dueDate = new Date(created.getTime() + 7 * DAY).toISOString().slice(0, 10);
    const [inv] = await db
      .insert(invoices)
      .values({
        userId: member.id,
        status: 'paid',
        lines,
        subtotalCents: feeCents,
        totalCents: feeCents,
        dueDate,
        relatedKind: 'vault_outtake',
        relatedId: outtake.id,
        notes: `Shipping 1 card from the vault to ${address.name}`,
        sentAt: created,
        paidAt,
        paymentReference: `test_cs_demo_vault_${outtake.id}`,
        createdAt: created,
        updatedAt: paidAt,
      })
      .returning({ id: invoices.id });
    await db.insert(payments).values({
      invoiceId: inv.id,
      userId: member.id,
      provider: 'test',
      sessionId: `test_cs_demo_vault_session_${outtake.id}`,
      intentId: `test_cs_demo_vault_${outtake.id}`,
      amountCents: feeCents,
      status: 'succeeded',
      eventIds: [`test_complete_demo_vault_${outtake.id}`],
      createdAt: paidAt,
      updatedAt: paidAt,
    });
    await db.update(vaultOuttakes).set({ invoiceId: inv.id }).where(eq(vaultOuttakes.id, outtake.id));
    await db.insert(vaultOuttakeItems).values({ outtakeId: outtake.id, cardId: vaulted.id, valueCents, feeCents });
    await db.insert(vaultOuttakeEvents).values([
      { outtakeId: outtake.id, fromStatus: null, toStatus: 'awaiting_payment', actorId: member.id, at: created },
      { outtakeId: outtake.id, fromStatus: 'awaiting_payment', toStatus: 'packing', note: 'Fee paid', actorId: null, at: paidAt },
      { outtakeId: outtake.id, fromStatus: 'packing', toStatus: 'shipped', note: `${carrier} ${trackingNumber}`, actorId: admin.id, at: shippedAt },
    ]);
    await db
      .update(cards)
      .set({ custody: 'in_transit', holdKind: 'vault_outtake', holdRef: outtake.id, updatedAt: shippedAt })
      .where(eq(cards.id, vaulted.id));
    await db.insert(cardEvents).values([
      { cardId: vaulted.id, kind: 'vault_outtake_requested', data: { vault_outtake: outtake.id, number }, actorId: member.id, at: created },
      {
        cardId: vaulted.id,
        kind: 'custody_changed',
        data: { from: 'in_vault', to: 'in_transit', note: `Shipped by ${carrier}, tracking ${trackingNumber} (outtake ${number})` },
        actorId: admin.id,
        at: shippedAt,
      },
    ]);
    await db.insert(notifications).values({
      userId: member.id,
      kind: 'vault_updated',
      title: 'Cards shipped',
      message: `Outtake ${number} shipped by ${carrier}, tracking ${trackingNumber}`,
      link: '/registry?tab=vault',
      createdAt: shippedAt,
    });
  }
}
