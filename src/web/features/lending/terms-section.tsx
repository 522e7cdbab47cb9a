import { formatCents } from '#common/format.ts';
import { formatApr, formatBpsPercent, type PublicLendingTerms } from '#common/lending.ts';

const listOf = (xs: readonly number[]) => (xs.length <= 1 ? String(xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} or ${xs.at(-1)}`);

/** The origination fee in words: "1.00% of the loan plus $50.00", or that there is none. */
export function feeWords(fee: PublicLendingTerms['originationFee']): string {
  if (fee.length === 0) return 'There is no origination fee.';
  const parts = fee.map((l) => (l.basisPoints !== null ? `${formatBpsPercent(l.basisPoints)} of the loan` : formatCents(l.fixedCents ?? 0)));
  return `An origination fee of ${parts.join(' plus ')} is invoiced when the loan is funded.`;
}

/** The published policy as sentences, shown before anyone applies. */
export function termsSentences(t: PublicLendingTerms): string[] {
  return [
    `You can borrow up to ${formatBpsPercent(t.maxLtvBps)} of the value of the graded cards you pledge, from a minimum of ${formatCents(t.minLoanCents)}. A card counts at the lower of your estimate and its market value in our index, or our appraisal; a card with neither counts once our team has appraised it.`,
    `Terms are ${listOf(t.terms)} months, repaid in equal monthly installments; interest is charged on what you still owe.`,
    t.aprMinBps === t.aprMaxBps
      ? `The APR is ${formatApr(t.aprMinBps)}.`
      : `The APR is from ${formatApr(t.aprMinBps)} to ${formatApr(t.aprMaxBps)}, set in the offer we make you.`,
    feeWords(t.originationFee),
    `An offer stays open for ${t.offerValidDays} days. Once you accept, your cards must be received in hand: our team picks them up, and they stay in our vault until the loan is repaid.`,
    `Each installment is invoiced when it falls due. If one is still unpaid ${t.graceDays} days after its due date, the loan is in default, and after ${t.defaultNoticeDays} days’ notice the cards may be sold.`,
    'You may repay everything early at any time; interest is counted to the day.',
  ];
}

export function TermsSection({ terms }: { terms: PublicLendingTerms }) {
  return (
    <section aria-labelledby="lend-terms" className="grid gap-3 rounded-xl border bg-card p-5">
      <h2 id="lend-terms" className="font-display text-xl font-medium">
        The terms
      </h2>
      <ul className="grid list-disc gap-1.5 pl-5 text-sm leading-relaxed" data-testid="lend-terms">
        {termsSentences(terms).map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ul>
    </section>
  );
}
