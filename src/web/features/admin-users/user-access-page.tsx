import { useId, useState } from 'react';
import { Eye, RotateCw, UserX, UserCheck } from 'lucide-react';
import type { AdminUser } from '#common/auth.ts';
import { formatDate } from '#common/format.ts';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '#web/components/ui/alert-dialog.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { EmptyState } from '#web/components/empty-state.tsx';
import { StatusBadge, type StatusMap } from '#web/components/status-badge.tsx';
import { Button, buttonVariants } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#web/components/ui/table.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { useDebouncedValue } from '#web/hooks/use-debounced-value.ts';
import { SEARCH_DEBOUNCE_MS } from '#web/hooks/use-list-state.ts';
import { useCurrentUser } from '#web/features/auth/current-user.ts';
import { formatPhoneForDisplay } from '#web/features/phone/phone-format.ts';
import { PageHeader } from '#web/features/shell/page-header.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { cn } from '#web/lib/utils.ts';
import { describeChange, displayName, patchFor, type AccessChange } from './access-change.ts';
import { useAdminUsers, useUpdateAdminUser } from './admin-users-api.ts';
import { ImpersonateDialog } from './impersonate-dialog.tsx';
import { SearchInput } from '#web/components/ui/search-input.tsx';
import { Pagination } from '#web/components/ui/pagination.tsx';


interface RowActions {
  meId: string | undefined;
  onChange: (user: AdminUser, change: AccessChange) => void;
  onImpersonate: (user: AdminUser) => void;
}

const memberStatuses: StatusMap<AdminUser['status']> = {
  active: { label: 'Active', tone: 'success' },
  suspended: { label: 'Suspended', tone: 'warning' },
};

function RoleSwitch({
  user,
  role,
  actions,
}: {
  user: AdminUser;
  role: 'admin' | 'manager';
  actions: RowActions;
}) {
  const id = useId();
  const checked = role === 'admin' ? user.isAdmin : user.isManager;
  const self = user.id === actions.meId;
  const label = role === 'admin' ? 'Admin' : 'Manager';
  return (
    <div className="flex items-center gap-2">
      <Switch
        id={id}
        checked={checked}
        disabled={self && role === 'admin'}
        onCheckedChange={(next) => actions.onChange(user, { kind: role, grant: next })}
        aria-label={`${label} role for ${displayName(user)}`}
      />
      <label htmlFor={id} className="text-sm text-muted-foreground">
        {label}
      </label>
    </div>
  );
}

function canImpersonate(user: AdminUser, meId: string | undefined) {
  return !user.isAdmin && user.status === 'active' && user.id !== meId;
}

function impersonateHint(user: AdminUser) {
  if (user.isAdmin) return 'Admins cannot be viewed in admin mode';
  if (user.status !== 'active') return 'Reactivate the member first';
  return undefined;
}

function RowButtons({ user, actions, className }: { user: AdminUser; actions: RowActions; className?: string }) {
  const self = user.id === actions.meId;
  const who = displayName(user);
  const hint = impersonateHint(user);
  return (
    <div className={cn('flex flex-wrap items-center gap-2', className)}>
      {user.status === 'active' ? (
        <Button
          variant="outline"
          size="sm"
          disabled={self}
          onClick={() => actions.onChange(user, { kind: 'suspend' })}
          aria-label={`Suspend ${who}`}
        >
          <UserX aria-hidden="true" />
          Suspend
        </Button>
      ) : (
        <Button
          variant="outline"
          size="sm"
          onClick={() => actions.onChange(user, { kind: 'reactivate' })}
          aria-label={`Reactivate ${who}`}
        >
          <UserCheck aria-hidden="true" />
          Reactivate
        </Button>
      )}
      <Button
        size="sm"
        disabled={!canImpersonate(user, actions.meId)}
        onClick={() => actions.onImpersonate(user)}
        aria-label={`Impersonate ${who}`}
        title={hint}
      >
        <Eye aria-hidden="true" />
        Impersonate
      </Button>
    </div>
  );
}

function NameCell({ user, self }: { user: AdminUser; self: boolean }) {
  return (
    <div className="min-w-0">
      <p className="flex items-center gap-2 font-medium">
        <span className="truncate">{user.name || <span className="text-muted-foreground">No name</span>}</span>
        {self && <Badge variant="outline">You</Badge>}
      </p>
      <p className="truncate text-xs text-muted-foreground">{user.email || 'No email'}</p>
    </div>
  );
}

function UsersTable({ users, actions }: { users: AdminUser[]; actions: RowActions }) {
  return (
    <div className="hidden overflow-x-auto rounded-xl border bg-card md:block">
      <Table>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Member</TableHead>
            <TableHead>Phone</TableHead>
            <TableHead>Roles</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Last sign-in</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {users.map((u) => (
            <TableRow key={u.id}>
              <TableCell className="max-w-[14rem] whitespace-normal">
                <NameCell user={u} self={u.id === actions.meId} />
              </TableCell>
              <TableCell className="tabular">{formatPhoneForDisplay(u.phone)}</TableCell>
              <TableCell>
                <div className="flex flex-col gap-2">
                  <RoleSwitch user={u} role="admin" actions={actions} />
                  <RoleSwitch user={u} role="manager" actions={actions} />
                </div>
              </TableCell>
              <TableCell>
                <StatusBadge status={u.status} map={memberStatuses} />
              </TableCell>
              <TableCell className="tabular text-muted-foreground">
                {u.lastLoginAt ? formatDate(u.lastLoginAt) : 'Never'}
              </TableCell>
              <TableCell>
                {/* Wraps rather than pushing the column past the edge next to the sidebar at 1280 px. */}
                <RowButtons user={u} actions={actions} className="justify-end" />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

function UsersCards({ users, actions }: { users: AdminUser[]; actions: RowActions }) {
  return (
    <ul className="grid gap-3 md:hidden">
      {users.map((u) => (
        <li key={u.id} className="grid gap-4 rounded-xl border bg-card p-4 shadow-xs">
          <div className="flex items-start justify-between gap-3">
            <NameCell user={u} self={u.id === actions.meId} />
            <StatusBadge status={u.status} map={memberStatuses} />
          </div>
          <dl className="grid grid-cols-2 gap-3 text-sm">
            <div>
              <dt className="text-xs text-muted-foreground">Phone</dt>
              <dd className="tabular">{formatPhoneForDisplay(u.phone)}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Last sign-in</dt>
              <dd className="tabular">{u.lastLoginAt ? formatDate(u.lastLoginAt) : 'Never'}</dd>
            </div>
          </dl>
          <div className="flex gap-6">
            <RoleSwitch user={u} role="admin" actions={actions} />
            <RoleSwitch user={u} role="manager" actions={actions} />
          </div>
          <RowButtons user={u} actions={actions} className="[&>button]:flex-1" />
        </li>
      ))}
    </ul>
  );
}

function LoadingRows() {
  return (
    <div className="grid gap-3" aria-busy="true">
      <span className="sr-only" role="status">
        Loading members
      </span>
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} className="h-16 w-full rounded-xl" />
      ))}
    </div>
  );
}

export default function UserAccessPage() {
  const { data: me } = useCurrentUser();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [prevQ, setPrevQ] = useState(q);
  if (q !== prevQ) {
    setPrevQ(q);
    setPage(1);
  }
  const list = useAdminUsers({ q, page });
  const update = useUpdateAdminUser();
  const [pending, setPending] = useState<{ user: AdminUser; change: AccessChange } | null>(null);
  const [impersonating, setImpersonating] = useState<AdminUser | null>(null);

  const actions: RowActions = {
    meId: me?.id,
    onChange: (user, change) => setPending({ user, change }),
    onImpersonate: setImpersonating,
  };

  const confirm = async () => {
    if (!pending) return;
    const text = describeChange(pending.change, pending.user);
    try {
      await update.mutateAsync({ id: pending.user.id, patch: patchFor(pending.change) });
      toast({ title: 'Access updated', description: text.done });
      setPending(null);
    } catch (err) {
      toast({ variant: 'destructive', title: 'Update failed', description: errorMessage(err, 'Please try again.') });
      setPending(null);
    }
  };

  const data = list.data;
  const total = data?.total ?? 0;
  const pageSize = data?.pageSize ?? 25;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const confirmText = pending ? describeChange(pending.change, pending.user) : null;

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      <PageHeader
        eyebrow="Admin"
        title="User Access"
        description="Members and staff: roles, suspension, and viewing the app as a member."
      />

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <SearchInput label="Search by name or phone" placeholder="Search by name or phone" value={search} onChange={setSearch} className="w-full sm:max-w-sm" />
        <p className="tabular text-sm text-muted-foreground" aria-live="polite">
          {list.isFetching && !list.isPending ? (
            <span className="inline-flex items-center gap-2">
              <Spinner size="sm" label="Updating" /> Updating…
            </span>
          ) : data ? (
            total === 0 ? (
              'No members'
            ) : (
              `${first}–${last} of ${total}`
            )
          ) : null}
        </p>
      </div>

      {list.isPending ? (
        <LoadingRows />
      ) : list.isError ? (
        <div role="alert" className="grid justify-items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-5 text-sm">
          <p className="font-medium text-red-900">We couldn't load members.</p>
          <p className="text-red-800">{errorMessage(list.error, 'Please try again.')}</p>
          <Button variant="outline" size="sm" onClick={() => void list.refetch()} disabled={list.isFetching}>
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
        </div>
      ) : data && data.users.length === 0 ? (
        <EmptyState
          title={q ? `No members match “${q}”` : 'No members yet'}
          description={q ? 'Try part of a name, or the last digits of a phone number.' : 'Approved access requests appear here.'}
        />
      ) : data ? (
        <>
          <UsersTable users={data.users} actions={actions} />
          <UsersCards users={data.users} actions={actions} />
        </>
      ) : null}

      <Pagination page={page} pages={pages} onPageChange={setPage} disabled={list.isFetching} />

      <AlertDialog open={!!pending} onOpenChange={(o) => !o && !update.isPending && setPending(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{confirmText?.title}</AlertDialogTitle>
            <AlertDialogDescription>{confirmText?.body}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={update.isPending}>Cancel</AlertDialogCancel>
            <AlertDialogAction
              className={confirmText?.destructive ? buttonVariants({ variant: 'destructive' }) : undefined}
              disabled={update.isPending}
              onClick={(e) => {
                e.preventDefault();
                void confirm();
              }}
            >
              {update.isPending && <Spinner size="sm" label="Saving" />}
              {confirmText?.action}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>

      <ImpersonateDialog user={impersonating} onClose={() => setImpersonating(null)} />
    </div>
  );
}
