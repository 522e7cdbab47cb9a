import { lazy, type ComponentType, type ReactNode } from 'react';

/**
 * The route table of spec §2, in one place, grouped by layout. A feature that has not been
 * built is simply absent: its path reaches the not-found page, and menus driven by this table
 * (the member bar, the admin and manager sidebars) do not list it.
 */
export type LayoutKind = 'public' | 'bare' | 'member' | 'admin' | 'manager';

export interface AppRoute {
  path: string;
  layout: LayoutKind;
  component: ComponentType<{ params: Record<string, string | undefined> }>;
  /** Redirect instead of rendering (spec: /admin/bulk-psa-lookup → /admin/psa-lookup). */
  redirectTo?: string;
}

/** A lazily loaded page; any function component whose props the route can supply. */
type PageModule = { default: (props: never) => ReactNode };
const page = (load: () => Promise<PageModule>) =>
  lazy(load as unknown as () => Promise<{ default: AppRoute['component'] }>);

const None: AppRoute['component'] = () => null;
const redirect = (path: string, to: string, layout: LayoutKind): AppRoute => ({
  path,
  layout,
  component: None,
  redirectTo: to,
});

const LandingPage = page(() => import('#web/features/marketing/landing-route.tsx'));
const TermsPage = page(() => import('#web/features/legal/legal-routes.tsx').then((m) => ({ default: m.TermsRoute })));
const PrivacyPage = page(() => import('#web/features/legal/legal-routes.tsx').then((m) => ({ default: m.PrivacyRoute })));
const CookiesPage = page(() => import('#web/features/legal/legal-routes.tsx').then((m) => ({ default: m.CookiesRoute })));

const DashboardPage = page(() => import('#web/features/dashboard/dashboard-page.tsx'));
const SettingsPage = page(() => import('#web/features/settings/settings-page.tsx'));
const UserAccessPage = page(() => import('#web/features/admin-users/user-access-page.tsx'));
const AdminDashboardPage = page(() => import('#web/features/admin-dashboard/admin-dashboard-page.tsx'));
const AccessRequestsPage = page(() => import('#web/features/access-requests/access-requests-page.tsx'));
const SmsConvosPage = page(() => import('#web/features/sms-convos/sms-convos-page.tsx'));
const OnboardingPage = page(() => import('#web/features/onboarding/onboarding-page.tsx'));
const ManagerPage = page(() => import('#web/features/manager/manager-page.tsx'));
const ClientDetailPage = page(() => import('#web/features/manager/client-detail-page.tsx'));
const AdminKycPage = page(() => import('#web/features/kyc/admin-kyc-page.tsx'));

export const routes: AppRoute[] = [
  // Public
  { path: '/', layout: 'public', component: LandingPage },
  { path: '/terms', layout: 'public', component: TermsPage },
  { path: '/privacy', layout: 'public', component: PrivacyPage },
  { path: '/cookies', layout: 'public', component: CookiesPage },
  // The invitation link lands here signed out; the page asks for sign-in, then walks the steps.
  { path: '/onboarding', layout: 'public', component: OnboardingPage },

  // Member (signed-in shell)
  { path: '/dashboard', layout: 'member', component: DashboardPage },
  { path: '/settings', layout: 'member', component: SettingsPage },
  // The Private MarketPlace is not built yet; its link lands on the dashboard meanwhile.
  redirect('/secure', '/dashboard', 'member'),

  // Admin
  { path: '/admin', layout: 'admin', component: AdminDashboardPage },
  { path: '/admin/user-access', layout: 'admin', component: UserAccessPage },
  { path: '/admin/access-requests', layout: 'admin', component: AccessRequestsPage },
  { path: '/admin/sms-convos', layout: 'admin', component: SmsConvosPage },
  { path: '/admin/kyc-verification', layout: 'admin', component: AdminKycPage },

  // Manager
  { path: '/manager', layout: 'manager', component: ManagerPage },
  { path: '/manager/clients/:id', layout: 'manager', component: ClientDetailPage },
];

const routePaths = new Set(routes.map((r) => r.path));
const pagePaths = new Set(routes.filter((r) => !r.redirectTo).map((r) => r.path));

export const hasRoute = (path: string) => routePaths.has(path);
export const hasPage = (path: string) => pagePaths.has(path);

/**
 * Where "Admin" and "Return to admin" lead: the admin dashboard (/admin) once it is registered,
 * until then the first admin page that exists.
 */
export const ADMIN_HOME = hasPage('/admin') ? '/admin' : '/admin/user-access';
