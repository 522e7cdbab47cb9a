import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FeeTemplate, PatchInvoiceInput } from '#common/money.ts';
import { queryDefaults } from '#web/lib/query-client.ts';
import { draft } from './draft-invoice.fixture.ts';
import { InvoiceEditor } from './invoice-editor.tsx';

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

function renderEditor() {
  fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
    if (init?.method === 'PATCH') return new Response(JSON.stringify({ invoice: { ...draft, ...(JSON.parse(init.body as string) as object) } }));
    if (url === '/api/admin/fee-templates') return new Response(JSON.stringify({ templates: [template] }));
    return new Response('{}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  const qc = new QueryClient({ defaultOptions: { ...queryDefaults, queries: { ...queryDefaults.queries, retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <InvoiceEditor invoice={draft} onVoid={() => {}} />
    </QueryClientProvider>,
  );
}
const patches = () =>
  fetchMock.mock.calls
    .filter(([, init]) => (init as RequestInit | undefined)?.method === 'PATCH')
    .map(([, init]) => JSON.parse((init as RequestInit).body as string) as PatchInvoiceInput);
const total = () => screen.getByTestId('invoice-total').textContent;
const rows = () => screen.getAllByTestId('line-row');
const change = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });

describe('invoice editor', () => {
  it('totals lines live as they are typed', () => {
    renderEditor();
    expect(total()).toBe('$25.00');
    fireEvent.click(screen.getByRole('button', { name: /Percentage line/ }));
    const row = within(rows()[1]);
    change(row.getByLabelText('Label'), 'Commission');
    change(row.getByLabelText('Percent (%)'), '8');
    change(row.getByLabelText('Of amount ($)'), '1,250');
    expect(row.getByTestId('line-amount').textContent).toBe('$100.00');
    expect(total()).toBe('$125.00');
  });

  it('adds a template’s lines priced on the amount given, then saves them as a draft', async () => {
    renderEditor();
    const picker = screen.getByRole('group', { name: 'Add from a template' });
    await within(picker).findByRole('option', { name: 'Loan origination' });
    change(within(picker).getByLabelText('Template'), 't1');
    change(within(picker).getByLabelText('Of amount ($)'), '2000');
    fireEvent.click(within(picker).getByRole('button', { name: /Add lines/ }));
    expect(rows()).toHaveLength(3);
    expect(total()).toBe('$100.00'); // 25 + 1.5 % of 2,000 + 45
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]).toEqual({
      lines: [
        { type: 'fixed', label: 'Authentication', amountCents: 2_500 },
        { type: 'bps', label: 'Origination fee', basisPoints: 150, baseCents: 200_000 },
        { type: 'fixed', label: 'Vault intake', amountCents: 4_500 },
      ],
      dueDate: '2026-12-01',
      notes: null,
    });
  });

  it('reorders and removes lines', async () => {
    renderEditor();
    fireEvent.click(screen.getByRole('button', { name: /Fixed line/ }));
    const second = within(rows()[1]);
    change(second.getByLabelText('Label'), 'Shipping');
    change(second.getByLabelText('Amount ($)'), '12.5');
    fireEvent.click(screen.getByRole('button', { name: 'Move Shipping up' }));
    expect(within(rows()[0]).getByLabelText<HTMLInputElement>('Label').value).toBe('Shipping');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Authentication' }));
    expect(rows()).toHaveLength(1);
    expect(total()).toBe('$12.50');
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0].lines).toEqual([{ type: 'fixed', label: 'Shipping', amountCents: 1_250 }]);
  });

  it('refuses to save a line without a label or with fractional cents', () => {
    renderEditor();
    fireEvent.click(screen.getByRole('button', { name: /Fixed line/ }));
    change(within(rows()[1]).getByLabelText('Amount ($)'), '3.005');
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(screen.getByText('Give the line a label')).toBeTruthy();
    expect(patches()).toHaveLength(0);
  });

  it('sends only after the admin confirms', async () => {
    renderEditor();
    change(screen.getByLabelText('Notes for the member'), 'Thanks for consigning with us.');
    fireEvent.click(screen.getByRole('button', { name: /^Send$/ }));
    const dialog = await screen.findByRole('alertdialog');
    expect(patches()).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invoice' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]).toMatchObject({ status: 'sent', notes: 'Thanks for consigning with us.' });
  });

  it("puts the server's field errors on the due date and the line, keeping what was typed", async () => {
    renderEditor();
    fetchMock.mockImplementation(
      async () =>
        new Response(
          JSON.stringify({
            status: 'error',
            error: 'Check the invoice',
            fieldErrors: { dueDate: ['The due date cannot be in the past'], 'lines.0.amountCents': ['Too large for one line'] },
          }),
          { status: 400, headers: { 'content-type': 'application/json' } },
        ),
    );
    change(screen.getByLabelText('Notes for the member'), 'Kept');
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('The due date cannot be in the past')).toBeTruthy();
    expect(screen.getByLabelText('Due date').getAttribute('aria-invalid')).toBe('true');
    expect(within(rows()[0]).getByText('Too large for one line')).toBeTruthy();
    expect(screen.getByLabelText<HTMLTextAreaElement>('Notes for the member').value).toBe('Kept');
    expect(within(rows()[0]).getByLabelText<HTMLInputElement>('Amount ($)').value).toBe('25.00');
  });

  it('asks for the due date before saving', async () => {
    renderEditor();
    change(screen.getByLabelText('Due date'), '');
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Enter the due date')).toBeTruthy();
    expect(patches()).toHaveLength(0);
  });
});
