import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { schema } from './schema.ts';

// Decision 136: every aggregate's status history is a `<aggregate>_events` table with the same columns.
const shared = ['id', 'seq', 'from_status', 'to_status', 'note', 'actor_id', 'at'];
// card_events is provenance by kind, not a status history.
const notStatusHistory = new Set(['card_events']);

const shape = (t: PgTable) =>
  getTableConfig(t)
    .columns.filter((c) => shared.includes(c.name))
    .map((c) => `${c.name} ${c.getSQLType()}${c.notNull ? ' not null' : ''}`)
    .sort();

describe('status history tables', () => {
  const tables = Object.values(schema as Record<string, unknown>).filter((v): v is PgTable => is(v, PgTable));
  const histories = tables.filter((t) => {
    const name = getTableConfig(t).name;
    return name.endsWith('_events') && !notStatusHistory.has(name);
  });

  it('all share the one shape, with a reference to their row', () => {
    const expected = shape(histories.find((t) => getTableConfig(t).name === 'hunt_events')!);
    expect(expected).toHaveLength(shared.length);
    for (const t of histories) {
      const { name, columns, foreignKeys } = getTableConfig(t);
      expect(shape(t), name).toEqual(expected);
      expect(columns.length, `${name} has a reference besides the shared columns`).toBeGreaterThan(shared.length);
      expect(foreignKeys.length, name).toBeGreaterThanOrEqual(2);
    }
    expect(histories.map((t) => getTableConfig(t).name)).toEqual(
      expect.arrayContaining(['onboarding_events', 'manager_consent_events', 'listing_events', 'sell_offer_events', 'invoice_events']),
    );
  });

  it('leaves no status history outside an _events table', () => {
    const names = tables.map((t) => getTableConfig(t).name);
    expect(names.filter((n) => /history/.test(n))).toEqual([]);
  });
});
