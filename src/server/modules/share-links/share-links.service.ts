import { and, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { CardImageSide, CardImageSize } from '#common/cards.ts';
import {
  isBotUserAgent,
  SHARE_ANALYTICS_MAX_DAYS,
  shareMessages,
  sharedPath,
  shareStatus,
  shareTokenSchema,
  type CardShareLinksResponse,
  type CreatedShareLink,
  type CreateShareLinkValues,
  type DayCount,
  type ShareAnalytics,
  type SharedCard,
  type ShareLink,
} from '#common/share-links.ts';
import type { Actor, AppContext, SignedInActor } from '#server/context.ts';
import { shareLinks, shareViews } from '#server/db/schema/share-links.ts';
import { AppError, notFound } from '#server/errors.ts';
import { inTransaction } from '#server/lib/transition.ts';
import { audit, auditBy } from '#server/lib/audit.ts';
import { hourOf, newShareToken, referrerHost, sameToken, tokenHash, visitorHash } from './share-links.crypto.ts';
import { canManageCardLinks, canRevokeLink } from './share-links.policy.ts';
import { cachedOgPng, ogAlt, ogTag, renderOgPng, type OgSource } from './share-links.og.ts';
import { cardDirectory, type CardRow, cardRef, psaCertRecord } from '#server/modules/cards/index.ts';
import { userDirectory } from '#server/modules/users/index.ts';

// Cards through cards' read model (decision 135).
const cards = cardDirectory('cards');

// Members through users' read model (decision 135).
const users = userDirectory('users');

type Ctx = Pick<AppContext, 'db' | 'live' | 'clock' | 'config' | 'storage'>;
type LinkRow = typeof shareLinks.$inferSelect;

const DAY_MS = 86_400_000;
const humanView = eq(shareViews.isBot, false);

const linkUrl = (ctx: Pick<AppContext, 'config'>, token: string) => `${ctx.config.appOrigin.replace(/\/+$/, '')}${sharedPath(token)}`;

/** The caller's own live card, or 404 (another member's card does not exist for them). */
async function ownCard(ctx: Ctx, actor: SignedInActor, cardId: string) {
  const ref = await cardRef(ctx, { id: cardId });
  if (!ref || ref.deletedAt || !canManageCardLinks(actor.user, ref)) throw notFound(shareMessages.cardNotFound);
  const { id, ownerId, subject, year, brand, grade, grader } = ref;
  return { id, ownerId, subject, year, brand, grade, grader };
}

export async function createShareLink(
  ctx: Ctx,
  actor: SignedInActor,
  input: { cardId: string; values: CreateShareLinkValues },
): Promise<CreatedShareLink> {
  const now = ctx.clock.now();
  return inTransaction(ctx, async ({ tx }) => {
    const card = await ownCard({ ...ctx, db: tx }, actor, input.cardId);
    const token = newShareToken();
    const days = input.values.expiresInDays;
    const [row] = await tx
      .insert(shareLinks)
      .values({
        cardId: card.id,
        ownerId: actor.user.id,
        token,
        tokenHash: tokenHash(token),
        label: input.values.label?.trim() || null,
        showOwnerName: input.values.showOwnerName ?? false,
        createdAt: now,
        expiresAt: days ? new Date(now.getTime() + days * DAY_MS) : null,
      })
      .returning({ id: shareLinks.id });
    await audit(tx, { ...auditBy(actor), action: 'share_link.created', targetType: 'card', targetId: card.id, data: { linkId: row.id }, at: now });
    return { id: row.id, url: linkUrl(ctx, token), token };
  });
}

const dayKey = sql<string>`to_char(${shareViews.at} at time zone 'UTC', 'YYYY-MM-DD')`;

function fillDays(rows: { day: string; views: number }[], from: Date, to: Date): DayCount[] {
  const by = new Map(rows.map((r) => [r.day, Number(r.views)]));
  const out: DayCount[] = [];
  for (let t = Date.parse(from.toISOString().slice(0, 10)); t < to.getTime(); t += DAY_MS) {
    const day = new Date(t).toISOString().slice(0, 10);
    out.push({ day, views: by.get(day) ?? 0 });
  }
  return out;
}

function toLink(
  ctx: Ctx,
  r: LinkRow,
  stats: { views: number; uniqueVisitors: number; botViews: number; lastViewedAt: Date | null } | undefined,
): ShareLink {
  const base = { revokedAt: r.revokedAt?.toISOString() ?? null, expiresAt: r.expiresAt?.toISOString() ?? null };
  return {
    id: r.id,
    cardId: r.cardId,
    label: r.label,
    url: linkUrl(ctx, r.token),
    showOwnerName: r.showOwnerName,
    status: shareStatus(base, ctx.clock.now()),
    createdAt: r.createdAt.toISOString(),
    ...base,
    views: stats?.views ?? 0,
    uniqueVisitors: stats?.uniqueVisitors ?? 0,
    botViews: stats?.botViews ?? 0,
    lastViewedAt: stats?.lastViewedAt ? new Date(stats.lastViewedAt).toISOString() : null,
  };
}

/** Per link: human views, unique visitors (per day, as the hash rotates), bot views. */
const linkStats = {
  linkId: shareViews.linkId,
  views: sql<number>`count(*) filter (where not ${shareViews.isBot})::int`,
  uniqueVisitors: sql<number>`count(distinct (${dayKey}, ${shareViews.visitorHash})) filter (where not ${shareViews.isBot})::int`,
  botViews: sql<number>`count(*) filter (where ${shareViews.isBot})::int`,
  lastViewedAt: sql<Date | null>`max(${shareViews.at}) filter (where not ${shareViews.isBot})`,
};

/** GET /api/cards/{id}/share-links: the owner's links for one card, with their views and the last 30 days. */
export async function cardShareLinks(ctx: Ctx, actor: SignedInActor, input: { cardId: string }): Promise<CardShareLinksResponse> {
  const card = await ownCard(ctx, actor, input.cardId);
  const links = await ctx.db.select().from(shareLinks).where(eq(shareLinks.cardId, card.id)).orderBy(desc(shareLinks.createdAt), desc(shareLinks.id));
  const stats = await ctx.db
    .select(linkStats)
    .from(shareViews)
    .innerJoin(shareLinks, eq(shareLinks.id, shareViews.linkId))
    .where(eq(shareLinks.cardId, card.id))
    .groupBy(shareViews.linkId);
  const byLink = new Map(stats.map((s) => [s.linkId, s]));
  const to = new Date(Date.parse(ctx.clock.now().toISOString().slice(0, 10)) + DAY_MS);
  const from = new Date(to.getTime() - 30 * DAY_MS);
  const days = await ctx.db
    .select({ day: dayKey, views: sql<number>`count(*)::int` })
    .from(shareViews)
    .innerJoin(shareLinks, eq(shareLinks.id, shareViews.linkId))
    .where(and(eq(shareLinks.cardId, card.id), humanView, gte(shareViews.at, from), lt(shareViews.at, to)))
    .groupBy(dayKey);
  const { ownerId: _o, ...shown } = card;
  return { card: shown, links: links.map((l) => toLink(ctx, l, byLink.get(l.id))), viewsPerDay: fillDays(days, from, to) };
}

/** DELETE /api/share-links/{id}: stops the link at once (every instance reads the row; nothing caches it). */
export async function revokeShareLink(ctx: Ctx, actor: SignedInActor, input: { id: string }): Promise<void> {
  const now = ctx.clock.now();
  await inTransaction(ctx, async ({ tx }) => {
    const [link] = await tx.select().from(shareLinks).where(eq(shareLinks.id, input.id)).for('update');
    if (!link || !canRevokeLink(actor.user, link)) throw notFound(shareMessages.linkNotFound);
    if (link.revokedAt) return;
    await tx.update(shareLinks).set({ revokedAt: now }).where(eq(shareLinks.id, link.id));
    await audit(tx, {
      ...auditBy(actor),
      action: 'share_link.revoked',
      targetType: 'card',
      targetId: link.cardId,
      data: { linkId: link.id },
      at: now,
    });
  });
}

// ------------------------------------------------------------------------------------------------
// Public
// ------------------------------------------------------------------------------------------------

const unavailable = () => notFound(shareMessages.notFound);

/** The live link and its live card for a token; unknown, revoked, expired and deleted all look alike. */
async function openLink(ctx: Ctx, token: string) {
  if (!shareTokenSchema.safeParse(token).success) throw unavailable();
  const [row] = await ctx.db
    .select({ link: shareLinks, card: cards._.selectedFields, ownerName: users.name })
    .from(shareLinks)
    .innerJoin(cards, eq(cards.id, shareLinks.cardId))
    .innerJoin(users, eq(users.id, shareLinks.ownerId))
    .where(eq(shareLinks.tokenHash, tokenHash(token)))
    .limit(1);
  const now = ctx.clock.now();
  if (!row || !sameToken(row.link.token, token)) throw unavailable();
  if (row.link.revokedAt || (row.link.expiresAt && row.link.expiresAt <= now) || row.card.deletedAt || row.card.ownerId !== row.link.ownerId)
    throw unavailable();
  return row;
}

const sharedImageUrl = (token: string, side: CardImageSide, at: Date | null) => (at ? `/api/shared/${token}/images/${side}?v=${at.getTime()}` : null);

/** GET /api/shared/{token}: what a stranger may see of the card, and the view recorded. */
export async function openSharedCard(ctx: Ctx, actor: Actor, input: { token: string; referrer?: string; country?: string }): Promise<SharedCard> {
  const row = await openLink(ctx, input.token);
  await recordView(ctx, actor, { linkId: row.link.id, referrer: input.referrer, country: input.country });
  return strangersView(ctx, row, input.token);
}

/** What a stranger may see of a live link's card: never its value, and the owner's first name only when allowed. */
async function strangersView(ctx: Ctx, { link, card, ownerName }: Awaited<ReturnType<typeof openLink>>, token: string): Promise<SharedCard> {
  const psa = card.grader === 'PSA' && card.certNumber ? await psaCertRecord(ctx, { certNumber: card.certNumber }) : null;
  return {
    subject: card.subject,
    year: card.year,
    set: card.brand,
    cardNumber: card.cardNumber,
    variety: card.variety,
    grade: card.grade,
    grader: card.grader,
    certNumber: card.certNumber,
    sport: card.sport,
    images: {
      front: card.frontFullKey ? sharedImageUrl(token, 'front', card.frontImageAt) : null,
      back: card.backFullKey ? sharedImageUrl(token, 'back', card.backImageAt) : null,
    },
    ownerFirstName: link.showOwnerName ? (ownerName?.trim().split(/\s+/)[0] ?? null) || null : null,
    psaPopulation: psa ? { total: psa.data.totalPopulation, higher: psa.data.populationHigher } : null,
  };
}

/** What the preview image shows: only facts the shared page shows too (never the owner or a value), and its photo. */
function ogSource(card: CardRow): OgSource {
  const { grader, grade, year, brand, subject, cardNumber, variety, certNumber } = card;
  const photo =
    card.frontFullKey && card.frontImageAt
      ? { key: card.frontFullKey, at: card.frontImageAt }
      : card.backFullKey && card.backImageAt
        ? { key: card.backFullKey, at: card.backImageAt }
        : null;
  return { facts: { grader, grade, year, brand, subject, cardNumber, variety, certNumber }, photo };
}

const ogPath = (token: string, tag: string) => `/api/shared/${token}/og.png?v=${tag}`;

/**
 * For the shared page (no view is recorded here): its meta tags' title and preview image, and the
 * card as GET /api/shared/{token} shows it, so the page paints it without waiting for that call.
 * Null when the link is not live.
 */
export async function sharedPage(
  ctx: Ctx,
  input: { token: string },
): Promise<{ preview: { title: string; description: string; image: { url: string; alt: string } }; card: SharedCard } | null> {
  let row;
  try {
    row = await openLink(ctx, input.token);
  } catch (err) {
    if (err instanceof AppError) return null;
    throw err;
  }
  const { card } = row;
  const grade = [card.grader === 'raw' ? null : card.grader, card.grade].filter(Boolean).join(' ');
  const source = ogSource(card);
  return {
    preview: {
      title: `${card.year} ${card.brand} ${card.subject}${grade ? ` · ${grade}` : ''}`,
      description: `A ${card.grader === 'raw' ? 'card' : 'graded slab'} shared from a private collection.`,
      image: { url: `${ctx.config.appOrigin.replace(/\/+$/, '')}${ogPath(input.token, ogTag(source))}`, alt: ogAlt(source.facts) },
    },
    card: await strangersView(ctx, row, input.token),
  };
}

/**
 * GET /api/shared/{token}/og.png: the link's 1200×630 preview, only through a live token. The tag
 * is known before drawing, so a revalidation answers 304 without rendering; `png` draws (or
 * reuses) the image.
 */
export async function sharedOgImage(ctx: Ctx, input: { token: string }): Promise<{ tag: string; png: () => Promise<Buffer> }> {
  const { card } = await openLink(ctx, input.token);
  const source = ogSource(card);
  const tag = ogTag(source);
  return {
    tag,
    png: () =>
      cachedOgPng(tag, async () => {
        const photo = source.photo ? await ctx.storage.get(source.photo.key) : null;
        return renderOgPng(source.facts, photo);
      }),
  };
}

/** GET /api/shared/{token}/images/{side}: the photo, reachable only through a live token. */
export async function readSharedImage(
  ctx: Ctx,
  input: { token: string; side: CardImageSide; size: CardImageSize },
): Promise<{ data: Buffer; at: Date }> {
  const { card } = await openLink(ctx, input.token);
  const front = input.side === 'front';
  const key = input.size === 'thumb' ? (front ? card.frontThumbKey : card.backThumbKey) : front ? card.frontFullKey : card.backFullKey;
  const at = front ? card.frontImageAt : card.backImageAt;
  const data = key ? await ctx.storage.get(key) : null;
  if (!data || !at) throw unavailable();
  return { data, at };
}

/** One row per visitor per link per hour: repeated loads do not inflate the counts. */
async function recordView(ctx: Ctx, actor: Actor, input: { linkId: string; referrer?: string; country?: string }) {
  const at = ctx.clock.now();
  await ctx.db
    .insert(shareViews)
    .values({
      linkId: input.linkId,
      at,
      hour: hourOf(at),
      visitorHash: visitorHash(ctx.config.SESSION_SECRET, at, actor.ip, actor.userAgent),
      referrerHost: referrerHost(input.referrer, ctx.config.appOrigin),
      country: input.country && /^[A-Z]{2}$/.test(input.country) && input.country !== 'XX' ? input.country : null,
      isBot: isBotUserAgent(actor.userAgent),
    })
    .onConflictDoNothing();
}

// ------------------------------------------------------------------------------------------------
// Admin
// ------------------------------------------------------------------------------------------------

function period(ctx: Ctx, input: { from?: string; to?: string }) {
  const today = Date.parse(ctx.clock.now().toISOString().slice(0, 10));
  const to = new Date((input.to ? Date.parse(input.to) : today) + DAY_MS);
  const from = new Date(input.from ? Date.parse(input.from) : to.getTime() - 30 * DAY_MS);
  if (from >= to || to.getTime() - from.getTime() > SHARE_ANALYTICS_MAX_DAYS * DAY_MS) throw new AppError('bad_request', shareMessages.period);
  return { from, to };
}

/** GET /api/admin/share-analytics: views in [from, to] (whole UTC days), bots counted apart. */
export async function shareAnalytics(ctx: Ctx, input: { from?: string; to?: string }): Promise<ShareAnalytics> {
  const { from, to } = period(ctx, input);
  const inPeriod = and(gte(shareViews.at, from), lt(shareViews.at, to));
  const [[linkTotals], [viewTotals], days, topCards, topReferrers, perLink] = await Promise.all([
    ctx.db
      .select({
        links: count(),
        activeLinks: sql<number>`count(*) filter (where ${shareLinks.revokedAt} is null and (${shareLinks.expiresAt} is null or ${shareLinks.expiresAt} > ${ctx.clock.now()}))::int`,
      })
      .from(shareLinks)
      .where(lt(shareLinks.createdAt, to)),
    ctx.db
      .select({ views: linkStats.views, uniqueVisitors: linkStats.uniqueVisitors, botViews: linkStats.botViews })
      .from(shareViews)
      .where(inPeriod),
    ctx.db
      .select({ day: dayKey, views: sql<number>`count(*)::int` })
      .from(shareViews)
      .where(and(inPeriod, humanView))
      .groupBy(dayKey),
    ctx.db
      .select({
        cardId: cards.id,
        subject: cards.subject,
        year: cards.year,
        ownerName: users.name,
        views: linkStats.views,
        uniqueVisitors: linkStats.uniqueVisitors,
      })
      .from(shareViews)
      .innerJoin(shareLinks, eq(shareLinks.id, shareViews.linkId))
      .innerJoin(cards, eq(cards.id, shareLinks.cardId))
      .innerJoin(users, eq(users.id, cards.ownerId))
      .where(and(inPeriod, humanView))
      // The card comes through a sub-select, which has no primary key: the group names its columns.
      .groupBy(cards.id, cards.subject, cards.year, users.name)
      .orderBy(desc(sql`count(*)`), desc(cards.id))
      .limit(10),
    ctx.db
      .select({ host: shareViews.referrerHost, views: sql<number>`count(*)::int` })
      .from(shareViews)
      .where(and(inPeriod, humanView, sql`${shareViews.referrerHost} is not null`))
      .groupBy(shareViews.referrerHost)
      .orderBy(desc(sql`count(*)`), shareViews.referrerHost)
      .limit(10),
    ctx.db
      .select({
        link: shareLinks,
        subject: cards.subject,
        ownerName: users.name,
        views: sql<number>`count(${shareViews.id}) filter (where not ${shareViews.isBot})::int`,
        uniqueVisitors: sql<number>`count(distinct (${dayKey}, ${shareViews.visitorHash})) filter (where not ${shareViews.isBot})::int`,
        botViews: sql<number>`count(${shareViews.id}) filter (where ${shareViews.isBot})::int`,
      })
      .from(shareLinks)
      .innerJoin(cards, eq(cards.id, shareLinks.cardId))
      .innerJoin(users, eq(users.id, shareLinks.ownerId))
      .leftJoin(shareViews, and(eq(shareViews.linkId, shareLinks.id), inPeriod))
      .where(lt(shareLinks.createdAt, to))
      .groupBy(shareLinks.id, cards.subject, users.name)
      .orderBy(desc(sql`count(${shareViews.id}) filter (where not ${shareViews.isBot})`), desc(shareLinks.createdAt))
      .limit(200),
  ]);
  const now = ctx.clock.now();
  return {
    from: from.toISOString().slice(0, 10),
    to: new Date(to.getTime() - DAY_MS).toISOString().slice(0, 10),
    totals: {
      links: Number(linkTotals.links),
      activeLinks: Number(linkTotals.activeLinks),
      views: Number(viewTotals?.views ?? 0),
      uniqueVisitors: Number(viewTotals?.uniqueVisitors ?? 0),
      botViews: Number(viewTotals?.botViews ?? 0),
    },
    viewsPerDay: fillDays(days, from, to),
    topCards: topCards.map((c) => ({ ...c, views: Number(c.views), uniqueVisitors: Number(c.uniqueVisitors) })),
    topReferrers: topReferrers.map((r) => ({ host: r.host ?? '', views: Number(r.views) })),
    links: perLink.map((r) => ({
      id: r.link.id,
      cardId: r.link.cardId,
      subject: r.subject,
      label: r.link.label,
      ownerName: r.ownerName,
      status: shareStatus({ revokedAt: r.link.revokedAt?.toISOString() ?? null, expiresAt: r.link.expiresAt?.toISOString() ?? null }, now),
      createdAt: r.link.createdAt.toISOString(),
      views: Number(r.views),
      uniqueVisitors: Number(r.uniqueVisitors),
      botViews: Number(r.botViews),
    })),
  };
}
