import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv.ts';

describe('CSV writer (RFC 4180)', () => {
  it('leaves plain fields bare and empties null and undefined', () => {
    expect(csvField('Mickey Mantle')).toBe('Mickey Mantle');
    expect(csvField(1952)).toBe('1952');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
  });

  it('quotes fields with commas, quotes or line breaks, doubling quotes', () => {
    expect(csvField('TOPPS, INC.')).toBe('"TOPPS, INC."');
    expect(csvField('the "Mick"')).toBe('"the ""Mick"""');
    expect(csvField('line one\nline two')).toBe('"line one\nline two"');
    expect(csvField('cr\r')).toBe('"cr\r"');
  });

  it('keeps formulas from running in a spreadsheet but leaves negative numbers alone', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('-12')).toBe('-12');
    expect(csvField('-1.5')).toBe('-1.5');
  });

  it('joins a header and rows with CRLF and ends with one', () => {
    expect(toCsv(['cert', 'subject'], [['123', 'Jordan, Michael'], ['456', null]])).toBe('cert,subject\r\n123,"Jordan, Michael"\r\n456,\r\n');
  });
});
