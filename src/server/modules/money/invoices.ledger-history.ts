import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { invoices } from '#server/db/schema/money.ts';
import { notPosted, postInvoiceSent, postInvoiceVoided, postPaymentSettled } from '#server/modules/ledger/index.ts';

/**
 * Posts the sent, paid and voided invoices the ledger does not have yet (the demo seed's history,
 * or invoices from before the ledger), with the keys their live moves use. Idempotent; returns how
 * many entries it wrote (decision 132).
 */
export async function postInvoiceHistory(tx: Db): Promise<number> {
  let n = 0;
  const sentOnes = await tx
    .select()
    .from(invoices)
    .where(
      and(
        or(eq(invoices.status, 'paid'), and(inArray(invoices.status, ['sent', 'void']), isNotNull(invoices.sentAt))),
        notPosted('invoice_sent', sql`${invoices.id}::text`),
      ),
    );
  // A paid invoice was sent, whether or not its sending time was kept.
  for (const inv of sentOnes) if ((await postInvoiceSent(tx, inv, inv.sentAt ?? inv.createdAt)).posted) n++;
  const paidOnes = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.status, 'paid'), notPosted('payment_settled', sql`${invoices.id}::text`)));
  for (const inv of paidOnes) if ((await postPaymentSettled(tx, inv, inv.paidAt ?? inv.updatedAt, inv.paymentReference)).posted) n++;
  const voided = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.status, 'void'), isNotNull(invoices.sentAt), notPosted('invoice_voided', sql`${invoices.id}::text`)));
  for (const inv of voided) if ((await postInvoiceVoided(tx, inv, inv.updatedAt))?.posted) n++;
  return n;
}
