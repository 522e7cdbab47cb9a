import type { QueryClient } from '@tanstack/react-query';
import type { LiveEventType, LiveMessage } from '#common/live.ts';
import { liveControlTypes } from '#common/live-control.ts';

/** Every live event type with the query keys it refreshes: a type left out does not compile. */
export type RefreshMap = { readonly [K in LiveEventType]: readonly string[] };

/** Which query keys (spec §7's list) each live event refreshes. */
export const refreshKeysByEvent: RefreshMap = {
  access_request_updated: ['/api/admin/access-requests', '/api/admin/access-requests/recent', '/api/admin/dashboard'],
  kyc_document_updated: ['/api/admin/kyc/documents', '/api/user/kyc/documents', '/api/user/kyc/status'],
  kyc_status_updated: ['/api/user/kyc/status', '/api/admin/kyc/documents', '/api/user/kyc/documents'],
  user_updated: ['/api/auth/me', '/api/admin/user', '/api/admin/users', '/api/user/profile', '/api/admin/user-by-phone'],
  profile_updated: ['/api/user/profile', '/api/auth/me', '/api/admin/users'],
  card_updated: ['/api/cards', '/api/registry', '/api/admin/cards', '/api/admin/users-with-cards'],
  hunt_updated: ['/api/hunts/active', '/api/admin/hunts', '/api/user/hunts'],
  request_updated: ['/api/admin/requests', '/api/user/requests'],
  loan_updated: ['/api/admin/loans', '/api/user/loans'],
  sell_updated: ['/api/admin/sells', '/api/user/sells'],
  source_updated: ['/api/user/sources', '/api/admin/sources', '/api/sources/active'],
  source_status_changed: ['/api/user/sources', '/api/admin/sources', '/api/sources/active'],
  onboarding_updated: ['/api/onboarding/status', '/api/manager/clients'],
  notification: [],
};

const isControl = (type: string) => (liveControlTypes as readonly string[]).includes(type);
const keysFor = (type: string): readonly string[] | undefined =>
  Object.hasOwn(refreshKeysByEvent, type) ? refreshKeysByEvent[type as LiveEventType] : undefined;

export const REFRESH_DEDUPE_MS = 1_500;
export const FULL_REFRESH_THROTTLE_MS = 3_000;

/**
 * Refreshes queries for live events: each key at most once per 1.5 s, and unknown events a full
 * refresh at most once per 3 s. An event inside the window is not dropped: one trailing refresh
 * runs when the window ends, so the screen always ends on the latest state.
 */
export function createRefresher(
  queryClient: Pick<QueryClient, 'invalidateQueries'>,
  now: () => number = Date.now,
  schedule: (fn: () => void, ms: number) => unknown = setTimeout,
) {
  const last = new Map<string, number>();
  const pending = new Set<string>();
  const FULL = '\u0000all';

  const run = (key: string) => {
    last.set(key, now());
    void (key === FULL ? queryClient.invalidateQueries() : queryClient.invalidateQueries({ queryKey: [key] }));
  };
  const throttled = (key: string, windowMs: number) => {
    const since = now() - (last.get(key) ?? -Infinity);
    if (since >= windowMs) return run(key);
    if (pending.has(key)) return;
    pending.add(key);
    schedule(() => {
      pending.delete(key);
      run(key);
    }, windowMs - since);
  };

  return (msg: LiveMessage) => {
    if (isControl(msg.type)) return;
    const keys = keysFor(msg.type);
    if (!keys) return throttled(FULL, FULL_REFRESH_THROTTLE_MS);
    for (const key of keys) throttled(key, REFRESH_DEDUPE_MS);
  };
}
