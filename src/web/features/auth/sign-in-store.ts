import { useSyncExternalStore } from 'react';

/** Whether the sign-in dialog is open. One dialog serves the header, the mobile menu and any page. */
let open = false;
const listeners = new Set<() => void>();

function set(next: boolean) {
  if (open === next) return;
  open = next;
  for (const l of listeners) l();
}

export const openSignIn = () => set(true);
export const setSignInOpen = (next: boolean) => set(next);

export function useSignInOpen(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => open,
    () => false,
  );
}
