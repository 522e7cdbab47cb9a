/**
 * Sourcing's query keys and paths (spec §7): the board, the member's hunts and offers. The first
 * element of each key is the spec's path, so hunt_updated / source_* refresh them.
 */
const BOARD = '/api/hunts/active';
const MY_HUNTS = '/api/user/hunts';
const MY_SOURCES = '/api/user/sources';
const ACTIVE_SOURCES = '/api/sources/active';
const HUNTS = '/api/hunts';
const SOURCES = '/api/sources';
/** The member's cards in short form (the registry's list), for the offer's card picker. */
const CARDS = '/api/cards';

export const huntKeys = {
  board: [BOARD] as const,
  boardFiltered: (filters: Record<string, string | undefined>) => [BOARD, filters] as const,
  mine: [MY_HUNTS] as const,
  mySources: [MY_SOURCES] as const,
  activeSources: [ACTIVE_SOURCES] as const,
  myCards: [CARDS] as const,
};

const seg = encodeURIComponent;
export const huntPaths = {
  board: BOARD,
  hunts: HUNTS,
  hunt: (id: string) => `${HUNTS}/${seg(id)}`,
  close: (id: string) => `${HUNTS}/${seg(id)}/close`,
  offer: (id: string) => `${HUNTS}/${seg(id)}/sources`,
  withdraw: (id: string) => `${SOURCES}/${seg(id)}/withdraw`,
};
