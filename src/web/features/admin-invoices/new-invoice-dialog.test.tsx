import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryDefaults } from '#web/lib/query-client.ts';
import { NewInvoiceDialog } from './new-invoice-dialog.tsx';

const casey = { id: '00000000-0000-4000-8000-000000000003', name: 'Casey Collector', phone: '+12125550103' };
const jordan = { id: '00000000-0000-4000-8000-000000000004', name: 'Jordan Rivers', phone: '+12125550104' };
const template = {
  id: 'tpl-1',
  name: 'Grading handling',
  appliesTo: 'general',
  lines: [{ label: 'Handling', type: 'fixed', amountCents: 6000 }],
  active: true,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

const fetchMock = vi.fn();
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const usersPage = (users: (typeof casey)[]) =>
  json({
    users: users.map((u) => ({ ...u, email: null, isAdmin: false, isManager: false })),
    page: 1,
    pageSize: 25,
    total: users.length,
  });

/** The search for "jor" answers only when `answer` is called, so the test sees the list while it loads. */
function renderDialog(onClose = () => {}) {
  let answer: () => void = () => {};
  const searched = new Promise<void>((resolve) => (answer = resolve));
  fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
    const u = new URL(url, 'http://localhost');
    if (u.pathname === '/api/admin/fee-templates') return json({ templates: [template] });
    if (u.pathname === '/api/admin/users') {
      if (u.searchParams.get('q') === 'jor') {
        await searched;
        return usersPage([jordan]);
      }
      return usersPage([casey, jordan]);
    }
    if (u.pathname === '/api/admin/invoices' && init?.method === 'POST') return json({ invoice: { id: 'inv-1', number: 'INV-000123' } });
    throw new Error(`unexpected ${init?.method ?? 'GET'} ${url}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  const qc = new QueryClient({ defaultOptions: { ...queryDefaults, queries: { ...queryDefaults.queries, retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <NewInvoiceDialog open onClose={onClose} />
    </QueryClientProvider>,
  );
  return { answer: () => answer() };
}
const change = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });
const posted = () =>
  fetchMock.mock.calls
    .filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST')
    .map(([, init]) => JSON.parse((init as RequestInit).body as string) as Record<string, unknown>);

describe('new invoice dialog', () => {
  it('keeps the chosen member while a new search loads and after it leaves them out, and bills that member', async () => {
    const onClose = vi.fn();
    const search = renderDialog(onClose);
    const member = screen.getByLabelText('Member', { selector: 'select' });
    await screen.findByRole('option', { name: /Casey Collector/ });
    change(member, casey.id);
    await screen.findByRole('option', { name: 'Grading handling' });
    change(screen.getByLabelText('Start from a fee template'), template.id);

    // A new search: the list reloads (and then leaves Casey out); the choice stands, on screen too.
    change(screen.getByLabelText('Find a member'), 'jor');
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes('q=jor'))).toBe(true), { timeout: 2000 });
    expect((member as HTMLSelectElement).value).toBe(casey.id);
    search.answer();
    await screen.findByRole('option', { name: /Jordan Rivers/ });
    expect((member as HTMLSelectElement).value).toBe(casey.id);

    fireEvent.click(screen.getByRole('button', { name: 'Create draft' }));
    await waitFor(() => expect(posted()).toHaveLength(1));
    expect(posted()[0]).toMatchObject({ userId: casey.id, templateId: template.id, baseAmountCents: 0 });
    // The draft opens in the editor.
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(window.location.pathname).toBe('/admin/edit-invoice/inv-1');
  });

  it('says what is missing and sends nothing', async () => {
    renderDialog();
    await screen.findByRole('option', { name: 'Grading handling' });
    fireEvent.click(screen.getByRole('button', { name: 'Create draft' }));
    expect(await screen.findByText('Choose the member to bill')).toBeTruthy();
    expect(screen.getByText('Choose a fee template; you can change every line afterwards')).toBeTruthy();
    expect(posted()).toEqual([]);
  });
});
