import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { Notification, NotificationsResponse } from '#common/notifications.ts';
import { clearCredentials, setCredentials } from '#web/lib/credentials.ts';
import { queryDefaults } from '#web/lib/query-client.ts';
import { markContentReady } from '#web/lib/content-ready.ts';
import { authKeys } from '#web/features/auth/api/keys.ts';
import { NotificationBell } from './notification-bell.tsx';

const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
const note = (id: string, over: Partial<Notification> = {}): Notification => ({
  id,
  kind: 'invoice_sent',
  title: 'New invoice',
  message: `Invoice INV-00${id} for $120.00 is ready to pay`,
  link: `/checkout?invoice=inv-${id}`,
  variant: 'default',
  createdAt: at(5),
  readAt: null,
  ...over,
});

// The bell loads its menu on demand. Loading that code the first time (transforming the popover and
// its dependencies) took over a second on a busy machine, longer than waitFor's limit, so the file
// loads it up front and each test times only the component.
beforeAll(() => import('./notification-menu.tsx'));

let unread: Notification[];
let calls: { method: string; url: string }[];

beforeEach(() => {
  unread = [
    note('1'),
    note('2', { createdAt: at(90) }),
    note('3', { kind: 'invoice_paid', title: 'Invoice paid', readAt: at(60), createdAt: at(3000) }),
  ];
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url: input });
      if (method === 'POST' && input.endsWith('/read-all')) {
        unread = unread.map((n) => ({ ...n, readAt: n.readAt ?? at(0) }));
        return Response.json({ unreadCount: 0 });
      }
      const one = input.match(/notifications\/([^/]+)\/read$/);
      if (method === 'POST' && one) {
        unread = unread.map((n) => (n.id === one[1] ? { ...n, readAt: n.readAt ?? at(0) } : n));
        return Response.json({ unreadCount: unread.filter((n) => !n.readAt).length });
      }
      const body: NotificationsResponse = {
        notifications: unread,
        unreadCount: unread.filter((n) => !n.readAt).length,
        total: unread.length,
        page: 1,
        pageSize: 20,
      };
      return Response.json(body);
    }),
  );
  setCredentials({ userId: 'u1', authToken: 't' });
  // As the router does once a page has rendered: the menu's code may load.
  markContentReady();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearCredentials();
});

/** The bell once its menu's code has loaded (Radix's trigger says whether it is expanded). */
const readyBell = (name: string) =>
  waitFor(() => {
    const b = screen.getByRole('button', { name });
    expect(b.getAttribute('aria-expanded')).toBe('false');
    return b;
  });

function renderBell(me?: object) {
  const qc = new QueryClient({ defaultOptions: { ...queryDefaults, queries: { ...queryDefaults.queries, retry: false } } });
  if (me) qc.setQueryData(authKeys.me, me);
  const location = memoryLocation({ path: '/dashboard', record: true });
  render(
    <QueryClientProvider client={qc}>
      <Router hook={location.hook}>
        <NotificationBell />
      </Router>
    </QueryClientProvider>,
  );
  return location;
}

describe('the notification bell', () => {
  it('names its unread count, lists the newest first with time ago, and follows a link marking it read', async () => {
    const location = renderBell();
    const bell = await readyBell('Notifications, 2 unread');
    expect(screen.getByTestId('notification-count').textContent).toBe('2');
    fireEvent.click(bell);
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    const items = await within(dialog).findAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringContaining('Unread: New invoiceInvoice INV-001'),
      expect.stringContaining('Unread: New invoiceInvoice INV-002'),
      expect.stringContaining('Invoice paid'),
    ]);
    expect(items[0].textContent).toContain('5 min ago');
    expect(items[1].textContent).toContain('1 h ago');
    expect(items[2].textContent).toContain('2 days ago');
    fireEvent.click(within(items[1]).getByRole('button'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/api/user/notifications/2/read'))).toBe(true));
    expect(location.history.at(-1)).toBe('/checkout?invoice=inv-2');
    expect(screen.queryByRole('dialog')).toBeNull();
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
  });

  it('marks all read, and says so when there is nothing new', async () => {
    renderBell();
    fireEvent.click(await readyBell('Notifications, 2 unread'));
    const markAll = await screen.findByRole('button', { name: 'Mark all read' });
    await waitFor(() => expect((markAll as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(markAll);
    await screen.findByRole('button', { name: 'Notifications, none unread' });
    expect(screen.queryByTestId('notification-count')).toBeNull();
  });

  it('while an admin views as the member, opening a notification marks nothing read and "Mark all read" is off', async () => {
    const location = renderBell({
      id: 'u1',
      name: 'Casey',
      phone: '+12125550100',
      isAdmin: false,
      isManager: false,
      isImpersonated: true,
      isAuthenticated: true,
    });
    fireEvent.click(await readyBell('Notifications, 2 unread'));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    const markAll = within(dialog).getByRole('button', { name: 'Mark all read' }) as HTMLButtonElement;
    expect(markAll.disabled).toBe(true);
    expect(markAll.title).toBe('Only the member can mark notifications read');
    const items = await within(dialog).findAllByRole('listitem');
    fireEvent.click(within(items[0]).getByRole('button'));
    expect(location.history.at(-1)).toBe('/checkout?invoice=inv-1');
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('shows an empty list plainly', async () => {
    unread = [];
    renderBell();
    fireEvent.click(await readyBell('Notifications, none unread'));
    expect(await screen.findByText('No notifications yet')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Mark all read' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
