import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { formatNanpInternational } from './phone-display-nanp.ts';

/** A number for reading in any country, e.g. "+1 212 555 0199"; the input as given when it cannot be parsed. */
export function formatPhoneInternational(e164: string): string {
  return formatNanpInternational(e164) ?? parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}

/** The same, and nothing for no phone. */
export function formatPhoneForDisplay(value: string | null | undefined): string {
  return value ? formatPhoneInternational(value) : '';
}
