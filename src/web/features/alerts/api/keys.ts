/** Alerts' query keys and paths; each key starts with its `/api/...` path. */
const ALERTS = '/api/user/alerts';

const seg = encodeURIComponent;

export const alertKeys = {
  /** The member's alerts; the listing targets sit under it, so one invalidation moves them all. */
  all: [ALERTS] as const,
  listingTargets: (listingId: string) => [ALERTS, 'listing-targets', listingId] as const,
};

export const alertPaths = {
  list: ALERTS,
  alert: (id: string) => `${ALERTS}/${seg(id)}`,
};
