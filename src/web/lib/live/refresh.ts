import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { LiveEventType, LiveMessage } from '#common/live.ts';
import { liveControlTypes } from '#common/live-control.ts';

/**
 * Every live event type with the query keys it refreshes: a type left out does not compile. The
 * map itself is composed in `app/live-refresh.ts` from the features' key factories.
 */
export type RefreshMap = { readonly [K in LiveEventType]: readonly QueryKey[] };

const isControl = (type: string) => (liveControlTypes as readonly string[]).includes(type);

export const REFRESH_DEDUPE_MS = 1_500;
export const FULL_REFRESH_THROTTLE_MS = 3_000;

/**
 * Refreshes queries for live events: each key at most once per 1.5 s, and unknown events a full
 * refresh at most once per 3 s. An event inside the window is not dropped: one trailing refresh
 * runs when the window ends, so the screen always ends on the latest state.
 */
export function createRefresher(
  queryClient: Pick<QueryClient, 'invalidateQueries'>,
  refreshMap: RefreshMap,
  now: () => number = Date.now,
  schedule: (fn: () => void, ms: number) => unknown = setTimeout,
) {
  const last = new Map<string, number>();
  const pending = new Set<string>();
  const FULL = '\u0000all';
  const keysFor = (type: string): readonly QueryKey[] | undefined =>
    Object.hasOwn(refreshMap, type) ? refreshMap[type as LiveEventType] : undefined;

  const run = (id: string, queryKey?: QueryKey) => {
    last.set(id, now());
    void (queryKey ? queryClient.invalidateQueries({ queryKey }) : queryClient.invalidateQueries());
  };
  // Windows are kept per key value, so two events naming the same key share one window.
  const throttled = (windowMs: number, queryKey?: QueryKey) => {
    const id = queryKey ? JSON.stringify(queryKey) : FULL;
    const since = now() - (last.get(id) ?? -Infinity);
    if (since >= windowMs) return run(id, queryKey);
    if (pending.has(id)) return;
    pending.add(id);
    schedule(() => {
      pending.delete(id);
      run(id, queryKey);
    }, windowMs - since);
  };

  return (msg: LiveMessage) => {
    if (isControl(msg.type)) return;
    const keys = keysFor(msg.type);
    if (!keys) return throttled(FULL_REFRESH_THROTTLE_MS);
    for (const key of keys) throttled(REFRESH_DEDUPE_MS, key);
  };
}
