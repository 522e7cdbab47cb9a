import type { LucideIcon } from 'lucide-react';
import {
  Vault,
  BarChart3,
  Briefcase,
  FileText,
  Gauge,
  IdCard,
  History,
  Inbox,
  Landmark,
  LayoutDashboard,
  LineChart,
  Megaphone,
  MessageSquare,
  Receipt,
  Scale,
  ScanSearch,
  ShieldQuestion,
  Settings,
  Share2,
  Telescope,
  TrendingUp,
  UserCheck,
  UserPlus,
  Wallet,
  Layers,
  ScrollText,
  BookOpen,
} from 'lucide-react';

export interface NavItem {
  href: string;
  label: string;
  icon?: LucideIcon;
}

/** Centre links of the member bar (spec §2), in order. */
export const MEMBER_LINKS: NavItem[] = [
  { href: '/WonderShyneIndex', label: 'Market Index', icon: TrendingUp },
  { href: '/secure', label: 'Private MarketPlace', icon: Gauge },
  { href: '/lend', label: 'Lend', icon: Landmark },
  { href: '/registry', label: 'Registry', icon: Layers },
];

/**
 * Member areas the bar has no room for (desktop reaches them from the dashboard's tiles). The
 * phone menu lists them after the centre links, so every member area is a tap away there too.
 */
export const MORE_MEMBER_LINKS: NavItem[] = [
  { href: '/funds', label: 'Funds', icon: Wallet },
  { href: '/source', label: 'Source', icon: Telescope },
  { href: '/sales', label: 'Sales', icon: History },
];

/** The account menu's links (spec §2); Admin is added for admins. */
export const ACCOUNT_LINKS: NavItem[] = [
  { href: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { href: '/settings', label: 'Settings', icon: Settings },
];

/** The admin sidebar in the spec's order. Only the entries whose page exists are shown. */
export const ADMIN_SIDEBAR: NavItem[] = [
  { href: '/admin', label: 'Dashboard', icon: LayoutDashboard },
  { href: '/manager', label: 'Portfolio Manager', icon: Briefcase },
  { href: '/admin/user-access', label: 'User Access', icon: UserCheck },
  { href: '/admin/access-requests', label: 'Access Requests', icon: UserPlus },
  // Spec §2 routes /admin/kyc-verification but its sidebar list names no entry for it; without one
  // the review queue would be reachable only by URL.
  { href: '/admin/kyc-verification', label: 'KYC Verification', icon: IdCard },
  { href: '/admin/sms-convos', label: 'SMS Convos', icon: MessageSquare },
  { href: '/admin/cards', label: 'Cards', icon: Layers },
  { href: '/admin/psa-lookup', label: 'PSA Lookup', icon: ScanSearch },
  // Not in spec §2's list: the vault team's intake and outtake queues (issue 34).
  { href: '/admin/vault', label: 'Vault', icon: Vault },
  // Not in spec §2's list: certificate claims (decision 130) need a queue admins can reach.
  { href: '/admin/cert-claims', label: 'Certificate Claims', icon: ShieldQuestion },
  { href: '/admin/requests', label: 'Card Requests', icon: Inbox },
  { href: '/admin/promotion-requests', label: 'Promotion Requests', icon: Megaphone },
  { href: '/admin/sources', label: 'Source Requests', icon: Telescope },
  { href: '/admin/loans', label: 'Loan Applications', icon: Landmark },
  { href: '/admin/invoices', label: 'Invoices', icon: FileText },
  { href: '/admin/fee-templates', label: 'Fee Templates', icon: Receipt },
  { href: '/admin/sales', label: 'Sales History', icon: History },
  { href: '/admin/ledger', label: 'Ledger', icon: BookOpen },
  { href: '/admin/funds', label: 'Funds', icon: Wallet },
  { href: '/admin/share-analytics', label: 'Share Analytics', icon: Share2 },
  { href: '/admin/source-analytics', label: 'Source Analytics', icon: BarChart3 },
  { href: '/admin/secure-analytics', label: 'Secure Analytics', icon: LineChart },
  { href: '/admin/legal-pages', label: 'Legal Pages', icon: Scale },
  { href: '/admin/settings', label: 'Settings', icon: Settings },
  { href: '/admin/audit', label: 'Audit Log', icon: ScrollText },
  { href: '/admin/index', label: 'Market Index', icon: TrendingUp },
];

/** The manager sidebar (spec §2); Admin Dashboard is added for admins. */
export const MANAGER_SIDEBAR: NavItem[] = [{ href: '/manager', label: 'Portfolio Manager', icon: Briefcase }];

/** The market index page, whose member bar turns to the red-to-black gradient. */
export const INDEX_PATH = '/WonderShyneIndex';

/** Whether a link is the current page (or a page under it). */
export function isActivePath(location: string, href: string, exact = false): boolean {
  if (location === href) return true;
  return !exact && href !== '/' && location.startsWith(`${href}/`);
}
