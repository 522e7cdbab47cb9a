import { useState } from 'react';
import type { AdminUser } from '#common/auth.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { EmptyState } from '#web/components/empty-state.tsx';
import { ListCount, ListError, ListLoading, pageRange } from '#web/components/list-parts.tsx';
import { ResponsiveTable } from '#web/components/responsive-table.tsx';
import { Pagination } from '#web/components/ui/pagination.tsx';
import { SearchInput } from '#web/components/ui/search-input.tsx';
import { useListState } from '#web/hooks/use-list-state.ts';
import { toast } from '#web/hooks/use-toast.ts';
import { useCurrentUser } from '#web/features/auth/api/get-current-user.ts';
import { PageHeader } from '#web/features/shell/page-header.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { describeChange, patchFor, type AccessChange } from './access-change.ts';
import { useAdminUsers } from './api/get-admin-users.ts';
import { useUpdateAdminUser } from './api/update-admin-user.ts';
import { ImpersonateDialog } from './impersonate-dialog.tsx';
import { userColumns, type RowActions } from './user-columns.tsx';

export default function UserAccessPage() {
  const { data: me } = useCurrentUser();
  const list = useListState();
  const { q, page } = list;
  const query = useAdminUsers({ q, page });
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
    } catch (err) {
      toast({ variant: 'destructive', title: 'Update failed', description: errorMessage(err, 'Please try again.') });
    }
    setPending(null);
  };

  const data = query.data;
  const total = data?.total ?? 0;
  const pageSize = data?.pageSize ?? 25;
  const confirmText = pending ? describeChange(pending.change, pending.user) : null;

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      <PageHeader eyebrow="Admin" title="User Access" description="Members and staff: roles, suspension, and viewing the app as a member." />

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <SearchInput
          label="Search by name or phone"
          placeholder="Search by name or phone"
          value={list.search}
          onChange={list.setSearch}
          className="w-full sm:max-w-sm"
        />
        <ListCount loaded={!!data} updating={query.isFetching && !query.isPending} page={page} total={total} pageSize={pageSize} none="No members" />
      </div>

      {query.isPending ? (
        <ListLoading label="Loading members" />
      ) : query.isError ? (
        <ListError title="We couldn't load members." error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : data && data.users.length === 0 ? (
        <EmptyState
          title={q ? `No members match “${q}”` : 'No members yet'}
          description={q ? 'Try part of a name, or the last digits of a phone number.' : 'Approved access requests appear here.'}
        />
      ) : data ? (
        <ResponsiveTable rows={data.users} rowKey={(u) => u.id} columns={userColumns(actions)} />
      ) : null}

      <Pagination page={page} pages={pageRange(page, total, pageSize).pages} onPageChange={list.setPage} disabled={query.isFetching} />

      <ConfirmDialog
        open={!!pending}
        onClose={() => setPending(null)}
        onConfirm={() => void confirm()}
        pending={update.isPending}
        destructive={confirmText?.destructive}
        title={confirmText?.title}
        description={confirmText?.body}
        confirmLabel={confirmText?.action}
      />

      <ImpersonateDialog user={impersonating} onClose={() => setImpersonating(null)} />
    </div>
  );
}
