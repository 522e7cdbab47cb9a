import Papa from 'papaparse';

/**
 * A cell a spreadsheet would read as a formula (OWASP "CSV injection"): one that starts with
 * =, +, -, @, a tab, a carriage return or a line feed, or with spaces before =, +, - or @. A cell
 * that is only a number ("-12.50", "+12125550100") cannot run anything and is left as it is.
 *
 * Papa.unparse's own `escapeFormulae: true` (papaparse 5.5.3: /^[=+\-@\t\r].*$/) misses a cell
 * with a line break after the formula (`.` stops at the newline and `$` is the end of the text),
 * and a leading line feed or spaces; hence this pattern.
 */
export const FORMULA_START = /^(?![+-]?\d+(?:\.\d+)?$)(?:[=+\-@\t\r\n]|[ \u00a0]+[=+\-@])/;

export type CsvCell = string | number | boolean | null | undefined;

/**
 * Every CSV the app writes (server responses and browser downloads): a header line, then one line
 * per row, RFC 4180 quoting, CRLF between lines and after the last. A formula cell (FORMULA_START)
 * gets a leading `'` so a spreadsheet shows it as text; numbers and booleans are written as is.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  // The header goes in as the first row, so it is escaped like any cell and an empty export is one line.
  const data = [header, ...rows].map((r) => r.map((c) => (c === null || c === undefined ? '' : c)));
  return `${Papa.unparse(data, { escapeFormulae: FORMULA_START, newline: '\r\n', quotes: false })}\r\n`;
}
