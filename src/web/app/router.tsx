import { lazy, Suspense, useEffect, useMemo, type ReactNode } from 'react';
import { parse as parsePattern } from 'regexparam';
import { matchRoute, Redirect, useLocation, useRouter, type Parser } from 'wouter';
import { PublicLayout } from '#web/features/marketing/public-layout.tsx';
import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { hasAuthStateCookie } from '#web/features/auth/auth-cookie.ts';
import { PublicAuthActions } from '#web/features/auth/public-auth-actions.tsx';
import { GetAccessButton } from '#web/features/access-requests/get-access-button.tsx';
import { NavProvider, type NavInfo } from '#web/features/shell/nav-context.tsx';
import { markContentReady } from '#web/lib/content-ready.ts';
import { AfterFirstPaint } from '#web/components/after-first-paint.tsx';
import { preloadable } from '#web/lib/preloadable.tsx';
import { ADMIN_HOME, hasPage, hasRoute, preloadPage, routes, type AppRoute, type LayoutKind } from './routes.tsx';

// The signed-in shells load with their first page, so a visitor's download carries none of
// them (nor the phone formatting the member bar uses).
const FocusedLayout = preloadable(() => import('#web/features/shell/focused-layout.tsx').then((m) => ({ default: m.FocusedLayout })));
const MemberLayout = preloadable(() => import('#web/features/shell/member-layout.tsx').then((m) => ({ default: m.MemberLayout })));
const AdminLayout = preloadable(() => import('#web/features/shell/admin-layout.tsx').then((m) => ({ default: m.AdminLayout })));
const OnboardingBanner = lazy(() => import('#web/features/onboarding/onboarding-banner.tsx').then((m) => ({ default: m.OnboardingBanner })));
// Over the signed-in shells: asks for new Terms of Use when a version awaits acceptance.
const TermsGate = lazy(() => import('#web/features/legal/terms-gate.tsx'));
const ManagerLayout = preloadable(() => import('#web/features/shell/manager-layout.tsx').then((m) => ({ default: m.ManagerLayout })));

const layoutPreloads: Partial<Record<LayoutKind, () => Promise<unknown>>> = {
  member: MemberLayout.preload,
  admin: AdminLayout.preload,
  manager: ManagerLayout.preload,
  focused: FocusedLayout.preload,
};

// A visitor rarely meets it, so its code is not in the first download.
const NotFoundPage = lazy(() => import('#web/features/not-found/not-found-page.tsx').then((m) => ({ default: m.NotFoundPage })));

const nav: NavInfo = { hasRoute, hasPage, adminHome: ADMIN_HOME };

function Layout({ kind, children }: { kind: LayoutKind; children: ReactNode }) {
  switch (kind) {
    case 'public':
      return (
        <PublicLayout
          actions={
            <>
              <PublicAuthActions />
              <GetAccessButton />
            </>
          }
          mobileActions={
            <>
              <PublicAuthActions mobile />
              <GetAccessButton mobile />
            </>
          }
        >
          {children}
        </PublicLayout>
      );
    case 'member':
      return (
        <MemberLayout
          banner={(user) => (
            // The banner's code (zod, the phone library) loads once the page is on screen.
            <AfterFirstPaint>
              <OnboardingBanner userId={user.id} />
            </AfterFirstPaint>
          )}
          notFound={
            <Suspense fallback={null}>
              <NotFoundPage home="dashboard" />
            </Suspense>
          }
        >
          {children}
        </MemberLayout>
      );
    case 'admin':
      return <AdminLayout>{children}</AdminLayout>;
    case 'manager':
      return <ManagerLayout>{children}</ManagerLayout>;
    case 'focused':
      return <FocusedLayout>{children}</FocusedLayout>;
    case 'bare':
      return <>{children}</>;
  }
}

/** Rendered beside the page once its chunk has loaded: releases what waits for the content. */
function PageRendered() {
  useEffect(markContentReady, []);
  return null;
}

function routeAt(parser: Parser, location: string) {
  for (const route of routes) {
    const [ok, params] = matchRoute(parser, route.path, location);
    if (ok) return { route, params: (params ?? {}) as Record<string, string | undefined> };
  }
  return { route: null, params: {} };
}

export function useMatchedRoute(): { route: AppRoute | null; params: Record<string, string | undefined> } {
  const [location] = useLocation();
  const { parser } = useRouter();
  return useMemo(() => routeAt(parser, location), [location, parser]);
}

/** The layout a route renders in: a page open to both sides takes the member shell when signed in. */
function layoutOf(route: AppRoute | null): LayoutKind {
  const declared = route?.layout === 'public-or-member' ? undefined : route?.layout;
  return declared ?? (hasAuthStateCookie() ? 'member' : 'public');
}

/**
 * Loads the layout and page chunks of the address the app opens on (the HTML's modulepreload
 * links have them downloading already). Rendering after this settles paints the page itself
 * first, rather than a spinner that React would then keep up to 300 ms longer. Never rejects: a
 * chunk that fails here fails again, visibly, when the page renders it.
 */
export function loadFirstRoute(pathname: string = window.location.pathname): Promise<unknown> {
  const { route } = routeAt(parsePattern, pathname);
  if (!route || route.redirectTo) return Promise.resolve();
  return Promise.allSettled([layoutPreloads[layoutOf(route)]?.(), preloadPage(route)]);
}

/** Renders the matched page inside its layout; the layout stays mounted while its pages change. */
export function AppRouter() {
  const { route, params } = useMatchedRoute();
  // The page's chunk downloads beside the layout's and the session check, not after them (the
  // signed-in layouts render their page only once /api/auth/me has answered).
  useEffect(() => {
    if (route && !route.redirectTo) void preloadPage(route);
  }, [route]);
  if (route?.redirectTo) return <Redirect to={route.redirectTo} replace />;
  // A signed-in member who opens an unknown path stays in the member shell.
  const kind = layoutOf(route);
  const Page = route?.component;
  const fallback = kind === 'public' || kind === 'bare' || kind === 'focused' ? <PageSpinner /> : <PageSpinner label="Loading page" />;
  return (
    <NavProvider value={nav}>
      <Suspense fallback={fallback}>
        <Layout key={kind} kind={kind}>
          <Suspense fallback={fallback}>
            {Page ? <Page params={params} /> : <NotFoundPage home={kind === 'member' ? 'dashboard' : 'home'} />}
            <PageRendered />
          </Suspense>
        </Layout>
      </Suspense>
      {(kind === 'member' || kind === 'admin' || kind === 'manager') && (
        // Opens over the page once the page is on screen.
        <AfterFirstPaint>
          <TermsGate />
        </AfterFirstPaint>
      )}
    </NavProvider>
  );
}
