import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearAuthStateCookie, hasAuthStateCookie, setAuthStateCookie } from './auth-cookie.ts';

afterEach(() => {
  vi.restoreAllMocks();
  clearAuthStateCookie();
});

describe('auth_state cookie (spec §4)', () => {
  it('is written as auth_state=true; path=/; SameSite=Strict; max-age=28800', () => {
    const setter = vi.spyOn(document, 'cookie', 'set');
    setAuthStateCookie();
    expect(setter).toHaveBeenCalledWith('auth_state=true; path=/; SameSite=Strict; max-age=28800');
    expect(hasAuthStateCookie()).toBe(true);
    expect(document.cookie).toContain('auth_state=true');
  });

  it('is removed on logout', () => {
    setAuthStateCookie();
    const setter = vi.spyOn(document, 'cookie', 'set');
    clearAuthStateCookie();
    expect(setter).toHaveBeenCalledWith('auth_state=; path=/; SameSite=Strict; max-age=0');
    expect(hasAuthStateCookie()).toBe(false);
    expect(document.cookie).not.toContain('auth_state');
  });
});
