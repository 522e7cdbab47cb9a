import { useSyncExternalStore } from 'react';

/** Whether the Request Private Access dialog is open: one dialog serves the header, the menu and the landing page. */
let open = false;
const listeners = new Set<() => void>();

export function setRequestAccessOpen(next: boolean) {
  if (open === next) return;
  open = next;
  for (const l of listeners) l();
}

export const openRequestAccess = () => setRequestAccessOpen(true);

export function useRequestAccessOpen(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => open,
    () => false,
  );
}
