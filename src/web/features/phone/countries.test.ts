import { describe, expect, it } from 'vitest';
import { allCountries, findCountry, flagEmoji, PREFERRED_COUNTRIES, searchCountries } from './countries.ts';

describe('phone countries', () => {
  it('puts the preferred countries on top, in the spec order (us, ca, it, gb, de, fr, es)', () => {
    expect(PREFERRED_COUNTRIES).toEqual(['us', 'ca', 'it', 'gb', 'de', 'fr', 'es']);
    const codes = allCountries().map((c) => c.code);
    expect(codes.slice(0, 7)).toEqual(['US', 'CA', 'IT', 'GB', 'DE', 'FR', 'ES']);
    const rest = allCountries().slice(7);
    expect(rest.every((c) => c.priority === null)).toBe(true);
    const names = rest.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('has a name, dial code, flag and example format for each entry', () => {
    expect(findCountry('gb')).toMatchObject({ code: 'GB', name: 'United Kingdom', dialCode: '+44', flag: '🇬🇧' });
    expect(findCountry('US')?.format).toMatch(/\(\d{3}\) \d{3}-\d{4}/);
    expect(flagEmoji('it')).toBe('🇮🇹');
  });

  it('searches by name, code and dial code, keeping preferred ones first', () => {
    expect(searchCountries('ital').map((c) => c.code)).toEqual(['IT']);
    expect(searchCountries('+44').map((c) => c.code)).toContain('GB');
    expect(searchCountries('1')[0].code).toBe('US');
    expect(searchCountries('de')[0].code).toBe('DE');
    expect(searchCountries('zzzz')).toEqual([]);
  });
});
