import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { z } from 'zod';

// The display form has no zod, so a page that only shows a phone does not load the schemas.
export { formatPhoneInternational } from './phone-display.ts';

export const DEFAULT_COUNTRY: CountryCode = 'US';
export const PHONE_MIN_LENGTH = 10;
export const INVALID_PHONE_MESSAGE = 'Please enter a valid phone number';

/** E.164 form of a phone number (e.g. +12125550101), or null when it is not a valid number. */
export function normalizePhone(input: string, defaultCountry: CountryCode = DEFAULT_COUNTRY): string | null {
  const trimmed = input.trim();
  if (!trimmed || trimmed.length > 32) return null;
  const parsed = parsePhoneNumberFromString(trimmed, defaultCountry);
  if (!parsed || !parsed.isValid()) return null;
  return parsed.number;
}

/**
 * A phone as typed by a person (at least 10 characters, the spec's login rule), checked and
 * turned into E.164. The output of this schema is always a normalised number.
 */
export const phoneSchema = z
  .string({ error: INVALID_PHONE_MESSAGE })
  .trim()
  .min(PHONE_MIN_LENGTH, INVALID_PHONE_MESSAGE)
  .max(32, INVALID_PHONE_MESSAGE)
  .transform((value, ctx) => {
    const e164 = normalizePhone(value);
    if (!e164) {
      ctx.addIssue({ code: 'custom', message: INVALID_PHONE_MESSAGE });
      return z.NEVER;
    }
    return e164;
  });
