import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromRoot } from '#server/paths.ts';

/** Every TypeScript source under a folder, tests included (a test must not rewrite provenance either). */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sources(path);
    return /\.(ts|tsx|mjs|js)$/.test(name) ? [path] : [];
  });
}

// Ways code could change or remove a provenance row: Drizzle's builders and raw SQL.
const forbidden = [
  /\.update\(\s*cardEvents\s*\)/,
  /\.delete\(\s*cardEvents\s*\)/,
  /update\s+"?card_events"?\s+set/i,
  /delete\s+from\s+"?card_events"?/i,
  /truncate\s+(table\s+)?"?card_events"?/i,
];

/** The lines that may name these on purpose: this file, and the test proving the trigger refuses them. */
const allowed = new Set(['src/server/modules/cards/cards.append-only.test.ts', 'src/server/modules/cards/cards.api.test.ts']);

describe('card_events is append-only in code', () => {
  const root = fromRoot('.');
  const files = [...sources(fromRoot('src')), ...sources(fromRoot('scripts')), ...sources(fromRoot('bench'))].map((f) => relative(root, f));

  it('finds the module that writes provenance (so the scan reads real files)', () => {
    expect(files).toContain('src/server/modules/cards/cards.service.ts');
    expect(readFileSync(fromRoot('src/server/modules/cards/cards.service.ts'), 'utf8')).toMatch(/\.insert\(cardEvents\)/);
  });

  it('no code updates, deletes or truncates card_events', () => {
    const offenders = files
      .filter((f) => !allowed.has(f))
      .flatMap((f) => {
        const text = readFileSync(fromRoot(f), 'utf8');
        return forbidden.filter((re) => re.test(text)).map((re) => `${f}: ${re}`);
      });
    expect(offenders).toEqual([]);
  });

  it('the pattern catches what it is meant to', () => {
    for (const bad of [
      'db.update(cardEvents).set({})',
      'tx.delete( cardEvents )',
      'sql`UPDATE card_events SET kind = 1`',
      'DELETE FROM "card_events"',
      'truncate table card_events',
    ]) {
      expect(
        forbidden.some((re) => re.test(bad)),
        bad,
      ).toBe(true);
    }
    expect(forbidden.some((re) => re.test('tx.insert(cardEvents).values(x)'))).toBe(false);
  });

  it('the migration installs the trigger that refuses UPDATE and DELETE', () => {
    const sqlText = readdirSync(fromRoot('drizzle'))
      .filter((f) => f.endsWith('.sql'))
      .map((f) => readFileSync(fromRoot('drizzle', f), 'utf8'))
      .join('\n');
    expect(sqlText).toMatch(/CREATE TRIGGER "card_events_no_update_or_delete" BEFORE UPDATE OR DELETE ON "card_events"/);
  });
});
