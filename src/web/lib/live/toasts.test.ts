import { describe, expect, it } from 'vitest';
import { toastForLiveMessage } from './toasts.ts';

describe('live toasts (spec §8)', () => {
  const mine = { mine: true };
  it('uses the exact catalogue texts', () => {
    expect(toastForLiveMessage({ type: 'access_request_updated', status: 'approved' }, mine)).toEqual({
      title: 'Access Request Approved',
      description: 'Your access request has been approved. You can now log in.',
    });
    expect(toastForLiveMessage({ type: 'access_request_updated', status: 'rejected' }, mine)?.description).toMatch(
      /Please contact support for more information\.$/,
    );
    expect(toastForLiveMessage({ type: 'hunt_updated', userId: 'u1', status: 'active' }, mine)?.title).toBe('Hunt Request Updated');
    expect(toastForLiveMessage({ type: 'hunt_updated', userId: 'u1', status: 'active' }, mine)?.description).toContain('active');
    // The board's refresh to every member carries no userId and toasts nobody.
    expect(toastForLiveMessage({ type: 'hunt_updated', status: 'active' }, mine)).toBeNull();
    expect(toastForLiveMessage({ type: 'sell_updated', status: 'accepted' }, mine)?.title).toBe('Sell Offer Updated');
    expect(toastForLiveMessage({ type: 'request_updated', status: 'approved' }, mine)?.title).toBe('Card Request Updated');
    expect(toastForLiveMessage({ type: 'loan_updated', status: 'approved' }, mine)?.title).toBe('Loan Conditionally Approved');
    expect(toastForLiveMessage({ type: 'loan_updated', status: 'approved' }, mine)?.description).toMatch(/received in hand.*pick it up.*schedule/);
    expect(toastForLiveMessage({ type: 'loan_updated', status: 'rejected' }, mine)?.description).toBe('Your loan request has been rejected.');
    expect(toastForLiveMessage({ type: 'loan_updated', status: 'paid' }, mine)?.title).toBe('Loan Marked as Paid');
    expect(toastForLiveMessage({ type: 'profile_updated' }, mine)?.title).toBe('Profile Updated');
    expect(toastForLiveMessage({ type: 'source_updated', status: 'active' }, mine)?.title).toBe('Source Request Approved');
    expect(toastForLiveMessage({ type: 'source_status_changed', status: 'closed' }, mine)?.title).toBe('Source Request Closed');
    expect(toastForLiveMessage({ type: 'source_updated', status: 'fulfilled' }, mine)?.title).toBe('Source Request Fulfilled');
  });
  it('shows staff the server description of someone else’s record', () => {
    expect(
      toastForLiveMessage({ type: 'access_request_updated', status: 'approved', message: 'Request from +1 212 was approved.' }, { mine: false }),
    ).toEqual({ title: 'Access Request Approved', description: 'Request from +1 212 was approved.' });
  });
  it('passes notifications through and ignores events without a toast', () => {
    expect(toastForLiveMessage({ type: 'notification', title: 'T', message: 'M', variant: 'destructive' }, mine)).toEqual({
      title: 'T',
      description: 'M',
      variant: 'destructive',
    });
    expect(toastForLiveMessage({ type: 'kyc_status_updated' }, mine)).toBeNull();
  });
  it('shows no toast for a silent notification: its change already toasted', () => {
    expect(toastForLiveMessage({ type: 'notification', title: 'Card request approved', message: 'M', silent: true }, mine)).toBeNull();
  });
});
