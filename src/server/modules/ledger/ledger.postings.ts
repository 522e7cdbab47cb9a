import { notExists, sql, type SQL } from 'drizzle-orm';
import { fundCapitalAccount, fundCashAccount } from '#common/ledger.ts';
import type { InvoiceLine } from '#common/money.ts';
import type { Db } from '#server/db/client.ts';
import { ledgerEntries } from '#server/db/schema/ledger.ts';
import type { invoices } from '#server/db/schema/money.ts';
import { entryFor, postEntry, postEntryIfAbsent, reverseEntry, type PostLine } from './ledger.service.ts';

// What each money movement posts (decision 132). Every function runs inside the transaction of
// the state change that causes it and is idempotent by its cause, so a retry posts nothing twice.

type InvoiceRow = typeof invoices.$inferSelect;

const PRINCIPAL = /principal/i;
const INTEREST = /^interest\b|: interest$/i;

/** The income or payable account an invoice line is billed to, by what the invoice is for. */
export function creditAccountFor(inv: Pick<InvoiceRow, 'relatedKind'>, line: Pick<InvoiceLine, 'label'>): string {
  switch (inv.relatedKind) {
    case 'sale':
      return 'seller_payable';
    case 'subscription':
      return 'membership_income';
    case 'loan':
      if (PRINCIPAL.test(line.label)) return 'loan_principal_receivable';
      if (INTEREST.test(line.label)) return 'interest_income';
      return 'fee_income';
    default:
      return 'fee_income';
  }
}

const invoiceRef = (inv: InvoiceRow) => ({ kind: 'invoice', id: inv.id });
const relatedRef = (inv: InvoiceRow) => (inv.relatedKind && inv.relatedId ? { kind: inv.relatedKind, id: inv.relatedId } : invoiceRef(inv));

/** Invoice sent: the member owes the total; income, principal or the seller's payable is credited per line. */
export async function postInvoiceSent(tx: Db, inv: InvoiceRow, at: Date, actorId: string | null = null) {
  return postEntry(tx, invoiceSentEntry(inv, at, actorId));
}

function invoiceSentEntry(inv: InvoiceRow, at: Date, actorId: string | null) {
  const credits: PostLine[] = inv.lines
    .filter((l) => l.amountCents > 0)
    .map((l) => ({ account: creditAccountFor(inv, l), creditCents: l.amountCents, memo: l.label, related: relatedRef(inv), invoiceId: inv.id }));
  return {
    causeType: 'invoice_sent' as const,
    causeId: inv.id,
    memo: `Invoice ${inv.number} sent`,
    occurredAt: at,
    actorId,
    lines: [{ account: 'member_receivable', debitCents: inv.totalCents, memo: inv.number, related: invoiceRef(inv), invoiceId: inv.id }, ...credits],
  };
}

/** Payment settled: the provider holds the money, the member no longer owes it. */
export async function postPaymentSettled(tx: Db, inv: InvoiceRow, at: Date, reference: string | null) {
  return postEntry(tx, {
    causeType: 'payment_settled',
    causeId: inv.id,
    memo: `Payment for ${inv.number}${reference ? ` (${reference})` : ''}`,
    occurredAt: at,
    lines: [
      { account: 'provider_clearing', debitCents: inv.totalCents, memo: reference, related: invoiceRef(inv), invoiceId: inv.id },
      { account: 'member_receivable', creditCents: inv.totalCents, memo: inv.number, related: invoiceRef(inv), invoiceId: inv.id },
    ],
  });
}

/**
 * A refund the provider confirmed (full or partial) of a paid invoice: contra-income up, the
 * provider's clearing down by what went back to the member. Keyed by the refund's own id, so a
 * retried confirmation posts once; the caller refuses refunding more than was paid.
 */
export async function postRefund(
  tx: Db,
  refund: { id: string; invoiceId: string; invoiceNumber: string; amountCents: number; at: Date; reference: string | null },
  actorId: string | null = null,
) {
  const ref = { kind: 'refund', id: refund.id };
  return postEntry(tx, {
    causeType: 'refund',
    causeId: refund.id,
    memo: `Refund on ${refund.invoiceNumber}${refund.reference ? ` (${refund.reference})` : ''}`,
    occurredAt: refund.at,
    actorId,
    lines: [
      { account: 'refunds', debitCents: refund.amountCents, related: ref, invoiceId: refund.invoiceId, memo: refund.invoiceNumber },
      { account: 'provider_clearing', creditCents: refund.amountCents, related: ref, invoiceId: refund.invoiceId, memo: refund.reference },
    ],
  });
}

/**
 * A membership month the provider charged on its own (a renewal): the money is in the provider's
 * clearing account and earned as membership income. There is no invoice of ours; the entry is
 * keyed by the provider's invoice, so a replayed or out-of-order `invoice.paid` posts once.
 */
export async function postMembershipRenewed(
  tx: Db,
  r: { providerInvoiceId: string; subscriptionId: string; amountCents: number; reference: string; at: Date },
) {
  const ref = { kind: 'subscription', id: r.subscriptionId };
  return postEntry(tx, {
    causeType: 'membership_renewed',
    causeId: r.providerInvoiceId,
    memo: `Membership renewed (${r.providerInvoiceId})`,
    occurredAt: r.at,
    lines: [
      { account: 'provider_clearing', debitCents: r.amountCents, memo: r.reference, related: ref },
      { account: 'membership_income', creditCents: r.amountCents, memo: 'Membership month', related: ref },
    ],
  });
}

/**
 * Money the provider captured for an invoice that could not take it (paid, void, lapsed, a wrong
 * amount): it sits in the provider's clearing account, owed back to the payer until refunded.
 * Keyed by the payment, posted in the settlement transaction that refused it.
 */
export async function postCaptureRefused(
  tx: Db,
  p: { paymentId: string; invoiceId: string; invoiceNumber: string; amountCents: number; at: Date; reference: string },
) {
  const ref = { kind: 'payment', id: p.paymentId };
  return postEntry(tx, {
    causeType: 'capture_refused',
    causeId: p.paymentId,
    memo: `Captured for ${p.invoiceNumber} after it could no longer take it (${p.reference}); owed back`,
    occurredAt: p.at,
    lines: [
      { account: 'provider_clearing', debitCents: p.amountCents, related: ref, invoiceId: p.invoiceId, memo: p.reference },
      { account: 'refunds', creditCents: p.amountCents, related: ref, invoiceId: p.invoiceId, memo: p.invoiceNumber },
    ],
  });
}

/** A sent invoice voided: its sent entry is reversed. */
export async function postInvoiceVoided(tx: Db, inv: InvoiceRow, at: Date, actorId: string | null = null) {
  const sent = await entryFor(tx, 'invoice_sent', inv.id);
  if (!sent) return null;
  return reverseEntry(tx, {
    entryId: sent.id,
    causeType: 'invoice_voided',
    causeId: inv.id,
    memo: `Invoice ${inv.number} voided`,
    occurredAt: at,
    actorId,
  });
}

/**
 * The invoice status machine's hook (every invoice transition, in its transaction): sent posts
 * the receivable, paid the settlement, void after sending the reversal. An invoice sent before
 * the ledger existed has its sent entry posted first, so the receivable never goes negative.
 */
export async function postInvoiceMove(tx: Db, move: { from: string; to: string; actorId: string | null; at: Date }, inv: InvoiceRow) {
  if (move.to !== 'sent' && move.to !== 'paid' && move.to !== 'void') return;
  if (move.to === 'void' && move.from === 'draft') return;
  // A payment or a void re-asserts the sent entry (one refused insert when it is there, as it is
  // for every invoice sent through transition()), so the receivable it settles always exists.
  if (move.to === 'sent') await postInvoiceSent(tx, inv, move.at, move.actorId);
  else await postEntryIfAbsent(tx, invoiceSentEntry(inv, inv.sentAt ?? move.at, move.actorId));
  if (move.to === 'paid') await postPaymentSettled(tx, inv, move.at, inv.paymentReference);
  if (move.to === 'void') await postInvoiceVoided(tx, inv, move.at, move.actorId);
}

/**
 * A marketplace sale settled: the sale fee moves from what the seller is owed to fee income; when
 * the house sold its own card the whole price is the house's sales income.
 */
export async function postSaleSettled(
  tx: Db,
  sale: { id: string; invoiceId: string | null; sellerId: string | null; priceCents: number; feesCents: number; soldAt: Date },
) {
  const ref = { kind: 'sale', id: sale.id };
  const [amount, account, memo] = sale.sellerId
    ? [sale.feesCents, 'fee_income', 'Sale fee']
    : [sale.priceCents, 'house_sales_income', 'House card sold'];
  const lines: PostLine[] = [];
  // A sale with no invoice on record (seeded, or from before invoices) was paid outside the
  // provider: the cash and what is owed to the seller come into the same entry.
  if (!sale.invoiceId && sale.priceCents > 0) {
    lines.push(
      { account: 'platform_cash', debitCents: sale.priceCents, memo: 'Sale paid (no invoice on record)', related: ref },
      { account: 'seller_payable', creditCents: sale.priceCents, memo: 'Sale price', related: ref },
    );
  }
  if (amount > 0) {
    lines.push(
      { account: 'seller_payable', debitCents: amount, memo, related: ref, invoiceId: sale.invoiceId },
      { account, creditCents: amount, memo, related: ref, invoiceId: sale.invoiceId },
    );
  }
  if (!lines.length) return null;
  return postEntry(tx, { causeType: 'sale_settled', causeId: sale.id, memo, occurredAt: sale.soldAt, lines });
}

/** The house bought a member's card (an accepted sell offer): it owes the seller the price. */
export async function postHousePurchase(tx: Db, sale: { id: string; priceCents: number; soldAt: Date }) {
  const ref = { kind: 'sale', id: sale.id };
  if (sale.priceCents <= 0) return null;
  return postEntry(tx, {
    causeType: 'house_purchase',
    causeId: sale.id,
    memo: 'Card bought by the house',
    occurredAt: sale.soldAt,
    lines: [
      { account: 'house_inventory', debitCents: sale.priceCents, related: ref },
      { account: 'seller_payable', creditCents: sale.priceCents, related: ref },
    ],
  });
}

/** The seller was paid what they were owed, out of platform cash. */
export async function postSellerPayout(
  tx: Db,
  sale: { id: string; invoiceId: string | null; sellerProceedsCents: number; paidAt: Date },
  actorId: string | null = null,
) {
  const ref = { kind: 'sale', id: sale.id };
  if (sale.sellerProceedsCents <= 0) return null;
  return postEntry(tx, {
    causeType: 'seller_payout',
    causeId: sale.id,
    memo: 'Seller paid out',
    occurredAt: sale.paidAt,
    actorId,
    lines: [
      { account: 'seller_payable', debitCents: sale.sellerProceedsCents, related: ref, invoiceId: sale.invoiceId },
      { account: 'platform_cash', creditCents: sale.sellerProceedsCents, related: ref, invoiceId: sale.invoiceId },
    ],
  });
}

/** A loan funded: the principal is lent out of platform cash. */
export async function postLoanFunded(tx: Db, loan: { id: string; amountCents: number; fundedAt: Date }, actorId: string | null = null) {
  const ref = { kind: 'loan', id: loan.id };
  return postEntry(tx, {
    causeType: 'loan_funded',
    causeId: loan.id,
    memo: 'Loan funded',
    occurredAt: loan.fundedAt,
    actorId,
    lines: [
      { account: 'loan_principal_receivable', debitCents: loan.amountCents, related: ref },
      { account: 'platform_cash', creditCents: loan.amountCents, related: ref },
    ],
  });
}

/** An installment paid without an invoice (seeded history): cash in, principal and interest credited. */
export async function postInstallmentPaidOutside(
  tx: Db,
  i: { loanId: string; number: number; principalCents: number; interestCents: number; paidAt: Date },
) {
  const ref = { kind: 'loan', id: i.loanId };
  const lines: PostLine[] = [
    { account: 'platform_cash', debitCents: i.principalCents + i.interestCents, related: ref, memo: `Installment ${i.number}` },
  ];
  if (i.principalCents > 0)
    lines.push({ account: 'loan_principal_receivable', creditCents: i.principalCents, related: ref, memo: `Installment ${i.number}: principal` });
  if (i.interestCents > 0)
    lines.push({ account: 'interest_income', creditCents: i.interestCents, related: ref, memo: `Installment ${i.number}: interest` });
  if (lines.length < 2) return null;
  return postEntry(tx, {
    causeType: 'installment_paid',
    causeId: `${i.loanId}:${i.number}`,
    memo: `Loan installment ${i.number} paid`,
    occurredAt: i.paidAt,
    lines,
  });
}

/**
 * An admin marked a loan paid with an outside reference (a wire): the principal still owed comes
 * off the loan into platform cash. Runs after the loan's open invoices were voided (their
 * reversals put their principal back on the loan).
 */
export async function postLoanSettledOutside(
  tx: Db,
  loan: { id: string; principalCents: number; at: Date; reference: string | null },
  actorId: string | null = null,
) {
  if (loan.principalCents <= 0) return null;
  const ref = { kind: 'loan', id: loan.id };
  return postEntry(tx, {
    causeType: 'loan_settled',
    causeId: loan.id,
    memo: `Loan settled outside checkout${loan.reference ? ` (${loan.reference})` : ''}`,
    occurredAt: loan.at,
    actorId,
    lines: [
      { account: 'platform_cash', debitCents: loan.principalCents, memo: loan.reference, related: ref },
      { account: 'loan_principal_receivable', creditCents: loan.principalCents, related: ref },
    ],
  });
}

/**
 * Fund dealing (decision 080), per dealt transaction: a subscription brings money into the fund's
 * cash and investors' capital, a redemption takes it out, a holder's share of the management fee
 * leaves the fund's cash for the platform's fee income (paid out of their capital).
 */
export async function postFundTransaction(
  tx: Db,
  t: {
    id: string;
    fundId: string;
    fundName: string;
    kind: 'subscription' | 'redemption' | 'fee';
    amountCents: number | null;
    userId: string;
    at: Date;
  },
) {
  const amount = t.amountCents ?? 0;
  if (amount <= 0) return null;
  const cash = fundCashAccount(t.fundId);
  const capital = fundCapitalAccount(t.fundId);
  const ref = { kind: 'fund_transaction', id: t.id };
  const lines: PostLine[] =
    t.kind === 'subscription'
      ? [
          { account: cash, debitCents: amount, related: ref },
          { account: capital, creditCents: amount, related: ref },
        ]
      : t.kind === 'redemption'
        ? [
            { account: capital, debitCents: amount, related: ref },
            { account: cash, creditCents: amount, related: ref },
          ]
        : [
            { account: capital, debitCents: amount, related: ref, memo: 'Management fee' },
            { account: cash, creditCents: amount, related: ref, memo: 'Management fee' },
            { account: 'platform_cash', debitCents: amount, related: ref, memo: 'Management fee' },
            { account: 'fee_income', creditCents: amount, related: ref, memo: 'Management fee' },
          ];
  return postEntry(tx, {
    causeType: 'fund_dealt',
    causeId: t.id,
    memo: `${t.fundName}: ${t.kind === 'fee' ? 'management fee' : t.kind} dealt`,
    occurredAt: t.at,
    newAccounts: [
      { code: cash, name: `Fund cash: ${t.fundName}`, kind: 'asset' },
      { code: capital, name: `Investor capital: ${t.fundName}`, kind: 'liability' },
    ],
    lines,
  });
}

/**
 * A condition: the ledger has no entry for this cause yet. Owner modules use it to find their
 * stored records the ledger lacks (the demo seed's history, or records from before the ledger)
 * without naming the ledger's table.
 */
export const notPosted = (causeType: string, causeId: SQL) =>
  notExists(sql`(select 1 from ${ledgerEntries} where ${ledgerEntries.idempotencyKey} = ${causeType} || ':' || ${causeId})`);
