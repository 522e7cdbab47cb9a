import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminIndexResponse, DivisorLogResponse, ImportReport, IndexOverview } from '#common/market-index.ts';
import { indexDivisorLog, indexLevels } from '#server/db/schema/market-index.ts';
import { addObservations, createCard, createConstituent, signedInAdmin, signedInMember, type SignedInUser } from '#server/test/factories.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { recomputeIndex } from './market-index.service.ts';

// The test clock reads 2026-06-01.
let t: TestApp;
let admin: SignedInUser;
let member: SignedInUser;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false, jobs: {} });
  admin = await signedInAdmin(t);
  member = await signedInMember(t);
});
afterAll(async () => t?.close());

const api = (who: SignedInUser | null, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: who?.headers, payload: payload as never });
const overview = async (): Promise<IndexOverview> => (await api(null, 'GET', '/api/index')).json();
const snapshot = async () => ({
  levels: await t.db.select().from(indexLevels).orderBy(indexLevels.day),
  log: await t.db.select().from(indexDivisorLog).orderBy(indexDivisorLog.seq),
});

describe('the market index, end to end', () => {
  let jordan: string;
  let griffey: string;
  let trout: string;

  it('answers the public endpoints without a session, empty before any data', async () => {
    const res = await api(null, 'GET', '/api/index');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ level: null, constituents: [] });
    expect((await api(null, 'GET', '/api/index/levels')).json()).toEqual({ levels: [] });
    expect((await api(null, 'GET', '/api/index/divisor-log')).statusCode).toBe(200);
  });

  it('lets only admins add constituents and change settings', async () => {
    const body = {
      player: 'Michael Jordan',
      year: 1986,
      set: 'Fleer',
      cardNumber: '57',
      variety: null,
      grader: 'PSA',
      grade: 9,
      sport: 'basketball',
    };
    expect((await api(null, 'POST', '/api/admin/index/constituents', body)).statusCode).toBe(401);
    expect((await api(member, 'POST', '/api/admin/index/constituents', body)).statusCode).toBe(403);
    expect((await api(member, 'GET', '/api/admin/index')).statusCode).toBe(403);
    const res = await api(admin, 'POST', '/api/admin/index/constituents', body);
    expect(res.statusCode, res.body).toBe(201);
    jordan = res.json().id;
    expect((await api(admin, 'POST', '/api/admin/index/constituents', { ...body, player: 'michael jordan' })).statusCode).toBe(409);
    griffey = (
      await api(admin, 'POST', '/api/admin/index/constituents', {
        ...body,
        player: 'Ken Griffey Jr.',
        year: 1989,
        set: 'Upper Deck',
        cardNumber: '1',
        grade: 10,
        sport: 'baseball',
      })
    ).json().id;
    trout = (await createConstituent(t, { player: 'Mike Trout', year: 2011, set: 'Topps Update', cardNumber: 'US175', grade: 10, sport: 'baseball' }))
      .id;
    const settings = { weighting: 'price', baseDate: '2026-01-01', staleAfterDays: 90 };
    expect((await api(member, 'PUT', '/api/admin/index/settings', settings)).statusCode).toBe(403);
    expect((await api(admin, 'PUT', '/api/admin/index/settings', settings)).statusCode).toBe(200);
  });

  const csv = [
    'player,year,set,card_number,grader,grade,date,price,source,sale_ref',
    'Michael Jordan,1986,Fleer,57,PSA,9,2025-12-01,"10,000.00",Goldin,G-1',
    'Michael Jordan,1986,Fleer,57,PSA,9,2025-12-15,10000,eBay,E-1',
    'Ken Griffey Jr.,1989,Upper Deck,1,PSA,10,2025-12-02,2000,eBay,E-2',
    'Ken Griffey Jr.,1989,Upper Deck,1,PSA,10,2025-12-20,2000,PWCC,',
    'Ken Griffey Jr.,1989,Upper Deck,1,PSA,10,2025-12-20,2000,pwcc,',
    'Michael Jordan,1986,Fleer,57,PSA,9,2026-03-10,12000,Goldin,G-2',
    'Ken Griffey Jr.,1989,Upper Deck,1,PSA,10,2026-13-01,2000,eBay,',
    'Nobody,1999,Nothing,1,PSA,10,2026-01-05,50,eBay,',
  ].join('\n');

  it('reports a dry run without writing anything', async () => {
    const res = await api(admin, 'POST', '/api/admin/index/prices/import', { csv, dryRun: true });
    expect(res.statusCode, res.body).toBe(200);
    const report: ImportReport = res.json();
    expect(report).toMatchObject({ dryRun: true, rows: 8, accepted: 5, duplicates: 1, committed: false, recompute: 'none' });
    expect(report.rejected).toEqual([
      { line: 8, reason: 'date must be YYYY-MM-DD' },
      { line: 9, reason: 'No constituent matches this card' },
    ]);
    expect((await overview()).level).toBeNull();
  });

  it('commits in one go, recomputes, and the public level follows the prices', async () => {
    const report: ImportReport = (await api(admin, 'POST', '/api/admin/index/prices/import', { csv, dryRun: false })).json();
    expect(report).toMatchObject({ committed: true, accepted: 5, recompute: 'done' });
    const o = await overview();
    // Price weight: (10,000 + 2,000) at base = 1000; Jordan to 12,000 → 14,000 / 12,000 × 1000.
    expect(o.level).toBeCloseTo(1166.6667, 3);
    expect(o.asOf).toBe('2026-06-01');
    expect(o.constituents.map((c) => c.id).sort()).toEqual([jordan, griffey].sort());
    const j = o.constituents.find((c) => c.id === jordan)!;
    expect(j).toMatchObject({ lastPriceCents: 1_200_000, lastObservedOn: '2026-03-10', stale: false, since: '2026-01-01' });
    expect(j.weight).toBeCloseTo(12 / 14, 9);
    const levels = (await api(null, 'GET', '/api/index/levels?from=2026-03-09&to=2026-03-10')).json().levels;
    expect(levels).toEqual([
      { day: '2026-03-09', level: 1000 },
      { day: '2026-03-10', level: expect.closeTo(1166.6667, 3) },
    ]);
    const detail = (await api(null, 'GET', `/api/index/constituents/${jordan}`)).json();
    expect(detail).toMatchObject({ inIndex: true, since: '2026-01-01', salesLong: 3, salesShort: 3, eligible: true });
    expect(detail.observations).toHaveLength(3);
    expect((await api(null, 'GET', `/api/index/constituents/${trout}`)).json()).toMatchObject({ inIndex: false, eligible: false, observations: [] });
    expect((await api(null, 'GET', '/api/index/constituents/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('is idempotent: the same file again is all duplicates, and a recompute changes no row', async () => {
    const before = await snapshot();
    const report: ImportReport = (await api(admin, 'POST', '/api/admin/index/prices/import', { csv, dryRun: false })).json();
    expect(report).toMatchObject({ accepted: 0, duplicates: 6, committed: false });
    await recomputeIndex(t.app.ctx);
    await recomputeIndex(t.app.ctx);
    expect(await snapshot()).toEqual(before);
  });

  it('previews a rebalance, then publishes it with the level unchanged', async () => {
    // Two sales since the last review (2026-05-01): Trout qualifies today.
    await addObservations(t, trout, [
      ['2026-05-20', 500_000],
      ['2026-05-25', 520_000],
    ]);
    const preview = (await api(admin, 'POST', '/api/admin/index/rebalance', { reason: 'Trout qualifies', dryRun: true })).json();
    expect(preview).toMatchObject({
      dryRun: true,
      effectiveOn: '2026-06-01',
      added: [{ id: trout, name: expect.stringContaining('Mike Trout') }],
      removed: [],
    });
    // Still the stored series until it is published.
    expect((await overview()).constituents).toHaveLength(2);
    const levelBefore = (await overview()).level!;
    const res = await api(admin, 'POST', '/api/admin/index/rebalance', { reason: 'Trout qualifies', dryRun: false });
    expect(res.statusCode, res.body).toBe(200);
    const after = await overview();
    expect(after.constituents).toHaveLength(3);
    const log: DivisorLogResponse = (await api(null, 'GET', '/api/index/divisor-log')).json();
    const last = log.entries.at(-1)!;
    expect(last).toMatchObject({ effectiveOn: '2026-06-01', reason: 'Trout qualifies', added: [{ id: trout }] });
    expect(last.newDivisor).toBeCloseTo(preview.newDivisor, 9);
    expect(after.level!.toFixed(2)).toBe(levelBefore.toFixed(2));
    expect(log.currentDivisor).toBeCloseTo(last.newDivisor, 9);
  });

  it('retires a constituent without moving the level', async () => {
    const before = (await overview()).level!;
    expect((await api(member, 'DELETE', `/api/admin/index/constituents/${griffey}`)).statusCode).toBe(403);
    expect((await api(admin, 'DELETE', `/api/admin/index/constituents/${griffey}`)).statusCode).toBe(200);
    expect((await api(admin, 'DELETE', `/api/admin/index/constituents/${griffey}`)).statusCode).toBe(409);
    const after = await overview();
    expect(after.constituents.map((c) => c.id)).not.toContain(griffey);
    expect(after.level!.toFixed(2)).toBe(before.toFixed(2));
    const list: AdminIndexResponse = (await api(admin, 'GET', '/api/admin/index')).json();
    expect(list.constituents.find((c) => c.id === griffey)).toMatchObject({ retiredOn: '2026-06-01', inIndex: false, eligible: false });
  });

  it('queues the recompute of a large import on the job runner', async () => {
    const rows = ['constituent_id,date,price,source,sale_ref'];
    for (let i = 0; i < 5_001; i++) rows.push(`${jordan},2026-05-${String((i % 28) + 1).padStart(2, '0')},${12_000 + (i % 7)},Bulk,B-${i}`);
    const report: ImportReport = (await api(admin, 'POST', '/api/admin/index/prices/import', { csv: rows.join('\n'), dryRun: false })).json();
    expect(report).toMatchObject({ accepted: 5_001, recompute: 'queued' });
    await expect
      .poll(async () => (await api(admin, 'GET', '/api/admin/index')).json().recomputePending, { timeout: 15_000, interval: 100 })
      .toBe(false);
    expect((await overview()).constituents.find((c) => c.id === jordan)!.lastObservedOn).toBe('2026-05-28');
  });

  it("compares a member's collection with the market, following matched cards' market prices", async () => {
    expect((await api(null, 'GET', '/api/index/collection')).statusCode).toBe(401);
    const card = await createCard(t, { id: member.userId }, { estimatedValueCents: 1_000_000 });
    await createCard(t, { id: member.userId }, { subject: 'Somebody Else', estimatedValueCents: 50_000 });
    const res = await api(member, 'GET', '/api/index/collection');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.cards).toBe(2);
    expect(body.following).toEqual([
      expect.objectContaining({ cardId: card.id, constituentId: jordan, observedOn: '2026-05-28', estimatedValueCents: 1_000_000 }),
    ]);
    expect(body.points[0]).toMatchObject({ collection: 100, market: 100 });
    expect(body.points.at(-1).day).toBe('2026-06-01');
    // Another member sees only their own (empty) collection.
    const other = await signedInMember(t);
    expect((await api(other, 'GET', '/api/index/collection')).json()).toMatchObject({ cards: 0, following: [] });
  });

  it('serves the levels with an ETag that holds until the next recompute', async () => {
    const first = await api(null, 'GET', '/api/index/levels?from=2026-01-01');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    expect(first.json().levels.length).toBeGreaterThan(100);
    const again = await t.app.inject({ method: 'GET', url: '/api/index/levels?from=2026-01-01', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Another range is another answer.
    expect((await api(null, 'GET', '/api/index/levels?from=2026-05-01')).headers.etag).not.toBe(etag);
    await recomputeIndex(t.app.ctx);
    const after = await t.app.inject({ method: 'GET', url: '/api/index/levels?from=2026-01-01', headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.json()).toEqual(first.json());
  });

  it('refuses bad input with a 400', async () => {
    expect((await api(admin, 'POST', '/api/admin/index/prices/import', { csv: '', dryRun: true })).statusCode).toBe(400);
    expect((await api(admin, 'POST', '/api/admin/index/rebalance', { reason: '', dryRun: true })).statusCode).toBe(400);
    expect((await api(null, 'GET', '/api/index/levels?from=yesterday')).statusCode).toBe(400);
  });
});
