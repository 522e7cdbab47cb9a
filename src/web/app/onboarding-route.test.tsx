import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultOnboardingSettings, type OnboardingView } from '#common/onboarding.ts';
import { renderMemberPage, cleanUpMemberPagesAfterEach } from '#web/test/render-member-page.tsx';
import OnboardingRoute from './onboarding-route.tsx';

cleanUpMemberPagesAfterEach();

const view: OnboardingView = {
  id: 'o1',
  status: 'kyc_upload',
  label: 'Upload KYC Documents',
  progress: 55,
  managerName: null,
  clientName: 'Casey',
  tiers: defaultOnboardingSettings.tiers,
  suggestedTier: 'investor',
  tier: 'investor',
  allocation: null,
  agreement: null,
  signature: null,
  deposit: null,
  kycStatus: 'not_submitted',
  timeline: [],
} as unknown as OnboardingView;

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });

describe('onboarding composed with the KYC feature', () => {
  it("shows the KYC feature's upload list in the KYC step, and an upload refreshes the onboarding status", async () => {
    let missing = ['id_front', 'id_back', 'selfie'];
    const { urls } = renderMemberPage(<OnboardingRoute />, (url, init) => {
      if (url === '/api/onboarding/status') return json({ hasOnboarding: true, status: 'kyc_upload', managerName: null });
      if (url === '/api/onboarding') return json(view);
      if (url === '/api/user/kyc/status') return json({ status: 'not_submitted', missing });
      if (url === '/api/user/kyc/documents' && init?.method === 'POST') {
        missing = ['id_back', 'selfie'];
        return json({ status: 'success', document: {} });
      }
      if (url === '/api/user/kyc/documents') return json({ documents: [] });
      return new Response('{}', { status: 404 });
    });
    const input = await screen.findByTestId('kyc-file-id_front');
    expect((screen.getByRole('button', { name: /Submit documents/ }) as HTMLButtonElement).disabled).toBe(true);
    const statusReads = () => urls().filter((u) => u === '/api/onboarding/status').length;
    const before = statusReads();
    fireEvent.change(input, { target: { files: [new File(['x'], 'id.png', { type: 'image/png' })] } });
    await waitFor(() => expect(statusReads()).toBe(before + 1));
    expect(urls()).toContain('/api/user/kyc/status');
  });
});
