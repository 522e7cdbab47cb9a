import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultOnboardingSettings } from '#common/onboarding.ts';
import { settingsDefaults, type AdminSettingsResponse } from '#common/settings.ts';
import { queryDefaults } from '#web/lib/query-client.ts';
import AdminSettingsPage from './admin-settings-page.tsx';
import { fromTiersForm, lendingFormSchema, tiersFormSchema, toLendingForm, toTiersForm, toVaultForm, vaultFormSchema } from './settings-form.ts';

// The switches and checkboxes measure themselves; jsdom has no ResizeObserver.
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

const loaded: AdminSettingsResponse = { sections: settingsDefaults, feeTemplates: [] };

/** `patch` answers a PATCH of a section (by default: saved as sent, over the defaults). */
function renderPage(get: () => Response, patch?: (section: string, body: Record<string, unknown>) => Response) {
  fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
    if (init?.method === 'PATCH') {
      const section = url.split('/').pop()!;
      const body = JSON.parse(init.body as string) as Record<string, unknown>;
      if (patch) return patch(section, body);
      return new Response(JSON.stringify({ section, value: { ...settingsDefaults[section as keyof typeof settingsDefaults], ...body } }));
    }
    return url === '/api/admin/settings' ? get() : new Response('{}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  const qc = new QueryClient({ defaultOptions: { ...queryDefaults, queries: { ...queryDefaults.queries, retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <AdminSettingsPage />
    </QueryClientProvider>,
  );
}
const patches = () =>
  fetchMock.mock.calls
    .filter(([, init]) => (init as RequestInit | undefined)?.method === 'PATCH')
    .map(([url, init]) => ({ url: url as string, body: JSON.parse((init as RequestInit).body as string) as Record<string, unknown> }));
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const section = (name: string) => screen.getByRole('form', { name });

describe('admin settings', () => {
  it('saves wire instructions on their own, leaving the tiers alone', async () => {
    renderPage(() => new Response(JSON.stringify(loaded)));
    expect(await screen.findByText(/Until they are set, clients are told their portfolio manager will send them/)).toBeTruthy();
    type('Beneficiary', 'Slab Custody LLC');
    type('Bank', 'First Harbor Bank');
    type('Account number', '000123456789');
    type('Routing (ABA)', '021000021');
    fireEvent.click(screen.getByRole('button', { name: 'Save wire instructions' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    const [{ url, body }] = patches();
    expect(url).toBe('/api/admin/settings/sections/onboarding');
    expect(Object.keys(body)).toEqual(['wireInstructions']);
    expect(body.wireInstructions).toMatchObject({
      beneficiaryName: 'Slab Custody LLC',
      bankName: 'First Harbor Bank',
      accountNumber: '000123456789',
      routingNumber: '021000021',
      swiftCode: '',
    });
  });

  it('asks for the bank and account number when only part of the instructions is filled in', async () => {
    renderPage(() => new Response(JSON.stringify(loaded)));
    await screen.findByLabelText('Beneficiary');
    type('Beneficiary', 'Slab Custody LLC');
    fireEvent.click(screen.getByRole('button', { name: 'Save wire instructions' }));
    expect(await screen.findByText('Enter the bank')).toBeTruthy();
    expect(screen.getByText('Enter the account number')).toBeTruthy();
    expect(patches()).toHaveLength(0);
  });

  it('saves the lending policy in cents and basis points, and checks it with the policy’s own rules first', async () => {
    renderPage(() => new Response(JSON.stringify(loaded)));
    await screen.findByLabelText('Minimum loan (USD)');
    type('Lowest APR (%)', '20');
    type('Highest APR (%)', '15');
    fireEvent.click(screen.getByRole('button', { name: 'Save lending policy' }));
    expect(await screen.findByText('The lowest APR must not exceed the highest')).toBeTruthy();
    expect(patches()).toHaveLength(0);
    // What was typed stays.
    expect((screen.getByLabelText('Lowest APR (%)') as HTMLInputElement).value).toBe('20');

    type('Lowest APR (%)', '8.5');
    type('Minimum loan (USD)', '2,500');
    type('Maximum loan-to-value (%)', '45');
    fireEvent.click(screen.getByRole('button', { name: 'Save lending policy' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0].body).toMatchObject({
      minLoanCents: 250_000,
      aprMinBps: 850,
      aprMaxBps: 1500,
      maxLtvBps: 4500,
      terms: [3, 6, 12],
      originationFeeTemplateId: null,
    });
    // Saved: the form takes the saved policy, so there is nothing left to discard.
    await waitFor(() =>
      expect((within(section('Lending policy')).getByRole('button', { name: 'Discard changes' }) as HTMLButtonElement).disabled).toBe(true),
    );
  });

  it('shows the server’s field errors beside their fields and keeps the input', async () => {
    renderPage(
      () => new Response(JSON.stringify(loaded)),
      () =>
        new Response(
          JSON.stringify({
            status: 'error',
            error: 'Between 5 and 120 minutes',
            fieldErrors: { reservationMinutes: ['Between 5 and 120 minutes (server)'] },
          }),
          { status: 400 },
        ),
    );
    await screen.findByLabelText('A reservation holds a card for (minutes)');
    type('A reservation holds a card for (minutes)', '30');
    fireEvent.click(screen.getByRole('button', { name: 'Save marketplace settings' }));
    expect(await screen.findByText('Between 5 and 120 minutes (server)')).toBeTruthy();
    const input = screen.getByLabelText('A reservation holds a card for (minutes)') as HTMLInputElement;
    expect(input.value).toBe('30');
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('switches a feature off for members', async () => {
    renderPage(() => new Response(JSON.stringify(loaded)));
    const hunts = await screen.findByRole('switch', { name: 'Hunts visible to members' });
    expect(hunts.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(hunts);
    fireEvent.click(within(section('Feature switches')).getByRole('button', { name: 'Save feature switches' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]).toEqual({
      url: '/api/admin/settings/sections/features',
      body: { marketplace: true, lending: true, funds: true, hunts: false },
    });
  });

  it('shows a calm message with Retry when the settings fail to load', async () => {
    renderPage(() => new Response('boom', { status: 500 }));
    expect(await screen.findByText("We couldn't load the settings")).toBeTruthy();
    expect(document.body.textContent).not.toContain('boom');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});

describe('settings form conversion', () => {
  it('round-trips tiers, reads dollars with commas', () => {
    const form = toTiersForm(defaultOnboardingSettings);
    expect(form.tiers[1].minimum).toBe('100,000');
    expect(fromTiersForm(tiersFormSchema.parse(form))).toEqual(defaultOnboardingSettings.tiers);
    const changed = tiersFormSchema.parse({ tiers: form.tiers.map((t, i) => (i === 0 ? { ...t, minimum: '$30,000.50' } : t)) });
    expect(fromTiersForm(changed)[0].minimumCents).toBe(3_000_050);
    expect(tiersFormSchema.safeParse({ tiers: form.tiers.map((t) => ({ ...t, minimum: 'lots' })) }).success).toBe(false);
  });

  it('round-trips the lending policy', () => {
    expect(lendingFormSchema.parse(toLendingForm(settingsDefaults.lending))).toEqual(settingsDefaults.lending);
    expect(lendingFormSchema.safeParse({ ...toLendingForm(settingsDefaults.lending), maxLtvBps: '95' }).success).toBe(false);
  });

  it('round-trips the vault settings: 1% capped at $30, 25 cards', () => {
    const form = toVaultForm(settingsDefaults.vault);
    expect(form).toMatchObject({ outtakeFeeBps: '1', outtakeFeeCapCents: '30', outtakeMaxCards: '25' });
    expect(vaultFormSchema.parse(form)).toEqual(settingsDefaults.vault);
    expect(vaultFormSchema.parse({ ...form, outtakeFeeCapCents: '$45.50' }).outtakeFeeCapCents).toBe(4550);
    expect(vaultFormSchema.safeParse({ ...form, shippingAddress: { ...form.shippingAddress, city: '' } }).success).toBe(false);
  });
});
