import { and, count, eq, inArray } from 'drizzle-orm';
import { linesFromTemplate, lineFromInput, totalOf, type FeeLine, type InvoiceLine } from '#common/money.ts';
import type { Db } from '#server/db/client.ts';
import { cards } from '#server/db/schema/cards.ts';
import { feeTemplates, invoices, payments, subscriptionPlans, subscriptions } from '#server/db/schema/money.ts';
import { users } from '#server/db/schema/users.ts';

const DAY = 86_400_000;

const templates: { name: string; appliesTo: 'loan' | 'sale' | 'listing' | 'other'; lines: FeeLine[] }[] = [
  {
    name: 'Loan origination',
    appliesTo: 'loan',
    lines: [
      { type: 'bps', label: 'Origination fee (1.5%)', basisPoints: 150 },
      { type: 'fixed', label: 'Collateral intake and documentation', amountCents: 5_000 },
    ],
  },
  {
    name: 'Marketplace sale commission',
    appliesTo: 'sale',
    lines: [
      { type: 'bps', label: 'Seller commission (8%)', basisPoints: 800 },
      { type: 'fixed', label: 'Insured shipping', amountCents: 1_500 },
    ],
  },
  {
    name: 'Private listing',
    appliesTo: 'listing',
    lines: [
      { type: 'fixed', label: 'Listing fee', amountCents: 2_500 },
      { type: 'bps', label: 'Photography and authentication check (1%)', basisPoints: 100 },
    ],
  },
  { name: 'Vault storage (quarter)', appliesTo: 'other', lines: [{ type: 'fixed', label: 'Vault storage, insured (quarter)', amountCents: 4_500 }] },
];

const plans = [
  {
    name: 'Collector',
    priceCents: 1_900,
    sortOrder: 1,
    benefits: ['Registry valuation alerts', 'Marketplace seller commission 7%', 'One free vault intake a month'],
  },
  {
    name: 'Investor',
    priceCents: 4_900,
    sortOrder: 2,
    benefits: ['Everything in Collector', 'Loan origination fee 1%', 'Quarterly portfolio review', 'Priority PSA submissions'],
  },
  {
    name: 'Private',
    priceCents: 14_900,
    sortOrder: 3,
    benefits: ['Everything in Investor', 'Dedicated portfolio manager', 'Free insured vault storage', 'Private MarketPlace early access'],
  },
];

const ymd = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Fee templates, membership plans, and for each demo member (by phone) a few invoices in every
 * status, about their own seeded cards. Only where none exist yet, so it is safe on every start.
 */
export async function seedDemoMoney(db: Db, memberPhones: readonly string[]) {
  const [{ n: templateCount }] = await db.select({ n: count() }).from(feeTemplates);
  if (Number(templateCount) === 0) await db.insert(feeTemplates).values(templates);
  const [{ n: planCount }] = await db.select({ n: count() }).from(subscriptionPlans);
  if (Number(planCount) === 0) await db.insert(subscriptionPlans).values(plans);

  const tpl = Object.fromEntries((await db.select().from(feeTemplates)).map((r) => [r.name, r]));
  const [collector] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.name, 'Collector')).limit(1);
  const people = await db
    .select({ id: users.id, phone: users.phone })
    .from(users)
    .where(inArray(users.phone, [...memberPhones]));
  const now = Date.now();

  for (const [i, person] of people.entries()) {
    const [{ n }] = await db.select({ n: count() }).from(invoices).where(eq(invoices.userId, person.id));
    if (Number(n) > 0) continue;
    const owned = await db
      .select({ id: cards.id, subject: cards.subject, year: cards.year, value: cards.estimatedValueCents })
      .from(cards)
      .where(eq(cards.ownerId, person.id))
      .limit(4);
    const card = (k: number) => owned[k % Math.max(owned.length, 1)];
    const label = (k: number) => (card(k) ? `${card(k)!.year} ${card(k)!.subject}` : 'Graded card');
    const fromTemplate = (name: string, base: number, extra?: string): InvoiceLine[] =>
      linesFromTemplate(tpl[name]?.lines ?? [], base).map((l, j) => (j === 0 && extra ? { ...l, label: `${l.label} — ${extra}` } : l));

    const drafts: {
      status: 'draft' | 'sent' | 'paid' | 'void';
      lines: InvoiceLine[];
      dueInDays: number;
      ageDays: number;
      template?: string;
      related?: string;
      notes?: string;
      voidReason?: string;
    }[] = [
      {
        status: 'sent',
        lines: fromTemplate('Vault storage (quarter)', 0),
        dueInDays: 10 + i,
        ageDays: 4,
        template: 'Vault storage (quarter)',
        notes: 'Covers insured storage of every slab in the vault this quarter.',
      },
      {
        status: 'sent',
        lines: fromTemplate('Private listing', card(0)?.value ?? 250_000, label(0)),
        dueInDays: -6 - i,
        ageDays: 21,
        template: 'Private listing',
        related: card(0)?.id,
      },
      {
        status: 'paid',
        lines: fromTemplate('Marketplace sale commission', card(1)?.value ?? 180_000, label(1)),
        dueInDays: -2,
        ageDays: 9,
        template: 'Marketplace sale commission',
        related: card(1)?.id,
      },
      {
        status: 'draft',
        lines: fromTemplate('Loan origination', 1_500_000 + i * 250_000),
        dueInDays: 20,
        ageDays: 1,
        template: 'Loan origination',
        notes: 'Draft for the loan secured by the vaulted slabs.',
      },
      {
        status: 'void',
        lines: [lineFromInput({ type: 'fixed', label: 'PSA regrade submission', amountCents: 7_500 })],
        dueInDays: -30,
        ageDays: 45,
        voidReason: 'Submission withdrawn before shipping',
      },
    ];
    for (const d of drafts) {
      const created = new Date(now - d.ageDays * DAY);
      const total = totalOf(d.lines);
      const paidAt = d.status === 'paid' ? new Date(now - 1 * DAY) : null;
      const [row] = await db
        .insert(invoices)
        .values({
          userId: person.id,
          status: d.status,
          lines: d.lines,
          subtotalCents: total,
          totalCents: total,
          dueDate: ymd(new Date(now + d.dueInDays * DAY)),
          relatedKind: d.related ? (d.template === 'Private listing' ? 'listing' : 'sale') : null,
          relatedId: d.related ?? null,
          templateId: d.template ? (tpl[d.template]?.id ?? null) : null,
          notes: d.notes ?? null,
          voidReason: d.voidReason ?? null,
          sentAt: d.status === 'draft' ? null : new Date(created.getTime() + 3_600_000),
          paidAt,
          paymentReference: paidAt ? `test_cs_demo_${person.phone.slice(-4)}` : null,
          createdAt: created,
          updatedAt: paidAt ?? created,
        })
        .returning();
      if (paidAt && row) {
        await db.insert(payments).values({
          invoiceId: row.id,
          userId: person.id,
          provider: 'test',
          sessionId: `test_cs_demo_${row.number}`,
          intentId: `test_cs_demo_${person.phone.slice(-4)}`,
          amountCents: total,
          status: 'succeeded',
          eventIds: [`test_complete_demo_${row.number}`],
          createdAt: paidAt,
          updatedAt: paidAt,
        });
      }
    }
    // The first demo member holds a Collector membership, paid this month.
    if (i === 0 && collector) {
      const [live] = await db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, person.id)))
        .limit(1);
      if (!live) {
        await db.insert(subscriptions).values({
          userId: person.id,
          planId: collector.id,
          status: 'active',
          provider: 'test',
          currentPeriodEnd: new Date(now + 18 * DAY),
          createdAt: new Date(now - 12 * DAY),
        });
      }
    }
  }
}
