import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** A number for reading in any country, e.g. "+1 212 555 0199"; the input as given when it cannot be parsed. */
export function formatPhoneInternational(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}

/** The same, and nothing for no phone. */
export function formatPhoneForDisplay(value: string | null | undefined): string {
  return value ? formatPhoneInternational(value) : '';
}
