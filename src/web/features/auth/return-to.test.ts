import { afterEach, describe, expect, it } from 'vitest';
import { isAppPath, pendingReturn, rememberReturn, takeReturn } from './return-to.ts';

afterEach(() => sessionStorage.clear());

describe('the page to return to after signing in', () => {
  it('keeps an app path and its reason once', () => {
    rememberReturn('/registry/abc?tab=loans', 'session_ended');
    expect(pendingReturn()).toEqual({ path: '/registry/abc?tab=loans', reason: 'session_ended' });
    expect(takeReturn()).toBe('/registry/abc?tab=loans');
    expect(takeReturn()).toBeNull();
  });

  it('never keeps another origin or the landing page', () => {
    for (const p of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', '/']) {
      rememberReturn(p, 'sign_in');
      expect(pendingReturn(), p).toBeNull();
    }
    expect(isAppPath('/secure/1')).toBe(true);
    sessionStorage.setItem('return_to', JSON.stringify({ path: '//evil.example', reason: 'sign_in' }));
    expect(takeReturn()).toBeNull();
  });
});
