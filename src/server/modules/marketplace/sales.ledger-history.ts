import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { sales } from '#server/db/schema/marketplace.ts';
import { notPosted, postHousePurchase, postSaleSettled, postSellerPayout } from '#server/modules/ledger/index.ts';

/** Posts the settled sales, house purchases and seller payouts the ledger does not have yet (decision 132). */
export async function postSaleHistory(tx: Db): Promise<number> {
  let n = 0;
  const sold = await tx
    .select()
    .from(sales)
    .where(and(eq(sales.kind, 'marketplace'), notPosted('sale_settled', sql`${sales.id}::text`)));
  for (const s of sold) if ((await postSaleSettled(tx, s))?.posted) n++;
  const bought = await tx
    .select()
    .from(sales)
    .where(and(eq(sales.kind, 'sell_offer'), notPosted('house_purchase', sql`${sales.id}::text`)));
  for (const s of bought) if ((await postHousePurchase(tx, s))?.posted) n++;
  const paidOut = await tx
    .select()
    .from(sales)
    .where(and(eq(sales.payoutStatus, 'paid'), notPosted('seller_payout', sql`${sales.id}::text`)));
  for (const s of paidOut) if ((await postSellerPayout(tx, { ...s, paidAt: s.payoutPaidAt ?? s.soldAt }))?.posted) n++;
  return n;
}
