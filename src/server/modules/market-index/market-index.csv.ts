import Papa from 'papaparse';
import { graders, type Grader } from '#common/cards.ts';
import type { IsoDay } from '#common/market-index.ts';

/** A price row as the file gives it: a constituent id, or the card's identity. */
export interface CsvPriceRow {
  line: number;
  constituentId: string | null;
  identity: { player: string; year: number; set: string; cardNumber: string; variety: string | null; grader: Grader; grade: number } | null;
  day: IsoDay;
  priceCents: number;
  source: string;
  saleRef: string | null;
}

export interface CsvParseResult {
  rows: CsvPriceRow[];
  rejected: { line: number; reason: string }[];
}

export const csvMessages = {
  noHeader: 'The file needs a header row with date, price and source, and constituent_id or player, year, set, card_number, grader, grade',
  noIdentity: 'Give constituent_id, or player, year, set, card_number, grader and grade',
  badId: 'constituent_id is not a valid id',
  badYear: 'year must be a four-digit year',
  badGrader: `grader must be one of ${graders.join(', ')}`,
  badGrade: 'grade must be a number from 1 to 10 in halves',
  badDate: 'date must be YYYY-MM-DD',
  futureDate: 'date is in the future',
  badPrice: 'price must be a positive amount in dollars',
  noSource: 'source is missing',
  tooLong: 'a value is longer than 200 characters',
  malformed: 'the row could not be read',
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PRICE = /^\$?\s*(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/;

/** "$1,234.5" → 123450; anything else (negative, zero, words, three decimals) → null. */
export function parsePriceCents(raw: string): number | null {
  const s = raw.trim();
  if (!PRICE.test(s)) return null;
  const cents = Math.round(Number(s.replace(/[$,\s]/g, '')) * 100);
  return Number.isSafeInteger(cents) && cents > 0 ? cents : null;
}

function parseDay(raw: string): IsoDay | null {
  const s = raw.trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return null;
  const d = new Date(`${s}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== s ? null : s;
}

const norm = (h: string) =>
  h
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/**
 * Reads a price file (papaparse, RFC 4180 quoting). Line numbers count the header as line 1.
 * Every row is either in `rows` or rejected with its reason; identities are resolved later.
 */
export function parsePriceCsv(text: string, today: IsoDay): CsvParseResult {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: 'greedy', transformHeader: norm });
  const fields = new Set(parsed.meta.fields ?? []);
  const byId = fields.has('constituent_id');
  const byIdentity = ['player', 'year', 'set', 'card_number', 'grader', 'grade'].every((f) => fields.has(f));
  if (!['date', 'price', 'source'].every((f) => fields.has(f)) || (!byId && !byIdentity)) {
    return { rows: [], rejected: [{ line: 1, reason: csvMessages.noHeader }] };
  }
  const badRows = new Set(parsed.errors.filter((e) => e.code !== 'UndetectableDelimiter' && e.row != null).map((e) => e.row!));
  const rows: CsvPriceRow[] = [];
  const rejected: CsvParseResult['rejected'] = [];
  parsed.data.forEach((r, i) => {
    // Lines as the file numbers them: papaparse gives the data row index; quoted newlines are rare in price files.
    const line = i + 2;
    const reject = (reason: string) => void rejected.push({ line, reason });
    if (badRows.has(i)) return reject(csvMessages.malformed);
    const v = (k: string) => (r[k] ?? '').trim();
    if (Object.values(r).some((x) => typeof x === 'string' && x.length > 200)) return reject(csvMessages.tooLong);
    const day = parseDay(v('date'));
    if (!day) return reject(csvMessages.badDate);
    if (day > today) return reject(csvMessages.futureDate);
    const priceCents = parsePriceCents(v('price'));
    if (priceCents == null) return reject(csvMessages.badPrice);
    const source = v('source');
    if (!source) return reject(csvMessages.noSource);
    const saleRef = v('sale_ref') || null;
    const id = v('constituent_id');
    if (id) {
      if (!UUID.test(id)) return reject(csvMessages.badId);
      return void rows.push({ line, constituentId: id.toLowerCase(), identity: null, day, priceCents, source, saleRef });
    }
    if (!byIdentity || !v('player') || !v('set') || !v('card_number')) return reject(csvMessages.noIdentity);
    const year = Number(v('year'));
    if (!/^\d{4}$/.test(v('year'))) return reject(csvMessages.badYear);
    const grader = graders.find((g) => g.toLowerCase() === v('grader').toLowerCase());
    if (!grader) return reject(csvMessages.badGrader);
    const grade = Number(v('grade'));
    if (!v('grade') || !Number.isFinite(grade) || grade < 1 || grade > 10 || (grade * 2) % 1 !== 0) return reject(csvMessages.badGrade);
    rows.push({
      line,
      constituentId: null,
      identity: { player: v('player'), year, set: v('set'), cardNumber: v('card_number'), variety: v('variety') || null, grader, grade },
      day,
      priceCents,
      source,
      saleRef,
    });
  });
  return { rows, rejected };
}

/** What makes two observations the same sale: the day, the source, and the sale reference (or, without one, the price). */
export const dedupeKey = (r: { day: IsoDay; source: string; saleRef: string | null; priceCents: number }) =>
  `${r.day}|${r.source.toLowerCase()}|${r.saleRef ? `ref:${r.saleRef}` : `price:${r.priceCents}`}`;

/** The identity key constituents and rows are matched on (case-insensitive). */
export const identityKey = (c: {
  player: string;
  year: number;
  set: string;
  cardNumber: string;
  variety: string | null;
  grader: string;
  grade: number;
}) => [c.player, c.year, c.set, c.cardNumber, c.variety ?? '', c.grader, c.grade].map((x) => String(x).trim().toLowerCase()).join('|');
