/** The signed-in user's id and auth token, sent as headers on every API call (spec §7). */
export interface Credentials {
  userId: string;
  authToken: string;
}

const KEY = 'auth';

export function getCredentials(): Credentials | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Credentials>;
    return parsed.userId && parsed.authToken ? { userId: parsed.userId, authToken: parsed.authToken } : null;
  } catch {
    return null;
  }
}

export function setCredentials(c: Credentials) {
  localStorage.setItem(KEY, JSON.stringify(c));
}

export function clearCredentials() {
  localStorage.removeItem(KEY);
}
