import type { PsaBulkRow } from '#common/cards.ts';
import { toCsv } from '#common/csv.ts';

export const psaCsvHeader = [
  'Certificate',
  'Status',
  'Year',
  'Set',
  'Player',
  'Card number',
  'Variety',
  'Category',
  'Grade',
  'Grade description',
  'Population',
  'Population higher',
  'Label',
] as const;

/** The results table as CSV, one line per certificate in the order asked. */
export function psaResultsCsv(rows: readonly PsaBulkRow[]): string {
  return toCsv(
    psaCsvHeader,
    rows.map((r) => {
      const c = r.cert;
      return [
        r.certNumber,
        c ? 'found' : (r.error ?? 'not found'),
        c?.year,
        c?.brand,
        c?.subject,
        c?.cardNumber,
        c?.variety,
        c?.category,
        c?.grade,
        c?.gradeDescription,
        c?.totalPopulation,
        c?.populationHigher,
        c?.labelType,
      ];
    }),
  );
}

/** "3 looked up: 2 found, 1 not found". */
export function resultsSummary(rows: readonly PsaBulkRow[]): string {
  const found = rows.filter((r) => r.cert).length;
  const failed = rows.length - found;
  return `${rows.length} looked up: ${found} found${failed ? `, ${failed} without a record` : ''}`;
}
