import { lazy, type ComponentType, type ReactNode } from 'react';
import { clientRoutes, type ClientPath, type ClientRoute, type LayoutKind } from '#common/routes.ts';

/**
 * The route table of spec §2: the shared path list (#common/routes.ts), each with its page. A
 * feature that has not been built is simply absent: its path reaches the not-found page, and menus driven by this table
 * (the member bar, the admin and manager sidebars) do not list it.
 */
export type { LayoutKind };

export interface AppRoute extends ClientRoute {
  component: ComponentType<{ params: Record<string, string | undefined> }>;
}

/** A lazily loaded page; any function component whose props the route can supply. */
type PageModule = { default: (props: never) => ReactNode };
const page = (load: () => Promise<PageModule>) =>
  lazy(load as unknown as () => Promise<{ default: AppRoute['component'] }>);

const None: AppRoute['component'] = () => null;

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
const AdminSettingsPage = page(() => import('#web/features/admin-settings/admin-settings-page.tsx'));

// A page for every path of the shared list (#common/routes.ts): the compiler refuses a missing one.
const pages: Record<Exclude<ClientPath, '/secure'>, AppRoute['component']> = {
  '/': LandingPage,
  '/terms': TermsPage,
  '/privacy': PrivacyPage,
  '/cookies': CookiesPage,
  '/onboarding': OnboardingPage,
  '/dashboard': DashboardPage,
  '/settings': SettingsPage,
  '/admin': AdminDashboardPage,
  '/admin/user-access': UserAccessPage,
  '/admin/access-requests': AccessRequestsPage,
  '/admin/sms-convos': SmsConvosPage,
  '/admin/kyc-verification': AdminKycPage,
  '/admin/settings': AdminSettingsPage,
  '/manager': ManagerPage,
  '/manager/clients/:id': ClientDetailPage,
};

export const routes: AppRoute[] = clientRoutes.map((r: ClientRoute) => ({
  ...r,
  component: r.redirectTo ? None : pages[r.path as keyof typeof pages],
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
