/** The index's query keys and paths; each key starts with its `/api/...` path. */
const INDEX = '/api/index';
const LEVELS = '/api/index/levels';
const CONSTITUENTS = '/api/index/constituents';
const DIVISOR_LOG = '/api/index/divisor-log';
const ADMIN = '/api/admin/index';
const COLLECTION = '/api/index/collection';

export const indexKeys = {
  overview: [INDEX] as const,
  levels: [LEVELS] as const,
  constituents: [CONSTITUENTS] as const,
  constituent: (id: string) => [CONSTITUENTS, id] as const,
  divisorLog: [DIVISOR_LOG] as const,
  admin: [ADMIN] as const,
  collection: [COLLECTION] as const,
};

const seg = encodeURIComponent;

export const indexPaths = {
  overview: INDEX,
  levels: LEVELS,
  constituent: (id: string) => `${CONSTITUENTS}/${seg(id)}`,
  divisorLog: DIVISOR_LOG,
  admin: ADMIN,
  collection: COLLECTION,
  adminConstituents: `${ADMIN}/constituents`,
  adminConstituent: (id: string) => `${ADMIN}/constituents/${seg(id)}`,
  importPrices: `${ADMIN}/prices/import`,
  rebalance: `${ADMIN}/rebalance`,
  settings: `${ADMIN}/settings`,
};
