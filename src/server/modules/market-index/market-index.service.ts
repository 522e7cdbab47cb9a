import { z } from 'zod';
import { createHash, randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import {
  addDays,
  change,
  computeSeries,
  constituentName,
  dailyPrices,
  dayOf,
  eligibility,
  ELIGIBILITY,
  IMPORT_INLINE_RECOMPUTE_ROWS,
  indexMessages,
  priceOn,
  collectionSeries,
  type AdminIndexResponse,
  type CollectionVsMarket,
  type ConstituentDetail,
  type ConstituentIdentity,
  type ConstituentRow,
  type DivisorLogResponse,
  type ImportReport,
  type IndexOverview,
  type IndexSettings,
  type IsoDay,
  type LevelsResponse,
  type RebalanceResponse,
  type SeriesConstituent,
} from '#common/market-index.ts';
import type { CardMarket } from '#common/cards.ts';
import type { AppContext, SignedInActor } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { indexConstituents, indexDivisorLog, indexLevels, indexMembers, indexReviews, priceObservations } from '#server/db/schema/market-index.ts';
import { AppError, notFound } from '#server/errors.ts';
import { defineJob, enqueueJob, jobQueued, type JobDefinition } from '#server/lib/jobs.ts';
import { inTransaction } from '#server/lib/transition.ts';
import { audit, auditBy } from '#server/lib/audit.ts';
import {
  getSetting,
  type SavedHook,
  readModuleState,
  type SettingsReadCtx,
  updateSetting,
  writeModuleState,
} from '#server/modules/settings/index.ts';
import { dedupeKey, identityKey, parsePriceCsv } from './market-index.csv.ts';
import { pricesImported } from './market-index.hooks.ts';
import { isUniqueViolation } from '#server/lib/db-errors.ts';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'live'> & Partial<Pick<AppContext, 'log'>>;
type ConstituentRowDb = typeof indexConstituents.$inferSelect;

const STATE_KEY = 'index_state';
export const INDEX_RECOMPUTE_JOB = 'index.recompute';

const identity = (r: ConstituentRowDb): ConstituentIdentity => ({
  player: r.player,
  year: r.year,
  set: r.set,
  cardNumber: r.cardNumber,
  variety: r.variety,
  grader: r.grader,
  grade: r.grade,
  sport: r.sport,
});

/** The index's method settings (the settings service's `index` section). */
export const getIndexSettings = (ctx: SettingsReadCtx) => getSetting(ctx, 'index');

/** Saving the settings rebuilds the series in the same transaction, whoever saves them. */
export const recomputeOnSettingsSaved: SavedHook<'index'> = async (uow, { clock }) => {
  await recomputeIndex({ db: uow.tx, clock }, { tx: uow.tx });
};

// ------------------------------------------------------------------------------------------------
// Recompute
// ------------------------------------------------------------------------------------------------

/** Every input of the method, read in one snapshot. */
async function loadInputs(db: Db) {
  // One after another: inside a transaction they share one connection.
  const cfg = await getIndexSettings({ db });
  const constituents = await db.select().from(indexConstituents);
  const observations = await db
    .select({ id: priceObservations.constituentId, day: priceObservations.observedOn, priceCents: priceObservations.priceCents })
    .from(priceObservations)
    .orderBy(asc(priceObservations.constituentId), asc(priceObservations.observedOn));
  const reviews = await db.select({ day: indexReviews.effectiveOn, reason: indexReviews.reason }).from(indexReviews);
  const byId = new Map<string, { day: IsoDay; priceCents: number }[]>();
  for (const o of observations) {
    let list = byId.get(o.id);
    if (!list) byId.set(o.id, (list = []));
    list.push({ day: o.day, priceCents: o.priceCents });
  }
  const series: SeriesConstituent[] = constituents.map((c) => {
    const obs = byId.get(c.id) ?? [];
    return { id: c.id, observationDays: obs.map((o) => o.day), prices: dailyPrices(obs), retiredOn: c.retiredOn };
  });
  return { settings: cfg, constituents, series, reviews };
}

/**
 * Rebuilds the daily levels, the divisor log and today's members from the observations, the
 * settings and the published reviews. The same inputs give the same rows, so running it twice
 * (a retried job) changes nothing. Runs inside the caller's transaction when given one.
 */
export async function recomputeIndex(ctx: Pick<AppContext, 'db' | 'clock'>, opts: { tx?: Db } = {}) {
  const run = async (tx: Db) => {
    // One recompute at a time: two would interleave their deletes and inserts.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('index_recompute'))`);
    const inputs = await loadInputs(tx);
    const through = dayOf(ctx.clock.now());
    const result = computeSeries({ constituents: inputs.series, settings: inputs.settings, published: inputs.reviews, through });
    await tx.delete(indexLevels);
    await tx.delete(indexDivisorLog);
    await tx.delete(indexMembers);
    for (let i = 0; i < result.levels.length; i += 2000) await tx.insert(indexLevels).values(result.levels.slice(i, i + 2000));
    if (result.log.length) await tx.insert(indexDivisorLog).values(result.log.map((e, seq) => ({ seq, ...e })));
    if (result.members.size) {
      await tx.insert(indexMembers).values([...result.members].map(([constituentId, m]) => ({ constituentId, weight: m.weight, since: m.since })));
    }
    // A fresh version on every recompute: the stamp the cached levels are checked against.
    const state = { recomputedAt: ctx.clock.now().toISOString(), version: randomUUID() };
    await writeModuleState(tx, STATE_KEY, state);
    return { levels: result.levels.length, reviews: result.log.length, members: result.members.size };
  };
  return opts.tx ? run(opts.tx) : ctx.db.transaction(run);
}

export const INDEX_DAILY_JOB_KEY = 'index.daily';

/** The series grows by a day each day: a recompute just after each midnight (UTC), one per day whatever the number of instances. */
export async function scheduleDailyRecompute(ctx: Pick<AppContext, 'db' | 'clock'>) {
  const tomorrow = addDays(dayOf(ctx.clock.now()), 1);
  await enqueueJob(ctx.db, {
    name: INDEX_RECOMPUTE_JOB,
    key: `${INDEX_DAILY_JOB_KEY}:${tomorrow}`,
    runAt: new Date(`${tomorrow}T00:05:00Z`),
    payload: { daily: true },
  });
}

/** The job large imports and the daily run queue (decision 010): idempotent, so a retry is harmless. */
export function marketIndexJobs(ctx: Pick<AppContext, 'db' | 'clock'>): JobDefinition[] {
  return [
    defineJob({
      name: INDEX_RECOMPUTE_JOB,
      payload: z.object({ daily: z.boolean().optional() }),
      run: async ({ daily }) => {
        await recomputeIndex(ctx);
        if (daily) await scheduleDailyRecompute(ctx);
      },
    }),
  ];
}

// ------------------------------------------------------------------------------------------------
// Public reads
// ------------------------------------------------------------------------------------------------

/** Each constituent's price (the day's average) on its last day with a sale on or before `day`. */
async function pricesAsOf(db: Db, day: IsoDay, ids?: readonly string[]): Promise<Map<string, { priceCents: number; observedOn: IsoDay }>> {
  const rows = await db
    .selectDistinctOn([priceObservations.constituentId], {
      id: priceObservations.constituentId,
      observedOn: priceObservations.observedOn,
      priceCents: sql<number>`round(avg(${priceObservations.priceCents}))::bigint`.mapWith(Number),
    })
    .from(priceObservations)
    .where(and(lte(priceObservations.observedOn, day), ids ? inArray(priceObservations.constituentId, [...ids]) : undefined))
    .groupBy(priceObservations.constituentId, priceObservations.observedOn)
    .orderBy(priceObservations.constituentId, desc(priceObservations.observedOn));
  return new Map(rows.map((r) => [r.id, { priceCents: r.priceCents, observedOn: r.observedOn }]));
}

async function levelAt(db: Db, day: IsoDay): Promise<number | null> {
  const [row] = await db
    .select({ level: indexLevels.level })
    .from(indexLevels)
    .where(lte(indexLevels.day, day))
    .orderBy(desc(indexLevels.day))
    .limit(1);
  return row?.level ?? null;
}

/** GET /api/index: today's level, its changes, and the members with their prices and weights. */
export async function indexOverview(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<IndexOverview> {
  const { db } = ctx;
  const today = dayOf(ctx.clock.now());
  const [cfg, [last], members] = await Promise.all([
    getIndexSettings(ctx),
    db.select().from(indexLevels).where(lte(indexLevels.day, today)).orderBy(desc(indexLevels.day)).limit(1),
    db
      .select({ c: indexConstituents, weight: indexMembers.weight, since: indexMembers.since })
      .from(indexMembers)
      .innerJoin(indexConstituents, eq(indexConstituents.id, indexMembers.constituentId)),
  ]);
  const asOf = last?.day ?? null;
  const [d1, m1, y1, now, monthAgo, yearAgo] = await Promise.all([
    asOf ? levelAt(db, addDays(asOf, -1)) : null,
    asOf ? levelAt(db, addDays(asOf, -30)) : null,
    asOf ? levelAt(db, addDays(asOf, -365)) : null,
    pricesAsOf(db, today),
    pricesAsOf(db, addDays(today, -30)),
    pricesAsOf(db, addDays(today, -365)),
  ]);
  const total = members.reduce((s, m) => s + m.weight * (now.get(m.c.id)?.priceCents ?? 0), 0);
  const constituents: ConstituentRow[] = members.map((m) => {
    const p = now.get(m.c.id);
    return {
      id: m.c.id,
      ...identity(m.c),
      lastPriceCents: p?.priceCents ?? null,
      lastObservedOn: p?.observedOn ?? null,
      stale: p ? addDays(p.observedOn, cfg.staleAfterDays) < today : false,
      change1m: change(p?.priceCents, monthAgo.get(m.c.id)?.priceCents),
      change1y: change(p?.priceCents, yearAgo.get(m.c.id)?.priceCents),
      weight: total && p ? (m.weight * p.priceCents) / total : null,
      inIndex: true,
      since: m.since,
    };
  });
  constituents.sort((a, b) => (b.weight ?? 0) - (a.weight ?? 0));
  return {
    level: last?.level ?? null,
    asOf,
    baseDate: cfg.baseDate,
    weighting: cfg.weighting,
    divisor: last?.divisor ?? null,
    changes: { d1: change(last?.level, d1), m1: change(last?.level, m1), y1: change(last?.level, y1) },
    constituents,
  };
}

/** GET /api/index/levels: the daily series between two days (both included). */
export async function indexLevelsBetween(ctx: Pick<AppContext, 'db'>, input: { from?: IsoDay; to?: IsoDay }): Promise<LevelsResponse> {
  const rows = await ctx.db
    .select({ day: indexLevels.day, level: indexLevels.level })
    .from(indexLevels)
    .where(
      and(
        input.from ? sql`${indexLevels.day} >= ${input.from}::date` : undefined,
        input.to ? sql`${indexLevels.day} <= ${input.to}::date` : undefined,
      ),
    )
    .orderBy(asc(indexLevels.day));
  return { levels: rows };
}

/** Ranges kept per database; the chart asks for a handful, so more than this means odd callers. */
const LEVELS_CACHE_RANGES = 64;
const levelsCache = new WeakMap<Db, { version: string; ranges: Map<string, { etag: string; body: string }> }>();

/** The stamp each recompute writes in its own transaction (older rows: their time). */
async function recomputeVersion(db: Db): Promise<string> {
  const v = await readModuleState<{ version?: string; recomputedAt?: string }>({ db }, STATE_KEY);
  return v?.version ?? v?.recomputedAt ?? 'none';
}

/**
 * GET /api/index/levels as serialized JSON with its ETag. The series only changes when a
 * recompute commits, so each instance keeps the JSON of the ranges asked for and checks one
 * stamp per request: every instance sees a recompute as soon as it commits, and a rolled-back
 * one changes nothing.
 */
export async function indexLevelsJson(ctx: Pick<AppContext, 'db'>, input: { from?: IsoDay; to?: IsoDay }): Promise<{ etag: string; body: string }> {
  const version = await recomputeVersion(ctx.db);
  let cache = levelsCache.get(ctx.db);
  if (!cache || cache.version !== version) levelsCache.set(ctx.db, (cache = { version, ranges: new Map() }));
  const key = `${input.from ?? ''}|${input.to ?? ''}`;
  const hit = cache.ranges.get(key);
  if (hit) return hit;
  const body = JSON.stringify(await indexLevelsBetween(ctx, input));
  const etag = `"${createHash('sha1').update(version).update(key).digest('base64url')}"`;
  // A recompute may have committed while we read: keep the answer only under the stamp it was read with.
  if ((await recomputeVersion(ctx.db)) === version) {
    if (cache.ranges.size >= LEVELS_CACHE_RANGES) cache.ranges.clear();
    cache.ranges.set(key, { etag, body });
  }
  return { etag, body };
}

/** GET /api/index/constituents/{id}: its observations, daily prices, the eligibility counts and membership. */
export async function constituentDetail(ctx: Pick<AppContext, 'db' | 'clock'>, input: { id: string }): Promise<ConstituentDetail> {
  const { db } = ctx;
  const today = dayOf(ctx.clock.now());
  const [[c], observations, [member], cfg] = await Promise.all([
    db.select().from(indexConstituents).where(eq(indexConstituents.id, input.id)).limit(1),
    db
      .select({
        day: priceObservations.observedOn,
        priceCents: priceObservations.priceCents,
        source: priceObservations.source,
        saleRef: priceObservations.saleRef,
      })
      .from(priceObservations)
      .where(eq(priceObservations.constituentId, input.id))
      .orderBy(asc(priceObservations.observedOn), asc(priceObservations.createdAt)),
    db.select().from(indexMembers).where(eq(indexMembers.constituentId, input.id)).limit(1),
    getIndexSettings(ctx),
  ]);
  if (!c) throw notFound(indexMessages.notFound);
  const prices = dailyPrices(observations);
  const p = priceOn(prices, today, cfg.staleAfterDays);
  const e = eligibility(
    observations.map((o) => o.day),
    today,
  );
  return {
    id: c.id,
    ...identity(c),
    retiredOn: c.retiredOn,
    lastPriceCents: p?.priceCents ?? null,
    lastObservedOn: p?.observedOn ?? null,
    stale: p?.stale ?? false,
    change1m: change(p?.priceCents, priceOn(prices, addDays(today, -30))?.priceCents),
    change1y: change(p?.priceCents, priceOn(prices, addDays(today, -365))?.priceCents),
    weight: null,
    inIndex: Boolean(member),
    since: member?.since ?? null,
    ...e,
    observations,
    prices,
  };
}

async function namesById(db: Db): Promise<Map<string, string>> {
  const rows = await db.select().from(indexConstituents);
  return new Map(rows.map((r) => [r.id, constituentName(r)]));
}

/** GET /api/index/divisor-log: every adjustment since the base date, oldest first. */
/** Whether an index page address names a constituent (GET /WonderShyneIndex/{id} answers 404 otherwise). */
export async function constituentExists(ctx: Pick<AppContext, 'db'>, input: { id: string }): Promise<boolean> {
  if (!z.uuid().safeParse(input.id).success) return false;
  const [row] = await ctx.db.select({ id: indexConstituents.id }).from(indexConstituents).where(eq(indexConstituents.id, input.id)).limit(1);
  return Boolean(row);
}

export async function divisorLog(ctx: Pick<AppContext, 'db'>): Promise<DivisorLogResponse> {
  const [cfg, rows, names, [last]] = await Promise.all([
    getIndexSettings(ctx),
    ctx.db.select().from(indexDivisorLog).orderBy(asc(indexDivisorLog.seq)),
    namesById(ctx.db),
    ctx.db.select({ divisor: indexLevels.divisor }).from(indexLevels).orderBy(desc(indexLevels.day)).limit(1),
  ]);
  const named = (ids: string[]) => ids.map((id) => ({ id, name: names.get(id) ?? id }));
  return {
    settings: cfg,
    currentDivisor: last?.divisor ?? null,
    entries: rows.map((r) => ({
      effectiveOn: r.effectiveOn,
      reason: r.reason,
      oldDivisor: r.oldDivisor,
      newDivisor: r.newDivisor,
      level: r.level,
      added: named(r.added),
      removed: named(r.removed),
    })),
  };
}

// ------------------------------------------------------------------------------------------------
// Admin
// ------------------------------------------------------------------------------------------------

/** GET /api/admin/index: every constituent with its eligibility today, and the recompute's state. */
export async function adminIndex(ctx: Pick<AppContext, 'db' | 'clock'>, _actor: SignedInActor): Promise<AdminIndexResponse> {
  const { db } = ctx;
  const today = dayOf(ctx.clock.now());
  const longFrom = addDays(today, -ELIGIBILITY.longDays);
  const shortFrom = addDays(today, -ELIGIBILITY.shortDays);
  const [rows, last, cfg, pending, state] = await Promise.all([
    db
      .select({
        c: indexConstituents,
        inIndex: sql<boolean>`exists (select 1 from ${indexMembers} m where m.constituent_id = ${indexConstituents.id})`,
        observations: count(priceObservations.id),
        salesLong:
          sql<number>`count(*) filter (where ${priceObservations.observedOn} > ${longFrom}::date and ${priceObservations.observedOn} <= ${today}::date)`.mapWith(
            Number,
          ),
        salesShort:
          sql<number>`count(*) filter (where ${priceObservations.observedOn} > ${shortFrom}::date and ${priceObservations.observedOn} <= ${today}::date)`.mapWith(
            Number,
          ),
      })
      .from(indexConstituents)
      .leftJoin(priceObservations, eq(priceObservations.constituentId, indexConstituents.id))
      .groupBy(indexConstituents.id)
      .orderBy(asc(indexConstituents.player), asc(indexConstituents.year)),
    pricesAsOf(db, today),
    getIndexSettings(ctx),
    jobQueued(db, INDEX_RECOMPUTE_JOB),
    readModuleState<{ recomputedAt?: string }>({ db }, STATE_KEY),
  ]);
  return {
    settings: cfg,
    recomputePending: pending,
    lastRecomputedAt: state?.recomputedAt ?? null,
    constituents: rows.map((r) => ({
      id: r.c.id,
      ...identity(r.c),
      retiredOn: r.c.retiredOn,
      observations: Number(r.observations),
      lastPriceCents: last.get(r.c.id)?.priceCents ?? null,
      lastObservedOn: last.get(r.c.id)?.observedOn ?? null,
      salesLong: r.salesLong,
      salesShort: r.salesShort,
      eligible: !r.c.retiredOn && r.salesLong >= ELIGIBILITY.longSales && r.salesShort >= ELIGIBILITY.shortSales,
      inIndex: Boolean(r.inIndex),
    })),
  };
}

const duplicateIdentity = () => new AppError('conflict', indexMessages.duplicate);

/** POST /api/admin/index/constituents: a new card identity; it enters at the next review it is eligible for. */
export async function addConstituent(ctx: Ctx, actor: SignedInActor, input: { identity: ConstituentIdentity }) {
  const now = ctx.clock.now();
  try {
    return await inTransaction(ctx, async ({ tx }) => {
      const [row] = await tx
        .insert(indexConstituents)
        .values({ ...input.identity, createdAt: now })
        .returning();
      await audit(tx, {
        ...auditBy(actor),
        action: 'index.constituent_added',
        targetType: 'index_constituent',
        targetId: row.id,
        data: { name: constituentName(row) },
        at: now,
      });
      return { id: row.id, ...identity(row), retiredOn: row.retiredOn };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateIdentity();
    throw err;
  }
}

/** PATCH /api/admin/index/constituents/{id}: corrects the identity (its prices stay with it). */
export async function patchConstituent(ctx: Ctx, actor: SignedInActor, input: { id: string; patch: Partial<ConstituentIdentity> }) {
  const now = ctx.clock.now();
  // An empty patch would be an UPDATE with nothing to set, which the query builder refuses.
  const patch = Object.fromEntries(Object.entries(input.patch).filter(([, v]) => v !== undefined));
  if (!Object.keys(patch).length) throw new AppError('bad_request', 'Nothing to change');
  try {
    return await inTransaction(ctx, async ({ tx }) => {
      const [row] = await tx.update(indexConstituents).set(patch).where(eq(indexConstituents.id, input.id)).returning();
      if (!row) throw notFound(indexMessages.notFound);
      await audit(tx, {
        ...auditBy(actor),
        action: 'index.constituent_edited',
        targetType: 'index_constituent',
        targetId: row.id,
        data: { fields: Object.keys(patch) },
        at: now,
      });
      return { id: row.id, ...identity(row), retiredOn: row.retiredOn };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateIdentity();
    throw err;
  }
}

/** DELETE /api/admin/index/constituents/{id}: retires it today; the divisor is adjusted so the level does not jump. */
export async function retireConstituent(ctx: Ctx, actor: SignedInActor, input: { id: string }) {
  const now = ctx.clock.now();
  const today = dayOf(now);
  return inTransaction(ctx, async ({ tx }) => {
    const [row] = await tx.select().from(indexConstituents).where(eq(indexConstituents.id, input.id)).limit(1).for('update');
    if (!row) throw notFound(indexMessages.notFound);
    if (row.retiredOn) throw new AppError('conflict', indexMessages.retired);
    await tx.update(indexConstituents).set({ retiredOn: today }).where(eq(indexConstituents.id, input.id));
    await audit(tx, {
      ...auditBy(actor),
      action: 'index.constituent_retired',
      targetType: 'index_constituent',
      targetId: row.id,
      data: { name: constituentName(row) },
      at: now,
    });
    await recomputeIndex(ctx, { tx });
    return { ok: true as const };
  });
}

/**
 * POST /api/admin/index/prices/import: a dry run reports what a commit would do; a commit writes
 * every accepted row in one transaction, then recomputes (inline, or on the job runner when large).
 */
export async function importPrices(ctx: Ctx, actor: SignedInActor, input: { csv: string; dryRun: boolean }): Promise<ImportReport> {
  const now = ctx.clock.now();
  const { rows, rejected } = parsePriceCsv(input.csv, dayOf(now));
  const dataRows = rows.length + rejected.filter((x) => x.line > 1).length;
  const run = async (tx: Db) => {
    const constituents = await tx.select().from(indexConstituents);
    const ids = new Set(constituents.map((c) => c.id));
    const byIdentity = new Map(constituents.map((c) => [identityKey(c), c.id]));
    const existing = new Set(
      (await tx.select({ id: priceObservations.constituentId, key: priceObservations.dedupeKey }).from(priceObservations)).map(
        (r) => `${r.id}|${r.key}`,
      ),
    );
    const seen = new Set<string>();
    const accepted: (typeof priceObservations.$inferInsert)[] = [];
    let duplicates = 0;
    for (const r of rows) {
      const id = r.constituentId ?? byIdentity.get(identityKey(r.identity!));
      if (!id || !ids.has(id)) {
        rejected.push({ line: r.line, reason: 'No constituent matches this card' });
        continue;
      }
      const key = dedupeKey(r);
      if (existing.has(`${id}|${key}`) || seen.has(`${id}|${key}`)) {
        duplicates++;
        continue;
      }
      seen.add(`${id}|${key}`);
      accepted.push({
        constituentId: id,
        observedOn: r.day,
        priceCents: r.priceCents,
        source: r.source,
        saleRef: r.saleRef,
        dedupeKey: key,
        importedBy: actor.user.id,
        createdAt: now,
      });
    }
    rejected.sort((a, b) => a.line - b.line);
    const report: ImportReport = {
      dryRun: input.dryRun,
      rows: dataRows,
      accepted: accepted.length,
      duplicates,
      rejected,
      committed: false,
      recompute: 'none',
    };
    if (input.dryRun || accepted.length === 0) return report;
    for (let i = 0; i < accepted.length; i += 1000)
      await tx
        .insert(priceObservations)
        .values(accepted.slice(i, i + 1000))
        .onConflictDoNothing();
    await audit(tx, {
      ...auditBy(actor),
      action: 'index.prices_imported',
      targetType: 'index',
      data: { accepted: accepted.length, duplicates, rejected: rejected.length },
      at: now,
    });
    await pricesImported(tx, { constituentIds: [...new Set(accepted.map((a) => a.constituentId))], now });
    if (accepted.length > IMPORT_INLINE_RECOMPUTE_ROWS) {
      await enqueueJob(tx, { name: INDEX_RECOMPUTE_JOB, key: INDEX_RECOMPUTE_JOB, runAt: now });
      return { ...report, committed: true, recompute: 'queued' as const };
    }
    await recomputeIndex(ctx, { tx });
    return { ...report, committed: true, recompute: 'done' as const };
  };
  // A dry run reads only; a commit is one transaction.
  return input.dryRun ? run(ctx.db) : inTransaction(ctx, ({ tx }) => run(tx));
}

/**
 * POST /api/admin/index/rebalance: reviews eligibility today. The preview recomputes with the
 * review added and reports who would enter and leave and the divisor change; the commit
 * publishes the review and recomputes.
 */
export async function rebalance(ctx: Ctx, actor: SignedInActor, input: { reason: string; dryRun: boolean }): Promise<RebalanceResponse> {
  const now = ctx.clock.now();
  const today = dayOf(now);
  const inputs = await loadInputs(ctx.db);
  const names = new Map(inputs.constituents.map((c) => [c.id, constituentName(c)]));
  const published = [...inputs.reviews, { day: today, reason: input.reason }];
  const result = computeSeries({ constituents: inputs.series, settings: inputs.settings, published, through: today });
  const entry = result.log.at(-1);
  const named = (ids: string[]) => ids.map((id) => ({ id, name: names.get(id) ?? id }));
  const preview: RebalanceResponse =
    entry && entry.effectiveOn === today
      ? {
          dryRun: input.dryRun,
          effectiveOn: today,
          oldDivisor: entry.oldDivisor,
          newDivisor: entry.newDivisor,
          level: entry.level,
          added: named(entry.added),
          removed: named(entry.removed),
        }
      : {
          dryRun: input.dryRun,
          effectiveOn: today,
          oldDivisor: null,
          newDivisor: null,
          level: result.levels.at(-1)?.level ?? null,
          added: [],
          removed: [],
        };
  if (input.dryRun) return preview;
  if (preview.newDivisor == null) throw new AppError('conflict', indexMessages.noChange);
  await inTransaction(ctx, async ({ tx }) => {
    await tx.insert(indexReviews).values({ effectiveOn: today, reason: input.reason, createdBy: actor.user.id, createdAt: now });
    await audit(tx, {
      ...auditBy(actor),
      action: 'index.rebalanced',
      targetType: 'index',
      data: { reason: input.reason, added: preview.added.length, removed: preview.removed.length },
      at: now,
    });
    await recomputeIndex(ctx, { tx });
  });
  return preview;
}

/** PUT /api/admin/index/settings: weighting, base date and staleness (and cadence, when given); the series is rebuilt at once. */
export async function updateIndexSettings(ctx: Ctx, actor: SignedInActor, input: { settings: IndexSettings }): Promise<IndexSettings> {
  return updateSetting(ctx, actor, { section: 'index', patch: input.settings });
}

/** The identity fields of a registry card that can match a constituent. */
type CardIdentity = {
  id: string;
  subject: string;
  year: number;
  brand: string;
  cardNumber: string | null;
  variety: string | null;
  grader: string;
  gradeValue: number | null;
};

/** The constituent with the card's identity (case-insensitive), or null; raw cards and cards without a number or grade match none. */
function matchCard(byIdentity: ReadonlyMap<string, ConstituentRowDb>, card: CardIdentity): ConstituentRowDb | null {
  if (card.grader === 'raw' || !card.cardNumber || card.gradeValue == null) return null;
  const key = identityKey({
    player: card.subject,
    year: card.year,
    set: card.brand,
    cardNumber: card.cardNumber,
    variety: card.variety,
    grader: card.grader,
    grade: card.gradeValue,
  });
  return byIdentity.get(key) ?? null;
}

async function constituentsByIdentity(db: Db) {
  const constituents = await db.select().from(indexConstituents);
  return new Map(constituents.map((c) => [identityKey(c), c]));
}

/**
 * Today's market price of each card that matches a constituent with at least one sale (the last
 * observation carried forward, as the index uses it), by card id. Read by the cards module for
 * the registry and the card page; whether the card follows it is the owner's pin.
 */
export async function marketValuesFor(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  input: { cards: readonly CardIdentity[] | Promise<readonly CardIdentity[]> },
): Promise<Map<string, CardMarket>> {
  const out = new Map<string, CardMarket>();
  if (Array.isArray(input.cards) && !input.cards.length) return out;
  const today = dayOf(ctx.clock.now());
  // Cards still being read: the constituents are read meanwhile.
  const [cards, byIdentity, cfg] = await Promise.all([input.cards, constituentsByIdentity(ctx.db), getIndexSettings(ctx)]);
  const matches = cards.map((card) => [card, matchCard(byIdentity, card)] as const).filter(([, m]) => m);
  if (!matches.length) return out;
  const prices = await pricesAsOf(ctx.db, today, [...new Set(matches.map(([, m]) => m!.id))]);
  for (const [card, m] of matches) {
    const p = prices.get(m!.id);
    if (!p) continue;
    out.set(card.id, {
      constituentId: m!.id,
      name: constituentName(m!),
      priceCents: p.priceCents,
      observedOn: p.observedOn,
      stale: addDays(p.observedOn, cfg.staleAfterDays) < today,
    });
  }
  return out;
}

/** A registry card as the collection-vs-market chart reads it. */
type CollectionCard = CardIdentity & { estimatePinned: boolean; estimatedValueCents: number };

/**
 * GET /api/index/collection (served by the cards module, which owns the registry): the caller's
 * registry against the index over the last year, both rebased to 100, and the cards that follow
 * a constituent's market price. A card whose owner pinned an estimate counts at it.
 */
export async function collectionVsMarket(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  input: { cards: readonly CollectionCard[] | Promise<readonly CollectionCard[]> },
): Promise<CollectionVsMarket> {
  const { db } = ctx;
  const today = dayOf(ctx.clock.now());
  const [cards, byIdentity, levels] = await Promise.all([
    input.cards,
    constituentsByIdentity(db),
    db
      .select({ day: indexLevels.day, level: indexLevels.level })
      .from(indexLevels)
      .where(sql`${indexLevels.day} > ${addDays(today, -365)}::date`)
      .orderBy(asc(indexLevels.day)),
  ]);
  const matches = cards.map((card) => (card.estimatePinned ? null : matchCard(byIdentity, card)));
  const matchedIds = [...new Set(matches.filter((m) => m).map((m) => m!.id))];
  const observations = matchedIds.length
    ? await db
        .select({ id: priceObservations.constituentId, day: priceObservations.observedOn, priceCents: priceObservations.priceCents })
        .from(priceObservations)
        .where(inArray(priceObservations.constituentId, matchedIds))
    : [];
  const prices = new Map(matchedIds.map((id) => [id, dailyPrices(observations.filter((o) => o.id === id))]));
  const following: CollectionVsMarket['following'] = [];
  cards.forEach((card, i) => {
    const m = matches[i];
    const p = m ? priceOn(prices.get(m.id)!, today) : null;
    if (m && p)
      following.push({
        cardId: card.id,
        constituentId: m.id,
        name: constituentName(m),
        marketValueCents: p.priceCents,
        observedOn: p.observedOn,
        estimatedValueCents: card.estimatedValueCents,
      });
  });
  const points = collectionSeries({
    cards: cards.map((card, i) => ({ estimatedValueCents: card.estimatedValueCents, prices: matches[i] ? prices.get(matches[i]!.id)! : null })),
    levels,
  });
  return { points, following, cards: cards.length };
}
