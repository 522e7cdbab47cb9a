/**
 * A hook another module listens on (decisions 030, 135, 139): a lower module calls `run`, a higher
 * module's definition declares the listener and `buildApp` registers it. Registration is counted,
 * so apps built side by side in one process (tests, the two-server live test) run each listener
 * once and the last app to close removes it.
 */
export function createHook<K, H>() {
  const byKey = new Map<K, Map<H, number>>();
  return {
    on(key: K, handler: H): () => void {
      const handlers = byKey.get(key) ?? new Map<H, number>();
      handlers.set(handler, (handlers.get(handler) ?? 0) + 1);
      byKey.set(key, handlers);
      let registered = true;
      return () => {
        if (!registered) return;
        registered = false;
        const n = (handlers.get(handler) ?? 1) - 1;
        if (n > 0) handlers.set(handler, n);
        else handlers.delete(handler);
      };
    },
    handlers(key: K): H[] {
      return [...(byKey.get(key)?.keys() ?? [])];
    },
  };
}

/** What a module definition lists: each registers one listener and returns how to remove it. */
export type Listener = () => () => void;
