import type { QueryKey } from '@tanstack/react-query';

/**
 * Spec §7 query keys whose features are not built yet, so live events already name them. This is
 * the one place outside a feature's `api/keys.ts` where a query path is spelled; a feature that is
 * built moves its keys into its own `keys.ts` (a test fails while both spell one).
 */
export const unbuiltKeys = {
  adminUser: ['/api/admin/user'],
  adminUserByPhone: ['/api/admin/user-by-phone'],
} as const satisfies Record<string, QueryKey>;
