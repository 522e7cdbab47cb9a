import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { describe, expect, it } from 'vitest';
import { formatNanpInternational } from './phone-display-nanp.ts';

const library = (e164: string) => parsePhoneNumberFromString(e164)?.formatInternational();

describe('formatNanpInternational', () => {
  it('writes North American numbers exactly as the phone library does', () => {
    const numbers = ['+12125550101', '+18005551234', '+14165550199', '+18095550123', '+12045550000', '+19999999999', '+12002000000'];
    // And a spread of every area code and exchange the pattern admits (seeded, so a failure repeats).
    let seed = 7;
    const next = (n: number) => ((seed = (seed * 16807) % 2147483647), seed % n);
    for (let i = 0; i < 2000; i++)
      numbers.push(`+1${2 + next(8)}${next(100).toString().padStart(2, '0')}${2 + next(8)}${next(1_000_000).toString().padStart(6, '0')}`);
    for (const e164 of numbers) expect([e164, formatNanpInternational(e164)]).toEqual([e164, library(e164)]);
  });

  it('leaves every other number to the library', () => {
    for (const e164 of ['+447911123456', '+393331234567', '+11235550101', '+12121550101', '+1212555010', '+121255501011', '2125550101', '']) {
      expect(formatNanpInternational(e164)).toBeNull();
    }
  });
});
