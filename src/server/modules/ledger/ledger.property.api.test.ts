import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrialBalance } from '#common/ledger.ts';
import type { Invoice } from '#common/money.ts';
import { sales } from '#server/db/schema/marketplace.ts';
import { invoices as invoicesTable } from '#server/db/schema/money.ts';
import { createListing, signedInAdmin, signedInMember, type SignedInUser } from '#server/test/factories.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { invoiceAccountNet } from './ledger.service.ts';

// Random sequences of the money operations wired onto the ledger (decision 132): whatever the
// order, debits equal credits, and each invoice's ledger lines say what happened to it.
let t: TestApp;
let admin: SignedInUser;
let members: SignedInUser[];
let seller: SignedInUser;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  admin = await signedInAdmin(t, { name: 'Property Admin' });
  members = [await signedInMember(t, { name: 'Pat One' }), await signedInMember(t, { name: 'Pat Two' })];
  seller = await signedInMember(t, { name: 'Pat Seller' });
});
afterAll(async () => {
  await t?.close();
});

const api = (who: SignedInUser, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: who.headers, payload: payload as never });
const sessionOf = (url: string) => new URL(url, 'http://x').searchParams.get('session')!;

type Op =
  | { kind: 'invoice'; who: number; amounts: number[]; send: boolean }
  | { kind: 'pay'; pick: number; replay: boolean }
  | { kind: 'void'; pick: number }
  | { kind: 'listing'; who: number; priceCents: number; house: boolean }
  | { kind: 'buy'; pick: number }
  | { kind: 'cancel'; pick: number }
  | { kind: 'payout'; pick: number }
  | { kind: 'refund'; pick: number; share: number; race: boolean };

const cents = fc.integer({ min: 1, max: 5_000_000 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('invoice' as const), who: fc.nat(1), amounts: fc.array(cents, { minLength: 1, maxLength: 3 }), send: fc.boolean() }),
  fc.record({ kind: fc.constant('pay' as const), pick: fc.nat(), replay: fc.boolean() }),
  fc.record({ kind: fc.constant('void' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('listing' as const), who: fc.nat(1), priceCents: cents, house: fc.boolean() }),
  fc.record({ kind: fc.constant('buy' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('payout' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('refund' as const), pick: fc.nat(), share: fc.integer({ min: 1, max: 100 }), race: fc.boolean() }),
);

interface Tracked {
  id: string;
  who: SignedInUser;
  totalCents: number;
  status: 'draft' | 'sent' | 'paid' | 'void';
  refundedCents: number;
}
interface Reservation {
  listingId: string;
  invoice: Tracked;
}

async function pay(inv: Tracked, replay: boolean) {
  const open = await api(inv.who, 'POST', '/api/checkout', { invoiceId: inv.id });
  expect(open.statusCode, open.body).toBe(200);
  const sid = sessionOf(open.json<{ url: string }>().url);
  expect((await api(inv.who, 'POST', `/api/payment-test/${sid}/complete`)).statusCode).toBe(200);
  if (replay) expect((await api(inv.who, 'POST', `/api/payment-test/${sid}/complete`)).statusCode).toBe(200);
  inv.status = 'paid';
}

describe('the ledger under random money operations', () => {
  it('keeps debits equal to credits, and each invoice’s lines match what was billed, paid and voided', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (ops) => {
        const invoices: Tracked[] = [];
        const listings: { id: string; priceCents: number }[] = [];
        const reservations: Reservation[] = [];
        for (const o of ops) {
          const open = (list: Tracked[]) => list.filter((i) => i.status === 'sent');
          switch (o.kind) {
            case 'invoice': {
              const who = members[o.who]!;
              const lines = o.amounts.map((amountCents, i) => ({ type: 'fixed', label: `Line ${i + 1}`, amountCents }));
              const res = await api(admin, 'POST', '/api/admin/invoices', { userId: who.user.id, lines, dueDate: '2030-01-31' });
              expect(res.statusCode, res.body).toBe(201);
              const inv = res.json<{ invoice: Invoice }>().invoice;
              const tracked: Tracked = { id: inv.id, who, totalCents: inv.totalCents, status: 'draft', refundedCents: 0 };
              if (o.send) {
                expect((await api(admin, 'PATCH', `/api/admin/invoices/${inv.id}`, { status: 'sent' })).statusCode).toBe(200);
                tracked.status = 'sent';
              }
              invoices.push(tracked);
              break;
            }
            case 'pay': {
              const candidates = open(invoices);
              if (candidates.length) await pay(candidates[o.pick % candidates.length]!, o.replay);
              break;
            }
            case 'void': {
              const candidates = invoices.filter((i) => i.status === 'sent' || i.status === 'draft');
              if (!candidates.length) break;
              const inv = candidates[o.pick % candidates.length]!;
              expect((await api(admin, 'PATCH', `/api/admin/invoices/${inv.id}`, { status: 'void', voidReason: 'Property test' })).statusCode).toBe(
                200,
              );
              inv.status = 'void';
              break;
            }
            case 'listing': {
              const l = await createListing(t, { seller: o.house ? undefined : seller.user, priceCents: o.priceCents });
              listings.push({ id: l.id, priceCents: o.priceCents });
              break;
            }
            case 'buy': {
              if (!listings.length) break;
              const [l] = listings.splice(o.pick % listings.length, 1);
              const buyer = members[o.pick % 2]!;
              const r = await api(buyer, 'POST', `/api/listings/${l!.id}/reserve`);
              expect(r.statusCode, r.body).toBe(200);
              const inv: Tracked = {
                id: r.json<{ invoiceId: string }>().invoiceId,
                who: buyer,
                totalCents: l!.priceCents,
                status: 'sent',
                refundedCents: 0,
              };
              invoices.push(inv);
              if (o.pick % 3 === 0) reservations.push({ listingId: l!.id, invoice: inv });
              else await pay(inv, false);
              break;
            }
            case 'cancel': {
              const live = reservations.filter((r) => r.invoice.status === 'sent');
              if (!live.length) break;
              const r = live[o.pick % live.length]!;
              expect((await api(r.invoice.who, 'POST', `/api/listings/${r.listingId}/cancel-reservation`)).statusCode).toBe(200);
              r.invoice.status = 'void';
              break;
            }
            case 'refund': {
              const paid = invoices.filter((i) => i.status === 'paid' && i.refundedCents < i.totalCents);
              if (!paid.length) break;
              const inv = paid[o.pick % paid.length]!;
              const left = inv.totalCents - inv.refundedCents;
              const amountCents = Math.max(1, Math.floor((left * o.share) / 100));
              const refund = () => api(admin, 'POST', `/api/admin/invoices/${inv.id}/refunds`, { amountCents, reason: 'Property test' });
              // Raced: two admins refund the same amount at once; never more than is left goes back.
              const answers = o.race ? await Promise.all([refund(), refund()]) : [await refund()];
              const made = answers.filter((a) => a.statusCode === 201).length;
              for (const a of answers) expect([201, 409], a.body).toContain(a.statusCode);
              expect(made).toBe(o.race && amountCents * 2 <= left ? 2 : 1);
              inv.refundedCents += made * amountCents;
              break;
            }
            case 'payout': {
              const owed = await t.db.select().from(sales).where(eq(sales.payoutStatus, 'owed'));
              if (!owed.length) break;
              const s = owed[o.pick % owed.length]!;
              expect((await api(admin, 'PATCH', `/api/admin/sales/${s.id}`, { payoutStatus: 'paid' })).statusCode).toBe(200);
              break;
            }
          }
        }
        const tb = (await api(admin, 'GET', '/api/admin/ledger/trial-balance')).json<TrialBalance>();
        expect(tb.debitsCents - tb.creditsCents).toBe(0);
        expect(tb.balanced).toBe(true);
        for (const inv of invoices) {
          // Paid − refunded sits in provider clearing, refunds in the contra account; what is still owed, in the receivable.
          expect(await invoiceAccountNet(t.db, { invoiceId: inv.id, account: 'provider_clearing' })).toBe(
            inv.status === 'paid' ? inv.totalCents - inv.refundedCents : 0,
          );
          expect(await invoiceAccountNet(t.db, { invoiceId: inv.id, account: 'refunds' })).toBe(inv.refundedCents);
          expect(await invoiceAccountNet(t.db, { invoiceId: inv.id, account: 'member_receivable' })).toBe(inv.status === 'sent' ? inv.totalCents : 0);
        }
        // Nobody is owed more than was sold to them and not paid out.
        const owed = await t.db.select().from(sales).where(eq(sales.payoutStatus, 'owed'));
        const payable = tb.accounts.find((a) => a.code === 'seller_payable')!.balanceCents;
        // (The database outlives one run: reservations earlier runs left open count too.)
        const openSaleInvoices = await t.db
          .select({ totalCents: invoicesTable.totalCents })
          .from(invoicesTable)
          .where(and(eq(invoicesTable.relatedKind, 'sale'), eq(invoicesTable.status, 'sent')));
        expect(payable).toBeGreaterThanOrEqual(owed.reduce((s, x) => s + x.sellerProceedsCents, 0));
        expect(payable).toBeLessThanOrEqual(
          owed.reduce((s, x) => s + x.sellerProceedsCents, 0) + openSaleInvoices.reduce((s, i) => s + i.totalCents, 0),
        );
      }),
      { numRuns: 25 },
    );
  }, 240_000);
});
