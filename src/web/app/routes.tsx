import type { ComponentType, ReactNode } from 'react';
import { preloadable } from '#web/lib/preloadable.tsx';
import type { SignedInPath } from './signed-in/routes.ts';
import { clientRoutes, type ClientPath, type ClientRoute, type LayoutKind } from '#common/routes.ts';

/**
 * The route table of spec §2: the shared path list (#common/routes.ts), each with its page. A
 * feature that has not been built is simply absent: its path reaches the not-found page, and menus driven by this table
 * (the member bar, the admin and manager sidebars) do not list it.
 */
export type { LayoutKind };

export interface AppRoute extends ClientRoute {
  redirectTo?: string;
  /** `preload` on a lazily loaded page: starts its chunk, after which it renders without suspending. */
  component: ComponentType<{ params: Record<string, string | undefined> }> & { preload?: () => Promise<unknown> };
}

/** A lazily loaded page; any function component whose props the route can supply. */
type PageModule = { default: (props: never) => ReactNode };
const page = (load: () => Promise<PageModule>) => preloadable(load as unknown as () => Promise<{ default: AppRoute['component'] }>);

/** Starts downloading a route's page chunk now; a page already here renders without suspending. */
export function preloadPage(route: AppRoute): Promise<unknown> {
  return route.component.preload?.().catch(() => {}) ?? Promise.resolve();
}

const None: AppRoute['component'] = () => null;

const LandingPage = page(() => import('./landing-route.tsx'));
const TermsPage = page(() => import('#web/features/legal/legal-routes.tsx').then((m) => ({ default: m.TermsRoute })));
const PrivacyPage = page(() => import('#web/features/legal/legal-routes.tsx').then((m) => ({ default: m.PrivacyRoute })));
const CookiesPage = page(() => import('#web/features/legal/legal-routes.tsx').then((m) => ({ default: m.CookiesRoute })));

const OnboardingPage = page(() => import('./onboarding-route.tsx'));
const IndexPage = page(() => import('#web/features/market-index/index-page.tsx'));
const ConstituentPage = page(() => import('./watch-routes.tsx').then((m) => ({ default: m.ConstituentRoute })));
const MethodPage = page(() => import('#web/features/market-index/method-page.tsx'));
const VerifyPage = page(() => import('#web/features/verify/verify-page.tsx'));
const SharedCardPage = page(() => import('./shared-card-route.tsx').then((m) => ({ default: m.SharedCardRoute })));

// Signed-in pages resolve through one small chunk, so a visitor's download does not carry a
// loader (and its chunk list) for every member and admin page.
const signedIn = (path: SignedInPath) =>
  page(() => import('./signed-in/routes.ts').then((m) => (m.signedInPages[path] as () => Promise<PageModule>)()));

type RedirectPath = Extract<(typeof clientRoutes)[number], { redirect: true }>['path'];

/** Old addresses the spec keeps working by sending them on. */
const redirects: Record<RedirectPath, string> = {
  '/admin/bulk-psa-lookup': '/admin/psa-lookup',
};
const redirectOf = (path: string): string | undefined => (Object.hasOwn(redirects, path) ? redirects[path as RedirectPath] : undefined);

// The public pages by path; every other path of the shared list (#common/routes.ts) is a signed-in
// page, loaded through signed-in/routes.ts (the check below refuses a path that has neither).
// Spelled once here rather than path by path, so the visitor's first download stays small.
const publicPages: Record<Exclude<ClientPath, RedirectPath | SignedInPath>, AppRoute['component']> = {
  '/': LandingPage,
  '/terms': TermsPage,
  '/privacy': PrivacyPage,
  '/cookies': CookiesPage,
  '/wsi': MethodPage,
  '/WonderShyneIndex': IndexPage,
  '/WonderShyneIndex/:id': ConstituentPage,
  '/verify': VerifyPage,
  '/onboarding': OnboardingPage,
  '/shared/:token': SharedCardPage,
};
const isPublic = (path: string): path is keyof typeof publicPages => Object.hasOwn(publicPages, path);
type Unserved = Exclude<ClientPath, RedirectPath | SignedInPath | keyof typeof publicPages>;
export const everyPathHasAPage: [Unserved] extends [never] ? true : Unserved = true;

export const routes: AppRoute[] = clientRoutes.map((r: ClientRoute) => ({
  ...r,
  redirectTo: redirectOf(r.path),
  component: r.redirect ? None : isPublic(r.path) ? publicPages[r.path] : signedIn(r.path as SignedInPath),
}));

const routePaths = new Set(routes.map((r) => r.path));
const pagePaths = new Set(routes.filter((r) => !r.redirectTo).map((r) => r.path));

export const hasRoute = (path: string) => routePaths.has(path);
export const hasPage = (path: string) => pagePaths.has(path);

/**
 * Where "Admin" and "Return to admin" lead: the admin dashboard (/admin) once it is registered,
 * until then the first admin page that exists.
 */
export const ADMIN_HOME = hasPage('/admin') ? '/admin' : '/admin/user-access';
