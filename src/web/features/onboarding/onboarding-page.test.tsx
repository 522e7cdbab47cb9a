import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WIRE_INSTRUCTIONS_PENDING, defaultOnboardingSettings, type OnboardingView, type WireInstructions } from '#common/onboarding.ts';
import { renderMemberPage, cleanUpMemberPagesAfterEach, type FetchRoutes } from '#web/test/render-member-page.tsx';
import OnboardingPage from './onboarding-page.tsx';

cleanUpMemberPagesAfterEach();
let urls: () => string[] = () => [];
function renderPage(routes: FetchRoutes) {
  ({ urls } = renderMemberPage(<OnboardingPage />, routes));
}

describe('onboarding page', () => {
  it('does not ask for an onboarding a member does not have', async () => {
    renderPage({ '/api/onboarding/status': () => new Response(JSON.stringify({ hasOnboarding: false, status: null, managerName: null })) });
    expect(await screen.findByText('No onboarding yet')).toBeTruthy();
    expect(urls()).not.toContain('/api/onboarding');
  });

  it('shows a calm message with Retry when loading fails, never the raw error', async () => {
    let fail = true;
    renderPage({
      '/api/onboarding/status': () => new Response(JSON.stringify({ hasOnboarding: true, status: 'tier_selection', managerName: null })),
      '/api/onboarding': () => (fail ? new Response('boom', { status: 500 }) : new Response('{}', { status: 500 })),
    });
    expect(await screen.findByText("We couldn't load your onboarding")).toBeTruthy();
    expect(document.body.textContent).not.toContain('500');
    expect(document.body.textContent).not.toContain('boom');
    fail = false;
    const before = urls().filter((u) => u === '/api/onboarding').length;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(urls().filter((u) => u === '/api/onboarding').length).toBe(before + 1));
  });

  describe('deposit step', () => {
    const view = (wireInstructions: WireInstructions | null): OnboardingView => ({
      id: 'o1',
      status: 'awaiting_deposit',
      label: 'Send Initial Deposit',
      progress: 85,
      managerName: 'Morgan Manager',
      managerConsent: 'accepted',
      clientName: 'Casey',
      tiers: defaultOnboardingSettings.tiers,
      suggestedTier: 'investor',
      tier: 'investor',
      allocation: null,
      agreement: { version: 1, title: 'Service Agreement', text: 'Terms' },
      signature: null,
      deposit: { amountCents: 100_000_00, reference: 'ONB-1234ABCD', wireInstructions, confirmedAt: null, receivedCents: null },
      kycStatus: 'approved',
      timeline: [],
    });
    const routesFor = (v: OnboardingView) => ({
      '/api/onboarding/status': () =>
        new Response(JSON.stringify({ hasOnboarding: true, status: 'awaiting_deposit', managerName: 'Morgan Manager' })),
      '/api/onboarding': () => new Response(JSON.stringify(v)),
    });

    it('says the manager will send the instructions while none are set, with no made-up bank details', async () => {
      renderPage(routesFor(view(null)));
      expect(await screen.findByText(WIRE_INSTRUCTIONS_PENDING)).toBeTruthy();
      expect(document.body.textContent).not.toMatch(/to be confirmed|provided by your portfolio manager/i);
      expect(screen.queryByText('Account number')).toBeNull();
    });

    it('shows the instructions an admin set', async () => {
      renderPage(
        routesFor(
          view({
            beneficiaryName: 'Slab Custody LLC',
            beneficiaryAddress: '',
            bankName: 'First Harbor Bank',
            bankAddress: '',
            routingNumber: '021000021',
            accountNumber: '000123456789',
            swiftCode: '',
            note: '',
          }),
        ),
      );
      expect(await screen.findByText('First Harbor Bank')).toBeTruthy();
      expect(screen.getByText('000123456789')).toBeTruthy();
      expect(screen.queryByText(WIRE_INSTRUCTIONS_PENDING)).toBeNull();
    });
  });
});
