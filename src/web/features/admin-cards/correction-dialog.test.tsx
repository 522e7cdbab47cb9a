import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminCardRow } from '#common/cards.ts';
import { queryDefaults } from '#web/lib/query-client.ts';
import { CorrectionDialog } from './correction-dialog.tsx';

const card = {
  id: 'c1',
  grader: 'PSA',
  certNumber: '123',
  grade: 'GEM MT 10',
  year: 1986,
  subject: 'Michael Jordan',
  brand: 'Fleer',
  cardNumber: '57',
  variety: null,
  estimatedValueCents: 1_250_000,
  hold: null,
  appraisal: null,
} as unknown as AdminCardRow;

const fetchMock = vi.fn();
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function renderDialog(respond: () => Response) {
  fetchMock.mockImplementation(async () => respond());
  vi.stubGlobal('fetch', fetchMock);
  const onClose = vi.fn();
  const qc = new QueryClient({ defaultOptions: { ...queryDefaults, queries: { ...queryDefaults.queries, retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <CorrectionDialog card={card} onClose={onClose} />
    </QueryClientProvider>,
  );
  return onClose;
}
const refusal = (fieldErrors: Record<string, string[]>) => () =>
  new Response(JSON.stringify({ status: 'error', error: 'Invalid', fieldErrors }), { status: 400, headers: { 'content-type': 'application/json' } });
const sent = () =>
  fetchMock.mock.calls.map(([url, init]) => ({ url: String(url), body: JSON.parse((init as RequestInit).body as string) as unknown }));
const change = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });
const correctForm = () => within(screen.getByRole('form', { name: 'Correct the card' }));
const appraiseForm = () => within(screen.getByRole('form', { name: 'Appraise the card' }));

describe('correct or appraise a card (admin)', () => {
  it('asks for a change and a reason before sending, and sends only what changed', async () => {
    const onClose = renderDialog(() => new Response(JSON.stringify({ id: 'c1' })));
    fireEvent.click(correctForm().getByRole('button', { name: /Save correction/ }));
    expect(await screen.findByText('Change at least one field')).toBeTruthy();
    expect(screen.getByText('Say why the card is corrected')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    change(correctForm().getByLabelText('Grade'), 'MINT 9');
    expect(screen.queryByText('Change at least one field')).toBeNull();
    change(correctForm().getByLabelText('Reason (kept in the card’s provenance)'), 'Slab reads 9');
    fireEvent.click(correctForm().getByRole('button', { name: 'Save correction (1 field)' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent()).toEqual([{ url: expect.stringContaining('/api/admin/cards/c1'), body: { grade: 'MINT 9', reason: 'Slab reads 9' } }]);
  });

  it("shows the server's field errors on their fields and keeps what was typed", async () => {
    const onClose = renderDialog(refusal({ estimatedValueCents: ['Enter an amount of $0 or more'], grade: ['Not a PSA grade'] }));
    change(correctForm().getByLabelText('Grade'), 'SUPER 11');
    change(correctForm().getByLabelText('Member’s estimate (USD)'), '-5');
    change(correctForm().getByLabelText('Reason (kept in the card’s provenance)'), 'Typo');
    fireEvent.click(correctForm().getByRole('button', { name: /Save correction/ }));
    expect(await screen.findByText('Not a PSA grade')).toBeTruthy();
    expect(screen.getByText('Enter an amount of $0 or more')).toBeTruthy();
    expect(correctForm().getByLabelText('Member’s estimate (USD)').getAttribute('aria-invalid')).toBe('true');
    expect(correctForm().getByLabelText<HTMLInputElement>('Grade').value).toBe('SUPER 11');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('records an appraisal in cents, and shows a refusal on the value', async () => {
    renderDialog(refusal({ valueCents: ['The appraisal is too large'] }));
    fireEvent.click(appraiseForm().getByRole('button', { name: 'Record appraisal' }));
    expect(await screen.findByText('Enter the appraised value in dollars, like 12,500')).toBeTruthy();
    change(appraiseForm().getByLabelText('Appraised value (USD)'), '12,500');
    fireEvent.click(appraiseForm().getByRole('button', { name: 'Record appraisal' }));
    expect(await screen.findByText('The appraisal is too large')).toBeTruthy();
    expect(sent()).toEqual([{ url: expect.stringContaining('/api/admin/cards/c1/appraisal'), body: { valueCents: 1_250_000, note: null } }]);
    expect(appraiseForm().getByLabelText<HTMLInputElement>('Appraised value (USD)').value).toBe('12,500');
  });
});
