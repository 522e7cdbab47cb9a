import { useId } from 'react';
import { AuditTrailLink } from '#web/components/audit-trail-link.tsx';
import { Eye, UserCheck, UserX } from 'lucide-react';
import type { AdminUser } from '#common/auth.ts';
import { formatDate } from '#web/lib/dates.ts';
import type { Column } from '#web/components/responsive-table.tsx';
import { StatusBadge, type StatusMap } from '#web/components/status-badge.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { formatPhoneForDisplay } from '#web/features/phone/phone-format.ts';
import { cn } from '#web/lib/utils.ts';
import { displayName, type AccessChange } from './access-change.ts';

export interface RowActions {
  meId: string | undefined;
  onChange: (user: AdminUser, change: AccessChange) => void;
  onImpersonate: (user: AdminUser) => void;
}

const memberStatuses: StatusMap<AdminUser['status']> = {
  active: { label: 'Active', tone: 'success' },
  suspended: { label: 'Suspended', tone: 'warning' },
};

function RoleSwitch({ user, role, actions }: { user: AdminUser; role: 'admin' | 'manager'; actions: RowActions }) {
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
  return (
    <div className={cn('flex flex-wrap items-center gap-2', className)}>
      {user.status === 'active' ? (
        <Button variant="outline" size="sm" disabled={self} onClick={() => actions.onChange(user, { kind: 'suspend' })} aria-label={`Suspend ${who}`}>
          <UserX aria-hidden="true" />
          Suspend
        </Button>
      ) : (
        <Button variant="outline" size="sm" onClick={() => actions.onChange(user, { kind: 'reactivate' })} aria-label={`Reactivate ${who}`}>
          <UserCheck aria-hidden="true" />
          Reactivate
        </Button>
      )}
      <Button
        size="sm"
        disabled={!canImpersonate(user, actions.meId)}
        onClick={() => actions.onImpersonate(user)}
        aria-label={`Impersonate ${who}`}
        title={impersonateHint(user)}
      >
        <Eye aria-hidden="true" />
        Impersonate
      </Button>
      <AuditTrailLink targetType="user" targetId={user.id} label="Audit" aria-label={`Audit trail for ${who}`} />
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

const lastSignIn = (u: AdminUser) => (u.lastLoginAt ? formatDate(u.lastLoginAt) : 'Never');

export function userColumns(actions: RowActions): Column<AdminUser>[] {
  return [
    {
      id: 'member',
      header: 'Member',
      className: 'max-w-[14rem] whitespace-normal',
      card: 'primary',
      cell: (u) => <NameCell user={u} self={u.id === actions.meId} />,
    },
    { id: 'phone', header: 'Phone', className: 'tabular', cell: (u) => formatPhoneForDisplay(u.phone) },
    {
      id: 'roles',
      header: 'Roles',
      card: 'footer',
      cell: (u) => (
        <div className="flex flex-col gap-2">
          <RoleSwitch user={u} role="admin" actions={actions} />
          <RoleSwitch user={u} role="manager" actions={actions} />
        </div>
      ),
      mobileCell: (u) => (
        <div className="flex gap-6">
          <RoleSwitch user={u} role="admin" actions={actions} />
          <RoleSwitch user={u} role="manager" actions={actions} />
        </div>
      ),
    },
    { id: 'status', header: 'Status', card: 'aside', cell: (u) => <StatusBadge status={u.status} map={memberStatuses} /> },
    { id: 'last', header: 'Last sign-in', className: 'tabular text-muted-foreground', cell: (u) => <span className="tabular">{lastSignIn(u)}</span> },
    {
      id: 'actions',
      header: 'Actions',
      headerClassName: 'text-right',
      card: 'footer',
      // Wraps rather than pushing the column past the edge next to the sidebar at 1280 px.
      cell: (u) => <RowButtons user={u} actions={actions} className="justify-end" />,
      mobileCell: (u) => <RowButtons user={u} actions={actions} className="[&>button]:flex-1" />,
    },
  ];
}
