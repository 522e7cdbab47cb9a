/** The admin funds' query keys and paths; each key starts with its `/api/...` path. */
const ADMIN_FUNDS = '/api/admin/funds';

const seg = encodeURIComponent;

export const adminFundKeys = {
  /** The list and every fund's manage page sit under it. */
  all: [ADMIN_FUNDS] as const,
  detail: (id: string) => [...adminFundKeys.all, id] as const,
  candidates: (id: string, q: string) => [...adminFundKeys.detail(id), 'candidate-cards', { q }] as const,
};

export const adminFundPaths = {
  funds: ADMIN_FUNDS,
  fund: (id: string) => `${ADMIN_FUNDS}/${seg(id)}`,
  holdings: (id: string) => `${ADMIN_FUNDS}/${seg(id)}/holdings`,
  marks: (id: string, holdingId: string) => `${ADMIN_FUNDS}/${seg(id)}/holdings/${seg(holdingId)}/marks`,
  dispose: (id: string, holdingId: string) => `${ADMIN_FUNDS}/${seg(id)}/holdings/${seg(holdingId)}/dispose`,
  valuations: (id: string) => `${ADMIN_FUNDS}/${seg(id)}/valuations`,
  valuationPreview: (id: string) => `${ADMIN_FUNDS}/${seg(id)}/valuations/preview`,
  transactions: (id: string) => `${ADMIN_FUNDS}/${seg(id)}/transactions`,
  cancelTransaction: (id: string, transactionId: string) => `${ADMIN_FUNDS}/${seg(id)}/transactions/${seg(transactionId)}/cancel`,
  decideRequest: (id: string, requestId: string) => `${ADMIN_FUNDS}/${seg(id)}/requests/${seg(requestId)}/decision`,
};
