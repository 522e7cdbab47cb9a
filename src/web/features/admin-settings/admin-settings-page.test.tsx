import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultOnboardingSettings, type OnboardingSettings } from '#common/onboarding.ts';
import { queryDefaults } from '#web/lib/query-client.ts';
import AdminSettingsPage from './admin-settings-page.tsx';
import { fromSettingsForm, settingsFormSchema, toSettingsForm } from './settings-form.ts';

const fetchMock = vi.fn();
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function renderPage(get: () => Response) {
  fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
    if (init?.method === 'PUT') return new Response(init.body as string);
    return url === '/api/admin/settings/onboarding' ? get() : new Response('{}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  const qc = new QueryClient({ defaultOptions: { ...queryDefaults, queries: { ...queryDefaults.queries, retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <AdminSettingsPage />
    </QueryClientProvider>,
  );
}
const puts = () => fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'PUT').map(([, init]) => JSON.parse((init as RequestInit).body as string) as OnboardingSettings);
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('admin settings: wire instructions and tiers', () => {
  it('saves wire instructions an admin enters, in cents and with the tiers unchanged', async () => {
    renderPage(() => new Response(JSON.stringify(defaultOnboardingSettings)));
    expect(await screen.findByText(/Until they are set, clients are told their portfolio manager will send them/)).toBeTruthy();
    type('Beneficiary', 'Slab Custody LLC');
    type('Bank', 'First Harbor Bank');
    type('Account number', '000123456789');
    type('Routing (ABA)', '021000021');
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    const [body] = puts();
    expect(body.wireInstructions).toMatchObject({ beneficiaryName: 'Slab Custody LLC', bankName: 'First Harbor Bank', accountNumber: '000123456789', routingNumber: '021000021', swiftCode: '' });
    expect(body.tiers).toEqual(defaultOnboardingSettings.tiers);
  });

  it('asks for the bank and account number when only part of the instructions is filled in', async () => {
    renderPage(() => new Response(JSON.stringify(defaultOnboardingSettings)));
    await screen.findByLabelText('Beneficiary');
    type('Beneficiary', 'Slab Custody LLC');
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Enter the bank')).toBeTruthy();
    expect(screen.getByText('Enter the account number')).toBeTruthy();
    expect(puts()).toHaveLength(0);
  });

  it('shows a calm message with Retry when the settings fail to load', async () => {
    renderPage(() => new Response('boom', { status: 500 }));
    expect(await screen.findByText("We couldn't load the settings")).toBeTruthy();
    expect(document.body.textContent).not.toContain('boom');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});

describe('settings form conversion', () => {
  it('round-trips settings, reads dollars with commas, and keeps empty instructions unset', () => {
    const form = toSettingsForm(defaultOnboardingSettings);
    expect(form.tiers[1].minimum).toBe('100,000');
    const parsed = settingsFormSchema.parse(form);
    expect(fromSettingsForm(parsed)).toEqual(defaultOnboardingSettings);
    const changed = settingsFormSchema.parse({ ...form, tiers: form.tiers.map((t, i) => (i === 0 ? { ...t, minimum: '$30,000.50' } : t)) });
    expect(fromSettingsForm(changed).tiers[0].minimumCents).toBe(3_000_050);
    expect(settingsFormSchema.safeParse({ ...form, tiers: form.tiers.map((t) => ({ ...t, minimum: 'lots' })) }).success).toBe(false);
  });
});
