import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { loanInstallments, loans } from '#server/db/schema/lending.ts';
import { notPosted, postInstallmentPaidOutside, postLoanFunded } from '#server/modules/ledger/index.ts';

/** Posts the funded loans and the installments paid outside an invoice that the ledger does not have yet (decision 132). */
export async function postLoanHistory(tx: Db): Promise<number> {
  let n = 0;
  const funded = await tx
    .select()
    .from(loans)
    .where(and(isNotNull(loans.fundedAt), isNotNull(loans.offeredAmountCents), notPosted('loan_funded', sql`${loans.id}::text`)));
  for (const l of funded) if ((await postLoanFunded(tx, { id: l.id, amountCents: l.offeredAmountCents!, fundedAt: l.fundedAt! })).posted) n++;
  const paidOutside = await tx
    .select()
    .from(loanInstallments)
    .where(
      and(
        eq(loanInstallments.status, 'paid'),
        isNull(loanInstallments.invoiceId),
        notPosted('installment_paid', sql`${loanInstallments.loanId}::text || ':' || ${loanInstallments.number}::text`),
      ),
    );
  for (const i of paidOutside)
    if ((await postInstallmentPaidOutside(tx, { ...i, paidAt: i.paidAt ?? new Date(`${i.dueDate}T12:00:00Z`) }))?.posted) n++;
  return n;
}
