import { describe, expect, it } from 'vitest';
import { formatPhoneForDisplay, formatPhoneInput, fromE164, MAX_PHONE_DIGITS } from './phone-format.ts';

describe('formatPhoneInput', () => {
  it('formats US digits as they are typed and gives E.164', () => {
    expect(formatPhoneInput('21', 'US').display).toBe('21');
    expect(formatPhoneInput('2125', 'US').display).toBe('(212) 5');
    const full = formatPhoneInput('2125550103', 'US');
    expect(full.display).toBe('(212) 555-0103');
    expect(full.e164).toBe('+12125550103');
  });

  it('re-reads what is already formatted (typing into a formatted field)', () => {
    expect(formatPhoneInput('(212) 555-01034', 'US').digits).toBe('21255501034');
    expect(formatPhoneInput('(212) 555-010', 'US').display).toBe('(212) 555-010');
  });

  it('formats per country', () => {
    expect(formatPhoneInput('07911123456', 'GB')).toMatchObject({ display: '07911 123456', e164: '+447911123456' });
    expect(formatPhoneInput('3123456789', 'IT')).toMatchObject({ display: '312 345 6789', e164: '+393123456789' });
  });

  it('reads a leading + as an international number and names its country', () => {
    const r = formatPhoneInput('+44 20 7946 0958', 'US');
    expect(r.e164).toBe('+442079460958');
    expect(r.country).toBe('GB');
    expect(r.display.startsWith('+44')).toBe(true);
  });

  it('keeps at most 15 digits, unless long numbers are allowed', () => {
    const typed = '1234567890123456789';
    expect(MAX_PHONE_DIGITS).toBe(15);
    expect(formatPhoneInput(typed, 'US').digits).toBe('123456789012345');
    expect(formatPhoneInput(typed, 'US', { allowLongNumbers: true }).digits).toBe(typed);
  });

  it('gives an empty value for an empty field', () => {
    expect(formatPhoneInput('', 'US')).toEqual({ display: '', digits: '', e164: '' });
    expect(formatPhoneInput('abc', 'US').e164).toBe('');
  });
});

describe('fromE164 and display', () => {
  it('turns a stored value back into the national display and its country', () => {
    expect(fromE164('+442079460958', 'US')).toEqual({ display: '020 7946 0958', country: 'GB' });
    expect(fromE164('+12125550103', 'GB')).toEqual({ display: '(212) 555-0103', country: 'US' });
    expect(fromE164('', 'US')).toEqual({ display: '', country: 'US' });
  });

  it('shows a phone in international form', () => {
    expect(formatPhoneForDisplay('+12125550103')).toBe('+1 212 555 0103');
    expect(formatPhoneForDisplay(null)).toBe('');
  });
});
