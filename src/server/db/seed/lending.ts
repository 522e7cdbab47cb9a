import { formatDateUtc } from '#common/dates.ts';
import { and, count, eq, inArray } from 'drizzle-orm';
import { addDays, addMonths, buildSchedule, ltvBps, type LoanStatus } from '#common/lending.ts';
import { linesFromTemplate, totalOf, type InvoiceLine } from '#common/money.ts';
import type { Db } from '#server/db/client.ts';
import { cardEvents, cards } from '#server/db/schema/cards.ts';
import { loanCollateral, loanEvents, loanInstallments, loans } from '#server/db/schema/lending.ts';
import { feeTemplates, invoices, payments } from '#server/db/schema/money.ts';
import { users } from '#server/db/schema/users.ts';
import { seedSetting } from '#server/modules/settings/index.ts';

const DAY = 86_400_000;
const CASEY = '+12125550103';
const JORDAN = '+12125550104';
const AVERY = '+12125550101';

interface DemoLoan {
  by: string;
  /** Registry cards of the borrower's, by player and year (db/seed/demo-cards.ts). */
  cards: [string, number][];
  amount: number;
  term: 3 | 6 | 12;
  purpose: string;
  status: LoanStatus;
  daysAgo: number;
  offer?: { amount: number; aprBps: number; term: 3 | 6 | 12 };
  /** Funded loans: the funding day, as months (and days) before today. */
  funded?: { monthsAgo: number; daysAgo?: number; installmentsPaid: number };
  reason?: string;
}

/** Loans in every status for Casey and Jordan, against their own cards, consistent with custody. */
const demoLoans: DemoLoan[] = [
  {
    by: CASEY,
    cards: [['Patrick Mahomes II', 2017]],
    amount: 40_000_00,
    term: 12,
    purpose: 'Bridge financing for a 1952 Topps Mantle at auction',
    status: 'funded',
    daysAgo: 100,
    offer: { amount: 40_000_00, aprBps: 1150, term: 12 },
    funded: { monthsAgo: 3, installmentsPaid: 2 },
  },
  {
    by: CASEY,
    cards: [['Wayne Gretzky', 1979]],
    amount: 8_000_00,
    term: 6,
    purpose: 'Grading fees for a bulk PSA submission',
    status: 'paid',
    daysAgo: 250,
    offer: { amount: 8_000_00, aprBps: 1000, term: 6 },
    funded: { monthsAgo: 8, installmentsPaid: 6 },
  },
  {
    by: CASEY,
    cards: [['Bobby Orr', 1966]],
    amount: 3_000_00,
    term: 3,
    purpose: 'Show inventory for the National',
    status: 'accepted',
    daysAgo: 9,
    offer: { amount: 3_000_00, aprBps: 1400, term: 3 },
  },
  {
    by: CASEY,
    cards: [
      ['Stephen Curry', 2009],
      ['Hank Aaron', 1954],
    ],
    amount: 12_500_00,
    term: 6,
    purpose: 'Buying out a partner’s half of a shared collection',
    status: 'conditionally_approved',
    daysAgo: 4,
    offer: { amount: 12_000_00, aprBps: 1100, term: 6 },
  },
  {
    by: CASEY,
    cards: [
      ['LeBron James', 2003],
      ['Kobe Bryant', 1996],
    ],
    amount: 7_500_00,
    term: 12,
    purpose: 'Renovating the card room',
    status: 'submitted',
    daysAgo: 1,
  },
  {
    by: CASEY,
    cards: [['Mike Trout', 2011]],
    amount: 1_500_00,
    term: 3,
    purpose: 'Short-term cash',
    status: 'rejected',
    daysAgo: 40,
    reason: 'A single modern card at this value is below what we lend against today; add a second card and apply again.',
  },
  {
    by: JORDAN,
    cards: [['Derek Jeter', 1993]],
    amount: 1_200_00,
    term: 3,
    purpose: 'Paying for a Luka Doncic Silver Prizm',
    status: 'defaulted',
    daysAgo: 85,
    offer: { amount: 1_200_00, aprBps: 1500, term: 3 },
    funded: { monthsAgo: 2, daysAgo: 10, installmentsPaid: 1 },
  },
  {
    by: JORDAN,
    cards: [['Luka Doncic', 2018]],
    amount: 1_650_00,
    term: 6,
    purpose: 'Tournament travel',
    status: 'declined',
    daysAgo: 30,
    offer: { amount: 1_500_00, aprBps: 1600, term: 6 },
  },
  {
    by: JORDAN,
    cards: [['Tom Brady', 2000]],
    amount: 2_000_00,
    term: 3,
    purpose: 'Consolidating two PSA submissions',
    status: 'expired',
    daysAgo: 45,
    offer: { amount: 2_000_00, aprBps: 1300, term: 3 },
  },
];

/** The status path each demo loan walked. */
const paths: Record<LoanStatus, LoanStatus[]> = {
  submitted: ['submitted'],
  conditionally_approved: ['submitted', 'conditionally_approved'],
  accepted: ['submitted', 'conditionally_approved', 'accepted'],
  funded: ['submitted', 'conditionally_approved', 'accepted', 'funded'],
  paid: ['submitted', 'conditionally_approved', 'accepted', 'funded', 'paid'],
  defaulted: ['submitted', 'conditionally_approved', 'accepted', 'funded', 'defaulted'],
  rejected: ['submitted', 'rejected'],
  declined: ['submitted', 'conditionally_approved', 'declined'],
  expired: ['submitted', 'conditionally_approved', 'expired'],
};

const ymd = (d: Date) => d.toISOString().slice(0, 10);
// Mid-afternoon of a day, but never after the seed runs: today's 15:00 is still ahead before then.
const noon = (day: string) => new Date(Math.min(Date.parse(`${day}T15:00:00Z`), Date.now()));

/**
 * The lending policy's row (always) and, for the demo, a living loan book: schedules with paid,
 * open and future installments, their invoices, pledges on the cards. Only when no loan exists.
 */
export async function seedLending(db: Db, { demo }: { demo: boolean }) {
  await seedSetting({ db }, { section: 'lending' });
  if (!demo) return;
  const [{ n }] = await db.select({ n: count() }).from(loans);
  if (Number(n) > 0) return;
  const people = await db
    .select({ id: users.id, phone: users.phone })
    .from(users)
    .where(inArray(users.phone, [CASEY, JORDAN, AVERY]));
  const idOf = (phone: string) => people.find((p) => p.phone === phone)?.id;
  const adminId = idOf(AVERY) ?? null;
  const [tpl] = await db
    .select()
    .from(feeTemplates)
    .where(and(eq(feeTemplates.appliesTo, 'loan'), eq(feeTemplates.active, true)))
    .limit(1);
  const now = Date.now();
  const today = ymd(new Date(now));

  for (const d of demoLoans) {
    const borrowerId = idOf(d.by);
    if (!borrowerId) continue;
    const owned = await db.select().from(cards).where(eq(cards.ownerId, borrowerId));
    // Only a loan that still holds its cards needs them free now (a paid or declined one is history).
    const holds = ['accepted', 'funded', 'defaulted'].includes(d.status);
    const collateral = d.cards.map(([subject, year]) =>
      owned.find((c) => c.subject === subject && c.year === year && (!holds || !c.holdKind) && !c.deletedAt),
    );
    if (collateral.some((c) => !c)) continue;
    const cs = collateral.map((c) => c!);
    const value = cs.reduce((s, c) => s + c.estimatedValueCents, 0);
    const createdAt = new Date(now - d.daysAgo * DAY);
    const fundedOn = d.funded ? addDays(addMonths(today, -d.funded.monthsAgo), -(d.funded.daysAgo ?? 0)) : null;
    const schedule =
      fundedOn && d.offer
        ? buildSchedule({ principalCents: d.offer.amount, aprBps: d.offer.aprBps, termMonths: d.offer.term, startDate: fundedOn })
        : [];
    const paidCount = d.funded?.installmentsPaid ?? 0;
    const offeredAt = new Date(createdAt.getTime() + 2 * DAY);
    const acceptedAt = new Date(offeredAt.getTime() + 1 * DAY);
    const lastPaid = schedule[paidCount - 1];
    const defaultedOn = d.status === 'defaulted' ? addDays(schedule[paidCount]!.dueDate, 8) : null;

    const [loan] = await db
      .insert(loans)
      .values({
        borrowerId,
        amountRequestedCents: d.amount,
        termMonths: d.term,
        purpose: d.purpose,
        status: d.status,
        offeredAmountCents: d.offer?.amount ?? null,
        offeredTermMonths: d.offer?.term ?? null,
        aprBps: d.offer?.aprBps ?? null,
        ltvAtOfferBps: d.offer ? ltvBps(d.offer.amount, value) : null,
        offerExpiresAt: d.offer ? new Date(d.status === 'expired' ? now - 5 * DAY : offeredAt.getTime() + 14 * DAY) : null,
        acceptedAt: ['accepted', 'funded', 'paid', 'defaulted'].includes(d.status) ? acceptedAt : null,
        fundedAt: fundedOn ? noon(fundedOn) : null,
        fundedOn,
        maturityDate: schedule.at(-1)?.dueDate ?? null,
        outstandingPrincipalCents: d.status === 'paid' ? 0 : fundedOn ? (lastPaid?.balanceAfterCents ?? d.offer!.amount) : 0,
        rejectionReason: d.reason ?? null,
        reviewerId: d.status === 'submitted' ? null : adminId,
        paidAt: d.status === 'paid' ? noon(schedule.at(-1)!.dueDate) : null,
        defaultedAt: defaultedOn ? noon(defaultedOn) : null,
        createdAt,
        updatedAt: new Date(now - 1 * DAY),
      })
      .returning();
    await db.insert(loanCollateral).values(cs.map((c) => ({ loanId: loan.id, cardId: c.id, valueAtApplicationCents: c.estimatedValueCents })));

    // The desk appraised the collateral before offering (decision 128: a loan is capped on the
    // lower of the estimate and our appraisal or the market price), at the member's estimate.
    if (d.offer) {
      const appraisedAt = new Date(offeredAt.getTime() - 2 * 60 * 60_000);
      for (const c of cs.filter((c) => c.appraisedValueCents === null)) {
        await db.update(cards).set({ appraisedValueCents: c.estimatedValueCents, appraisedAt, appraisedById: adminId }).where(eq(cards.id, c.id));
        await db.insert(cardEvents).values({
          cardId: c.id,
          kind: 'appraised',
          data: { valueCents: c.estimatedValueCents, previousCents: null, note: 'Appraised for a loan offer' },
          actorId: adminId,
          at: appraisedAt,
        });
        c.appraisedValueCents = c.estimatedValueCents;
      }
    }

    // History along the path, each step at a plausible time.
    const path = paths[d.status];
    const at: Record<string, Date> = {
      submitted: createdAt,
      conditionally_approved: offeredAt,
      accepted: acceptedAt,
      funded: fundedOn ? noon(fundedOn) : acceptedAt,
      paid: loan.paidAt ?? new Date(now - DAY),
      defaulted: defaultedOn ? noon(defaultedOn) : new Date(now - DAY),
      rejected: new Date(createdAt.getTime() + 2 * DAY),
      declined: new Date(offeredAt.getTime() + 2 * DAY),
      expired: new Date(now - 5 * DAY),
    };
    const notes: Partial<Record<LoanStatus, string>> = {
      rejected: d.reason,
      defaulted: defaultedOn ? `The installment due ${formatDateUtc(schedule[paidCount]!.dueDate)} is unpaid after 7 days' grace` : undefined,
      expired: 'The offer was not answered in time',
    };
    const system: LoanStatus[] = ['defaulted', 'expired', 'paid'];
    await db.insert(loanEvents).values(
      path.map((to, i) => ({
        loanId: loan.id,
        fromStatus: i === 0 ? null : path[i - 1],
        toStatus: to,
        note: notes[to] ?? null,
        actorId: i === 0 || to === 'accepted' || to === 'declined' ? borrowerId : system.includes(to) ? null : adminId,
        at: at[to],
      })),
    );

    // Pledges on the cards (held while accepted, funded or defaulted; released once paid).
    if (path.includes('accepted')) {
      const held = d.status !== 'paid';
      if (held)
        await db
          .update(cards)
          .set({ holdKind: 'loan', holdRef: loan.id })
          .where(
            inArray(
              cards.id,
              cs.map((c) => c.id),
            ),
          );
      const events: (typeof cardEvents.$inferInsert)[] = cs.map((c) => ({
        cardId: c.id,
        kind: 'pledged',
        data: { loan: loan.id, amountCents: d.offer!.amount },
        actorId: borrowerId,
        at: acceptedAt,
      }));
      if (!held)
        events.push(
          ...cs.map((c) => ({ cardId: c.id, kind: 'released' as const, data: { loan: loan.id, reason: 'paid' }, actorId: null, at: loan.paidAt! })),
        );
      await db.insert(cardEvents).values(events);
    }
    if (!fundedOn) continue;

    // The origination fee, paid within a week of funding.
    let originationInvoiceId: string | null = null;
    if (tpl) {
      const lines = linesFromTemplate(tpl.lines, d.offer!.amount);
      originationInvoiceId = await invoice(db, {
        userId: borrowerId,
        loanId: loan.id,
        lines,
        dueDate: addDays(fundedOn, 14),
        sentAt: noon(fundedOn),
        paidAt: noon(addDays(fundedOn, 5)),
        templateId: tpl.id,
        notes: 'Origination fee for your loan.',
      });
    }
    const rows: (typeof loanInstallments.$inferInsert)[] = [];
    for (const s of schedule) {
      const paid = s.number <= paidCount;
      const due = s.dueDate <= today;
      let invoiceId: string | null = null;
      if (paid || due) {
        const of = `${s.number} of ${schedule.length}`;
        invoiceId = await invoice(db, {
          userId: borrowerId,
          loanId: loan.id,
          lines: [
            { type: 'fixed', label: `Installment ${of}: principal`, amountCents: s.principalCents, basisPoints: null, baseCents: null },
            { type: 'fixed', label: `Installment ${of}: interest`, amountCents: s.interestCents, basisPoints: null, baseCents: null },
          ],
          dueDate: s.dueDate,
          sentAt: noon(s.dueDate),
          paidAt: paid ? noon(addDays(s.dueDate, -1)) : null,
          notes: `Loan installment ${of}, due ${formatDateUtc(s.dueDate)}.`,
        });
      }
      rows.push({
        loanId: loan.id,
        ...s,
        status: paid ? 'paid' : due ? 'invoiced' : 'scheduled',
        invoiceId,
        paidAt: paid ? noon(addDays(s.dueDate, -1)) : null,
      });
    }
    await db.insert(loanInstallments).values(rows);
    await db.update(loans).set({ originationInvoiceId }).where(eq(loans.id, loan.id));
  }
}

async function invoice(
  db: Db,
  i: { userId: string; loanId: string; lines: InvoiceLine[]; dueDate: string; sentAt: Date; paidAt: Date | null; templateId?: string; notes: string },
): Promise<string> {
  const total = totalOf(i.lines);
  const [row] = await db
    .insert(invoices)
    .values({
      userId: i.userId,
      status: i.paidAt ? 'paid' : 'sent',
      lines: i.lines,
      subtotalCents: total,
      totalCents: total,
      dueDate: i.dueDate,
      relatedKind: 'loan',
      relatedId: i.loanId,
      templateId: i.templateId ?? null,
      notes: i.notes,
      sentAt: i.sentAt,
      paidAt: i.paidAt,
      paymentReference: i.paidAt ? `test_cs_demo_loan_${i.dueDate}` : null,
      createdAt: i.sentAt,
      updatedAt: i.paidAt ?? i.sentAt,
    })
    .returning({ id: invoices.id });
  // A paid installment was paid through the (test) provider, as the other demo invoices are:
  // the payment is what reconciliation compares the ledger with.
  if (i.paidAt) {
    await db.insert(payments).values({
      invoiceId: row.id,
      userId: i.userId,
      provider: 'test',
      sessionId: `test_cs_demo_loan_${row.id}`,
      intentId: `test_cs_demo_loan_${i.dueDate}`,
      amountCents: total,
      status: 'succeeded',
      eventIds: [`test_complete_demo_loan_${row.id}`],
      createdAt: i.paidAt,
      updatedAt: i.paidAt,
    });
  }
  return row.id;
}
