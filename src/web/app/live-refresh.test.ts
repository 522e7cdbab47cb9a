import { describe, expect, it, vi } from 'vitest';
import { liveEventTypes } from '#common/live.ts';
import { createRefresher, type RefreshMap } from '#web/lib/live/refresh.ts';
import { refreshKeysByEvent } from './live-refresh.ts';
import { unbuiltKeys } from './unbuilt-keys.ts';

// Every key factory file of every feature, as text: whatever path a built feature spells.
const featureApiSources = Object.values(import.meta.glob<string>('../features/*/api/*.ts', { query: '?raw', import: 'default', eager: true }));

const setup = () => {
  let t = 10_000;
  const timers: { at: number; fn: () => void }[] = [];
  const qc = { invalidateQueries: vi.fn(async (_filters?: unknown) => {}) };
  const refresh = createRefresher(
    qc,
    refreshKeysByEvent,
    () => t,
    (fn, ms) => timers.push({ at: t + ms, fn }),
  );
  const advance = (ms: number) => {
    t += ms;
    for (const timer of timers.filter((x) => x.at <= t)) {
      timers.splice(timers.indexOf(timer), 1);
      timer.fn();
    }
  };
  return { qc, refresh, advance };
};

describe('live query refresh', () => {
  it('refreshes the keys of an event', () => {
    const { qc, refresh } = setup();
    refresh({ type: 'loan_updated' });
    expect(qc.invalidateQueries.mock.calls.map((c) => (c as unknown[])[0])).toEqual([
      { queryKey: ['/api/admin/loans'] },
      { queryKey: ['/api/user/loans'] },
      { queryKey: ['/api/admin/dashboard'] },
    ]);
  });

  it('refreshes each key at most once per 1.5 s, with one trailing refresh so the last event is not lost', () => {
    const { qc, refresh, advance } = setup();
    const calls = () => qc.invalidateQueries.mock.calls.map((c) => ((c[0] as { queryKey?: string[] })?.queryKey ?? ['*'])[0]);
    refresh({ type: 'profile_updated' });
    expect(calls()).toEqual(['/api/user/profile', '/api/auth/me', '/api/admin/users']);
    advance(500);
    refresh({ type: 'user_updated' }); // shares /api/auth/me, /api/user/profile and /api/admin/users
    refresh({ type: 'user_updated' });
    expect(calls().slice(3)).toEqual(['/api/admin/user', '/api/admin/user-by-phone']);
    advance(999);
    expect(calls()).toHaveLength(5);
    advance(1);
    // The window ended: the three shared keys refresh once each, not twice.
    expect(calls().slice(5).sort()).toEqual(['/api/admin/users', '/api/auth/me', '/api/user/profile']);
    // The repeated user_updated inside its own window gives its keys one trailing refresh too.
    advance(499);
    expect(calls()).toHaveLength(8);
    advance(1);
    expect(calls().slice(8)).toEqual(['/api/admin/user', '/api/admin/user-by-phone']);
    advance(10_000);
    expect(calls()).toHaveLength(10);
  });

  it('an unknown event refreshes everything at most once per 3 s, then once more at the end of the window', () => {
    const { qc, refresh, advance } = setup();
    refresh({ type: 'something_new' });
    refresh({ type: 'something_else' });
    refresh({ type: 'something_else' });
    expect(qc.invalidateQueries).toHaveBeenCalledTimes(1);
    expect(qc.invalidateQueries).toHaveBeenCalledWith();
    advance(2_999);
    expect(qc.invalidateQueries).toHaveBeenCalledTimes(1);
    advance(1);
    expect(qc.invalidateQueries).toHaveBeenCalledTimes(2);
    advance(10_000);
    expect(qc.invalidateQueries).toHaveBeenCalledTimes(2);
  });

  it('maps every live event type, and a map missing one does not compile', () => {
    expect(Object.keys(refreshKeysByEvent).sort()).toEqual([...liveEventTypes].sort());
    // @ts-expect-error onboarding_updated (and the rest) left out
    const incomplete: RefreshMap = { access_request_updated: [] };
    expect(incomplete).toBeDefined();
  });

  it('ignores the socket’s own protocol messages (no full refresh on every pong)', () => {
    const { qc, refresh } = setup();
    refresh({ type: 'auth_success' });
    refresh({ type: 'pong' });
    expect(qc.invalidateQueries).not.toHaveBeenCalled();
  });

  it('an event type named like an object property is still unknown', () => {
    const { qc, refresh } = setup();
    refresh({ type: 'constructor' });
    expect(qc.invalidateQueries).toHaveBeenCalledWith();
  });

  it('covers every query key of spec §7', () => {
    const spec = [
      '/api/admin/access-requests',
      '/api/admin/access-requests/recent',
      '/api/admin/kyc/documents',
      '/api/user/kyc/documents',
      '/api/user/kyc/status',
      '/api/auth/me',
      '/api/admin/user',
      '/api/user/profile',
      '/api/admin/user-by-phone',
      '/api/cards',
      '/api/registry',
      '/api/admin/cards',
      '/api/admin/users-with-cards',
      '/api/hunts/active',
      '/api/admin/hunts',
      '/api/user/hunts',
      '/api/admin/requests',
      '/api/user/requests',
      '/api/admin/loans',
      '/api/user/loans',
      '/api/admin/sells',
      '/api/user/sells',
      '/api/user/sources',
      '/api/admin/sources',
      '/api/sources/active',
    ];
    const mapped = new Set(Object.values(refreshKeysByEvent).flatMap((keys) => keys.map((k) => k[0])));
    expect(spec.filter((k) => !mapped.has(k))).toEqual([]);
  });

  it('names every key by its /api path first', () => {
    for (const key of Object.values(refreshKeysByEvent).flat()) expect(String(key[0])).toMatch(/^\/api\//);
  });

  it("keeps only keys of features not built yet in the unbuilt list: no built feature's api spells one", () => {
    expect(featureApiSources.length).toBeGreaterThan(10);
    const spelled = new Set(featureApiSources.flatMap((src) => [...src.matchAll(/['"`](\/api\/[^'"`$?]*)/g)].map((m) => m[1])));
    expect(spelled.has('/api/admin/dashboard')).toBe(true);
    const unbuilt = Object.values(unbuiltKeys).map((k) => k[0]);
    expect(unbuilt.filter((path) => spelled.has(path))).toEqual([]);
  });
});
