/** Share links' query keys and paths; each key starts with its `/api/...` path. */
const CARDS = '/api/cards';
const SHARED = '/api/shared';
const SHARE_LINKS = '/api/share-links';
const ANALYTICS = '/api/admin/share-analytics';

const seg = encodeURIComponent;

export const shareKeys = {
  cardLinks: (cardId: string) => [CARDS, cardId, 'share-links'] as const,
  shared: (token: string) => [SHARED, token] as const,
  analytics: [ANALYTICS] as const,
  analyticsFor: (from: string, to: string) => [ANALYTICS, { from, to }] as const,
};

export const sharePaths = {
  cardLinks: (cardId: string) => `${CARDS}/${seg(cardId)}/share-links`,
  link: (id: string) => `${SHARE_LINKS}/${seg(id)}`,
  shared: (token: string) => `${SHARED}/${seg(token)}`,
  analytics: ANALYTICS,
};
