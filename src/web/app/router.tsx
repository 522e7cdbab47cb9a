import { Suspense, useMemo, type ReactNode } from 'react';
import { matchRoute, Redirect, useLocation, useRouter } from 'wouter';
import { PublicLayout } from '#web/features/marketing/public-layout.tsx';
import { NotFoundPage } from '#web/features/not-found/not-found-page.tsx';
import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { routes, type AppRoute, type LayoutKind } from './routes.tsx';

function Layout({ kind, children }: { kind: LayoutKind; children: ReactNode }) {
  switch (kind) {
    case 'public':
      return <PublicLayout>{children}</PublicLayout>;
    case 'bare':
      return <>{children}</>;
  }
}

export function useMatchedRoute(): { route: AppRoute | null; params: Record<string, string | undefined> } {
  const [location] = useLocation();
  const { parser } = useRouter();
  return useMemo(() => {
    for (const route of routes) {
      const [ok, params] = matchRoute(parser, route.path, location);
      if (ok) return { route, params: (params ?? {}) as Record<string, string | undefined> };
    }
    return { route: null, params: {} };
  }, [location, parser]);
}

/** Renders the matched page inside its layout; the layout stays mounted while its pages change. */
export function AppRouter() {
  const { route, params } = useMatchedRoute();
  if (route?.redirectTo) return <Redirect to={route.redirectTo} replace />;
  const kind = route?.layout ?? 'public';
  const Page = route?.component;
  return (
    <Layout key={kind} kind={kind}>
      <Suspense fallback={<PageSpinner />}>{Page ? <Page params={params} /> : <NotFoundPage />}</Suspense>
    </Layout>
  );
}
