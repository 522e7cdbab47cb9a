import type { ReactNode } from 'react';
import { RequireAuth } from './guards.tsx';
import { useNav } from './nav-context.tsx';
import { ADMIN_SIDEBAR } from './nav-items.ts';
import { SidebarLayout } from './sidebar-layout.tsx';

/** Spec §2/§6: the admin sidebar (pages that exist, in the spec's order); admins only. */
export function AdminLayout({ children }: { children: ReactNode }) {
  const { hasPage } = useNav();
  const items = ADMIN_SIDEBAR.filter((i) => hasPage(i.href));
  return (
    <RequireAuth need="admin">
      {(user) => (
        <SidebarLayout user={user} label="Admin" badge="ADMIN" items={items} backToApp signOutLabel="Sign Out">
          {children}
        </SidebarLayout>
      )}
    </RequireAuth>
  );
}
