import { ShieldCheck } from 'lucide-react';
import type { CurrentUser } from '#web/features/auth/api/get-current-user.ts';
import { useNav } from './nav-context.tsx';
import { ACCOUNT_LINKS, MEMBER_LINKS, type NavItem } from './nav-items.ts';

/** The member bar's centre links and account links whose pages exist. */
export function useMemberLinks(user: CurrentUser) {
  const { hasRoute, adminHome } = useNav();
  const centre = MEMBER_LINKS.filter((l) => hasRoute(l.href));
  const account: NavItem[] = ACCOUNT_LINKS.filter((l) => hasRoute(l.href));
  if (user.isAdmin) account.push({ href: adminHome, label: 'Admin', icon: ShieldCheck });
  return { centre, account };
}
