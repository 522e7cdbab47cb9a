import { describe, expect, it, vi } from 'vitest';
import { createRefresher, refreshKeysByEvent } from './refresh.ts';
import { toastForLiveMessage } from './toasts.ts';

const setup = () => {
  let t = 10_000;
  const qc = { invalidateQueries: vi.fn(async () => {}) };
  const refresh = createRefresher(qc, () => t);
  return { qc, refresh, advance: (ms: number) => (t += ms) };
};

describe('live query refresh', () => {
  it('refreshes the keys of an event', () => {
    const { qc, refresh } = setup();
    refresh({ type: 'loan_updated' });
    expect(qc.invalidateQueries.mock.calls.map((c) => (c as unknown[])[0])).toEqual([
      { queryKey: ['/api/admin/loans'] },
      { queryKey: ['/api/user/loans'] },
    ]);
  });

  it('dedupes each key for 1.5 s', () => {
    const { qc, refresh, advance } = setup();
    refresh({ type: 'profile_updated' });
    const n = qc.invalidateQueries.mock.calls.length;
    advance(1_499);
    refresh({ type: 'user_updated' }); // shares /api/auth/me and /api/user/profile
    const keys = qc.invalidateQueries.mock.calls.slice(n).map((c) => ((c as unknown[])[0] as { queryKey: string[] }).queryKey[0]);
    expect(keys).not.toContain('/api/auth/me');
    expect(keys).toContain('/api/admin/user');
    advance(1);
    refresh({ type: 'profile_updated' });
    expect(qc.invalidateQueries).toHaveBeenLastCalledWith({ queryKey: ['/api/admin/users'] });
  });

  it('an unknown event refreshes everything at most once per 3 s', () => {
    const { qc, refresh, advance } = setup();
    refresh({ type: 'something_new' });
    refresh({ type: 'something_else' });
    expect(qc.invalidateQueries).toHaveBeenCalledTimes(1);
    expect(qc.invalidateQueries).toHaveBeenCalledWith();
    advance(2_999);
    refresh({ type: 'something_new' });
    expect(qc.invalidateQueries).toHaveBeenCalledTimes(1);
    advance(1);
    refresh({ type: 'something_new' });
    expect(qc.invalidateQueries).toHaveBeenCalledTimes(2);
  });

  it('covers every query key of spec §7', () => {
    const spec = [
      '/api/admin/access-requests', '/api/admin/access-requests/recent', '/api/admin/kyc/documents', '/api/user/kyc/documents',
      '/api/user/kyc/status', '/api/auth/me', '/api/admin/user', '/api/user/profile', '/api/admin/user-by-phone', '/api/cards',
      '/api/registry', '/api/admin/cards', '/api/admin/users-with-cards', '/api/hunts/active', '/api/admin/hunts', '/api/user/hunts',
      '/api/admin/requests', '/api/user/requests', '/api/admin/loans', '/api/user/loans', '/api/admin/sells', '/api/user/sells',
      '/api/user/sources', '/api/admin/sources', '/api/sources/active',
    ];
    const mapped = new Set(Object.values(refreshKeysByEvent).flat());
    expect(spec.filter((k) => !mapped.has(k))).toEqual([]);
  });
});

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
    expect(toastForLiveMessage({ type: 'hunt_updated', status: 'active' }, mine)?.title).toBe('Hunt Request Updated');
    expect(toastForLiveMessage({ type: 'hunt_updated', status: 'active' }, mine)?.description).toContain('active');
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
});
