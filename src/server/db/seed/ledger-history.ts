import type { Db } from '#server/db/client.ts';
import { postFundDeals } from '#server/modules/funds/index.ts';
import { postLoanHistory } from '#server/modules/lending/index.ts';
import { postSaleHistory } from '#server/modules/marketplace/index.ts';
import { postInvoiceHistory } from '#server/modules/money/index.ts';

/**
 * Posts what stored records caused and the ledger does not have yet (the demo seed's history, or
 * records from before the ledger), each owner module posting its own records with the keys its
 * live flows use: invoices, then sales and payouts, loans, fund deals. Idempotent: it posts
 * nothing twice. Returns how many entries it wrote (decision 132).
 */
export async function postHistory(tx: Db): Promise<number> {
  let n = await postInvoiceHistory(tx);
  n += await postSaleHistory(tx);
  n += await postLoanHistory(tx);
  n += await postFundDeals(tx, {});
  return n;
}
