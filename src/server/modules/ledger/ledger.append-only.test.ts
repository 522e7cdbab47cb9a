import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromRoot } from '#server/paths.ts';

/** Every TypeScript source under a folder, tests included. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sources(path);
    return /\.(ts|tsx|mjs|js)$/.test(name) ? [path] : [];
  });
}

// Ways code could change or remove a journal row (decision 132): Drizzle's builders and raw SQL.
const forbidden = [
  /\.update\(\s*(ledgerEntries|ledgerLines)\s*\)/,
  /\.delete\(\s*(ledgerEntries|ledgerLines)\s*\)/,
  /update\s+"?ledger_(entries|lines)"?\s+set/i,
  /delete\s+from\s+"?ledger_(entries|lines)"?/i,
  /truncate\s+(table\s+)?"?ledger_(entries|lines)"?/i,
];

/** This file, and the API test proving the triggers refuse exactly these. */
const allowed = new Set(['src/server/modules/ledger/ledger.append-only.test.ts', 'src/server/modules/ledger/ledger.api.test.ts']);

describe('the journal is append-only in code', () => {
  const root = fromRoot('.');
  const files = [...sources(fromRoot('src')), ...sources(fromRoot('scripts')), ...sources(fromRoot('bench'))].map((f) => relative(root, f));

  it('reads the module that posts (so the scan reads real files)', () => {
    expect(readFileSync(fromRoot('src/server/modules/ledger/ledger.service.ts'), 'utf8')).toMatch(/insert into ledger_lines/);
  });

  it('no code updates, deletes or truncates journal entries or lines', () => {
    const offenders = files
      .filter((f) => !allowed.has(f))
      .flatMap((f) => {
        const text = readFileSync(fromRoot(f), 'utf8');
        return forbidden.filter((re) => re.test(text)).map((re) => `${f}: ${re}`);
      });
    expect(offenders).toEqual([]);
  });

  it('the pattern catches what it is meant to, and not an insert', () => {
    for (const bad of [
      'tx.update(ledgerLines).set({})',
      'db.delete( ledgerEntries )',
      'sql`UPDATE ledger_lines SET debit_cents = 1`',
      'DELETE FROM "ledger_entries"',
      'truncate table ledger_lines',
    ]) {
      expect(
        forbidden.some((re) => re.test(bad)),
        bad,
      ).toBe(true);
    }
    expect(forbidden.some((re) => re.test('tx.insert(ledgerLines).values(x)'))).toBe(false);
  });

  it('the migration installs the triggers that refuse UPDATE, DELETE and TRUNCATE', () => {
    const sqlText = readdirSync(fromRoot('drizzle'))
      .filter((f) => f.endsWith('.sql'))
      .map((f) => readFileSync(fromRoot('drizzle', f), 'utf8'))
      .join('\n');
    for (const table of ['ledger_entries', 'ledger_lines']) {
      expect(sqlText).toContain(`BEFORE UPDATE OR DELETE ON "${table}" FOR EACH ROW`);
      expect(sqlText).toContain(`BEFORE TRUNCATE ON "${table}" FOR EACH STATEMENT`);
    }
  });
});
