import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { OTP_DEVICE_MAX_AGE_SECONDS } from '#common/auth.ts';
import type { AppContext } from '#server/context.ts';
import { userDirectory } from '#server/modules/users/index.ts';

// Members through users' read model (decision 135).
const users = userDirectory('users');

/**
 * The device cookie of decision 129: proof that this browser signed in to a phone before, so the
 * per-phone counters that strangers can spend (sends and wrong codes from other addresses) do
 * not apply to it. Each entry is `<issued-at seconds>.<mac>`, the mac an HMAC-SHA256 keyed with
 * the session secret over the phone, the id of the user behind it and the issue time. The phone
 * is not written in the cookie: the server checks an entry against the phone a request names,
 * so the cookie reveals nothing about whose device it is. A device keeps entries for a few phones
 * (a person with a personal and a work number); the newest first.
 */
export const DEVICE_COOKIE_MAX_ENTRIES = 4;
const ENTRY = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

function mac(secret: string, input: { phone: string; userId: string; issuedAt: number }) {
  return createHmac('sha256', secret).update(`otp-device|v1|${input.phone}|${input.userId}|${input.issuedAt}`).digest('base64url');
}

/** The well-formed entries of a cookie value, at most DEVICE_COOKIE_MAX_ENTRIES; junk is ignored. */
export function deviceEntries(cookie: string | undefined): Array<{ issuedAt: number; mac: string }> {
  if (!cookie || cookie.length > 400) return [];
  const out: Array<{ issuedAt: number; mac: string }> = [];
  for (const part of cookie.split('~')) {
    const m = ENTRY.exec(part);
    if (m) out.push({ issuedAt: Number(m[1]), mac: m[2] });
    if (out.length === DEVICE_COOKIE_MAX_ENTRIES) break;
  }
  return out;
}

const fresh = (issuedAt: number, now: Date) => {
  const age = now.getTime() / 1000 - issuedAt;
  return age >= -300 && age < OTP_DEVICE_MAX_AGE_SECONDS;
};

/** Whether the cookie holds a live entry for this phone and the active user who has it now. */
export async function isTrustedDevice(
  ctx: Pick<AppContext, 'db' | 'config'>,
  input: { phone: string; cookie: string | undefined; now: Date },
): Promise<boolean> {
  const entries = deviceEntries(input.cookie).filter((e) => fresh(e.issuedAt, input.now));
  if (!entries.length) return false;
  const [user] = await ctx.db.select({ id: users.id, status: users.status }).from(users).where(eq(users.phone, input.phone)).limit(1);
  if (!user || user.status !== 'active') return false;
  return entries.some((e) => {
    const expected = Buffer.from(mac(ctx.config.SESSION_SECRET, { phone: input.phone, userId: user.id, issuedAt: e.issuedAt }));
    const given = Buffer.from(e.mac);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/**
 * The cookie value after a sign-in with a code sent to `phone`: a new entry for it first, then the
 * device's live entries for other phones (an older entry for this phone is dropped).
 */
export function deviceCookieAfterSignIn(secret: string, input: { phone: string; userId: string; now: Date; previous: string | undefined }): string {
  const issuedAt = Math.floor(input.now.getTime() / 1000);
  const entry = `${issuedAt}.${mac(secret, { phone: input.phone, userId: input.userId, issuedAt })}`;
  const others = deviceEntries(input.previous)
    .filter((e) => fresh(e.issuedAt, input.now) && e.mac !== mac(secret, { phone: input.phone, userId: input.userId, issuedAt: e.issuedAt }))
    .map((e) => `${e.issuedAt}.${e.mac}`);
  return [entry, ...others].slice(0, DEVICE_COOKIE_MAX_ENTRIES).join('~');
}
