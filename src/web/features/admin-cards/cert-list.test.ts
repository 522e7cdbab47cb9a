import { describe, expect, it } from 'vitest';
import { parseCertList } from './cert-list.ts';

describe('pasted certificate lists', () => {
  it('reads one number', () => {
    expect(parseCertList(' 12345678 ')).toEqual({ certs: ['12345678'], invalid: [], duplicates: 0 });
  });

  it('reads lines, commas, semicolons and spaces alike, keeping the pasted order', () => {
    expect(parseCertList('111\n222,333 ;444\r\n\n555\t666').certs).toEqual(['111', '222', '333', '444', '555', '666']);
  });

  it('drops repeats and counts them', () => {
    expect(parseCertList('111,222\n111\n111')).toEqual({ certs: ['111', '222'], invalid: [], duplicates: 2 });
  });

  it('ignores a leading # and spreadsheet quotes', () => {
    expect(parseCertList('#111, "222", \'333\'').certs).toEqual(['111', '222', '333']);
  });

  it('reports entries that are not 1 to 10 digits', () => {
    const r = parseCertList('12345678901\nabc\n12-34\n99');
    expect(r.certs).toEqual(['99']);
    expect(r.invalid).toEqual(['12345678901', 'abc', '12-34']);
  });

  it('gives nothing for empty input', () => {
    expect(parseCertList(' \n , ')).toEqual({ certs: [], invalid: [], duplicates: 0 });
  });
});
