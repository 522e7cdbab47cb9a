import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUsersResponse } from '#common/auth.ts';
import { apiRequest } from '#web/lib/api.ts';
import { adminInvoiceKeys, adminInvoicePaths } from './keys.ts';

/** GET /api/admin/users?q=: the members a new invoice can be billed to. */
export const searchMembers = (q: string, signal?: AbortSignal) =>
  apiRequest<AdminUsersResponse>('GET', adminInvoicePaths.users, { params: { q: q || undefined, page: 1 }, signal });

export const membersQuery = (q: string) =>
  queryOptions({ queryKey: adminInvoiceKeys.members(q), queryFn: ({ signal }) => searchMembers(q, signal), staleTime: 30_000 });

export const useMemberSearch = (q: string, enabled: boolean) => useQuery({ ...membersQuery(q), enabled });
