import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoginResponse } from '#common/auth.ts';
import { endSession, greeting, isFirstSignIn, startSession } from './session.ts';

const login = (firstSignIn: boolean | undefined, isImpersonated = false): LoginResponse => ({
  status: 'success',
  authToken: 'token',
  user: { id: 'u1', name: 'Dana', phone: '+14155550100', isAdmin: false, isManager: false, isImpersonated },
  firstSignIn,
});

describe('first sign-in greeting', () => {
  afterEach(() => sessionStorage.clear());
  const qc = () => {
    const q = new QueryClient();
    vi.spyOn(q, 'invalidateQueries').mockResolvedValue();
    return q;
  };

  it('greets a first sign-in with "Welcome" and a later one with "Welcome back"', async () => {
    await startSession(qc(), login(true));
    expect(isFirstSignIn('u1')).toBe(true);
    expect(greeting('Dana', isFirstSignIn('u1'))).toBe('Welcome, Dana');
    await startSession(qc(), login(false));
    expect(isFirstSignIn('u1')).toBe(false);
    expect(greeting('Dana', isFirstSignIn('u1'))).toBe('Welcome back, Dana');
    expect(greeting(null, false)).toBe('Welcome back');
    expect(greeting(null, true)).toBe('Welcome');
  });

  it('forgets it on sign-out, for another user, and for an impersonation', async () => {
    const q = qc();
    await startSession(q, login(true));
    expect(isFirstSignIn('u2')).toBe(false);
    endSession(q);
    expect(isFirstSignIn('u1')).toBe(false);
    await startSession(q, login(true, true));
    expect(isFirstSignIn('u1')).toBe(false);
    await startSession(q, login(undefined));
    expect(isFirstSignIn('u1')).toBe(false);
  });
});
