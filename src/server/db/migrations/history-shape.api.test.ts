import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromRoot } from '#server/paths.ts';

// Migration 0027 (decision 136) moves existing history; this runs it on a database at 0026 with rows in it.
const files = readdirSync(fromRoot('drizzle'))
  .filter((f) => f.endsWith('.sql'))
  .sort();
const run = (client: PGlite, file: string) => client.exec(readFileSync(fromRoot('drizzle', file), 'utf8').replaceAll('--> statement-breakpoint', ''));

describe('migration 0027: one history shape', () => {
  let client: PGlite;
  beforeAll(async () => {
    client = await PGlite.create();
    for (const f of files.filter((f) => f < '0027')) await run(client, f);
  });
  afterAll(() => client.close());

  it('splits market_status_history per aggregate in its order, and gives the onboarding histories at, note and seq', async () => {
    const [listing, request, offer, promotion, onboarding] = Array.from({ length: 5 }, () => randomUUID());
    const t = (m: number) => new Date(Date.UTC(2026, 0, 1, 0, m)).toISOString();
    // The rows' parents are not the point here.
    await client.exec(`SET session_replication_role = replica`);
    await client.query(
      `INSERT INTO market_status_history (record_kind, record_id, from_status, to_status, note, at) VALUES
        ('sell_offer', $3, null, 'pending', 'first', $5), ('listing', $1, null, 'active', null, $5),
        ('sell_offer', $3, 'pending', 'countered', 'lower', $5), ('card_request', $2, null, 'pending', null, $6),
        ('promotion_request', $4, null, 'pending', null, $6), ('sell_offer', $3, 'countered', 'accepted', null, $6)`,
      [listing, request, offer, promotion, t(1), t(2)],
    );
    await client.query(
      `INSERT INTO onboarding_events (onboarding_id, from_status, to_status, created_at) VALUES
        ($1, 'pending_invitation', 'tier_selection', $3), ($1, null, 'pending_invitation', $2)`,
      [onboarding, t(1), t(5)],
    );
    await client.query(`INSERT INTO manager_consent_events (onboarding_id, from_status, to_status, created_at) VALUES ($1, null, 'pending', $2)`, [
      onboarding,
      t(1),
    ]);
    await run(
      client,
      files.find((f) => f.startsWith('0027'))!,
    );

    const offers = await client.query<{ to_status: string; note: string | null }>(
      `SELECT to_status, note FROM sell_offer_events WHERE sell_offer_id = $1 ORDER BY seq`,
      [offer],
    );
    expect(offers.rows).toEqual([
      { to_status: 'pending', note: 'first' },
      { to_status: 'countered', note: 'lower' },
      { to_status: 'accepted', note: null },
    ]);
    for (const [table, col, id] of [
      ['listing_events', 'listing_id', listing],
      ['card_request_events', 'card_request_id', request],
      ['promotion_request_events', 'promotion_request_id', promotion],
    ] as const)
      expect((await client.query(`SELECT 1 FROM ${table} WHERE ${col} = $1`, [id])).rows).toHaveLength(1);
    const gone = await client.query(`SELECT to_regclass('market_status_history') AS t`);
    expect(gone.rows).toEqual([{ t: null }]);

    // Seq follows time, not the order the rows were written in; new rows come after.
    await client.query(
      `INSERT INTO onboarding_events (onboarding_id, from_status, to_status, note) VALUES ($1, 'tier_selection', 'portfolio_allocation', 'x')`,
      [onboarding],
    );
    const steps = await client.query<{ to_status: string }>(`SELECT to_status FROM onboarding_events WHERE onboarding_id = $1 ORDER BY seq`, [
      onboarding,
    ]);
    expect(steps.rows.map((r) => r.to_status)).toEqual(['pending_invitation', 'tier_selection', 'portfolio_allocation']);
    const consent = await client.query<{ at: Date; seq: string; note: null }>(`SELECT at, seq, note FROM manager_consent_events`);
    expect(consent.rows).toEqual([{ at: new Date(t(1)), seq: expect.anything(), note: null }]);
  });
});
