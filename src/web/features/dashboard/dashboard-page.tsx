import type { ReactNode } from 'react';
import { Link } from 'wouter';
import {
  ArrowRight,
  BadgeCheck,
  Briefcase,
  CheckCircle2,
  Circle,
  Gauge,
  Landmark,
  Layers,
  Settings,
  ShieldCheck,
  Telescope,
  TrendingUp,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { formatDate } from '#web/lib/dates.ts';
import { LoadError } from '#web/components/load-error.tsx';
import { useProfile } from '#web/features/auth/api/get-profile.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Progress } from '#web/components/ui/progress.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useCurrentUser, type CurrentUser } from '#web/features/auth/api/get-current-user.ts';
import { greeting, isFirstSignIn } from '#web/features/auth/session.ts';
import { usePhoneDisplay } from '#web/features/phone/use-phone-display.ts';
import { pageOpen } from '#web/features/shell/member-links.ts';
import { useNav } from '#web/features/shell/nav-context.tsx';
import { PageHeader } from '#web/features/shell/page-header.tsx';
import { cn } from '#web/lib/utils.ts';
import { profileCompleteness } from './profile-completeness.ts';

interface Section {
  href: string;
  title: string;
  description: string;
  icon: LucideIcon;
  show?: (u: CurrentUser) => boolean;
}

/** Member sections, listed once their page exists. */
const SECTIONS: Section[] = [
  { href: '/secure', title: 'Private MarketPlace', description: 'Graded cards offered to members only.', icon: Gauge },
  { href: '/registry', title: 'Registry', description: 'Your cards, their grades and estimated value.', icon: Layers },
  { href: '/lend', title: 'Lend', description: 'Borrow against cards held in the vault.', icon: Landmark },
  { href: '/WonderShyneIndex', title: 'Market Index', description: 'How graded cards are trading.', icon: TrendingUp },
  { href: '/funds', title: 'Funds', description: 'Managed portfolios of graded cards and your positions.', icon: Wallet },
  { href: '/source', title: 'Source', description: 'Ask the team to find a card, or offer one you hold for a hunt.', icon: Telescope },
  { href: '/subscribe', title: 'Membership', description: 'Plans, what they include and your current one.', icon: BadgeCheck },
  { href: '/settings', title: 'Settings', description: 'Your name, email and message preferences.', icon: Settings },
  {
    href: '/manager',
    title: 'Portfolio Manager',
    description: 'Your clients and their onboarding.',
    icon: Briefcase,
    show: (u) => u.isAdmin || u.isManager,
  },
];

export function roleLabel(user: Pick<CurrentUser, 'isAdmin' | 'isManager'>): string {
  if (user.isAdmin && user.isManager) return 'Admin · Manager';
  if (user.isAdmin) return 'Admin';
  if (user.isManager) return 'Portfolio manager';
  return 'Member';
}

function firstName(name: string | null | undefined) {
  return name?.trim().split(/\s+/)[0] ?? '';
}

// The three items the meter counts; shown with neutral marks while the profile loads, so the card
// keeps its height and nothing below it moves when the answer arrives.
const PENDING_ITEMS = profileCompleteness({ name: null, email: null, smsOptIn: false }).items;

function ProfileCard() {
  const profile = useProfile();
  if (profile.isError) {
    return (
      <LoadError title="We couldn't load your profile" onRetry={() => void profile.refetch()} retrying={profile.isFetching} className="max-w-none" />
    );
  }
  const pending = profile.isPending;
  const { items, percent } = pending ? { items: PENDING_ITEMS, percent: 0 } : profileCompleteness(profile.data);
  return (
    <Card aria-busy={pending || undefined}>
      <CardHeader>
        <div className="flex items-baseline justify-between gap-3">
          <CardTitle>Profile</CardTitle>
          {pending ? (
            <span className="sr-only" role="status">
              Loading your profile
            </span>
          ) : (
            <span className="tabular text-sm font-medium" id="profile-percent">
              {percent}% complete
            </span>
          )}
        </div>
        <CardDescription>A complete profile helps the team reach you about your cards.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {pending ? <Skeleton className="h-2 w-full" /> : <Progress value={percent} aria-labelledby="profile-percent" />}
        <ul className="grid gap-2.5 text-sm">
          {items.map((item) => (
            <li key={item.key} className="flex items-center gap-2.5">
              {pending ? (
                <Skeleton className="size-4 rounded-full" />
              ) : item.done ? (
                <CheckCircle2 className="size-4 text-success" aria-hidden="true" />
              ) : (
                <Circle className="size-4 text-zinc-400" aria-hidden="true" />
              )}
              <span className={cn((pending || !item.done) && 'text-muted-foreground')}>{item.label}</span>
              {!pending && <span className="sr-only">{item.done ? '(done)' : '(not yet)'}</span>}
            </li>
          ))}
        </ul>
        {pending ? (
          <Skeleton className="h-10 w-full sm:w-48" />
        ) : (
          <Button asChild variant={percent === 100 ? 'outline' : 'default'} className="w-full sm:w-fit">
            <Link href="/settings">
              {percent === 100 ? 'Review settings' : 'Complete your profile'}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

function AccountCard({ user }: { user: CurrentUser }) {
  const phone = usePhoneDisplay(user.phone);
  const profile = useProfile();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Account</CardTitle>
        <CardDescription>Your membership at a glance.</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 text-sm">
          <div className="flex items-center justify-between gap-4">
            <dt className="text-muted-foreground">Status</dt>
            <dd>
              <Badge variant="success">Active</Badge>
            </dd>
          </div>
          <div className="flex items-center justify-between gap-4">
            <dt className="text-muted-foreground">Role</dt>
            <dd className="font-medium">{roleLabel(user)}</dd>
          </div>
          <div className="flex items-center justify-between gap-4">
            <dt className="text-muted-foreground">Member since</dt>
            <dd className="tabular font-medium">
              {profile.data ? formatDate(profile.data.createdAt) : profile.isPending ? <Skeleton className="h-4 w-24" /> : '—'}
            </dd>
          </div>
          <div className="flex items-center justify-between gap-4">
            <dt className="text-muted-foreground">Phone</dt>
            <dd className="tabular font-medium">{phone}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}

/** `invoices`, `funds` and `watching`: the member's invoice list, fund positions and alerts, composed in by the app (features do not import each other). */
export default function DashboardPage({ invoices, funds, watching }: { invoices?: ReactNode; funds?: ReactNode; watching?: ReactNode }) {
  const { data: user } = useCurrentUser();
  const { hasPage, adminHome } = useNav();
  if (!user) return null;
  const sections = SECTIONS.filter((s) => hasPage(s.href) && pageOpen(user, s.href) && (!s.show || s.show(user)));
  if (user.isAdmin) {
    sections.push({ href: adminHome, title: 'Admin', description: 'Members, access and roles.', icon: ShieldCheck });
  }
  const name = firstName(user.name);
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 sm:px-6 sm:py-12">
      <PageHeader
        eyebrow="Dashboard"
        title={greeting(name, isFirstSignIn(user.id))}
        description="Your private account: membership, profile and the parts of the platform open to you."
      />
      <div className="grid gap-6 md:grid-cols-2">
        <AccountCard user={user} />
        <ProfileCard />
      </div>
      {funds}
      {watching}
      {invoices}
      <section aria-labelledby="sections-heading" className="grid gap-4">
        <h2 id="sections-heading" className="text-sm font-medium uppercase tracking-[0.14em] text-muted-foreground">
          Go to
        </h2>
        {sections.length === 0 ? (
          <p className="text-sm text-muted-foreground">More of the platform opens here as it becomes available.</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {sections.map((s) => (
              <li key={s.href}>
                <Link
                  href={s.href}
                  className="group flex h-full items-start gap-4 rounded-xl border bg-card p-5 shadow-xs transition-colors hover:border-zinc-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                >
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-zinc-100 text-crimson">
                    <s.icon className="size-5" aria-hidden="true" />
                  </span>
                  <span className="min-w-0">
                    <span className="flex items-center gap-1.5 font-medium">
                      {s.title}
                      <ArrowRight className="size-4 opacity-0 transition-opacity group-hover:opacity-100" aria-hidden="true" />
                    </span>
                    <span className="mt-1 block text-sm text-muted-foreground">{s.description}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
