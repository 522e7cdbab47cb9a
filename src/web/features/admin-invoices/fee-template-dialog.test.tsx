import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CreateFeeTemplateInput, FeeTemplate } from '#common/money.ts';
import { queryDefaults } from '#web/lib/query-client.ts';
import { FeeTemplateDialog } from './fee-template-dialog.tsx';

// The switch measures itself; jsdom has no ResizeObserver.
beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

const fetchMock = vi.fn();
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function renderDialog(template: FeeTemplate | null = null) {
  fetchMock.mockImplementation(
    async (_url: string, init?: RequestInit) =>
      new Response(JSON.stringify({ id: 'new', ...(JSON.parse((init?.body as string) ?? '{}') as object) })),
  );
  vi.stubGlobal('fetch', fetchMock);
  const qc = new QueryClient({ defaultOptions: { ...queryDefaults, queries: { ...queryDefaults.queries, retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <FeeTemplateDialog open template={template} onClose={() => {}} />
    </QueryClientProvider>,
  );
}
const writes = () =>
  fetchMock.mock.calls.map(([url, init]) => ({
    url: url as string,
    method: (init as RequestInit).method,
    body: JSON.parse((init as RequestInit).body as string) as CreateFeeTemplateInput,
  }));
const change = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });
const rows = () => screen.getAllByTestId('line-row');

describe('fee template dialog', () => {
  it('previews the lines on a sample amount and creates the template', async () => {
    renderDialog();
    change(screen.getByLabelText('Name'), 'Consignment sale');
    change(screen.getByLabelText('Applies to'), 'sale');
    const first = within(rows()[0]);
    change(first.getByLabelText('Label'), 'Seller commission');
    change(first.getByLabelText('Type'), 'bps');
    change(first.getByLabelText('Percent (%)'), '8');
    fireEvent.click(screen.getByRole('button', { name: /Add line/ }));
    const second = within(rows()[1]);
    change(second.getByLabelText('Label'), 'Photography');
    change(second.getByLabelText('Amount ($)'), '15');
    change(screen.getByLabelText('Preview on an amount of ($)'), '2,500');
    expect(screen.getByTestId('template-preview-total').textContent).toBe('$215.00');
    fireEvent.click(screen.getByRole('button', { name: 'Create template' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toEqual({
      url: '/api/admin/fee-templates',
      method: 'POST',
      body: {
        name: 'Consignment sale',
        appliesTo: 'sale',
        active: true,
        lines: [
          { type: 'bps', label: 'Seller commission', basisPoints: 800 },
          { type: 'fixed', label: 'Photography', amountCents: 1_500 },
        ],
      },
    });
  });

  it('refuses a percentage over 100 and a missing name', async () => {
    renderDialog();
    const first = within(rows()[0]);
    change(first.getByLabelText('Label'), 'Fee');
    change(first.getByLabelText('Type'), 'bps');
    change(first.getByLabelText('Percent (%)'), '101');
    fireEvent.click(screen.getByRole('button', { name: 'Create template' }));
    expect(await screen.findByText('Give the template a name')).toBeTruthy();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter a percentage from 0 to 100')).toBeTruthy();
    expect(writes()).toHaveLength(0);
  });

  it('edits an existing template with PATCH', async () => {
    renderDialog({
      id: 't9',
      name: 'Listing',
      appliesTo: 'listing',
      active: true,
      lines: [{ type: 'fixed', label: 'Listing fee', amountCents: 2_000 }],
      createdAt: '',
      updatedAt: '',
    });
    change(within(rows()[0]).getByLabelText('Amount ($)'), '25');
    fireEvent.click(screen.getByRole('button', { name: 'Save template' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({
      url: '/api/admin/fee-templates/t9',
      method: 'PATCH',
      body: { lines: [{ type: 'fixed', label: 'Listing fee', amountCents: 2_500 }] },
    });
  });

  it("shows the server's field error on the name and keeps the lines typed", async () => {
    renderDialog();
    fetchMock.mockImplementation(
      async () =>
        new Response(JSON.stringify({ status: 'error', error: 'Invalid', fieldErrors: { name: ['A template with that name exists'] } }), {
          status: 400,
          headers: { 'content-type': 'application/json' },
        }),
    );
    change(screen.getByLabelText('Name'), 'Loan origination');
    change(within(rows()[0]).getByLabelText('Label'), 'Intake');
    change(within(rows()[0]).getByLabelText('Amount ($)'), '45');
    fireEvent.click(screen.getByRole('button', { name: 'Create template' }));
    expect(await screen.findByText('A template with that name exists')).toBeTruthy();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(within(rows()[0]).getByLabelText<HTMLInputElement>('Label').value).toBe('Intake');
  });
});
