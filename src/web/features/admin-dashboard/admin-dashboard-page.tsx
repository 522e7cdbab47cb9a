import { Link } from 'wouter';
import { StatusBadge } from '#web/components/status-badge.tsx';
import { ArrowRight, MessageSquare, RotateCw, UserPlus, Users, CalendarDays } from 'lucide-react';
import { formatDate } from '#common/format.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { formatPhoneForDisplay } from '#web/features/phone/phone-format.ts';
import { PageHeader } from '#web/features/shell/page-header.tsx';
import { useNav } from '#web/features/shell/nav-context.tsx';
import { ADMIN_SIDEBAR } from '#web/features/shell/nav-items.ts';
import { accessRequestStatuses } from '#web/components/access-request-status.ts';
import { useAdminDashboard } from './api/get-admin-dashboard.ts';
import { errorMessage } from '#web/lib/api.ts';
import { cn } from '#web/lib/utils.ts';

const ACCESS_REQUESTS_PATH = '/admin/access-requests';
const SMS_PATH = '/admin/sms-convos';

function Stat({
  label,
  value,
  hint,
  icon: Icon,
  href,
  accent,
}: {
  label: string;
  value: number | undefined;
  hint: string;
  icon: typeof Users;
  href?: string;
  accent?: boolean;
}) {
  const body = (
    <>
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">{label}</p>
        <Icon className={cn('size-4', accent ? 'text-crimson' : 'text-muted-foreground')} aria-hidden="true" />
      </div>
      {value === undefined ? (
        <Skeleton className="mt-3 h-9 w-16" />
      ) : (
        <p className={cn('tabular mt-2 text-3xl font-semibold tracking-tight', accent && value > 0 && 'text-crimson')}>
          {value.toLocaleString('en-US')}
        </p>
      )}
      <p className="mt-1 text-xs text-muted-foreground">{hint}</p>
    </>
  );
  const className = 'block rounded-xl border bg-card p-5 shadow-xs';
  return href ? (
    <Link href={href} className={cn(className, 'transition-colors hover:border-zinc-400 focus-visible:outline-2 focus-visible:outline-ring')}>
      {body}
    </Link>
  ) : (
    <div className={className}>{body}</div>
  );
}

export default function AdminDashboardPage() {
  const dashboard = useAdminDashboard();
  const { hasPage } = useNav();
  const data = dashboard.data;
  const counts = data?.counts;
  const pages = ADMIN_SIDEBAR.filter((item) => item.href !== '/admin' && hasPage(item.href));
  const link = (path: string) => (hasPage(path) ? path : undefined);

  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      <PageHeader eyebrow="Admin" title="Dashboard" description="Membership and messages at a glance." />

      {dashboard.isError && (
        <div role="alert" className="grid justify-items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-5 text-sm">
          <p className="font-medium text-red-900">We couldn't load the dashboard.</p>
          <p className="text-red-800">{errorMessage(dashboard.error, 'Please try again.')}</p>
          <Button variant="outline" size="sm" onClick={() => void dashboard.refetch()} disabled={dashboard.isFetching}>
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
        </div>
      )}

      <section aria-label="Counts" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Stat label="Members" value={counts?.members} hint="Active accounts" icon={Users} href={link('/admin/user-access')} />
        <Stat
          label="Pending requests"
          value={counts?.pendingAccessRequests}
          hint="Access requests waiting for review"
          icon={UserPlus}
          href={link(ACCESS_REQUESTS_PATH)}
          accent
        />
        <Stat label="Requests this week" value={counts?.requestsThisWeek} hint="Since Monday" icon={CalendarDays} />
        <Stat label="SMS sent today" value={counts?.smsSentToday} hint="Codes, approvals and messages" icon={MessageSquare} href={link(SMS_PATH)} />
      </section>

      <div className="grid gap-8 lg:grid-cols-[1.6fr_1fr]">
        <section aria-labelledby="recent-requests" className="grid content-start gap-4">
          <div className="flex items-center justify-between gap-3">
            <h2 id="recent-requests" className="font-display text-xl font-medium tracking-tight">
              Recent access requests
            </h2>
            {hasPage(ACCESS_REQUESTS_PATH) && (
              <Button asChild variant="ghost" size="sm">
                <Link href={ACCESS_REQUESTS_PATH}>
                  Review all
                  <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
            )}
          </div>
          <div className="overflow-hidden rounded-xl border bg-card">
            {!data ? (
              <div className="grid gap-px" aria-busy="true">
                {Array.from({ length: 4 }, (_, i) => (
                  <Skeleton key={i} className="h-14 rounded-none" />
                ))}
              </div>
            ) : data.recentAccessRequests.length === 0 ? (
              <p className="px-5 py-10 text-center text-sm text-muted-foreground">No access requests yet.</p>
            ) : (
              <ul className="divide-y">
                {data.recentAccessRequests.map((r) => (
                  <li key={r.id} className="flex items-center justify-between gap-4 px-5 py-3.5">
                    <div className="min-w-0">
                      <p className="tabular truncate text-sm font-medium">{formatPhoneForDisplay(r.phone)}</p>
                      <p className="truncate text-xs text-muted-foreground">
                        {[r.instagram && `@${r.instagram}`, r.referral].filter(Boolean).join(' · ') || '—'}
                      </p>
                    </div>
                    <div className="flex shrink-0 items-center gap-3">
                      <span className="tabular hidden text-xs text-muted-foreground sm:inline">{formatDate(r.createdAt)}</span>
                      <StatusBadge status={r.status} map={accessRequestStatuses} />
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </section>

        <section aria-labelledby="admin-pages" className="grid content-start gap-4">
          <h2 id="admin-pages" className="font-display text-xl font-medium tracking-tight">
            Admin pages
          </h2>
          <ul className="grid gap-2">
            {pages.map((item) => {
              const Icon = item.icon;
              return (
                <li key={item.href}>
                  <Link
                    href={item.href}
                    className="group flex items-center gap-3 rounded-lg border bg-card px-4 py-3 text-sm font-medium transition-colors hover:border-zinc-400 focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    {Icon && <Icon className="size-4 text-muted-foreground" aria-hidden="true" />}
                    <span className="flex-1">{item.label}</span>
                    <ArrowRight className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5" aria-hidden="true" />
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>
      </div>
    </div>
  );
}
