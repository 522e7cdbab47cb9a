import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** 128 random bits, URL-safe (22 characters of base64url). */
export const newShareToken = () => randomBytes(16).toString('base64url');

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Equal tokens, compared without leaking where they differ. */
export function sameToken(a: string, b: string): boolean {
  const x = createHash('sha256').update(a).digest();
  const y = createHash('sha256').update(b).digest();
  return timingSafeEqual(x, y);
}

/**
 * The visitor as an HMAC of IP and user agent under a key derived for the UTC day: counts unique
 * visitors within a day without keeping the IP, and yesterday's hashes cannot be matched today.
 */
export function visitorHash(secret: string, at: Date, ip: string | null, userAgent: string | null): string {
  const day = at.toISOString().slice(0, 10);
  const dayKey = createHmac('sha256', secret).update(`share-visitor:${day}`).digest();
  return createHmac('sha256', dayKey)
    .update(`${ip ?? ''}\n${userAgent ?? ''}`)
    .digest('base64url');
}

/** The start of the hour `at` falls in (the dedupe window). */
export const hourOf = (at: Date) => new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000);

/** The referring site's host, when it is another site; our own pages are not referrers. */
export function referrerHost(ref: string | null | undefined, ownOrigin: string): string | null {
  if (!ref) return null;
  try {
    const u = new URL(ref);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    const own = new URL(ownOrigin).host;
    const host = u.host.toLowerCase().replace(/^www\./, '');
    return u.host === own || !host ? null : host.slice(0, 255);
  } catch {
    return null;
  }
}
