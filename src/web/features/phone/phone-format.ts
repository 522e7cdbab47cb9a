import { AsYouType, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
export { formatPhoneForDisplay } from '#common/phone-display.ts';

/** Spec §9: at most 15 digits unless long numbers are enabled. */
export const MAX_PHONE_DIGITS = 15;

export interface FormattedPhone {
  /** What the field shows: the digits formatted for the country as typed. */
  display: string;
  /** The digits kept (after the cap). */
  digits: string;
  /** The E.164 value ("+12125550101"), or "" when nothing was typed. */
  e164: string;
  /** The country the number belongs to, when an international number names another one. */
  country?: CountryCode;
}

export function onlyDigits(text: string): string {
  return text.replace(/\D/g, '');
}

/**
 * Formats what a person typed, for a country, as they type it. A leading "+" is read as an
 * international number (and may name another country); otherwise the digits are national.
 */
export function formatPhoneInput(
  text: string,
  country: CountryCode,
  { allowLongNumbers = false }: { allowLongNumbers?: boolean } = {},
): FormattedPhone {
  const international = text.trimStart().startsWith('+');
  let digits = onlyDigits(text);
  if (!allowLongNumbers) digits = digits.slice(0, MAX_PHONE_DIGITS);
  if (!digits) return { display: international ? '+' : '', digits: '', e164: '' };

  if (international) {
    const formatter = new AsYouType();
    const display = formatter.input(`+${digits}`);
    const detected = formatter.getCountry();
    return { display, digits, e164: formatter.getNumber()?.number ?? `+${digits}`, country: detected };
  }

  const formatter = new AsYouType(country);
  const display = formatter.input(digits);
  const number = formatter.getNumber();
  const callingCode = formatter.getCallingCode();
  return { display, digits, e164: number?.number ?? (callingCode ? `+${callingCode}${digits}` : `+${digits}`) };
}

/** The national display of an E.164 value and its country, used when the value is set from outside. */
export function fromE164(value: string, fallbackCountry: CountryCode): { display: string; country: CountryCode } {
  const parsed = value ? parsePhoneNumberFromString(value) : undefined;
  if (!parsed) return { display: '', country: fallbackCountry };
  const country = parsed.country ?? fallbackCountry;
  return { display: parsed.formatNational(), country };
}
