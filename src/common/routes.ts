/**
 * The client's route list (spec §2), shared so the server answers 404 for any other path and
 * the web route table cannot drift from it (routes.tsx needs a page for every entry).
 */
/** `focused`: a task page with only the logo bar (no marketing header, footer or member menus). */
/** `public-or-member`: the member shell when signed in, the public one for visitors (the index pages). */
export type LayoutKind = 'public' | 'bare' | 'focused' | 'member' | 'admin' | 'manager' | 'public-or-member';

export interface ClientRoute {
  path: string;
  layout: LayoutKind;
  /** Redirects instead of rendering; the web route table names the target. */
  redirect?: true;
}

export const clientRoutes = [
  // Public
  { path: '/', layout: 'public' },
  { path: '/terms', layout: 'public' },
  { path: '/privacy', layout: 'public' },
  { path: '/cookies', layout: 'public' },
  { path: '/wsi', layout: 'public-or-member' },
  { path: '/WonderShyneIndex', layout: 'public-or-member' },
  { path: '/WonderShyneIndex/:id', layout: 'public-or-member' },
  // The public certificate check: anyone may ask whether we hold a slab.
  { path: '/verify', layout: 'public-or-member' },
  // The invitation link lands here signed out; the page asks for sign-in, then walks the steps.
  { path: '/onboarding', layout: 'focused' },
  // A shared card link: its own standalone page, signed in or not.
  { path: '/shared/:token', layout: 'bare' },

  // Member (signed-in shell)
  { path: '/dashboard', layout: 'member' },
  { path: '/settings', layout: 'member' },
  { path: '/secure', layout: 'member' },
  { path: '/secure/:id', layout: 'member' },
  { path: '/sales', layout: 'member' },
  { path: '/registry', layout: 'member' },
  // Before /registry/:id, which would otherwise take "psa-lookup" for a card id.
  { path: '/registry/psa-lookup', layout: 'member' },
  // Certificate claims (decision 130), also before /registry/:id.
  { path: '/registry/claims', layout: 'member' },
  { path: '/registry/claims/new', layout: 'member' },
  { path: '/registry/:id', layout: 'member' },
  { path: '/share/:id', layout: 'member' },
  { path: '/source', layout: 'member' },
  { path: '/source/post', layout: 'member' },
  { path: '/checkout', layout: 'member' },
  { path: '/subscribe', layout: 'member' },
  { path: '/payment-success', layout: 'member' },
  { path: '/subscription-success', layout: 'member' },
  { path: '/payment-test', layout: 'member' },
  { path: '/lend', layout: 'member' },
  { path: '/funds', layout: 'member' },
  { path: '/funds/:id', layout: 'member' },
  { path: '/funds/:fundId/card/:cardId', layout: 'member' },

  // Admin
  { path: '/admin', layout: 'admin' },
  { path: '/admin/user-access', layout: 'admin' },
  { path: '/admin/access-requests', layout: 'admin' },
  { path: '/admin/sms-convos', layout: 'admin' },
  { path: '/admin/index', layout: 'admin' },
  { path: '/admin/cards', layout: 'admin' },
  { path: '/admin/psa-lookup', layout: 'admin' },
  { path: '/admin/cert-claims', layout: 'admin' },
  { path: '/admin/bulk-psa-lookup', layout: 'admin', redirect: true },
  { path: '/admin/kyc-verification', layout: 'admin' },
  { path: '/admin/sources', layout: 'admin' },
  { path: '/admin/source-analytics', layout: 'admin' },
  { path: '/admin/settings', layout: 'admin' },
  { path: '/admin/share-analytics', layout: 'admin' },
  { path: '/share-analytics', layout: 'admin' },
  { path: '/admin/invoices', layout: 'admin' },
  { path: '/admin/edit-invoice/:id', layout: 'admin' },
  { path: '/admin/fee-templates', layout: 'admin' },
  { path: '/admin/loans', layout: 'admin' },
  { path: '/admin/funds', layout: 'admin' },
  { path: '/admin/funds/:id/manage', layout: 'admin' },
  { path: '/admin/requests', layout: 'admin' },
  { path: '/admin/promotion-requests', layout: 'admin' },
  { path: '/admin/sales', layout: 'admin' },
  { path: '/admin/secure-analytics', layout: 'admin' },
  { path: '/admin/legal-pages', layout: 'admin' },
  { path: '/admin/audit', layout: 'admin' },
  { path: '/admin/ledger', layout: 'admin' },
  { path: '/admin/vault', layout: 'admin' },

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

/** The route entry a URL path (no query) renders, if any. */
export function matchClientRoute(path: string): ClientRoute | undefined {
  const i = matchers.findIndex((m) => m.test(path));
  return i < 0 ? undefined : clientRoutes[i];
}

/**
 * What the build writes to `.vite/route-preloads.json` (see scripts/vite-route-preloads.ts): the
 * files each layout and page needs beyond the entry, which the server lists as modulepreload links.
 */
export interface RoutePreloads {
  /** Layout kind → its chunk and that chunk's static imports. */
  layouts: Partial<Record<LayoutKind, string[]>>;
  /** Route pattern → its page chunk and static imports (a signed-in page's include the signed-in route table). */
  pages: Record<string, string[]>;
}
