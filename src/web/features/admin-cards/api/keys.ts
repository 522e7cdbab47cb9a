import type { AdminCardsQuery } from '#common/cards.ts';

/**
 * Admin card query keys and paths. Each key starts with the spec's `/api/...` path, which the
 * live refresh map invalidates on card_updated (/api/admin/cards, /api/admin/users-with-cards).
 */
const ADMIN_CARDS = '/api/admin/cards';
const USERS_WITH_CARDS = '/api/admin/users-with-cards';
const PSA_BULK = '/api/admin/psa/bulk';

export const adminCardKeys = {
  all: [ADMIN_CARDS] as const,
  list: (params: AdminCardsQuery) => [...adminCardKeys.all, params] as const,
  usersWithCards: [USERS_WITH_CARDS] as const,
};

export const adminCardPaths = {
  list: ADMIN_CARDS,
  usersWithCards: USERS_WITH_CARDS,
  custody: (id: string) => `${ADMIN_CARDS}/${encodeURIComponent(id)}/custody`,
  correct: (id: string) => `${ADMIN_CARDS}/${encodeURIComponent(id)}`,
  appraisal: (id: string) => `${ADMIN_CARDS}/${encodeURIComponent(id)}/appraisal`,
  psaBulk: PSA_BULK,
};
