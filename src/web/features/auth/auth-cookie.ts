/** Spec §4: a cookie flag set on login and removed on logout (path /, strict same-site, 8 hours). */
export const AUTH_STATE_COOKIE = 'auth_state';
export const AUTH_STATE_MAX_AGE_SECONDS = 28_800;

function secureSuffix(): string {
  return typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
}

export function setAuthStateCookie() {
  document.cookie = `${AUTH_STATE_COOKIE}=true; path=/; SameSite=Strict; max-age=${AUTH_STATE_MAX_AGE_SECONDS}${secureSuffix()}`;
}

export function clearAuthStateCookie() {
  document.cookie = `${AUTH_STATE_COOKIE}=; path=/; SameSite=Strict; max-age=0${secureSuffix()}`;
}

export function hasAuthStateCookie(): boolean {
  return document.cookie.split(';').some((part) => part.trim() === `${AUTH_STATE_COOKIE}=true`);
}
