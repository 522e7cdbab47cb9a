import { and, count, desc, eq, lte, sql, type SQL } from 'drizzle-orm';
import {
  legalMessages,
  type LegalDocument,
  type LegalDraft,
  type LegalDraftInput,
  type LegalPublicPage,
  type LegalSlug,
  type LegalVersion,
  type LegalVersionSummary,
} from '#common/legal.ts';
import type { Actor, AppContext, SignedInActor } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { legalDrafts, legalPages, termsAcceptances } from '#server/db/schema/platform.ts';
import { AppError, notFound } from '#server/errors.ts';
import { inTransaction } from '#server/lib/transition.ts';
import { audit, auditBy } from '#server/lib/audit.ts';
import { userDirectory } from '#server/modules/users/index.ts';
import { TERMS_VERSIONS_KEY, termsPublished } from './legal.events.ts';

// Members through users' read model (decision 135).
const users = userDirectory('users');

/** Markdown to HTML that is safe to inject: no scripts, no event handlers, no foreign schemes. */
export async function renderMarkdown(markdown: string): Promise<string> {
  // Loaded on first use: sanitize-html brings a CSS parser the server's start does not need.
  const [{ marked }, { default: sanitizeHtml }] = await Promise.all([import('marked'), import('sanitize-html')]);
  const raw = marked.parse(markdown, { async: false, gfm: true });
  return sanitizeHtml(raw, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'h1', 'h2'],
    allowedAttributes: { a: ['href', 'title'] },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    transformTags: {
      a: (tagName, attribs) => ({
        tagName,
        attribs: /^https?:/i.test(attribs.href ?? '') ? { ...attribs, rel: 'noopener noreferrer', target: '_blank' } : attribs,
      }),
    },
  });
}

/** A scalar sub-select of the Terms version in force at `nowIso`, for a statement that records it inline. */
export function termsVersionInForceSql(nowIso: string): SQL<number | null> {
  return sql<
    number | null
  >`(select max(${legalPages.version}) from ${legalPages} where ${legalPages.slug} = 'terms' and ${legalPages.effectiveAt} <= ${nowIso}::timestamptz)`;
}

type Row = typeof legalPages.$inferSelect;

/** The version in force at `now`: the newest whose effective moment has come. */
async function currentVersion(db: Db, slug: LegalSlug, now: Date): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(legalPages)
    .where(and(eq(legalPages.slug, slug), lte(legalPages.effectiveAt, now)))
    .orderBy(desc(legalPages.version))
    .limit(1);
  return row;
}

/** GET /api/legal/{slug}: the version in force, rendered. */
export async function getLegalPage(ctx: Pick<AppContext, 'db' | 'clock'>, _actor: Actor, input: { slug: LegalSlug }): Promise<LegalPublicPage> {
  const row = await currentVersion(ctx.db, input.slug, ctx.clock.now());
  if (!row) throw notFound('This page has not been published yet');
  return {
    slug: row.slug,
    title: row.title,
    version: row.version,
    html: await renderMarkdown(row.markdown),
    updatedAt: row.createdAt.toISOString(),
    effectiveAt: row.effectiveAt.toISOString(),
    summary: row.summary,
  };
}

/** POST /api/admin/legal/preview: exactly what the public page would show. */
export async function previewLegal(_ctx: unknown, _actor: SignedInActor, input: { markdown: string }) {
  return { html: await renderMarkdown(input.markdown) };
}

async function versionRows(db: Db, slug: LegalSlug) {
  return db
    .select({ row: legalPages, publishedBy: users.name })
    .from(legalPages)
    .leftJoin(users, eq(users.id, legalPages.updatedBy))
    .where(eq(legalPages.slug, slug))
    .orderBy(desc(legalPages.version));
}

function summarize(row: Row, publishedBy: string | null, currentNo: number | undefined, now: Date): LegalVersionSummary {
  return {
    version: row.version,
    title: row.title,
    summary: row.summary,
    effectiveAt: row.effectiveAt.toISOString(),
    publishedAt: row.createdAt.toISOString(),
    publishedBy,
    current: row.version === currentNo,
    scheduled: row.effectiveAt > now,
  };
}

/** GET /api/admin/legal/{slug}: the draft and the history. */
export async function getLegalDocument(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  _actor: SignedInActor,
  input: { slug: LegalSlug },
): Promise<LegalDocument> {
  const { db } = ctx;
  const now = ctx.clock.now();
  const [rows, [draft], current] = await Promise.all([
    versionRows(db, input.slug),
    db
      .select({ d: legalDrafts, by: users.name })
      .from(legalDrafts)
      .leftJoin(users, eq(users.id, legalDrafts.updatedBy))
      .where(eq(legalDrafts.slug, input.slug)),
    currentVersion(db, input.slug, now),
  ]);
  return {
    slug: input.slug,
    draft: draft ? draftOut(draft.d, draft.by) : null,
    versions: rows.map((r) => summarize(r.row, r.publishedBy, current?.version, now)),
    pendingAcceptances: input.slug === 'terms' && current ? await countPendingAcceptances(db, current) : 0,
  };
}

function draftOut(d: typeof legalDrafts.$inferSelect, by: string | null): LegalDraft {
  return { title: d.title, markdown: d.markdown, baseVersion: d.baseVersion, updatedAt: d.updatedAt.toISOString(), updatedBy: by };
}

/** GET /api/admin/legal/{slug}/versions/{version} */
export async function getLegalVersion(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  _actor: SignedInActor,
  input: { slug: LegalSlug; version: number },
): Promise<LegalVersion> {
  const now = ctx.clock.now();
  const [[found], current] = await Promise.all([
    ctx.db
      .select({ row: legalPages, publishedBy: users.name })
      .from(legalPages)
      .leftJoin(users, eq(users.id, legalPages.updatedBy))
      .where(and(eq(legalPages.slug, input.slug), eq(legalPages.version, input.version))),
    currentVersion(ctx.db, input.slug, now),
  ]);
  if (!found) throw notFound('There is no such version');
  return {
    ...summarize(found.row, found.publishedBy, current?.version, now),
    markdown: found.row.markdown,
    html: await renderMarkdown(found.row.markdown),
  };
}

/** PUT /api/admin/legal/{slug}/draft: keeps work in progress; the public page does not change. */
export async function saveLegalDraft(
  ctx: Pick<AppContext, 'db' | 'clock' | 'live'>,
  actor: SignedInActor,
  input: { slug: LegalSlug } & LegalDraftInput,
): Promise<LegalDraft> {
  const now = ctx.clock.now();
  return inTransaction(ctx, async ({ tx }) => {
    const [latest] = await tx
      .select({ version: legalPages.version })
      .from(legalPages)
      .where(eq(legalPages.slug, input.slug))
      .orderBy(desc(legalPages.version))
      .limit(1);
    const [saved] = await tx
      .insert(legalDrafts)
      .values({
        slug: input.slug,
        title: input.title,
        markdown: input.markdown,
        baseVersion: latest?.version ?? null,
        updatedBy: actor.user.id,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: legalDrafts.slug,
        set: { title: input.title, markdown: input.markdown, updatedBy: actor.user.id, updatedAt: now },
      })
      .returning();
    await audit(tx, {
      ...auditBy(actor),
      action: 'legal.draft_saved',
      targetType: 'legal_page',
      targetId: input.slug,
      data: { length: input.markdown.length },
      at: now,
    });
    return draftOut(saved, actor.user.name);
  });
}

/** DELETE /api/admin/legal/{slug}/draft */
export async function discardLegalDraft(ctx: Pick<AppContext, 'db' | 'clock' | 'live'>, actor: SignedInActor, input: { slug: LegalSlug }) {
  const now = ctx.clock.now();
  await inTransaction(ctx, async ({ tx }) => {
    const gone = await tx.delete(legalDrafts).where(eq(legalDrafts.slug, input.slug)).returning({ slug: legalDrafts.slug });
    if (gone.length) await audit(tx, { ...auditBy(actor), action: 'legal.draft_discarded', targetType: 'legal_page', targetId: input.slug, at: now });
  });
  return { status: 'success' as const };
}

const DAY_MS = 86_400_000;
const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * POST /api/admin/legal/{slug}/publish: a new version, in force from the start of its date (UTC),
 * or from now when that date is today. The draft is done with. Terms in force from now on are
 * put to every member at their next sign-in.
 */
export async function publishLegalPage(
  ctx: Pick<AppContext, 'db' | 'clock' | 'live'> & Partial<Pick<AppContext, 'settingsCache' | 'log'>>,
  actor: SignedInActor,
  input: { slug: LegalSlug; title: string; markdown: string; effectiveOn: string; summary: string },
): Promise<LegalVersionSummary> {
  const now = ctx.clock.now();
  const today = utcDay(now);
  if (input.effectiveOn < today) {
    throw new AppError('bad_request', legalMessages.effectiveInPast, { fieldErrors: { effectiveOn: [legalMessages.effectiveInPast] } });
  }
  const effectiveAt = input.effectiveOn === today ? now : new Date(Date.parse(`${input.effectiveOn}T00:00:00Z`));
  if (effectiveAt.getTime() - now.getTime() > 366 * DAY_MS) {
    throw new AppError('bad_request', legalMessages.effectiveDate, { fieldErrors: { effectiveOn: ['Choose a date within the next year'] } });
  }
  return inTransaction(ctx, async ({ tx, afterCommit }) => {
    // One publisher at a time per document, so two never take the same number.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`legal:${input.slug}`}))`);
    const [latest] = await tx.select().from(legalPages).where(eq(legalPages.slug, input.slug)).orderBy(desc(legalPages.version)).limit(1);
    if (latest && latest.markdown === input.markdown && latest.title === input.title) {
      throw new AppError('bad_request', legalMessages.unchanged, { fieldErrors: { markdown: [legalMessages.unchanged] } });
    }
    const version = (latest?.version ?? 0) + 1;
    const [row] = await tx
      .insert(legalPages)
      .values({
        slug: input.slug,
        version,
        title: input.title,
        markdown: input.markdown,
        summary: input.summary || null,
        updatedBy: actor.user.id,
        createdAt: now,
        effectiveAt,
      })
      .returning();
    await tx.delete(legalDrafts).where(eq(legalDrafts.slug, input.slug));
    await audit(tx, {
      ...auditBy(actor),
      action: 'legal.published',
      targetType: 'legal_page',
      targetId: input.slug,
      data: { version, effectiveAt: effectiveAt.toISOString(), summary: input.summary || null },
      at: now,
    });
    if (input.slug === 'terms') {
      afterCommit(async () => {
        ctx.settingsCache?.invalidate(TERMS_VERSIONS_KEY);
        await termsPublished(ctx);
      });
    }
    return summarize(row, actor.user.name, effectiveAt <= now ? version : undefined, now);
  });
}

/**
 * Whether a user still has to accept the Terms version in force. Someone who joined after it took
 * effect signed up under it (their access request keeps the version); anyone older must have
 * accepted it, or a later one. Never asked while an admin is impersonating.
 */
export async function termsToAccept(
  ctx: Pick<AppContext, 'db' | 'clock'> & Partial<Pick<AppContext, 'settingsCache'>>,
  actor: SignedInActor,
): Promise<number | null> {
  if (actor.impersonatorId) return null;
  const now = ctx.clock.now();
  const current = (await termsVersions(ctx)).find((v) => v.effectiveAt <= now);
  if (!current) return null;
  // Acceptance only grows and a join date never moves: once settled for a version, it stays so.
  const settled = settledTerms(ctx.db);
  if ((settled.get(actor.user.id) ?? 0) >= current.version) return null;
  const [row] = await ctx.db
    .select({
      createdAt: users.createdAt,
      accepted: sql<boolean>`exists (select 1 from ${termsAcceptances} where ${termsAcceptances.userId} = ${users.id} and ${termsAcceptances.version} >= ${current.version})`,
    })
    .from(users)
    .where(eq(users.id, actor.user.id));
  if (!row) return null;
  if (row.accepted || row.createdAt >= current.effectiveAt) {
    if (settled.size >= SETTLED_MAX) settled.clear();
    settled.set(actor.user.id, current.version);
    return null;
  }
  return current.version;
}

/**
 * Every Terms version's number and start, newest first, from the instance's cache (decision 144):
 * /api/auth/me asks on every page, and the list changes only when an admin publishes.
 */
async function termsVersions(ctx: Pick<AppContext, 'db'> & Partial<Pick<AppContext, 'settingsCache'>>) {
  const cache = ctx.settingsCache;
  const hit = cache?.get(TERMS_VERSIONS_KEY) as TermsVersion[] | undefined;
  if (hit) return hit;
  const epoch = cache?.currentEpoch() ?? 0;
  const rows: TermsVersion[] = await ctx.db
    .select({ version: legalPages.version, effectiveAt: legalPages.effectiveAt })
    .from(legalPages)
    .where(eq(legalPages.slug, 'terms'))
    .orderBy(desc(legalPages.version));
  cache?.set(TERMS_VERSIONS_KEY, rows, epoch);
  return rows;
}

interface TermsVersion {
  version: number;
  effectiveAt: Date;
}

/** Per database: the Terms version up to which each user has nothing to accept. */
const settledByDb = new WeakMap<Db, Map<string, number>>();
const SETTLED_MAX = 100_000;
function settledTerms(db: Db) {
  let m = settledByDb.get(db);
  if (!m) settledByDb.set(db, (m = new Map()));
  return m;
}

async function countPendingAcceptances(db: Db, current: Row): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(users)
    .where(
      and(
        eq(users.status, 'active'),
        sql`${users.createdAt} < ${current.effectiveAt}`,
        sql`not exists (select 1 from ${termsAcceptances} where ${termsAcceptances.userId} = ${users.id} and ${termsAcceptances.version} >= ${current.version})`,
      ),
    );
  return Number(n);
}

/** POST /api/legal/terms/accept: records the acceptance with its time and address. */
export async function acceptTerms(ctx: Pick<AppContext, 'db' | 'clock' | 'live'>, actor: SignedInActor, input: { version: number }) {
  const now = ctx.clock.now();
  const current = await currentVersion(ctx.db, 'terms', now);
  if (!current || current.version !== input.version) {
    throw new AppError('conflict', legalMessages.staleTerms);
  }
  await inTransaction(ctx, async ({ tx }) => {
    const saved = await tx
      .insert(termsAcceptances)
      .values({
        userId: actor.user.id,
        version: input.version,
        acceptedAt: now,
        ip: actor.ip,
        userAgent: actor.userAgent?.slice(0, 500) ?? null,
        via: 'sign_in',
      })
      .onConflictDoNothing()
      .returning({ v: termsAcceptances.version });
    if (saved.length) {
      await audit(tx, {
        ...auditBy(actor),
        action: 'legal.terms_accepted',
        targetType: 'user',
        targetId: actor.user.id,
        data: { version: input.version },
        at: now,
      });
    }
  });
  return { status: 'success' as const };
}

/**
 * A member created from an approved access request has accepted the terms version the request
 * recorded; called on their first sign-in, on its transaction.
 */
export async function recordRequestAcceptance(tx: Db, input: { userId: string; version: number | null; at: Date; ip: string | null }) {
  if (!input.version) return;
  await tx
    .insert(termsAcceptances)
    .values({ userId: input.userId, version: input.version, acceptedAt: input.at, ip: input.ip, via: 'access_request' })
    .onConflictDoNothing();
}
