export interface AdminUsersParams {
  q: string;
  page: number;
}

/** Query keys of the admin's user list; each starts with its GET path. */
export const adminUserKeys = {
  all: ['/api/admin/users'] as const,
  list: ({ q, page }: AdminUsersParams) => [...adminUserKeys.all, { q: q || undefined, page }] as const,
};
