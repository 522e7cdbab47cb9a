import { useSyncExternalStore } from 'react';

export interface OpenStore {
  open: () => void;
  setOpen: (next: boolean) => void;
  useOpen: () => boolean;
}

/**
 * A module-level open/closed flag for a dialog that one host renders and anything (header,
 * mobile menu, a page) can open.
 */
export function createOpenStore(): OpenStore {
  let open = false;
  const listeners = new Set<() => void>();
  const setOpen = (next: boolean) => {
    if (open === next) return;
    open = next;
    for (const l of listeners) l();
  };
  const subscribe = (l: () => void) => {
    listeners.add(l);
    return () => void listeners.delete(l);
  };
  return {
    open: () => setOpen(true),
    setOpen,
    useOpen: () =>
      useSyncExternalStore(
        subscribe,
        () => open,
        () => false,
      ),
  };
}
