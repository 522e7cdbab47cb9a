/** The admin's sourcing keys and paths (spec §7: /api/admin/hunts, /api/admin/sources). */
const HUNTS = '/api/admin/hunts';
const SOURCES = '/api/admin/sources';
const ANALYTICS = '/api/admin/source-analytics';

export const adminSourceKeys = {
  hunts: [HUNTS] as const,
  huntsBy: (status: string) => [HUNTS, { status }] as const,
  sources: [SOURCES] as const,
  sourcesBy: (status: string) => [SOURCES, { status }] as const,
  analytics: (range: { from: string; to: string }) => [ANALYTICS, range] as const,
};

const seg = encodeURIComponent;
export const adminSourcePaths = {
  hunts: HUNTS,
  hunt: (id: string) => `${HUNTS}/${seg(id)}`,
  sources: SOURCES,
  source: (id: string) => `${SOURCES}/${seg(id)}`,
  analytics: ANALYTICS,
};
