import { getCountries, getCountryCallingCode, getExampleNumber, type CountryCode } from 'libphonenumber-js';
import examples from 'libphonenumber-js/mobile/examples';

/** Spec §9: these countries sit on top of the picker, in this order. */
export const PREFERRED_COUNTRIES = ['us', 'ca', 'it', 'gb', 'de', 'fr', 'es'] as const;
export const DEFAULT_COUNTRY: CountryCode = 'US';

/** A phone country entry (spec §3): name, two-letter code, dial code, an example format, priority. */
export interface PhoneCountry {
  code: CountryCode;
  name: string;
  dialCode: string;
  flag: string;
  /** The national format of an example mobile number, e.g. "(201) 555-0123". */
  format: string;
  /** Position among the preferred countries (0 = first), or null for the rest. */
  priority: number | null;
}

/** The flag emoji of a two-letter region code, built from regional indicator symbols. */
export function flagEmoji(code: string): string {
  return code.toUpperCase().replace(/[A-Z]/g, (c) => String.fromCodePoint(0x1f1e6 + c.charCodeAt(0) - 65));
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

function buildCountries(): PhoneCountry[] {
  const preferred: readonly string[] = PREFERRED_COUNTRIES;
  return getCountries().map((code) => {
    const idx = preferred.indexOf(code.toLowerCase());
    return {
      code,
      name: regionNames.of(code) ?? code,
      dialCode: `+${getCountryCallingCode(code)}`,
      flag: flagEmoji(code),
      format: getExampleNumber(code, examples)?.formatNational() ?? '',
      priority: idx === -1 ? null : idx,
    };
  });
}

let cache: PhoneCountry[] | undefined;

/** Every country the phone library knows: the preferred ones first in spec order, then by name. */
export function allCountries(): PhoneCountry[] {
  cache ??= buildCountries().sort((a, b) => {
    if (a.priority !== null || b.priority !== null) {
      if (a.priority === null) return 1;
      if (b.priority === null) return -1;
      return a.priority - b.priority;
    }
    return a.name.localeCompare(b.name, 'en');
  });
  return cache;
}

export function findCountry(code: string | null | undefined): PhoneCountry | undefined {
  if (!code) return undefined;
  const upper = code.toUpperCase();
  return allCountries().find((c) => c.code === upper);
}

/**
 * Countries matching a search: by name (any word start or substring), two-letter code, or dial
 * code ("+44", "44"). An empty search gives the whole list, preferred first.
 */
export function searchCountries(query: string): PhoneCountry[] {
  const q = query.trim().toLowerCase();
  if (!q) return allCountries();
  const digits = q.replace(/^\+/, '');
  const isDial = /^\d+$/.test(digits);
  return allCountries().filter((c) =>
    isDial ? c.dialCode.slice(1).startsWith(digits) : c.name.toLowerCase().includes(q) || c.code.toLowerCase() === q,
  );
}
