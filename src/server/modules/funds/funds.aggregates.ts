import {
  fundMessages,
  fundRequestTransitions,
  fundTransactionTransitions,
  type FundRequestStatus,
  type FundTransactionStatus,
} from '#common/funds.ts';
import { fundRequestEvents, fundRequests, fundTransactionEvents, fundTransactions } from '#server/db/schema/funds.ts';
import { AppError, notFound } from '#server/errors.ts';
import { historyIn, type Aggregate } from '#server/lib/transition.ts';

// Requests and transactions move through transition() (decision 136). Their moves are audited
// in the module's words (fund.request_accepted, fund.transaction_cancelled; a valuation audits
// its deals), and fundUpdated is raised once per request, not per row, so neither is repeated here.

export type FundRequestRow = typeof fundRequests.$inferSelect;
export type FundTransactionRow = typeof fundTransactions.$inferSelect;

export const fundRequestAggregate: Aggregate<FundRequestStatus, FundRequestRow> = {
  name: 'fund_request',
  table: fundRequests,
  idColumn: fundRequests.id,
  statusColumn: fundRequests.status,
  statusKey: 'status',
  transitions: fundRequestTransitions,
  audited: false,
  recordHistory: historyIn(fundRequestEvents, 'fundRequestId'),
  conflict: () => new AppError('conflict', fundMessages.requestNotPending),
  notFound: () => notFound(fundMessages.requestNotFound),
};

export const fundTransactionAggregate: Aggregate<FundTransactionStatus, FundTransactionRow> = {
  name: 'fund_transaction',
  table: fundTransactions,
  idColumn: fundTransactions.id,
  statusColumn: fundTransactions.status,
  statusKey: 'status',
  updatedKeys: ['updatedAt'],
  transitions: fundTransactionTransitions,
  audited: false,
  recordHistory: historyIn(fundTransactionEvents, 'fundTransactionId'),
  conflict: () => new AppError('conflict', fundMessages.transactionNotPending),
  notFound: () => notFound(fundMessages.transactionNotFound),
};
