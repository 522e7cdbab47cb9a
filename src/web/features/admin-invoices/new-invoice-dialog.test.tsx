import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FeeTemplate } from '#common/money.ts';
import { queryDefaults } from '#web/lib/query-client.ts';
import { NewInvoiceDialog } from './new-invoice-dialog.tsx';

const template: FeeTemplate = {
  id: 't1',
  name: 'Loan origination',
  appliesTo: 'loan',
  active: true,
  lines: [
    { type: 'bps', label: 'Origination fee', basisPoints: 150 },
    { type: 'fixed', label: 'Vault intake', amountCents: 4_500 },
  ],
  createdAt: '2026-11-01T00:00:00Z',
  updatedAt: '2026-11-01T00:00:00Z',
};

const fetchMock = vi.fn();
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function renderDialog(create: () => Response) {
  fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
    if (init?.method === 'POST') return create();
    if (url.startsWith('/api/admin/fee-templates')) return new Response(JSON.stringify({ templates: [template] }));
    if (url.startsWith('/api/admin/users')) return new Response(JSON.stringify({ users: [{ id: 'u1', name: 'Marcus Lee', phone: '+15555550123' }] }));
    return new Response('{}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  const onClose = vi.fn();
  const qc = new QueryClient({ defaultOptions: { ...queryDefaults, queries: { ...queryDefaults.queries, retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <NewInvoiceDialog open onClose={onClose} />
    </QueryClientProvider>,
  );
  return onClose;
}
const posts = () =>
  fetchMock.mock.calls
    .filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST')
    .map(([, init]) => JSON.parse((init as RequestInit).body as string) as unknown);
const change = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });

async function fill() {
  const dialog = screen.getByRole('dialog');
  await within(dialog).findByRole('option', { name: /Marcus Lee/ });
  await within(dialog).findByRole('option', { name: 'Loan origination' });
  change(within(dialog).getByLabelText('Member'), 'u1');
  change(within(dialog).getByLabelText('Start from a fee template'), 't1');
  change(within(dialog).getByLabelText('Due date'), '2026-12-15');
  return dialog;
}

describe('new invoice dialog', () => {
  it('asks for the member, the template and the amount its percentages apply to before creating anything', async () => {
    renderDialog(() => new Response('{}'));
    fireEvent.click(screen.getByRole('button', { name: 'Create draft' }));
    expect(await screen.findByText('Choose the member to bill')).toBeTruthy();
    expect(screen.getByText('Choose a fee template; you can change every line afterwards')).toBeTruthy();
    expect(screen.getByLabelText('Member').getAttribute('aria-invalid')).toBe('true');
    await fill();
    fireEvent.click(screen.getByRole('button', { name: 'Create draft' }));
    expect(await screen.findByText('Enter the amount, like 12500 or 12,500.00')).toBeTruthy();
    expect(posts()).toHaveLength(0);
  });

  it('creates the draft in cents from the dollars typed', async () => {
    const onClose = renderDialog(() => new Response(JSON.stringify({ invoice: { id: 'i9', number: 'INV-000009' } }), { status: 201 }));
    await fill();
    change(screen.getByLabelText('Amount the percentages apply to ($)'), '12,500');
    expect(screen.getByText('$232.50')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create draft' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts()).toEqual([{ userId: 'u1', templateId: 't1', baseAmountCents: 1_250_000, dueDate: '2026-12-15' }]);
  });

  it("shows the server's field errors on their fields and keeps what was typed", async () => {
    const onClose = renderDialog(
      () =>
        new Response(
          JSON.stringify({
            status: 'error',
            error: 'Invalid',
            fieldErrors: { dueDate: ['The due date cannot be in the past'], baseAmountCents: ['Too large'] },
          }),
          { status: 400, headers: { 'content-type': 'application/json' } },
        ),
    );
    await fill();
    change(screen.getByLabelText('Amount the percentages apply to ($)'), '12,500');
    fireEvent.click(screen.getByRole('button', { name: 'Create draft' }));
    expect(await screen.findByText('The due date cannot be in the past')).toBeTruthy();
    expect(screen.getByText('Too large')).toBeTruthy();
    expect(screen.getByLabelText('Due date').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText<HTMLInputElement>('Amount the percentages apply to ($)').value).toBe('12,500');
    expect(onClose).not.toHaveBeenCalled();
  });
});
