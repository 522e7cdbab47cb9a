import { useEffect } from 'react';
import { beaconSecureView, finishSecureView, startSecureView } from './api/secure-view-analytics.ts';

export interface ViewCalls {
  start: () => Promise<string | null>;
  finish: (id: string, seconds: number) => unknown;
  beacon: (id: string, seconds: number) => boolean;
  now: () => number;
}

/**
 * One card view (spec §4): started once; the time update (at least 1 s) is sent once, as a PATCH
 * when the member leaves the page or as a beacon when the page unloads, then the record is dropped.
 * Leaving before the start has answered sends the update as soon as the id arrives.
 */
export function trackView(calls: ViewCalls) {
  const startedAt = calls.now();
  let id: string | null = null;
  let leftAt: number | null = null;
  let viaBeacon = false;
  let sent = false;
  const send = () => {
    if (sent || id === null || leftAt === null) return;
    sent = true;
    const record = id;
    id = null;
    const seconds = Math.max(1, Math.round((leftAt - startedAt) / 1000));
    if (!(viaBeacon && calls.beacon(record, seconds))) void calls.finish(record, seconds);
  };
  void calls.start().then((got) => {
    id = got;
    send();
  });
  return {
    leave(beacon = false) {
      if (leftAt !== null) return;
      leftAt = calls.now();
      viaBeacon = beacon;
      send();
    },
  };
}

/** Tracks the member's time on a /secure/{id} page; every failure is silent. */
export function useSecureViewTracking(cardId: string | undefined, userId: string | undefined) {
  useEffect(() => {
    if (!cardId || !userId) return;
    const view = trackView({
      start: () => startSecureView(cardId, userId),
      finish: finishSecureView,
      beacon: beaconSecureView,
      now: Date.now,
    });
    const unload = () => view.leave(true);
    window.addEventListener('pagehide', unload);
    return () => {
      window.removeEventListener('pagehide', unload);
      view.leave(false);
    };
  }, [cardId, userId]);
}
