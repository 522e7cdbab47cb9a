import { useId, useState } from 'react';
import { StatusBadge } from '#web/components/status-badge.tsx';
import { Link } from 'wouter';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ChevronRight, RotateCw, Send, UserPlus } from 'lucide-react';
import { formatDate } from '#common/format.ts';
import {
  inviteClientSchema,
  onboardingStatuses,
  onboardingSteps,
  type InviteClientInput,
  type ManagerClient,
  type OnboardingStatus,
  type TierId,
} from '#common/onboarding.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Progress } from '#web/components/ui/progress.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#web/components/ui/select.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#web/components/ui/table.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { useCurrentUser } from '#web/features/auth/current-user.ts';
import { formatPhoneForDisplay } from '#web/features/phone/phone-format.ts';
import { PageHeader } from '#web/features/shell/page-header.tsx';
import { ApiError, errorMessage } from '#web/lib/api.ts';
import { useInviteClient, useManagerClients } from './api.ts';
import { ResendInviteButton } from './resend-invite-button.tsx';
import { onboardingStatusStyles } from './status-badge.tsx';
import { PhoneField } from '#web/features/phone/phone-field.tsx';

const ALL = 'all';
const tierNames: Record<TierId, string> = { collector: 'Collector', investor: 'Investor', private: 'Private' };

function InviteDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const ids = useId();
  const invite = useInviteClient();
  const form = useForm<InviteClientInput>({ resolver: zodResolver(inviteClientSchema) as never, defaultValues: { phone: '', name: '', tier: undefined } });
  const { errors } = form.formState;
  const close = (o: boolean) => {
    onOpenChange(o);
    if (!o) form.reset();
  };
  const submit = form.handleSubmit(async (values) => {
    try {
      const res = await invite.mutateAsync(values);
      toast({
        title: 'Invitation sent',
        description: res.sms.sent ? `${values.name} will receive a text with a link to start.` : `Client added, but ${res.sms.reason?.toLowerCase() ?? 'the text was not sent'}.`,
        variant: res.sms.sent ? 'default' : 'destructive',
      });
      close(false);
    } catch (err) {
      const fe = err instanceof ApiError ? (err.body as { fieldErrors?: Record<string, string[]> })?.fieldErrors : undefined;
      if (fe?.phone) form.setError('phone', { message: fe.phone[0] });
      else if (fe?.name) form.setError('name', { message: fe.name[0] });
      else toast({ variant: 'destructive', title: 'Could not invite', description: errorMessage(err, 'Please try again.') });
    }
  });
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Invite client</DialogTitle>
          <DialogDescription>We'll text them a link to /onboarding. They sign in with this phone number.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-5">
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-name`}>Client name</Label>
            <Input id={`${ids}-name`} autoComplete="off" aria-invalid={errors.name ? true : undefined} {...form.register('name')} />
            {errors.name && (
              <p role="alert" className="text-sm text-destructive">
                {errors.name.message}
              </p>
            )}
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-phone`}>Phone number</Label>
            <PhoneField
              control={form.control}
              name="phone"
              id={`${ids}-phone`}
              defaultCountry="US"
              aria-invalid={errors.phone ? true : undefined}
            />
            {errors.phone && (
              <p role="alert" className="text-sm text-destructive">
                {errors.phone.message}
              </p>
            )}
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-tier`}>
              Suggested tier <span className="font-normal text-muted-foreground">(optional)</span>
            </Label>
            <Controller
              control={form.control}
              name="tier"
              render={({ field }) => (
                <Select value={field.value ?? ''} onValueChange={(v) => field.onChange(v || undefined)}>
                  <SelectTrigger id={`${ids}-tier`}>
                    <SelectValue placeholder="No suggestion" />
                  </SelectTrigger>
                  <SelectContent>
                    {(Object.keys(tierNames) as TierId[]).map((t) => (
                      <SelectItem key={t} value={t}>
                        {tierNames[t]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </div>
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="crimson" disabled={invite.isPending}>
              {invite.isPending ? <Spinner size="sm" label="Sending" /> : <Send aria-hidden="true" />}
              Send invitation
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}


function ProgressCell({ client }: { client: ManagerClient }) {
  return (
    <div className="flex items-center gap-3">
      <Progress value={client.progress} className="h-1.5 w-20" aria-label={`${client.progress}% complete`} />
      <span className="tabular text-xs text-muted-foreground">{client.progress}%</span>
    </div>
  );
}

function ClientsTable({ clients, showManager }: { clients: ManagerClient[]; showManager: boolean }) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-xl border bg-card lg:block">
        <Table>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Client</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Progress</TableHead>
              {showManager && <TableHead>Manager</TableHead>}
              <TableHead>Last activity</TableHead>
              <TableHead className="text-right">
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {clients.map((c) => (
              <TableRow key={c.id} data-testid="client-row">
                <TableCell>
                  <Link href={`/manager/clients/${c.id}`} className="font-medium underline-offset-4 hover:underline">
                    {c.name ?? 'Unnamed client'}
                  </Link>
                  <p className="tabular text-xs text-muted-foreground">{formatPhoneForDisplay(c.phone)}</p>
                </TableCell>
                <TableCell>
                  <StatusBadge status={c.status} map={onboardingStatusStyles} />
                </TableCell>
                <TableCell>
                  <ProgressCell client={c} />
                </TableCell>
                {showManager && <TableCell className="text-sm">{c.manager?.name ?? c.manager?.phone ?? '—'}</TableCell>}
                <TableCell className="tabular text-sm text-muted-foreground">{formatDate(c.lastActivityAt)}</TableCell>
                <TableCell className="w-0 whitespace-nowrap text-right">
                  <div className="flex items-center justify-end gap-1">
                    <ResendInviteButton client={c} />
                    <Button asChild variant="ghost" size="icon" className="size-8">
                      <Link href={`/manager/clients/${c.id}`} aria-label={`Open ${c.name ?? c.phone}`}>
                        <ChevronRight aria-hidden="true" />
                      </Link>
                    </Button>
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul className="grid gap-3 lg:hidden">
        {clients.map((c) => (
          <li key={c.id} data-testid="client-card" className="grid gap-3 rounded-xl border bg-card p-4 shadow-xs">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <Link href={`/manager/clients/${c.id}`} className="font-medium underline-offset-4 hover:underline">
                  {c.name ?? 'Unnamed client'}
                </Link>
                <p className="tabular text-xs text-muted-foreground">{formatPhoneForDisplay(c.phone)}</p>
              </div>
              <StatusBadge status={c.status} map={onboardingStatusStyles} />
            </div>
            <ProgressCell client={c} />
            <p className="text-xs text-muted-foreground">
              {showManager && <>Manager: {c.manager?.name ?? '—'} · </>}Last activity {formatDate(c.lastActivityAt)}
            </p>
            <div className="flex gap-2 [&>*]:flex-1">
              <ResendInviteButton client={c} />
              <Button asChild variant="outline" size="sm">
                <Link href={`/manager/clients/${c.id}`}>Open</Link>
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

/** /manager (Portfolio Manager): the manager's clients; admins see every client and their manager. */
export default function ManagerPage() {
  const [status, setStatus] = useState<OnboardingStatus | typeof ALL>(ALL);
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
        <Select value={status} onValueChange={(v) => setStatus(v as OnboardingStatus | typeof ALL)}>
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
        <div className="grid gap-3" aria-busy="true">
          <span className="sr-only" role="status">
            Loading clients
          </span>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-16 w-full rounded-xl" />
          ))}
        </div>
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
              {status === ALL ? 'Invite your first client: they get a text with a link to start onboarding.' : 'Choose another status to see more clients.'}
            </CardDescription>
          </CardHeader>
        </Card>
      ) : (
        <ClientsTable clients={clients.data.clients} showManager={showManager} />
      )}
      <InviteDialog open={inviting} onOpenChange={setInviting} />
    </div>
  );
}
