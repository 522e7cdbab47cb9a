import { startTransition, useEffect, useState } from 'react';

/**
 * Code a page does not need to show its content (live updates, the account menu, the onboarding
 * banner) waits until the first page has rendered, so on a slow phone it does not compete with
 * the page's own chunk and data for the network and the CPU. A first page that never renders
 * (an error) releases it after a few seconds.
 */
let release: () => void = () => {};
let released = false;
const ready = new Promise<void>((resolve) => {
  release = () => {
    released = true;
    resolve();
  };
});
let fallback: ReturnType<typeof setTimeout> | null = null;
const FALLBACK_MS = 4_000;

/**
 * Called by the router once a page's own component has rendered: lets go once that render is on
 * screen, so what waits neither delays the page's first paint nor starts its downloads before it.
 * A frame callback runs just before its frame is painted, so the second one comes after the first
 * frame has been painted and presented.
 */
export function markContentReady() {
  if (released) return;
  if (typeof requestAnimationFrame !== 'function') return release();
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(release, 0)));
}

export function whenContentReady(): Promise<void> {
  if (!released && !fallback) fallback = setTimeout(release, FALLBACK_MS);
  return ready;
}

/** True once the first page has rendered; `now` releases it early (e.g. the user reached for the control). */
export function useContentReady(): [ready: boolean, now: () => void] {
  const [ok, setOk] = useState(released);
  useEffect(() => {
    if (ok) return;
    let live = true;
    // A transition: what mounts now renders in slices, leaving the main thread free in between.
    void whenContentReady().then(() => live && startTransition(() => setOk(true)));
    return () => {
      live = false;
    };
  }, [ok]);
  return [ok, releaseNow];
}

/** The user reached for something that waits: no reason to hold it any longer. */
function releaseNow() {
  release();
}
