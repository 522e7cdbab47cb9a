/** The member funds' query keys and paths; each key starts with its `/api/...` path. */
const FUNDS = '/api/funds';
const POSITIONS = '/api/user/fund-positions';

const seg = encodeURIComponent;

export const fundKeys = {
  /** The list, every fund's detail and holding pages sit under it, so one invalidation moves them all. */
  all: [FUNDS] as const,
  detail: (id: string) => [...fundKeys.all, id] as const,
  holding: (fundId: string, cardId: string) => [...fundKeys.all, fundId, 'cards', cardId] as const,
  positions: [POSITIONS] as const,
};

export const fundPaths = {
  subscriptionRequests: (id: string) => `${FUNDS}/${seg(id)}/subscription-requests`,
  redemptionRequests: (id: string) => `${FUNDS}/${seg(id)}/redemption-requests`,
};
