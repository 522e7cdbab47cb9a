import { describe, expect, it } from 'vitest';
import { csvMessages, dedupeKey, parsePriceCents, parsePriceCsv } from './market-index.csv.ts';

describe('parsePriceCsv', () => {
  it('reads identity rows and id rows, and rejects each bad row with its reason', () => {
    const csv = [
      'Player,Year,Set,Card Number,Variety,Grader,Grade,Date,Price,Source,Sale Ref',
      'Michael Jordan,1986,Fleer,57,,psa,9,2025-03-01,"$16,500.00",Goldin,G-1',
      '"Ken Griffey Jr.",1989,Upper Deck,1,,PSA,10,2025-03-02,2600,eBay,',
      'Michael Jordan,1986,Fleer,57,,PSA,9,2025-13-01,100,eBay,',
      'Michael Jordan,1986,Fleer,57,,PSA,9,2025-03-01,-5,eBay,',
      'Michael Jordan,1986,Fleer,57,,PSA,9,2025-03-01,100,,',
      'Michael Jordan,1986,Fleer,57,,XYZ,9,2025-03-01,100,eBay,',
      'Michael Jordan,1986,Fleer,57,,PSA,9.3,2025-03-01,100,eBay,',
      'Michael Jordan,1986,Fleer,57,,PSA,9,2030-01-01,100,eBay,',
      ',1986,Fleer,57,,PSA,9,2025-03-01,100,eBay,',
    ].join('\n');
    const { rows, rejected } = parsePriceCsv(csv, '2025-06-01');
    expect(rows.map((r) => [r.line, r.identity?.player, r.identity?.grader, r.day, r.priceCents, r.source, r.saleRef])).toEqual([
      [2, 'Michael Jordan', 'PSA', '2025-03-01', 1_650_000, 'Goldin', 'G-1'],
      [3, 'Ken Griffey Jr.', 'PSA', '2025-03-02', 260_000, 'eBay', null],
    ]);
    expect(rejected).toEqual([
      { line: 4, reason: csvMessages.badDate },
      { line: 5, reason: csvMessages.badPrice },
      { line: 6, reason: csvMessages.noSource },
      { line: 7, reason: csvMessages.badGrader },
      { line: 8, reason: csvMessages.badGrade },
      { line: 9, reason: csvMessages.futureDate },
      { line: 10, reason: csvMessages.noIdentity },
    ]);
  });

  it('takes a constituent id instead of the identity', () => {
    const id = '5f1c1c2e-8a1b-4c55-9d0e-0a3b1e2f4c5d';
    const { rows, rejected } = parsePriceCsv(
      `constituent_id,date,price,source\n${id},2025-01-02,99.5,PWCC\nnot-an-id,2025-01-02,1,PWCC\n`,
      '2025-06-01',
    );
    expect(rows).toMatchObject([{ line: 2, constituentId: id, priceCents: 9950 }]);
    expect(rejected).toEqual([{ line: 3, reason: csvMessages.badId }]);
  });

  it('refuses a file without the needed columns', () => {
    expect(parsePriceCsv('date,price\n2025-01-01,5\n', '2025-06-01')).toEqual({ rows: [], rejected: [{ line: 1, reason: csvMessages.noHeader }] });
  });
});

describe('prices and duplicates', () => {
  it('parses dollar amounts exactly', () => {
    expect(parsePriceCents('1,234.56')).toBe(123_456);
    expect(parsePriceCents('0.10')).toBe(10);
    for (const bad of ['0', '1.234', '12,34', 'abc', '', '1e5']) expect(parsePriceCents(bad)).toBeNull();
  });

  it('treats the same sale twice as one, whatever the case of the source', () => {
    const a = dedupeKey({ day: '2025-01-01', source: 'eBay', saleRef: null, priceCents: 100 });
    expect(dedupeKey({ day: '2025-01-01', source: 'EBAY', saleRef: null, priceCents: 100 })).toBe(a);
    expect(dedupeKey({ day: '2025-01-01', source: 'eBay', saleRef: null, priceCents: 101 })).not.toBe(a);
  });
});
