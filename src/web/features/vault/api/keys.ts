/**
 * The vault's query keys and paths. The first element of each key is the API path; card_updated
 * (/api/cards) refreshes the member's card picker.
 */
const MINE = '/api/user/vault';
const QUOTE = '/api/user/vault/outtakes/quote';
const CARDS = '/api/cards';
const ADMIN = '/api/admin/vault';

export const vaultKeys = {
  mine: [MINE] as const,
  quote: (cardIds: readonly string[]) => [QUOTE, { cardIds: cardIds.join(',') }] as const,
  myCards: [CARDS] as const,
  admin: [ADMIN] as const,
};

const seg = encodeURIComponent;
export const vaultPaths = {
  intakes: `${MINE}/intakes`,
  cancelIntake: (id: string) => `${MINE}/intakes/${seg(id)}/cancel`,
  outtakes: `${MINE}/outtakes`,
  cancelOuttake: (id: string) => `${MINE}/outtakes/${seg(id)}/cancel`,
  receive: (id: string, cardId: string) => `${ADMIN}/intakes/${seg(id)}/cards/${seg(cardId)}/receive`,
  ship: (id: string) => `${ADMIN}/outtakes/${seg(id)}/ship`,
  deliver: (id: string) => `${ADMIN}/outtakes/${seg(id)}/deliver`,
};
