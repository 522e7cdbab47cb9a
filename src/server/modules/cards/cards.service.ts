import { z } from 'zod';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import {
  ADMIN_CARDS_PAGE_SIZE,
  CARD_YEAR_MIN,
  cardFieldIssues,
  cardLockedMessages,
  cardYearMax,
  cardMessages,
  lockedChanges,
  gradeValueFromLabel,
  type AdminCardRow,
  type AdminCardSort,
  type CardAppraisal,
  type AdminCardsResponse,
  type Card,
  type CardDetail,
  type CardEventKind,
  type CardImageSide,
  type CardImageSize,
  type CardSummary,
  type CardUpdatedReason,
  type CreateCardValues,
  type Custody,
  type Grader,
  type PatchCardValues,
  type PsaRecheckResult,
  type RegistryQueryValues,
  type RegistryResponse,
  type Sport,
  type UsersWithCardsResponse,
} from '#common/cards.ts';
import { cardValuation, custodyTransitions } from '#common/cards.ts';
import { certClaimMessages, type CertClaimOffer } from '#common/cert-claims.ts';
import { canTransition } from '#common/transitions.ts';
import type { CollectionVsMarket } from '#common/market-index.ts';
import type { AppContext, SignedInActor } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { cardEvents, cards } from '#server/db/schema/cards.ts';
import { AppError, notFound } from '#server/errors.ts';
import { defineJob, enqueueJob, type JobDefinition } from '#server/lib/jobs.ts';
import { inTransaction, type UnitOfWork } from '#server/lib/transition.ts';
import { audit, auditBy } from '#server/lib/audit.ts';
import { collectionVsMarket, marketValuesFor } from '#server/modules/market-index/index.ts';
import { PsaError } from '#server/providers/psa/psa.provider.ts';
import type { CardsContext } from './cards.context.ts';
import { cardUpdated } from './cards.events.ts';
import { openClaimOf } from './cards.hooks.ts';
import { adminCardsPage, cardColumns, live, marketCandidates, registryPage, registryQuery, registrySummary } from './cards.queries.ts';
import { cardImageKeys, resizeCardImage, sniffImageType } from './cards.images.ts';
import { deleteRefusal } from './cards.policy.ts';
import { findCert, psaDifferences } from './psa.service.ts';
import { userDirectory } from '#server/modules/users/index.ts';
import { isUniqueViolation } from '#server/lib/db-errors.ts';

// Members through users' read model (decision 135).
const users = userDirectory('users');

type Log = { warn: (o: object, m: string) => void };
export type CardRow = Omit<typeof cards.$inferSelect, 'search'>;

function imageUrl(id: string, side: CardImageSide, size: CardImageSize, at: Date) {
  return `/api/cards/${id}/images/${side}?size=${size}&v=${at.getTime()}`;
}

function imageRef(id: string, side: CardImageSide, key: string | null, at: Date | null) {
  if (!key || !at) return null;
  return { thumbUrl: imageUrl(id, side, 'thumb', at), fullUrl: imageUrl(id, side, 'full', at), updatedAt: at.toISOString() };
}

export function toCard(r: CardRow): Card {
  const front = imageRef(r.id, 'front', r.frontFullKey, r.frontImageAt);
  const back = imageRef(r.id, 'back', r.backFullKey, r.backImageAt);
  return {
    id: r.id,
    ownerId: r.ownerId,
    grader: r.grader,
    certNumber: r.certNumber,
    grade: r.grade,
    gradeValue: r.gradeValue,
    year: r.year,
    brand: r.brand,
    subject: r.subject,
    cardNumber: r.cardNumber,
    variety: r.variety,
    sport: r.sport,
    estimatedValueCents: r.estimatedValueCents,
    custody: r.custody,
    hold: r.holdKind ?? null,
    needsReview: r.needsReview,
    estimatePinned: r.estimatePinned,
    images: { front, back },
    thumbnailUrl: front?.thumbUrl ?? back?.thumbUrl ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** Our team's appraisal of the card, or null (decision 128). */
export function toAppraisal(r: CardRow): CardAppraisal | null {
  return r.appraisedValueCents !== null && r.appraisedAt
    ? { valueCents: r.appraisedValueCents, at: r.appraisedAt.toISOString(), byId: r.appraisedById }
    : null;
}

export function toSummary(r: CardRow): CardSummary {
  const c = toCard(r);
  return {
    id: c.id,
    subject: c.subject,
    year: c.year,
    brand: c.brand,
    grade: c.grade,
    grader: c.grader,
    certNumber: c.certNumber,
    custody: c.custody,
    hold: c.hold,
    estimatedValueCents: c.estimatedValueCents,
    thumbnailUrl: c.thumbnailUrl,
  };
}

/** The card as the caller may see it: their own, or any live card for an admin. Else 404. */
async function visibleCard(db: Db, actor: SignedInActor, id: string, opts: { lock?: boolean } = {}): Promise<CardRow> {
  const mine = actor.user.isAdmin ? undefined : eq(cards.ownerId, actor.user.id);
  const q = db
    .select(cardColumns)
    .from(cards)
    .where(and(eq(cards.id, id), live, mine))
    .limit(1);
  const [row] = opts.lock ? await q.for('update') : await q;
  if (!row) throw notFound(cardMessages.notFound);
  return row;
}

/** Who did it, as events and audit rows record it (a request's actor, or a job acting for one). */
export type By = ReturnType<typeof auditBy>;

export async function appendEvent(tx: Db, by: By, e: { cardId: string; kind: CardEventKind; data: Record<string, unknown>; at: Date }) {
  await tx.insert(cardEvents).values({ ...e, actorId: by.actorId, impersonatorId: by.impersonatorId ?? null });
}

export function announce(uow: UnitOfWork, row: CardRow, reason: CardUpdatedReason, log?: Log) {
  uow.afterCommit(() => cardUpdated(uow.ctx, row, reason, log));
}

const duplicate = () => new AppError('conflict', cardMessages.certDuplicate, { fieldErrors: { certNumber: [cardMessages.certDuplicate] } });

// ------------------------------------------------------------------------------------------------
// Reads
// ------------------------------------------------------------------------------------------------

/**
 * GET /api/index/collection: the caller's registry against the market index. The registry is this
 * module's; the index module values it (it sits below cards, so the route is here).
 */
export async function registryVsMarket(ctx: Pick<AppContext, 'db' | 'clock'>, actor: SignedInActor): Promise<CollectionVsMarket> {
  return collectionVsMarket(ctx, { cards: registryQuery(ctx.db, actor.user.id) });
}

/**
 * GET /api/registry: one page of the caller's cards, each with what it counts for (market value or
 * estimate), and the whole registry's totals (decision 120). The database sums the estimates; only
 * cards that might match an index constituent are valued here, and the page is read with the
 * market values of the cards that follow them, so its value order is the one shown.
 */
export async function registry(ctx: CardsContext, actor: SignedInActor, input: RegistryQueryValues): Promise<RegistryResponse> {
  const owner = actor.user.id;
  const valued = async () => {
    const candidates = marketCandidates(ctx.db, owner);
    const market = await marketValuesFor(ctx, { cards: candidates });
    const following = (await candidates).flatMap((c) => {
      const m = market.get(c.id);
      return m && !c.estimatePinned ? [{ id: c.id, valueCents: m.priceCents, estimateCents: c.estimatedValueCents }] : [];
    });
    return { market, following };
  };
  // Newest first needs no market values, so that page is read alongside.
  const recentPage = input.sort === 'recent' ? registryPage(ctx.db, owner, input, input, []) : undefined;
  const [summary, { market, following }, recent] = await Promise.all([registrySummary(ctx.db, owner, input), valued(), recentPage]);
  const rows = recent ?? (await registryPage(ctx.db, owner, input, input, following));
  return {
    cards: rows.map((r) => ({ ...toCard(r), valuation: cardValuation(r, market.get(r.id) ?? null) })),
    count: summary.count,
    totalCount: summary.totalCount,
    totalEstimatedValueCents: summary.estimatesCents + following.reduce((s, c) => s + c.valueCents - c.estimateCents, 0),
    atMarketValue: following.length,
    sports: summary.sports ? (summary.sports.split(',') as Sport[]).sort() : [],
    page: input.page,
    pageSize: input.pageSize,
  };
}

/** GET /api/cards: the caller's cards in short form, for pickers. */
export async function cardSummaries(ctx: CardsContext, actor: SignedInActor): Promise<CardSummary[]> {
  const rows = await ctx.db
    .select(cardColumns)
    .from(cards)
    .where(and(eq(cards.ownerId, actor.user.id), live))
    .orderBy(asc(cards.subject), desc(cards.year));
  return rows.map(toSummary);
}

const actors = userDirectory('event_actors');
const impersonators = userDirectory('event_impersonators');

/** GET /api/cards/{id}: the card, its owner and its provenance, oldest event first. */
export async function cardDetail(ctx: CardsContext, actor: SignedInActor, input: { id: string }): Promise<CardDetail> {
  const row = await visibleCard(ctx.db, actor, input.id);
  const [owner] = await ctx.db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, row.ownerId));
  const events = await ctx.db
    .select({
      e: cardEvents,
      actor: { id: actors.id, name: actors.name },
      impersonator: { id: impersonators.id, name: impersonators.name },
    })
    .from(cardEvents)
    .leftJoin(actors, eq(actors.id, cardEvents.actorId))
    .leftJoin(impersonators, eq(impersonators.id, cardEvents.impersonatorId))
    .where(eq(cardEvents.cardId, row.id))
    .orderBy(asc(cardEvents.seq));
  const market = await marketValuesFor(ctx, { cards: [row] });
  return {
    ...toCard(row),
    owner,
    appraisal: toAppraisal(row),
    valuation: cardValuation(row, market.get(row.id) ?? null),
    events: events.map((r) => ({
      id: r.e.id,
      kind: r.e.kind,
      at: r.e.at.toISOString(),
      actor: r.actor?.id ? r.actor : null,
      impersonator: r.impersonator?.id ? r.impersonator : null,
      data: r.e.data,
    })),
  };
}

// ------------------------------------------------------------------------------------------------
// Member writes
// ------------------------------------------------------------------------------------------------

/**
 * What a PSA-sourced registration may say (decision 130). The server asks PSA itself (through the
 * 30-day cache) and, when PSA confirms the certificate, takes PSA's fields over what was sent;
 * otherwise the card is registered as entered by hand, and its provenance says why.
 */
type PsaConfirmation =
  | { source: 'psa'; fields: Partial<CreateCardValues> }
  | { source: 'manual'; psaUnconfirmed: 'not_found' | 'unavailable'; message: string; retry: boolean };

async function confirmWithPsa(ctx: CardsContext, card: CreateCardValues): Promise<PsaConfirmation> {
  try {
    const answer = await findCert(ctx, card.certNumber!);
    if (!answer.found) return { source: 'manual', psaUnconfirmed: 'not_found', message: answer.message, retry: false };
    const c = answer.cert;
    const year = c.year ? Number.parseInt(c.year, 10) : Number.NaN;
    const fields: Partial<CreateCardValues> = { grader: 'PSA', certNumber: c.certNumber };
    if (c.grade) Object.assign(fields, { grade: c.grade, gradeValue: gradeValueFromLabel(c.grade) });
    if (Number.isInteger(year) && year >= CARD_YEAR_MIN && year <= cardYearMax(ctx.clock.now())) fields.year = year;
    if (c.brand) fields.brand = c.brand;
    if (c.subject) fields.subject = c.subject;
    if (c.cardNumber) fields.cardNumber = c.cardNumber;
    fields.variety = c.variety || null;
    return { source: 'psa', fields };
  } catch (err) {
    if (!(err instanceof PsaError)) throw err;
    // Worth asking again later only when PSA itself failed, not when we have no (valid) token.
    return { source: 'manual', psaUnconfirmed: 'unavailable', message: err.message, retry: err.kind === 'unavailable' || err.kind === 'quota' };
  }
}

/**
 * The 409 for a certificate that already has a live card: the caller's own, or another member's
 * with the offer to claim it (and the caller's open claim when there is one). Never names the holder.
 */
async function certTaken(db: Db, actor: SignedInActor, input: { grader: Grader; certNumber: string | null }): Promise<AppError | null> {
  if (!input.certNumber) return null;
  const [held] = await db
    .select({ id: cards.id, ownerId: cards.ownerId })
    .from(cards)
    .where(and(eq(cards.grader, input.grader), eq(cards.certNumber, input.certNumber), live))
    .limit(1);
  if (!held) return null;
  if (held.ownerId === actor.user.id) {
    return new AppError('conflict', certClaimMessages.alreadyYours, { fieldErrors: { certNumber: [certClaimMessages.alreadyYours] } });
  }
  const openClaimId = await openClaimOf(db, { cardId: held.id, claimantId: actor.user.id });
  const claim: CertClaimOffer = { grader: input.grader, certNumber: input.certNumber, openClaimId };
  return new AppError('conflict', certClaimMessages.registeredElsewhere, {
    fieldErrors: { certNumber: [certClaimMessages.registeredElsewhere] },
    extra: { code: 'cert_registered_elsewhere', claim },
  });
}

/**
 * POST /api/cards: registers a card to the caller (custody: with the owner). `source: 'psa'` is
 * checked at PSA (decision 130); a certificate already registered is a 409 offering a claim.
 */
export async function createCard(ctx: CardsContext, actor: SignedInActor, input: { card: CreateCardValues; log?: Log }): Promise<Card> {
  const { source: asked, ...sent } = input.card;
  if (asked === 'psa' && (sent.grader !== 'PSA' || !sent.certNumber)) {
    throw new AppError('bad_request', cardMessages.psaSourceNotPsa, { fieldErrors: { grader: [cardMessages.psaSourceNotPsa] } });
  }
  // Refused before PSA is asked: a taken certificate costs no look-up.
  const taken = await certTaken(ctx.db, actor, sent);
  if (taken) throw taken;
  const confirmation: PsaConfirmation | null = asked === 'psa' ? await confirmWithPsa(ctx, input.card) : null;
  const fields = confirmation?.source === 'psa' ? { ...sent, ...confirmation.fields } : sent;
  const registered =
    confirmation?.source === 'manual'
      ? { source: 'manual' as const, psaUnconfirmed: confirmation.psaUnconfirmed, message: confirmation.message }
      : { source: confirmation?.source ?? asked ?? 'manual' };
  const now = ctx.clock.now();
  let row: CardRow;
  try {
    row = await inTransaction(ctx, async (uow) => {
      const [row] = await uow.tx
        .insert(cards)
        .values({
          ...fields,
          gradeValue: fields.grader === 'raw' ? (fields.gradeValue ?? null) : (fields.gradeValue ?? gradeValueFromLabel(fields.grade)),
          // A PSA slab PSA says does not exist is flagged, as a custody re-check would flag it.
          needsReview: confirmation?.source === 'manual' && confirmation.psaUnconfirmed === 'not_found',
          ownerId: actor.user.id,
          createdAt: now,
          updatedAt: now,
        })
        .returning(cardColumns);
      await appendEvent(uow.tx, auditBy(actor), { cardId: row.id, kind: 'registered', data: registered, at: now });
      await audit(uow.tx, {
        ...auditBy(actor),
        action: 'card.registered',
        targetType: 'card',
        targetId: row.id,
        data: { grader: row.grader, certNumber: row.certNumber, ...registered, ...(asked === 'psa' ? { askedSource: 'psa' } : {}) },
        at: now,
      });
      announce(uow, row, 'created', input.log);
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw (await certTaken(ctx.db, actor, fields)) ?? duplicate();
    throw err;
  }
  // PSA could not answer: the re-check job asks again and records what it finds (decision 020).
  if (confirmation?.source === 'manual' && confirmation.retry) await enqueuePsaRecheck(ctx, { cardId: row.id, by: auditBy(actor), after: now });
  return toCard(row);
}

const editable = [
  'grader',
  'certNumber',
  'grade',
  'gradeValue',
  'year',
  'brand',
  'subject',
  'cardNumber',
  'variety',
  'sport',
  'estimatedValueCents',
] as const;

/** PATCH /api/cards/{id}: changes descriptive fields; records `edited` with what changed. */
export async function patchCard(ctx: CardsContext, actor: SignedInActor, input: { id: string; patch: PatchCardValues; log?: Log }): Promise<Card> {
  const now = ctx.clock.now();
  try {
    return await inTransaction(ctx, async (uow) => {
      const row = await visibleCard(uow.tx, actor, input.id, { lock: true });
      const next = { ...row, ...input.patch } as CardRow;
      if (input.patch.grade !== undefined && input.patch.gradeValue === undefined) next.gradeValue = gradeValueFromLabel(next.grade);
      // A held card's identity and value are frozen for its owner (decision 128); an admin corrects them.
      if (row.holdKind && lockedChanges({ ...row, hold: row.holdKind }, next).length)
        throw new AppError('conflict', cardLockedMessages[row.holdKind]);
      const issues = cardFieldIssues(next);
      if (issues.length) {
        const fieldErrors = Object.fromEntries(issues.map((i) => [i.path, [i.message]]));
        throw new AppError('bad_request', issues[0].message, { fieldErrors });
      }
      const changes: Record<string, { from: unknown; to: unknown }> = {};
      for (const k of editable) if (next[k] !== row[k]) changes[k] = { from: row[k], to: next[k] };
      if (!Object.keys(changes).length) return toCard(row);
      const set = Object.fromEntries(Object.keys(changes).map((k) => [k, next[k as keyof CardRow]]));
      const [updated] = await uow.tx
        .update(cards)
        .set({ ...set, updatedAt: now })
        .where(eq(cards.id, row.id))
        .returning(cardColumns);
      await appendEvent(uow.tx, auditBy(actor), { cardId: row.id, kind: 'edited', data: { changes }, at: now });
      await audit(uow.tx, {
        ...auditBy(actor),
        action: 'card.edited',
        targetType: 'card',
        targetId: row.id,
        data: { fields: Object.keys(changes) },
        at: now,
      });
      announce(uow, updated, 'edited', input.log);
      return toCard(updated);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate();
    throw err;
  }
}

/** The caller's own live card, locked: pinning is the owner's choice, so an admin is told it does not exist. */
async function ownCardForUpdate(tx: Db, actor: SignedInActor, id: string): Promise<CardRow> {
  const [row] = await tx
    .select(cardColumns)
    .from(cards)
    .where(and(eq(cards.id, id), live, eq(cards.ownerId, actor.user.id)))
    .limit(1)
    .for('update');
  if (!row) throw notFound(cardMessages.notFound);
  return row;
}

/**
 * Sets the pin and, when pinning, the estimate; records `edited` with what changed. Nothing
 * changes (no event) when the card is already as asked.
 */
async function setPin(ctx: CardsContext, actor: SignedInActor, input: { id: string; pinned: boolean; estimatedValueCents?: number; log?: Log }) {
  const now = ctx.clock.now();
  await inTransaction(ctx, async (uow) => {
    const row = await ownCardForUpdate(uow.tx, actor, input.id);
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    if (row.estimatePinned !== input.pinned) changes.estimatePinned = { from: row.estimatePinned, to: input.pinned };
    if (input.estimatedValueCents !== undefined && input.estimatedValueCents !== row.estimatedValueCents) {
      changes.estimatedValueCents = { from: row.estimatedValueCents, to: input.estimatedValueCents };
    }
    if (!Object.keys(changes).length) return;
    // What a held card counts for is frozen while it is held (decision 128).
    if (row.holdKind) throw new AppError('conflict', cardLockedMessages[row.holdKind]);
    const [updated] = await uow.tx
      .update(cards)
      .set({ estimatePinned: input.pinned, estimatedValueCents: input.estimatedValueCents ?? row.estimatedValueCents, updatedAt: now })
      .where(eq(cards.id, row.id))
      .returning(cardColumns);
    await appendEvent(uow.tx, auditBy(actor), { cardId: row.id, kind: 'edited', data: { changes }, at: now });
    await audit(uow.tx, {
      ...auditBy(actor),
      action: input.pinned ? 'card.estimate_pinned' : 'card.follows_market',
      targetType: 'card',
      targetId: row.id,
      data: { fields: Object.keys(changes) },
      at: now,
    });
    announce(uow, updated, 'edited', input.log);
  });
  return cardDetail(ctx, actor, { id: input.id });
}

/** PUT /api/cards/{id}/pinned-estimate: the owner's estimate counts, whatever the market price. */
export async function pinEstimate(
  ctx: CardsContext,
  actor: SignedInActor,
  input: { id: string; estimatedValueCents: number; log?: Log },
): Promise<CardDetail> {
  return setPin(ctx, actor, { id: input.id, pinned: true, estimatedValueCents: input.estimatedValueCents, log: input.log });
}

/** DELETE /api/cards/{id}/pinned-estimate: the card follows its market price again (the estimate is kept). */
export async function followMarket(ctx: CardsContext, actor: SignedInActor, input: { id: string; log?: Log }): Promise<CardDetail> {
  return setPin(ctx, actor, { id: input.id, pinned: false, log: input.log });
}

/**
 * DELETE /api/cards/{id}: only while the card is with its owner (and, later, neither listed nor
 * pledged). The row stays, marked deleted, so its provenance is never lost; the certificate is free
 * to be registered again.
 */
export async function deleteCard(ctx: CardsContext, actor: SignedInActor, input: { id: string; log?: Log }): Promise<void> {
  const now = ctx.clock.now();
  const row = await inTransaction(ctx, async (uow) => {
    const row = await visibleCard(uow.tx, actor, input.id, { lock: true });
    const refusal = deleteRefusal(row);
    if (refusal) throw new AppError('conflict', refusal);
    const [deleted] = await uow.tx.update(cards).set({ deletedAt: now, updatedAt: now }).where(eq(cards.id, row.id)).returning(cardColumns);
    await audit(uow.tx, {
      ...auditBy(actor),
      action: 'card.deleted',
      targetType: 'card',
      targetId: row.id,
      data: { certNumber: row.certNumber },
      at: now,
    });
    announce(uow, deleted, 'deleted', input.log);
    return deleted;
  });
  for (const key of [row.frontFullKey, row.frontThumbKey, row.backFullKey, row.backThumbKey]) if (key) await ctx.storage.delete(key).catch(() => {});
}

/** POST /api/cards/{id}/images: stores a resized front or back photo, replacing the previous one. */
export async function addImage(
  ctx: CardsContext,
  actor: SignedInActor,
  input: { id: string; side: CardImageSide; data: Buffer; log?: Log },
): Promise<Card> {
  // Not found before anything is decoded: another member's card costs no work and says nothing.
  await visibleCard(ctx.db, actor, input.id);
  if (!sniffImageType(input.data)) throw new AppError('unsupported_media_type', cardMessages.imageType);
  let resized;
  try {
    resized = await resizeCardImage(input.data);
  } catch {
    throw new AppError('unsupported_media_type', cardMessages.imageType);
  }
  const now = ctx.clock.now();
  const keys = cardImageKeys(input.id, input.side, now.getTime());
  await ctx.storage.put(keys.full, resized.full, 'image/jpeg');
  await ctx.storage.put(keys.thumb, resized.thumb, 'image/jpeg');
  let old: (string | null)[] = [];
  try {
    const card = await inTransaction(ctx, async (uow) => {
      const row = await visibleCard(uow.tx, actor, input.id, { lock: true });
      const front = input.side === 'front';
      old = front ? [row.frontFullKey, row.frontThumbKey] : [row.backFullKey, row.backThumbKey];
      const set = front
        ? { frontFullKey: keys.full, frontThumbKey: keys.thumb, frontImageAt: now }
        : { backFullKey: keys.full, backThumbKey: keys.thumb, backImageAt: now };
      const [updated] = await uow.tx
        .update(cards)
        .set({ ...set, updatedAt: now })
        .where(eq(cards.id, row.id))
        .returning(cardColumns);
      const replaced = Boolean(old[0]);
      await appendEvent(uow.tx, auditBy(actor), { cardId: row.id, kind: 'image_added', data: { side: input.side, replaced }, at: now });
      await audit(uow.tx, {
        ...auditBy(actor),
        action: 'card.image_added',
        targetType: 'card',
        targetId: row.id,
        data: { side: input.side, replaced, width: resized.width, height: resized.height },
        at: now,
      });
      announce(uow, updated, 'image_added', input.log);
      return toCard(updated);
    });
    for (const key of old) if (key && key !== keys.full && key !== keys.thumb) await ctx.storage.delete(key).catch(() => {});
    return card;
  } catch (err) {
    await ctx.storage.delete(keys.full).catch(() => {});
    await ctx.storage.delete(keys.thumb).catch(() => {});
    throw err;
  }
}

/** GET /api/cards/{id}/images/{side}: the stored JPEG, to the owner and admins only. */
export async function readImage(
  ctx: CardsContext,
  actor: SignedInActor,
  input: { id: string; side: CardImageSide; size: CardImageSize },
): Promise<{ data: Buffer; at: Date }> {
  const row = await visibleCard(ctx.db, actor, input.id);
  const front = input.side === 'front';
  const key = input.size === 'thumb' ? (front ? row.frontThumbKey : row.backThumbKey) : front ? row.frontFullKey : row.backFullKey;
  const at = front ? row.frontImageAt : row.backImageAt;
  const data = key ? await ctx.storage.get(key) : null;
  if (!data || !at) throw notFound(cardMessages.imageNotFound);
  return { data, at };
}

// ------------------------------------------------------------------------------------------------
// Admin
// ------------------------------------------------------------------------------------------------

/** GET /api/admin/cards: every live card, searched, filtered, sorted, 50 a page, with its owner. */
export async function adminCards(
  ctx: CardsContext,
  input: {
    q?: string;
    ownerId?: string;
    custody?: Custody;
    grader?: Grader;
    sport?: Sport;
    needsReview?: boolean;
    sort: AdminCardSort;
    page: number;
  },
): Promise<AdminCardsResponse> {
  const { rows, total } = await adminCardsPage(ctx.db, input);
  return {
    cards: rows.map((r): AdminCardRow => ({
      ...toSummary(r.c),
      ownerId: r.c.ownerId,
      cardNumber: r.c.cardNumber,
      variety: r.c.variety,
      appraisal: toAppraisal(r.c),
      owner: r.owner,
      sport: r.c.sport,
      gradeValue: r.c.gradeValue,
      needsReview: r.c.needsReview,
      createdAt: r.c.createdAt.toISOString(),
      updatedAt: r.c.updatedAt.toISOString(),
    })),
    total,
    page: input.page,
    pageSize: ADMIN_CARDS_PAGE_SIZE,
  };
}

/** GET /api/admin/users-with-cards: members holding live cards, by total value. */
export async function usersWithCards(ctx: CardsContext): Promise<UsersWithCardsResponse['users']> {
  const rows = await ctx.db
    .select({
      id: users.id,
      name: users.name,
      phone: users.phone,
      cardCount: count(cards.id),
      totalEstimatedValueCents: sql<string>`coalesce(sum(${cards.estimatedValueCents}), 0)`,
    })
    .from(cards)
    .innerJoin(users, eq(users.id, cards.ownerId))
    .where(live)
    .groupBy(users.id, users.name, users.phone)
    .orderBy(desc(sql`coalesce(sum(${cards.estimatedValueCents}), 0)`), asc(users.name));
  return rows.map((r) => ({ ...r, cardCount: Number(r.cardCount), totalEstimatedValueCents: Number(r.totalEstimatedValueCents) }));
}

/**
 * PATCH /api/admin/cards/{id}/custody: moves the card and records `custody_changed` (committed on
 * its own, so a PSA outage never blocks the vault team), then re-checks a PSA slab at PSA itself
 * and records `psa_rechecked`. When PSA cannot answer, that is recorded and a durable job asks
 * again until it does.
 */
export async function changeCustody(
  ctx: CardsContext,
  actor: SignedInActor,
  input: { id: string; change: { custody: Custody; note: string | null }; log?: Log },
): Promise<CardDetail> {
  const now = ctx.clock.now();
  const to = input.change.custody;
  const moved = await inTransaction(ctx, async (uow) => {
    const row = await visibleCard(uow.tx, actor, input.id, { lock: true });
    if (row.custody === to || !canTransition(custodyTransitions, row.custody, to)) throw new AppError('conflict', cardMessages.custodySame);
    const [updated] = await uow.tx
      .update(cards)
      .set({ custody: to, updatedAt: now })
      .where(and(eq(cards.id, row.id), eq(cards.custody, row.custody)))
      .returning(cardColumns);
    const data = { from: row.custody, to, note: input.change.note };
    await appendEvent(uow.tx, auditBy(actor), { cardId: row.id, kind: 'custody_changed', data, at: now });
    await audit(uow.tx, { ...auditBy(actor), action: 'card.custody_changed', targetType: 'card', targetId: row.id, data, at: now });
    announce(uow, updated, 'custody_changed', input.log);
    return updated;
  });
  await recheckAfterCustodyChange(ctx, auditBy(actor), { card: moved, log: input.log });
  return cardDetail(ctx, actor, { id: moved.id });
}

/**
 * The PSA re-check at a change of custody (domain.md), after the move has committed: a PSA slab is
 * asked about at PSA now; when PSA cannot answer, a durable job asks again later (decision 010).
 */
export async function recheckAfterCustodyChange(ctx: CardsContext, by: By, input: { card: CardRow; log?: Log }): Promise<void> {
  const { card } = input;
  if (card.grader !== 'PSA' || !card.certNumber) return;
  const result = await recheckPsa(ctx, by, { card, log: input.log });
  if (result === 'unavailable') await enqueuePsaRecheck(ctx, { cardId: card.id, by, after: ctx.clock.now() });
}

export const PSA_RECHECK_JOB = 'cards.psa_recheck';
const nullableText = z.string().nullable().default(null);
const byPayload = z.object({ actorId: nullableText, impersonatorId: nullableText, ip: nullableText });
/** First retry after this long; the runner backs off from there (30 s, 1 min, 2 min…). */
export const PSA_RECHECK_RETRY_MS = 5 * 60_000;

export async function enqueuePsaRecheck(ctx: Pick<CardsContext, 'db'>, input: { cardId: string; by: By; after: Date }) {
  await enqueueJob(ctx.db, {
    name: PSA_RECHECK_JOB,
    key: `${PSA_RECHECK_JOB}:${input.cardId}`,
    runAt: new Date(input.after.getTime() + PSA_RECHECK_RETRY_MS),
    payload: { cardId: input.cardId, by: input.by },
    maxAttempts: 8,
  });
}

/**
 * Asks PSA about the card's certificate now (never the cache) and records the outcome as
 * `psa_rechecked`: a match (clears a review flag); a mismatch or an unknown certificate (both flag
 * the card for review); or, when PSA cannot answer, 'unavailable' (with `onUnavailable: 'throw'`, nothing is recorded
 * and the PsaError is thrown, so a retrying job does not fill the timeline).
 */
export async function recheckPsa(
  ctx: CardsContext,
  by: By,
  input: { card: CardRow; log?: Log; onUnavailable?: 'record' | 'throw' },
): Promise<PsaRecheckResult> {
  const { card } = input;
  let result: PsaRecheckResult;
  let differences: ReturnType<typeof psaDifferences> = [];
  let message: string | null = null;
  try {
    const answer = await findCert(ctx, card.certNumber!, { fresh: true });
    if (!answer.found) {
      result = 'not_found';
      message = answer.message;
    } else {
      differences = psaDifferences(card, answer.cert);
      result = differences.length ? 'mismatch' : 'match';
    }
  } catch (err) {
    if (!(err instanceof PsaError) || input.onUnavailable === 'throw') throw err;
    result = 'unavailable';
    message = err.message;
  }
  const now = ctx.clock.now();
  await inTransaction(ctx, async (uow) => {
    const data = { result, differences, message };
    await appendEvent(uow.tx, by, { cardId: card.id, kind: 'psa_rechecked', data, at: now });
    let row = card;
    // A mismatch or an unknown certificate flags the card; a later match (say, after the owner
    // corrected the grade) clears the flag. Unavailable says nothing either way.
    const needsReview = result === 'mismatch' || result === 'not_found' ? true : result === 'match' ? false : card.needsReview;
    if (needsReview !== card.needsReview) {
      [row] = await uow.tx.update(cards).set({ needsReview, updatedAt: now }).where(eq(cards.id, card.id)).returning(cardColumns);
    }
    await audit(uow.tx, { ...by, action: 'card.psa_rechecked', targetType: 'card', targetId: card.id, data: { result }, at: now });
    announce(uow, row, 'psa_rechecked', input.log);
  });
  return result;
}

/** The durable job that repeats a re-check PSA could not answer; it retries until PSA does. */
export function cardsJobs(ctx: CardsContext): JobDefinition[] {
  return [
    defineJob({
      name: PSA_RECHECK_JOB,
      payload: z.object({ cardId: z.string(), by: byPayload }),
      run: async ({ cardId, by }) => {
        const [card] = await ctx.db
          .select(cardColumns)
          .from(cards)
          .where(and(eq(cards.id, cardId), live))
          .limit(1);
        // Deleted, or no longer a PSA slab: nothing left to check.
        if (!card || card.grader !== 'PSA' || !card.certNumber) return;
        await recheckPsa(ctx, by, { card, onUnavailable: 'throw' });
      },
    }),
  ];
}
