/**
 * The client's route list (spec §2), shared so the server answers 404 for any other path and
 * the web route table cannot drift from it (routes.tsx needs a page for every entry).
 */
/** `focused`: a task page with only the logo bar (no marketing header, footer or member menus). */
export type LayoutKind = 'public' | 'bare' | 'focused' | 'member' | 'admin' | 'manager';

export interface ClientRoute {
  path: string;
  layout: LayoutKind;
  /** Redirect instead of rendering (spec: /admin/bulk-psa-lookup → /admin/psa-lookup). */
  redirectTo?: string;
}

export const clientRoutes = [
  // Public
  { path: '/', layout: 'public' },
  { path: '/terms', layout: 'public' },
  { path: '/privacy', layout: 'public' },
  { path: '/cookies', layout: 'public' },
  // The invitation link lands here signed out; the page asks for sign-in, then walks the steps.
  { path: '/onboarding', layout: 'focused' },

  // Member (signed-in shell)
  { path: '/dashboard', layout: 'member' },
  { path: '/settings', layout: 'member' },
  // The Private MarketPlace is not built yet; its link lands on the dashboard meanwhile.
  { path: '/secure', layout: 'member', redirectTo: '/dashboard' },

  // Admin
  { path: '/admin', layout: 'admin' },
  { path: '/admin/user-access', layout: 'admin' },
  { path: '/admin/access-requests', layout: 'admin' },
  { path: '/admin/sms-convos', layout: 'admin' },
  { path: '/admin/kyc-verification', layout: 'admin' },
  { path: '/admin/settings', layout: 'admin' },

  // Manager
  { path: '/manager', layout: 'manager' },
  { path: '/manager/clients/:id', layout: 'manager' },
] as const satisfies readonly ClientRoute[];

export type ClientPath = (typeof clientRoutes)[number]['path'];

const matchers = clientRoutes.map((r) => {
  const pattern = r.path
    .split('/')
    .map((seg) => (seg.startsWith(':') ? '[^/]+' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${pattern}$`);
});

/** Whether a URL path (no query) is one the client renders a page or redirect for. */
export function isClientRoute(path: string): boolean {
  return matchers.some((m) => m.test(path));
}
