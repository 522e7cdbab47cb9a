import { createOpenStore } from '#web/hooks/open-store.ts';

/** Whether the Request Private Access dialog is open: one dialog serves the header, the menu and the landing page. */
const store = createOpenStore();

export const setRequestAccessOpen = store.setOpen;
export const openRequestAccess = store.open;
export const useRequestAccessOpen = store.useOpen;
