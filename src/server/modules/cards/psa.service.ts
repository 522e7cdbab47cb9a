import { eq, inArray } from 'drizzle-orm';
import {
  cardMessages,
  gradeValueFromLabel,
  isCertNumber,
  type PsaBulkRow,
  type PsaCert,
  type PsaCertResponse,
  type PsaDifference,
} from '#common/cards.ts';
import type { Db } from '#server/db/client.ts';
import { psaCerts } from '#server/db/schema/cards.ts';
import { AppError } from '#server/errors.ts';
import { PsaError, type PsaFailure } from '#server/providers/psa/psa.provider.ts';
import type { CardsContext } from './cards.context.ts';

/** A cached answer is reused this long, except by a custody re-check, which always asks PSA. */
export const PSA_CACHE_DAYS = 30;
/** Bulk look-ups ask PSA this many at a time. */
export const PSA_BULK_CONCURRENCY = 4;

const failureMessage: Record<PsaFailure, string> = {
  not_configured: cardMessages.psaNotConfigured,
  unauthorized: cardMessages.psaBadToken,
  quota: cardMessages.psaQuota,
  unavailable: cardMessages.psaUnavailable,
};

export function psaErrorToAppError(err: PsaError): AppError {
  // 503 for all: the fault is upstream or in our configuration, never the caller's. Quota resets daily.
  return new AppError('unavailable', failureMessage[err.kind], err.kind === 'quota' ? { retryAfterSeconds: 3600 } : undefined);
}

export type PsaResult = { found: true; cert: PsaCert; fetchedAt: Date; fromCache: boolean } | { found: false; message: string };

async function cached(db: Db, certNumber: string) {
  const [row] = await db.select().from(psaCerts).where(eq(psaCerts.certNumber, certNumber)).limit(1);
  return row;
}

async function store(db: Db, cert: PsaCert, at: Date) {
  await db
    .insert(psaCerts)
    .values({ certNumber: cert.certNumber, data: cert, fetchedAt: at })
    .onConflictDoUpdate({ target: psaCerts.certNumber, set: { data: cert, fetchedAt: at } });
}

const isFresh = (fetchedAt: Date, now: Date) => now.getTime() - fetchedAt.getTime() < PSA_CACHE_DAYS * 86_400_000;

/**
 * A certificate by number: from the cache while it is fresh (unless `fresh`), otherwise from PSA,
 * caching what PSA found. With PSA unreachable or unconfigured, an older cached answer still
 * serves an ordinary look-up; a `fresh` one never falls back. Throws PsaError when PSA cannot answer.
 */
export async function findCert(
  ctx: Pick<CardsContext, 'db' | 'clock' | 'psa'>,
  certNumber: string,
  opts: { fresh?: boolean } = {},
): Promise<PsaResult> {
  const now = ctx.clock.now();
  const hit = opts.fresh ? undefined : await cached(ctx.db, certNumber);
  if (hit && (isFresh(hit.fetchedAt, now) || !ctx.psa.configured)) return { found: true, cert: hit.data, fetchedAt: hit.fetchedAt, fromCache: true };
  try {
    const answer = await ctx.psa.getCert(certNumber);
    if (!answer.found) return answer;
    const cert = { ...answer.cert, certNumber };
    // The demo's sample answers are not PSA's: they stay out of the cache.
    if (!ctx.psa.demo) await store(ctx.db, cert, now);
    return { found: true, cert, fetchedAt: now, fromCache: false };
  } catch (err) {
    if (hit && err instanceof PsaError) return { found: true, cert: hit.data, fetchedAt: hit.fetchedAt, fromCache: true };
    throw err;
  }
}

/** GET /api/psa/cert/{certNumber}. */
export async function lookupCert(ctx: CardsContext, input: { certNumber: string }): Promise<PsaCertResponse> {
  let result: PsaResult;
  try {
    result = await findCert(ctx, input.certNumber);
  } catch (err) {
    if (err instanceof PsaError) throw psaErrorToAppError(err);
    throw err;
  }
  if (!result.found) throw new AppError('not_found', cardMessages.psaNotFound);
  const demo = Boolean(ctx.psa.demo && ctx.psa.isDemoCert?.(input.certNumber));
  return { ...result.cert, fetchedAt: result.fetchedAt.toISOString(), fromCache: result.fromCache, demo };
}

/** Runs `fn` over `items`, at most `limit` at once, keeping the order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/**
 * POST /api/admin/psa/bulk: one row per number given, in order. Fresh cached answers first (one
 * query), then PSA for the rest, PSA_BULK_CONCURRENCY at a time; a number asked twice is asked once.
 */
export async function bulkLookup(ctx: CardsContext, input: { certNumbers: string[] }): Promise<PsaBulkRow[]> {
  const now = ctx.clock.now();
  const cleaned = input.certNumbers.map((raw) => ({ raw, n: raw.replace(/[\s#]/g, '') }));
  const valid = [...new Set(cleaned.map((c) => c.n).filter(isCertNumber))];
  const hits = valid.length ? await ctx.db.select().from(psaCerts).where(inArray(psaCerts.certNumber, valid)) : [];
  const byNumber = new Map<string, Omit<PsaBulkRow, 'certNumber'>>();
  for (const h of hits)
    if (isFresh(h.fetchedAt, now) || !ctx.psa.configured) byNumber.set(h.certNumber, { cert: h.data, error: null, fromCache: true });
  const misses = valid.filter((n) => !byNumber.has(n));
  const answers = await mapLimit(misses, PSA_BULK_CONCURRENCY, async (n): Promise<Omit<PsaBulkRow, 'certNumber'>> => {
    try {
      const r = await findCert(ctx, n);
      return r.found ? { cert: r.cert, error: null, fromCache: r.fromCache } : { cert: null, error: cardMessages.psaNotFound, fromCache: false };
    } catch (err) {
      if (err instanceof PsaError) return { cert: null, error: failureMessage[err.kind], fromCache: false };
      throw err;
    }
  });
  misses.forEach((n, i) => byNumber.set(n, answers[i]));
  return cleaned.map(({ raw, n }) =>
    isCertNumber(n) ? { certNumber: n, ...byNumber.get(n)! } : { certNumber: raw, cert: null, error: cardMessages.certDigits, fromCache: false },
  );
}

const sameName = (a: string | null, b: string | null) => norm(a) === norm(b);
const norm = (s: string | null) =>
  (s ?? '')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** What differs between our card and PSA's certificate: the grade and the player. */
export function psaDifferences(card: { grade: string | null; subject: string }, cert: PsaCert): PsaDifference[] {
  const out: PsaDifference[] = [];
  const ours = gradeValueFromLabel(card.grade);
  const theirs = gradeValueFromLabel(cert.grade);
  const gradeDiffers = ours !== null && theirs !== null ? ours !== theirs : !sameName(card.grade, cert.grade);
  if (gradeDiffers) out.push({ field: 'grade', card: card.grade, psa: cert.grade });
  if (!sameName(card.subject, cert.subject)) out.push({ field: 'subject', card: card.subject, psa: cert.subject });
  return out;
}
