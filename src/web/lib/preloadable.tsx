import { lazy, type ComponentType } from 'react';

type Module<P> = { default: ComponentType<P> };

/**
 * `React.lazy` that does not suspend once its module is here. A lazy component suspends the first
 * time it renders even when its chunk was preloaded, and React 19 then holds the boundary's
 * content back for up to 300 ms after its fallback showed: a page whose chunk arrived beside its
 * layout would still paint late. `preload()` starts the download (once); once it has finished,
 * the component renders directly. (A suspended instance re-renders when the lazy retries, after
 * `loaded` is set, so it never commits as the lazy and then swaps type.)
 */
export function preloadable<P extends object>(load: () => Promise<Module<P>>) {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<Module<P>> | null = null;
  const preload = () =>
    (pending ??= load().then(
      (m) => {
        loaded = m.default;
        return m;
      },
      (err: unknown) => {
        pending = null; // a failed chunk may be retried by the next attempt
        throw err;
      },
    ));
  const Lazy = lazy(preload);
  function Preloadable(props: P) {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  }
  return Object.assign(Preloadable, { preload, isLoaded: () => loaded !== null });
}
