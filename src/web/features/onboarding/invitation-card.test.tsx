import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { cleanUpMemberPagesAfterEach, renderMemberPage } from '#web/test/render-member-page.tsx';
import { onboardingKeys } from './api/keys.ts';
import { InvitationAnswer } from './invitation-card.tsx';

const { toast } = vi.hoisted(() => ({ toast: vi.fn() }));
vi.mock('#web/hooks/use-toast.ts', () => ({ toast }));

cleanUpMemberPagesAfterEach();

/** Status fetches wait until the test lets them answer. */
let waiting: Array<() => void> = [];
const answerStatusFetches = () => {
  waiting.forEach((answer) => answer());
  waiting = [];
};

/**
 * As in the app: once answered, the invitation (and the buttons that answered it) goes away while
 * the status it hangs from is fetched again.
 */
function Host() {
  useQuery({ queryKey: onboardingKeys.status, queryFn: () => new Promise((r) => waiting.push(() => r({ hasOnboarding: true }))) });
  const view = useQuery({ queryKey: onboardingKeys.view, queryFn: () => null, enabled: false });
  return view.data ? <p>Onboarding</p> : <InvitationAnswer managerName="Morgan Manager" />;
}

const answered = { status: 'success', onboarding: { id: 'o1', status: 'tier_selection', managerConsent: 'accepted' } };

describe('answering an invitation', () => {
  it('says so in a toast even though the buttons are gone by the time the answer is in', async () => {
    toast.mockClear();
    renderMemberPage(<Host />, {
      '/api/onboarding/accept': () => new Response(JSON.stringify(answered)),
      '/api/onboarding/status': () => new Response(JSON.stringify({ hasOnboarding: true, status: 'tier_selection', managerName: 'Morgan Manager' })),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await screen.findByText('Onboarding'); // the buttons are gone; the status is still being fetched again
    answerStatusFetches();
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({ title: 'Invitation accepted', description: 'Morgan Manager is now your portfolio manager.' }),
    );
  });

  it('says what went wrong when the answer is refused', async () => {
    toast.mockClear();
    renderMemberPage(<Host />, {
      '/api/onboarding/decline': () =>
        new Response(JSON.stringify({ error: 'conflict', message: 'This invitation was already answered' }), { status: 409 }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(expect.objectContaining({ variant: 'destructive', title: 'Could not answer the invitation' })),
    );
  });
});
