import { apiRequest } from '#web/lib/api.ts';
import { marketplaceApi } from './keys.ts';

/** POST /api/secure-view-analytics { cardId, userId } → { id }; null when it fails (silently). */
export const startSecureView = (cardId: string, userId: string) =>
  apiRequest<{ id: string }>('POST', marketplaceApi.views, { body: { cardId, userId } }).then(
    (r) => r.id,
    () => null,
  );

/** PATCH /api/secure-view-analytics/{id} { timeSpentSeconds }; failures are silent. */
export const finishSecureView = (id: string, timeSpentSeconds: number) =>
  apiRequest('PATCH', marketplaceApi.view(id), { body: { timeSpentSeconds } }).then(
    () => true,
    () => false,
  );

/**
 * The same update as a beacon, for a page being unloaded (a fetch may be cut off). A beacon is a
 * POST of `text/plain` JSON to the record's path (a simple request: no preflight, no custom header).
 */
export function beaconSecureView(id: string, timeSpentSeconds: number): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return false;
  try {
    return navigator.sendBeacon(marketplaceApi.view(id), JSON.stringify({ timeSpentSeconds }));
  } catch {
    return false;
  }
}
