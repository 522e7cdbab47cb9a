import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#web/lib/query-client.ts';
import AccessRequestsPage from '#web/features/access-requests/access-requests-page.tsx';
import AdminKycPage from '#web/features/kyc/admin-kyc-page.tsx';
import ManagerPage from '#web/features/manager/manager-page.tsx';
import SmsConvosPage from '#web/features/sms-convos/sms-convos-page.tsx';
import UserAccessPage from '#web/features/admin-users/user-access-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Renders a staff list at `path`, answering GETs of `api` with `body` (others with null); returns the requested URLs. */
function renderAt(Page: ComponentType, path: string, api: string, body: unknown) {
  const requested: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://app.test');
      requested.push(url);
      return new Response(JSON.stringify(url.pathname === api ? body : null), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  const loc = memoryLocation({ path, record: true });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={loc.hook} searchHook={loc.searchHook}>
        <Page />
      </Router>
    </QueryClientProvider>,
  );
  const search = () => new URLSearchParams(loc.history.at(-1)!.split('?')[1] ?? '');
  const calls = () => requested.filter((u) => u.pathname === api).map((u) => Object.fromEntries(u.searchParams));
  return { calls, search };
}

const requestsPage = (total: number) => ({
  requests: [
    {
      id: 'r1',
      phone: '+12125550123',
      instagram: 'grail.hunter',
      referral: null,
      status: 'approved',
      createdAt: '2026-06-01T15:00:00Z',
      reviewedAt: '2026-06-02T15:00:00Z',
      reviewer: null,
      note: null,
      isMember: false,
      consentMarketing: true,
      consentTerms: true,
    },
  ],
  total,
  page: 2,
  pageSize: 25,
  counts: { pending: 3, approved: total, rejected: 0 },
});

describe('staff lists keep their search, filter and page in the URL', () => {
  it('access requests: a shared link opens the same status, search and page; changing the status returns to page 1', async () => {
    const { calls, search } = renderAt(
      AccessRequestsPage,
      '/admin/access-requests?status=approved&q=grail&page=2',
      '/api/admin/access-requests',
      requestsPage(60),
    );
    await screen.findAllByText('@grail.hunter');
    expect(calls()[0]).toEqual({ status: 'approved', q: 'grail', page: '2' });
    expect(screen.getByRole('button', { name: /Approved/, pressed: true })).toBeTruthy();
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('grail');
    expect(screen.getByText('26–50 of 60')).toBeTruthy();

    act(() => fireEvent.click(screen.getByRole('button', { name: /^All/ })));
    await waitFor(() => expect(Object.fromEntries(search())).toEqual({ status: 'all', q: 'grail' }));
    act(() => fireEvent.click(screen.getByRole('button', { name: /^Pending/ })));
    await waitFor(() => expect(Object.fromEntries(search())).toEqual({ q: 'grail' }));
  });

  it('user access: opens at the linked search and page; a new search returns to page 1', async () => {
    const users = {
      users: [
        {
          id: 'u1',
          name: 'Casey Collector',
          email: null,
          phone: '+12125550123',
          isAdmin: false,
          isManager: false,
          status: 'active',
          lastLoginAt: null,
          createdAt: '2026-06-01T15:00:00Z',
        },
      ],
      total: 30,
      page: 2,
      pageSize: 25,
    };
    const { calls, search } = renderAt(UserAccessPage, '/admin/users?q=casey&page=2', '/api/admin/users', users);
    await screen.findAllByText('Casey Collector');
    expect(calls()[0]).toEqual({ q: 'casey', page: '2' });
    expect(screen.getByText('26–30 of 30')).toBeTruthy();
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'dana' } });
    await waitFor(() => expect(Object.fromEntries(search())).toEqual({ q: 'dana' }));
    await waitFor(() => expect(calls().at(-1)).toEqual({ q: 'dana', page: '1' }));
  });

  it('KYC verification: opens at the linked tab, and Pending (the default) leaves the URL bare', async () => {
    const body = { documents: [], counts: { pending: 2, approved: 0, rejected: 5 } };
    const { calls, search } = renderAt(AdminKycPage, '/admin/kyc-verification?status=rejected', '/api/admin/kyc/documents', body);
    await screen.findByText('No rejected documents');
    expect(calls()[0]).toEqual({ status: 'rejected' });
    expect(screen.getByRole('tab', { name: 'Rejected (5)', selected: true })).toBeTruthy();
    act(() => {
      fireEvent.mouseDown(screen.getByRole('tab', { name: 'Pending (2)' }), { button: 0 });
    });
    await waitFor(() => expect(search().toString()).toBe(''));
    await screen.findByText('Nothing to review');
  });

  it('manager clients: opens at the linked status filter', async () => {
    const body = { clients: [], counts: { kyc_upload: 0, active: 4 } };
    const { calls } = renderAt(ManagerPage, '/manager?status=kyc_upload', '/api/manager/clients', body);
    await screen.findByText('No clients at this step');
    expect(calls()[0]).toEqual({ status: 'kyc_upload' });
    expect(screen.getByRole('combobox').textContent).toContain('Complete KYC Verification');
  });

  it('SMS convos: opens at the linked search and page, and opening a thread keeps them', async () => {
    // jsdom has no layout; the conversation scrolls to its last message on open.
    Element.prototype.scrollIntoView = vi.fn();
    const thread = {
      phone: '+12125550123',
      name: 'Ana Collector',
      instagram: null,
      userId: null,
      messageCount: 1,
      inboundCount: 1,
      lastMessage: { body: 'Hello', direction: 'inbound', purpose: 'manual', status: 'received', createdAt: '2026-06-01T15:00:00Z' },
    };
    const body = { threads: [thread], total: 80, page: 2, pageSize: 25 };
    const { calls, search } = renderAt(SmsConvosPage, '/admin/sms-convos?q=ana&page=2', '/api/admin/sms/threads', body);
    fireEvent.click(await screen.findByRole('button', { name: /Ana Collector/ }));
    expect(calls()[0]).toEqual({ q: 'ana', page: '2' });
    await waitFor(() => expect(Object.fromEntries(search())).toEqual({ q: 'ana', page: '2', phone: '+12125550123' }));
    expect(screen.getByText('2 / 4')).toBeTruthy();
  });
});
