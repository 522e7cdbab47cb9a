import { createContext, useContext, type ReactNode } from 'react';

/**
 * What the route table holds, for menus and links: only pages that exist are listed.
 * The app provides it from its route table; features read it.
 */
export interface NavInfo {
  /** A path the route table answers (a page or a redirect). */
  hasRoute: (path: string) => boolean;
  /** A path the route table renders as a page (not a redirect). */
  hasPage: (path: string) => boolean;
  /** Where "Admin" and "Return to admin" go: /admin once it exists. */
  adminHome: string;
}

const NavContext = createContext<NavInfo>({
  hasRoute: () => false,
  hasPage: () => false,
  adminHome: '/admin',
});

export function NavProvider({ value, children }: { value: NavInfo; children: ReactNode }) {
  return <NavContext.Provider value={value}>{children}</NavContext.Provider>;
}

export function useNav(): NavInfo {
  return useContext(NavContext);
}
