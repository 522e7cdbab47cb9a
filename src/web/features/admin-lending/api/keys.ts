/**
 * Loan Applications' query keys and paths. The first element of each key is the spec's path, so
 * loan_updated (/api/admin/loans) refreshes the queue and an open loan.
 */
const LOANS = '/api/admin/loans';
const POLICY = '/api/admin/settings/lending';
const CARDS = '/api/admin/cards';

export interface AdminLoansParams {
  status?: string;
  q?: string;
  page?: number;
}

export const adminLoanKeys = {
  all: [LOANS] as const,
  list: (p: AdminLoansParams) => [...adminLoanKeys.all, { status: p.status, q: p.q, page: p.page }] as const,
  /** Under `all`: GET /api/admin/loans/{id}. */
  detail: (id: string) => [...adminLoanKeys.all, id] as const,
  policy: [POLICY] as const,
};

const seg = encodeURIComponent;
export const adminLoanPaths = {
  loan: (id: string) => `${LOANS}/${seg(id)}`,
  takeCollateral: (id: string) => `${LOANS}/${seg(id)}/take-collateral`,
  policy: POLICY,
  /** Receiving collateral is a custody move in the registry (which re-checks PSA). */
  custody: (cardId: string) => `${CARDS}/${seg(cardId)}/custody`,
};
