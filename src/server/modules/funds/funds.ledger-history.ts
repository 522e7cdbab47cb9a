import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { fundTransactions, funds } from '#server/db/schema/funds.ts';
import { notPosted, postFundTransaction } from '#server/modules/ledger/index.ts';

/** Posts every dealt transaction of a fund (by valuation, or all) that the ledger does not have yet (decision 132). */
export async function postFundDeals(tx: Db, input: { fundId?: string; valuationId?: string; at?: Date }) {
  const where = [eq(fundTransactions.status, 'dealt'), notPosted('fund_dealt', sql`${fundTransactions.id}::text`)];
  if (input.fundId) where.push(eq(fundTransactions.fundId, input.fundId));
  if (input.valuationId) where.push(eq(fundTransactions.valuationId, input.valuationId));
  const rows = await tx
    .select({ t: fundTransactions, fundName: funds.name })
    .from(fundTransactions)
    .innerJoin(funds, eq(funds.id, fundTransactions.fundId))
    .where(and(...where))
    .orderBy(fundTransactions.createdAt);
  let n = 0;
  for (const { t, fundName } of rows) {
    const at = input.at ?? (t.dealtOn ? new Date(`${t.dealtOn}T12:00:00Z`) : t.updatedAt);
    if ((await postFundTransaction(tx, { ...t, fundName, at }))?.posted) n++;
  }
  return n;
}
