import { Link } from 'wouter';
import { ChevronRight } from 'lucide-react';
import { formatDate } from '#web/lib/dates.ts';
import type { ManagerClient } from '#common/onboarding.ts';
import type { Column } from '#web/components/responsive-table.tsx';
import { StatusBadge } from '#web/components/status-badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Progress } from '#web/components/ui/progress.tsx';
import { formatPhoneForDisplay } from '#web/features/phone/phone-format.ts';
import { ResendInviteButton } from './resend-invite-button.tsx';
import { consentStyles, onboardingStatusStyles } from './status-badge.tsx';

function ProgressCell({ client }: { client: ManagerClient }) {
  return (
    <div className="flex items-center gap-3">
      <Progress value={client.progress} className="h-1.5 w-20" aria-label={`${client.progress}% complete`} />
      <span className="tabular text-xs text-muted-foreground">{client.progress}%</span>
    </div>
  );
}

/**
 * The client list's columns; admins also see each client's manager. `isAdmin`: an admin opens
 * every client; a manager only a client who accepted them (decision 127), the others show
 * "Invitation pending", "Invitation declined" or "Removed by client" and no details.
 */
export function clientColumns(showManager: boolean, isAdmin = showManager): Column<ManagerClient>[] {
  const canOpen = (c: ManagerClient) => isAdmin || c.consent === 'accepted';
  const columns: Column<ManagerClient>[] = [
    {
      id: 'client',
      header: 'Client',
      card: 'primary',
      cell: (c) => (
        <>
          {canOpen(c) ? (
            <Link href={`/manager/clients/${c.id}`} className="font-medium underline-offset-4 hover:underline">
              {c.name ?? 'Unnamed client'}
            </Link>
          ) : (
            <span className="font-medium">{c.name ?? 'Unnamed client'}</span>
          )}
          <p className="tabular text-xs text-muted-foreground">{formatPhoneForDisplay(c.phone)}</p>
        </>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      card: 'aside',
      cell: (c) =>
        c.consent === 'accepted' ? (
          <StatusBadge status={c.status} map={onboardingStatusStyles} />
        ) : (
          <div className="flex flex-wrap gap-1.5">
            <StatusBadge status={c.consent} map={consentStyles} />
            {isAdmin && c.consent !== 'pending' && <StatusBadge status={c.status} map={onboardingStatusStyles} />}
          </div>
        ),
    },
    {
      id: 'progress',
      header: 'Progress',
      card: 'footer',
      cell: (c) =>
        canOpen(c) ? (
          <ProgressCell client={c} />
        ) : (
          <span className="text-xs text-muted-foreground">{c.consent === 'pending' ? 'Waiting for their answer' : 'Not shared'}</span>
        ),
    },
  ];
  if (showManager) {
    columns.push({ id: 'manager', header: 'Manager', className: 'text-sm', cell: (c) => c.manager?.name ?? c.manager?.phone ?? '—' });
  }
  columns.push(
    { id: 'activity', header: 'Last activity', className: 'tabular text-sm text-muted-foreground', cell: (c) => formatDate(c.lastActivityAt) },
    {
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      headerClassName: 'text-right',
      className: 'w-0 whitespace-nowrap text-right',
      card: 'footer',
      cell: (c) => (
        <div className="flex items-center justify-end gap-1">
          <ResendInviteButton client={c} />
          {canOpen(c) && (
            <Button asChild variant="ghost" size="icon" className="size-8">
              <Link href={`/manager/clients/${c.id}`} aria-label={`Open ${c.name ?? c.phone}`}>
                <ChevronRight aria-hidden="true" />
              </Link>
            </Button>
          )}
        </div>
      ),
      mobileCell: (c) =>
        c.consent === 'pending' || canOpen(c) ? (
          <div className="flex gap-2 [&>*]:flex-1">
            <ResendInviteButton client={c} />
            {canOpen(c) && (
              <Button asChild variant="outline" size="sm">
                <Link href={`/manager/clients/${c.id}`}>Open</Link>
              </Button>
            )}
          </div>
        ) : null,
    },
  );
  return columns;
}
