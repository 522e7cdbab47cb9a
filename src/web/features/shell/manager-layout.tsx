import type { ReactNode } from 'react';
import { LayoutDashboard } from 'lucide-react';
import { RequireAuth } from './guards.tsx';
import { useNav } from './nav-context.tsx';
import { MANAGER_SIDEBAR, type NavItem } from './nav-items.ts';
import { SidebarLayout } from './sidebar-layout.tsx';

/** Spec §2/§6: Portfolio Manager, Admin Dashboard for admins, Logout; admins and managers only. */
export function ManagerLayout({ children }: { children: ReactNode }) {
  const { adminHome } = useNav();
  return (
    <RequireAuth need="admin-or-manager">
      {(user) => {
        const items: NavItem[] = [...MANAGER_SIDEBAR];
        if (user.isAdmin) items.push({ href: adminHome, label: 'Admin Dashboard', icon: LayoutDashboard });
        return (
          <SidebarLayout user={user} label="Manager" badge={user.isManager ? 'MANAGER' : 'ADMIN'} items={items} signOutLabel="Logout">
            {children}
          </SidebarLayout>
        );
      }}
    </RequireAuth>
  );
}
