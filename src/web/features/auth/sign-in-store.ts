import { createOpenStore } from '#web/hooks/open-store.ts';

/** Whether the sign-in dialog is open. One dialog serves the header, the mobile menu and any page. */
const store = createOpenStore();

export const openSignIn = store.open;
export const setSignInOpen = store.setOpen;
export const useSignInOpen = store.useOpen;
