import { ShieldCheck } from 'lucide-react';
import { featureOfPage, featureOpen } from '#common/feature-switches.ts';
import type { CurrentUser } from '#web/features/auth/api/get-current-user.ts';
import { useNav } from './nav-context.tsx';
import { ACCOUNT_LINKS, MEMBER_LINKS, MORE_MEMBER_LINKS, type NavItem } from './nav-items.ts';

/** Whether a member page belongs to no feature, or to one switched on for this user. */
export function pageOpen(user: CurrentUser, href: string) {
  const feature = featureOfPage(href);
  return !feature || featureOpen(user, feature);
}

/**
 * The member bar's centre links, the further member areas (phone menu) and the account links whose
 * pages exist and whose feature is switched on.
 */
export function useMemberLinks(user: CurrentUser) {
  const { hasRoute, adminHome } = useNav();
  const centre = MEMBER_LINKS.filter((l) => hasRoute(l.href) && pageOpen(user, l.href));
  const more = MORE_MEMBER_LINKS.filter((l) => hasRoute(l.href) && pageOpen(user, l.href));
  const account: NavItem[] = ACCOUNT_LINKS.filter((l) => hasRoute(l.href));
  if (user.isAdmin) account.push({ href: adminHome, label: 'Admin', icon: ShieldCheck });
  return { centre, more, account };
}
