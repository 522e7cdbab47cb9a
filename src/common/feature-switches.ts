// Feature switches (a settings section): what members see of the marketplace, lending, funds and
// hunts. No zod here: the member shell reads these before its first paint. The schema is in
// feature-switches.schema.ts.

export const featureSwitches = ['marketplace', 'lending', 'funds', 'hunts'] as const;
export type FeatureSwitch = (typeof featureSwitches)[number];
export type FeatureSwitches = Record<FeatureSwitch, boolean>;
export const defaultFeatureSwitches: FeatureSwitches = { marketplace: true, lending: true, funds: true, hunts: true };

/**
 * The member pages and API paths each switch closes. Admin routes (/api/admin/…) are never
 * switched; `/api/funds/open-for-allocation` belongs to client onboarding, not the funds pages.
 */
export const featurePaths: Record<FeatureSwitch, { pages: readonly string[]; api: readonly string[] }> = {
  marketplace: {
    pages: ['/secure', '/sales'],
    api: ['/api/listings', '/api/user/sales', '/api/user/requests', '/api/user/sells', '/api/user/promotion-requests', '/api/secure-view-analytics'],
  },
  lending: { pages: ['/lend'], api: ['/api/loans', '/api/user/loans'] },
  funds: { pages: ['/funds'], api: ['/api/funds', '/api/user/fund-positions'] },
  hunts: { pages: ['/source'], api: ['/api/hunts', '/api/user/hunts', '/api/sources', '/api/user/sources'] },
};
const FEATURE_PATH_EXEMPT: readonly string[] = ['/api/funds/open-for-allocation'];

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`);

/** The switch that closes an API path, if any. */
export function featureOfApiPath(path: string): FeatureSwitch | null {
  if (FEATURE_PATH_EXEMPT.includes(path.split('?')[0])) return null;
  for (const f of featureSwitches) if (featurePaths[f].api.some((p) => under(path, p))) return f;
  return null;
}

/** The switch that closes a member page, if any. */
export function featureOfPage(path: string): FeatureSwitch | null {
  for (const f of featureSwitches) if (featurePaths[f].pages.some((p) => under(path, p))) return f;
  return null;
}

/** Admins keep every feature (to check one before opening it); members see the switched-on ones. */
export function featureOpen(user: { isAdmin: boolean; features?: FeatureSwitches | null }, feature: FeatureSwitch): boolean {
  return user.isAdmin || (user.features?.[feature] ?? true);
}
