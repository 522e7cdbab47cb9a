import { lazy, type ComponentType } from 'react';

/**
 * The route table of spec §2, in one place, grouped by layout. A feature that has not been
 * built is simply absent: its path reaches the not-found page.
 */
export type LayoutKind = 'public' | 'bare';

export interface AppRoute {
  path: string;
  layout: LayoutKind;
  component: ComponentType<{ params: Record<string, string | undefined> }>;
  /** Redirect instead of rendering (spec: /admin/bulk-psa-lookup → /admin/psa-lookup). */
  redirectTo?: string;
}

const page = <P extends object>(load: () => Promise<{ default: ComponentType<P> }>) =>
  lazy(load) as unknown as AppRoute['component'];

const LandingPage = page(() => import('#web/features/marketing/landing-route.tsx'));
const TermsPage = page(() => import('#web/features/legal/legal-routes.tsx').then((m) => ({ default: m.TermsRoute })));
const PrivacyPage = page(() => import('#web/features/legal/legal-routes.tsx').then((m) => ({ default: m.PrivacyRoute })));
const CookiesPage = page(() => import('#web/features/legal/legal-routes.tsx').then((m) => ({ default: m.CookiesRoute })));

export const routes: AppRoute[] = [
  // Public
  { path: '/', layout: 'public', component: LandingPage },
  { path: '/terms', layout: 'public', component: TermsPage },
  { path: '/privacy', layout: 'public', component: PrivacyPage },
  { path: '/cookies', layout: 'public', component: CookiesPage },
];
