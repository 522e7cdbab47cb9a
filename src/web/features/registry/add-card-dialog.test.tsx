import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PsaCert } from '#common/cards.ts';
import { createQueryClient } from '#web/lib/query-client.ts';
import { AddCardDialog } from './add-card-dialog.tsx';

const cert: PsaCert = {
  certNumber: '48213907',
  year: '1986',
  brand: 'FLEER',
  subject: 'MICHAEL JORDAN',
  cardNumber: '57',
  variety: null,
  category: 'BASKETBALL CARDS',
  grade: 'GEM MT 10',
  gradeDescription: 'GEM MINT 10',
  totalPopulation: 319,
  populationHigher: 0,
  labelType: null,
  imageFrontUrl: null,
  imageBackUrl: null,
};
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const fetchMock = vi.fn();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderDialog() {
  const onAdded = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AddCardDialog open onOpenChange={() => {}} onAdded={onAdded} />
    </QueryClientProvider>,
  );
  return { onAdded };
}
const dialog = () => screen.getByRole('dialog');
const calls = (method: string) => fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method);

describe('adding a card', () => {
  it('refuses a certificate that is not digits without asking PSA', async () => {
    renderDialog();
    fireEvent.change(within(dialog()).getByLabelText('PSA certificate number'), { target: { value: '12-AB' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Look up' }));
    expect(await within(dialog()).findByText('Certificate number must be digits')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('looks the certificate up, prefills the form from PSA, and saves it with the value typed', async () => {
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (url === '/api/psa/cert/48213907') return json(200, { ...cert, fetchedAt: '2026-11-23T10:00:00Z', fromCache: false, demo: false });
      if (url === '/api/cards' && init?.method === 'POST') return json(201, { id: 'c1', year: 1986, brand: 'FLEER', subject: 'MICHAEL JORDAN' });
      return json(200, {});
    });
    const { onAdded } = renderDialog();
    fireEvent.change(within(dialog()).getByLabelText('PSA certificate number'), { target: { value: '48213907' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Look up' }));
    const player = (await within(dialog()).findByLabelText('Player')) as HTMLInputElement;
    // PSA's capitals in title case; the server keeps PSA's own text on save.
    expect(player.value).toBe('Michael Jordan');
    expect((within(dialog()).getByLabelText('Set') as HTMLInputElement).value).toBe('Fleer');
    expect(within(dialog()).queryByText('Demo certificate')).toBeNull();
    expect((within(dialog()).getByLabelText('Certificate number') as HTMLInputElement).value).toBe('48213907');
    expect((within(dialog()).getByLabelText('Sport') as HTMLSelectElement).value).toBe('basketball');
    expect(within(dialog()).getByText('319')).toBeTruthy();

    fireEvent.change(within(dialog()).getByLabelText('Estimated value (USD)'), { target: { value: '185,000' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add to registry' }));
    await waitFor(() => expect(onAdded).toHaveBeenCalled());
    const [, init] = calls('POST')[0]!;
    expect(JSON.parse(init.body as string)).toMatchObject({
      grader: 'PSA',
      certNumber: '48213907',
      year: 1986,
      gradeValue: 10,
      estimatedValueCents: 18_500_000,
      source: 'psa',
    });
  });

  it('marks the demo’s sample certificate as demo data', async () => {
    fetchMock.mockImplementation(async (url: string) =>
      url === '/api/psa/cert/48213907' ? json(200, { ...cert, fetchedAt: '2026-11-23T10:00:00Z', fromCache: false, demo: true }) : json(200, {}),
    );
    renderDialog();
    fireEvent.change(within(dialog()).getByLabelText('PSA certificate number'), { target: { value: '48213907' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Look up' }));
    expect(await within(dialog()).findByText('Demo certificate')).toBeTruthy();
    expect(within(dialog()).getByText(/Filled in from the demo’s sample certificate\./)).toBeTruthy();
    expect((within(dialog()).getByLabelText('Player') as HTMLInputElement).value).toBe('Michael Jordan');
  });

  it('says plainly when PSA lookup is not configured and still lets the card be entered by hand', async () => {
    fetchMock.mockResolvedValue(json(503, { status: 'error', error: 'PSA lookup is not configured' }));
    renderDialog();
    fireEvent.change(within(dialog()).getByLabelText('PSA certificate number'), { target: { value: '123' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Look up' }));
    expect(await within(dialog()).findByText(/PSA lookup is not configured\. You can still enter the card by hand\./)).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Enter by hand' }));
    expect((within(dialog()).getByLabelText('Certificate number') as HTMLInputElement).value).toBe('123');
  });

  it('shows each missing field inline on an empty hand entry and sends nothing', async () => {
    renderDialog();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Enter by hand' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add to registry' }));
    expect(await within(dialog()).findByText('Enter the player')).toBeTruthy();
    expect(within(dialog()).getByText('Enter the set')).toBeTruthy();
    expect(within(dialog()).getByText('Grade is required unless the card is raw')).toBeTruthy();
    expect(within(dialog()).getByLabelText('Player').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('puts a duplicate certificate on its field and keeps everything typed after a server error', async () => {
    fetchMock.mockResolvedValueOnce(json(409, { status: 'error', error: 'This certificate is already registered' }));
    fetchMock.mockResolvedValueOnce(json(500, { status: 'error', error: 'Something went wrong' }));
    renderDialog();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Enter by hand' }));
    const fill = (label: string, value: string) => fireEvent.change(within(dialog()).getByLabelText(label), { target: { value } });
    fill('Certificate number', '48213907');
    fill('Grade', 'NM-MT 8');
    fill('Year', '1952');
    fill('Player', 'Mickey Mantle');
    fill('Set', 'Topps');
    fill('Sport', 'baseball');
    fill('Estimated value (USD)', '95000');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add to registry' }));
    expect(await within(dialog()).findByText('This certificate is already registered')).toBeTruthy();
    expect(within(dialog()).getByLabelText('Certificate number').getAttribute('aria-invalid')).toBe('true');

    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add to registry' }));
    expect(await within(dialog()).findByText(/Something went wrong\. Your entries are still here\./)).toBeTruthy();
    expect((within(dialog()).getByLabelText('Player') as HTMLInputElement).value).toBe('Mickey Mantle');
    expect((within(dialog()).getByLabelText('Estimated value (USD)') as HTMLInputElement).value).toBe('95000');
    expect(calls('POST')).toHaveLength(2);
  });
});
