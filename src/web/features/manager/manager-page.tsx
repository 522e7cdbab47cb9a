import { useState } from 'react';
import { RotateCw, UserPlus } from 'lucide-react';
import { onboardingStatuses, onboardingSteps, type OnboardingStatus } from '#common/onboarding.ts';
import { ListLoading } from '#web/components/list-parts.tsx';
import { ResponsiveTable } from '#web/components/responsive-table.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#web/components/ui/select.tsx';
import { useListState } from '#web/hooks/use-list-state.ts';
import { useCurrentUser } from '#web/features/auth/api/get-current-user.ts';
import { PageHeader } from '#web/features/shell/page-header.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { useManagerClients } from './api/get-manager-clients.ts';
import { clientColumns } from './client-columns.tsx';
import { InviteDialog } from './invite-client-dialog.tsx';

const ALL = 'all';
const isStatus = (v: string | undefined): v is OnboardingStatus => onboardingStatuses.some((s) => s === v);

/** /manager (Portfolio Manager): the manager's clients; admins see every client and their manager. */
export default function ManagerPage() {
  const list = useListState(['status']);
  const status: OnboardingStatus | typeof ALL = isStatus(list.filters.status) ? list.filters.status : ALL;
  const setStatus = (s: string) => list.setFilter('status', isStatus(s) ? s : undefined);
  const [inviting, setInviting] = useState(false);
  const { data: user } = useCurrentUser();
  const clients = useManagerClients(status === ALL ? undefined : status);
  const showManager = Boolean(user?.isAdmin);
  const total = clients.data ? Object.values(clients.data.counts).reduce((a, b) => a + b, 0) : 0;
  return (
    <div className="grid gap-6 px-4 py-8 sm:px-8">
      <PageHeader
        eyebrow={showManager ? 'All clients' : 'Your clients'}
        title="Portfolio Manager"
        description="Invite clients, follow their onboarding and confirm deposits."
        actions={
          <Button variant="crimson" onClick={() => setInviting(true)}>
            <UserPlus aria-hidden="true" />
            Invite client
          </Button>
        }
      />
      <div className="flex flex-wrap items-center gap-3">
        <Label htmlFor="client-status-filter" className="text-sm text-muted-foreground">
          Status
        </Label>
        <Select value={status} onValueChange={setStatus}>
          <SelectTrigger id="client-status-filter" className="w-64">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All statuses ({total})</SelectItem>
            {onboardingStatuses.map((s) => (
              <SelectItem key={s} value={s}>
                {onboardingSteps[s].label} ({clients.data?.counts[s] ?? 0})
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {clients.isPending ? (
        <ListLoading label="Loading clients" />
      ) : clients.isError ? (
        <Card role="alert">
          <CardHeader>
            <CardTitle>We couldn't load your clients</CardTitle>
            <CardDescription>{errorMessage(clients.error, 'Please try again.')}</CardDescription>
          </CardHeader>
          <CardFooter>
            <Button variant="outline" onClick={() => void clients.refetch()}>
              <RotateCw aria-hidden="true" />
              Try again
            </Button>
          </CardFooter>
        </Card>
      ) : clients.data.clients.length === 0 ? (
        <Card>
          <CardHeader>
            <CardTitle>{status === ALL ? 'No clients yet' : 'No clients at this step'}</CardTitle>
            <CardDescription>
              {status === ALL
                ? 'Invite your first client: they get a text with a link to start onboarding.'
                : 'Choose another status to see more clients.'}
            </CardDescription>
          </CardHeader>
        </Card>
      ) : (
        <ResponsiveTable
          rows={clients.data.clients}
          rowKey={(c) => c.id}
          columns={clientColumns(showManager)}
          rowTestId="client-row"
          cardTestId="client-card"
        />
      )}
      <InviteDialog open={inviting} onOpenChange={setInviting} />
    </div>
  );
}
