import { createHmac, timingSafeEqual } from 'node:crypto';

export type FormPairs = Array<[string, string]>;

/**
 * Twilio's request signature: HMAC-SHA1 keyed with the auth token over the full URL Twilio
 * called, followed by every POST parameter sorted by name (then value) with each name and value
 * concatenated; base64.
 */
export function twilioSignature(authToken: string, url: string, params: FormPairs): string {
  const sorted = [...params].sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  const data = url + sorted.map(([k, v]) => k + v).join('');
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/** Constant-time check of an X-Twilio-Signature header; false for a missing or malformed one. */
export function verifyTwilioSignature(authToken: string, url: string, params: FormPairs, header: string | undefined): boolean {
  if (!authToken || !header) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params), 'utf8');
  const given = Buffer.from(header.trim(), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
