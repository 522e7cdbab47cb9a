import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '#web/hooks/use-toast.ts';
import { getCredentials } from '#web/lib/credentials.ts';
import { cn } from '#web/lib/utils.ts';
import type { LiveClient, LiveState } from './live-client.ts';
import { whenContentReady } from '#web/lib/content-ready.ts';
import type { RefreshMap } from './refresh.ts';

let currentState: LiveState = 'closed';
let justSignedIn = false;

/** Called by the sign-in flow so the next connection waits 1 s (spec §9) instead of 500 ms. */
export function noteSignIn() {
  justSignedIn = true;
}
const stateListeners = new Set<() => void>();

/**
 * Keeps one live connection open while someone is signed in: refreshes the queries each event
 * names and shows its toast. Mount once, with the signed-in user's id (or null) and a loader of
 * the app's refresh map (composed from the features' query keys; a stable function).
 */
export function useLiveConnection(userId: string | null | undefined, loadRefreshMap: () => Promise<RefreshMap>) {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!userId) return;
    const afterSignIn = justSignedIn;
    justSignedIn = false;
    let stopped = false;
    let client: LiveClient | null = null;
    // Loaded on first sign-in, so a visitor's download carries neither the client, its schemas
    // its toasts nor the refresh map (which names every feature's query keys).
    // …and after the first page has rendered, so they don't hold up its content on a slow phone.
    const load = () => Promise.all([import('./live-client.ts'), import('./refresh.ts'), import('./toasts.ts'), loadRefreshMap()]);
    // A chunk that fails to load (a network blip) is asked for again, as a dropped socket is.
    const loaded = whenContentReady().then(() => retrying(load, () => stopped));
    loaded.then(
      ([{ LiveClient, liveUrl }, { createRefresher }, { toastForLiveMessage }, refreshMap]) => {
        if (stopped) return;
        const refresh = createRefresher(queryClient, refreshMap);
        client = new LiveClient({
          url: liveUrl(window.location),
          getAuth: () => {
            const c = getCredentials();
            return { userId: c?.userId, token: c?.authToken };
          },
          onMessage: (msg) => {
            refresh(msg);
            const t = toastForLiveMessage(msg, { mine: !msg.userId || msg.userId === userId });
            if (t) toast(t);
          },
          onState: setLiveState,
        });
        client.start({ afterSignIn });
      },
      () => {} /* only when unmounted mid-retry */,
    );
    return () => {
      stopped = true;
      client?.stop();
    };
  }, [userId, queryClient, loadRefreshMap]);
}

/** Sets the connection's state for every dot (exported for tests). */
export function setLiveState(s: LiveState) {
  currentState = s;
  for (const l of stateListeners) l();
}

function subscribeLiveState(listener: () => void) {
  stateListeners.add(listener);
  return () => void stateListeners.delete(listener);
}

const getLiveState = () => currentState;

/**
 * An external store read: a change that lands between a dot's render and its subscription (the
 * socket opening while a transition renders the page in slices) is not missed.
 */
export function useLiveState(): LiveState {
  return useSyncExternalStore(subscribeLiveState, getLiveState, getLiveState);
}

/** Tries `load` until it succeeds, waiting 1 s, 2 s, 4 s… (at most 30 s) between tries, unless `cancelled`. */
export async function retrying<T>(
  load: () => Promise<T>,
  cancelled: () => boolean,
  wait = (ms: number) => new Promise((r) => setTimeout(r, ms)),
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load();
    } catch (err) {
      if (cancelled()) throw err;
      await wait(Math.min(1_000 * 2 ** attempt, 30_000));
    }
  }
}

const labels: Record<LiveState, string> = {
  open: 'Live updates on',
  connecting: 'Connecting to live updates',
  reconnecting: 'Reconnecting to live updates',
  closed: 'Live updates off',
};

/** A small, unobtrusive dot showing the live connection's state. */
export function LiveStatusDot({ className }: { className?: string }) {
  const state = useLiveState();
  return (
    <span className={cn('inline-flex items-center', className)} title={labels[state]} data-live-state={state}>
      <span
        aria-hidden
        className={cn(
          'size-2 rounded-full',
          state === 'open' && 'bg-emerald-500',
          (state === 'connecting' || state === 'reconnecting') && 'animate-pulse bg-amber-500',
          state === 'closed' && 'bg-zinc-400',
        )}
      />
      <span className="sr-only">{labels[state]}</span>
    </span>
  );
}
