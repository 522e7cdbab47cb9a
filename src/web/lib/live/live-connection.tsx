import { useEffect, useState } from 'react';
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
const stateListeners = new Set<(s: LiveState) => void>();

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
    const loaded = whenContentReady().then(() =>
      Promise.all([import('./live-client.ts'), import('./refresh.ts'), import('./toasts.ts'), loadRefreshMap()]),
    );
    void loaded.then(([{ LiveClient, liveUrl }, { createRefresher }, { toastForLiveMessage }, refreshMap]) => {
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
        onState: (s) => {
          currentState = s;
          for (const l of stateListeners) l(s);
        },
      });
      client.start({ afterSignIn });
    });
    return () => {
      stopped = true;
      client?.stop();
    };
  }, [userId, queryClient, loadRefreshMap]);
}

export function useLiveState(): LiveState {
  const [state, setState] = useState(currentState);
  useEffect(() => {
    stateListeners.add(setState);
    return () => void stateListeners.delete(setState);
  }, []);
  return state;
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
