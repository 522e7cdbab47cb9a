import { createHash, randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import { cardHeldMessages, type Grader } from '#common/cards.ts';
import {
  CERT_CLAIM_OPEN_MAX,
  certClaimMessages,
  certClaimStatuses,
  type AdminCertClaim,
  type AdminCertClaimsResponse,
  type CertClaim,
  type CertClaimPhotoContentType,
  type CertClaimPhotoSide,
  type CertClaimStatus,
} from '#common/cert-claims.ts';
import type { AppContext, SignedInActor } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { certClaimEvents, certClaims } from '#server/db/schema/cert-claims.ts';
import { AppError, forbidden, notFound } from '#server/errors.ts';
import { inTransaction, transition } from '#server/lib/transition.ts';
import { audit, auditBy } from '#server/lib/audit.ts';
import { cardDirectory, lockCardState, transferCard } from '#server/modules/cards/index.ts';
import { certClaimAggregate, claimOpened, type CertClaimRow } from './cert-claims.aggregate.ts';
import { userDirectory } from '#server/modules/users/index.ts';
import { isUniqueViolation } from '#server/lib/db-errors.ts';

// Cards through cards' read model (decision 135).
const cards = cardDirectory('cards');

type Ctx = Pick<AppContext, 'db' | 'clock' | 'live' | 'log' | 'storage'>;

const extensionOf: Record<CertClaimPhotoContentType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png' };

/** JPEG or PNG by their first bytes, whatever the name or the declared type say. */
export function sniffPhotoType(data: Buffer): CertClaimPhotoContentType | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  return null;
}

const photoUrl = (id: string, side: CertClaimPhotoSide) => `/api/cert-claims/${id}/photos/${side}`;

type CardBrief = { id: string; subject: string; year: number; brand: string; grade: string | null };

function toClaim(r: CertClaimRow, card: CardBrief): CertClaim {
  return {
    id: r.id,
    status: r.status,
    grader: r.grader,
    certNumber: r.certNumber,
    message: r.message,
    decisionNote: r.decisionNote,
    decidedAt: r.decidedAt?.toISOString() ?? null,
    card,
    photos: {
      front: { url: photoUrl(r.id, 'front'), contentType: r.frontContentType, sizeBytes: r.frontSizeBytes },
      back: { url: photoUrl(r.id, 'back'), contentType: r.backContentType, sizeBytes: r.backSizeBytes },
    },
    createdAt: r.createdAt.toISOString(),
  };
}

const cardBrief = { id: cards.id, subject: cards.subject, year: cards.year, brand: cards.brand, grade: cards.grade };

/** Why the card cannot move to the claimant right now, or null (decision 130). */
export function approvalRefusal(
  card: { deletedAt: Date | null; holdKind: keyof typeof cardHeldMessages | null; custody: string; ownerId: string },
  claimantId: string,
): string | null {
  if (card.deletedAt) return certClaimMessages.cardGone;
  if (card.ownerId === claimantId) return certClaimMessages.cardAlreadyClaimants;
  if (card.holdKind) return `${cardHeldMessages[card.holdKind]}; it cannot move to another member until that ends`;
  if (card.custody !== 'with_owner') return certClaimMessages.cardNotWithOwner;
  return null;
}

// ------------------------------------------------------------------------------------------------
// Members
// ------------------------------------------------------------------------------------------------

/**
 * POST /api/cert-claims: the caller claims the live card registered under this certificate by
 * someone else, with photos of the slab's front and back (stored before the row, removed again if
 * the row is not written). Admins hear of it.
 */
export async function createClaim(
  ctx: Ctx,
  actor: SignedInActor,
  input: { grader: Exclude<Grader, 'raw'>; certNumber: string; message: string | null; photos: Record<CertClaimPhotoSide, Buffer> },
): Promise<CertClaim> {
  const types = { front: sniffPhotoType(input.photos.front), back: sniffPhotoType(input.photos.back) };
  for (const side of ['front', 'back'] as const) {
    if (!types[side])
      throw new AppError('unsupported_media_type', certClaimMessages.photoType, { fieldErrors: { [side]: [certClaimMessages.photoType] } });
  }
  const me = actor.user.id;
  const [card] = await ctx.db
    .select({ ...cardBrief, ownerId: cards.ownerId })
    .from(cards)
    .where(and(eq(cards.grader, input.grader), eq(cards.certNumber, input.certNumber), isNull(cards.deletedAt)))
    .limit(1);
  if (!card) throw new AppError('bad_request', certClaimMessages.notRegistered, { fieldErrors: { certNumber: [certClaimMessages.notRegistered] } });
  if (card.ownerId === me) throw new AppError('conflict', certClaimMessages.alreadyYours);
  const [{ n }] = await ctx.db
    .select({ n: count() })
    .from(certClaims)
    .where(and(eq(certClaims.claimantId, me), eq(certClaims.status, 'open')));
  if (Number(n) >= CERT_CLAIM_OPEN_MAX) throw new AppError('conflict', certClaimMessages.tooManyOpen);

  const id = randomUUID();
  const now = ctx.clock.now();
  const stored = {} as Record<CertClaimPhotoSide, { key: string; contentType: CertClaimPhotoContentType; sizeBytes: number; sha256: string }>;
  for (const side of ['front', 'back'] as const) {
    const contentType = types[side]!;
    const data = input.photos[side];
    stored[side] = {
      key: `cert-claims/${id}/${side}.${extensionOf[contentType]}`,
      contentType,
      sizeBytes: data.length,
      sha256: createHash('sha256').update(data).digest('hex'),
    };
  }
  const removePhotos = async () => {
    for (const side of ['front', 'back'] as const) await ctx.storage.delete(stored[side].key).catch(() => {});
  };
  try {
    for (const side of ['front', 'back'] as const) await ctx.storage.put(stored[side].key, input.photos[side], stored[side].contentType);
    const row = await inTransaction(ctx, async (uow) => {
      const [row] = await uow.tx
        .insert(certClaims)
        .values({
          id,
          cardId: card.id,
          claimantId: me,
          holderId: card.ownerId,
          grader: input.grader,
          certNumber: input.certNumber,
          message: input.message,
          frontKey: stored.front.key,
          frontContentType: stored.front.contentType,
          frontSizeBytes: stored.front.sizeBytes,
          frontSha256: stored.front.sha256,
          backKey: stored.back.key,
          backContentType: stored.back.contentType,
          backSizeBytes: stored.back.sizeBytes,
          backSha256: stored.back.sha256,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await uow.tx.insert(certClaimEvents).values({ claimId: id, fromStatus: null, toStatus: 'open', note: input.message, actorId: me, at: now });
      await audit(uow.tx, {
        ...auditBy(actor),
        action: 'cert_claim.opened',
        targetType: 'cert_claim',
        targetId: id,
        data: {
          cardId: card.id,
          holderId: card.ownerId,
          grader: input.grader,
          certNumber: input.certNumber,
          photos: { front: { ...stored.front, key: undefined }, back: { ...stored.back, key: undefined } },
        },
        at: now,
      });
      await claimOpened(uow, row, now);
      return row;
    });
    const { ownerId: _o, ...brief } = card;
    return toClaim(row, brief);
  } catch (err) {
    await removePhotos();
    if (isUniqueViolation(err)) throw new AppError('conflict', certClaimMessages.alreadyOpen);
    throw err;
  }
}

/** The claim as the caller may see it: their own, or any for an admin. Else 404 (nothing said). */
async function visibleClaim(db: Db, actor: SignedInActor, id: string): Promise<CertClaimRow> {
  const mine = actor.user.isAdmin ? undefined : eq(certClaims.claimantId, actor.user.id);
  const [row] = await db
    .select()
    .from(certClaims)
    .where(and(eq(certClaims.id, id), mine))
    .limit(1);
  if (!row) throw notFound(certClaimMessages.notFound);
  return row;
}

async function withCards(db: Db, where: SQL | undefined, order: 'newest' | 'oldest' = 'newest') {
  return db
    .select({ c: certClaims, card: cardBrief })
    .from(certClaims)
    .innerJoin(cards, eq(cards.id, certClaims.cardId))
    .where(where)
    .orderBy(order === 'newest' ? desc(certClaims.createdAt) : asc(certClaims.createdAt), asc(certClaims.id))
    .limit(300);
}

/** GET /api/cert-claims: the caller's claims, newest first. */
export async function myClaims(ctx: Pick<AppContext, 'db'>, actor: SignedInActor): Promise<CertClaim[]> {
  const rows = await withCards(ctx.db, eq(certClaims.claimantId, actor.user.id));
  return rows.map((r) => toClaim(r.c, r.card));
}

/** GET /api/cert-claims/{id}: one claim, to its claimant or an admin. */
export async function oneClaim(ctx: Pick<AppContext, 'db'>, actor: SignedInActor, input: { id: string }): Promise<CertClaim> {
  const row = await visibleClaim(ctx.db, actor, input.id);
  const [card] = await ctx.db.select(cardBrief).from(cards).where(eq(cards.id, row.cardId)).limit(1);
  return toClaim(row, card);
}

/** POST /api/cert-claims/{id}/withdraw: the claimant takes back an open claim. */
export async function withdrawClaim(ctx: Ctx, actor: SignedInActor, input: { id: string }): Promise<CertClaim> {
  const now = ctx.clock.now();
  await inTransaction(ctx, async (uow) => {
    const [row] = await uow.tx
      .select()
      .from(certClaims)
      .where(and(eq(certClaims.id, input.id), eq(certClaims.claimantId, actor.user.id)))
      .limit(1);
    if (!row) throw notFound(certClaimMessages.notFound);
    if (row.status !== 'open') throw new AppError('conflict', certClaimMessages.stale(row.status));
    await transition(uow, certClaimAggregate, { id: row.id, from: 'open', to: 'withdrawn', actor, now, data: { note: 'Withdrawn by the claimant' } });
  });
  return oneClaim(ctx, actor, input);
}

/** GET /api/cert-claims/{id}/photos/{side}: the stored photo, to the claimant and admins only. */
export async function readPhoto(ctx: Pick<AppContext, 'db' | 'storage'>, actor: SignedInActor, input: { id: string; side: CertClaimPhotoSide }) {
  const row = await visibleClaim(ctx.db, actor, input.id);
  const front = input.side === 'front';
  const key = front ? row.frontKey : row.backKey;
  const contentType = front ? row.frontContentType : row.backContentType;
  const data = await ctx.storage.get(key);
  if (!data) throw notFound(certClaimMessages.notFound);
  return { data, contentType, filename: `claim-${row.certNumber}-${input.side}.${extensionOf[contentType]}` };
}

// ------------------------------------------------------------------------------------------------
// Admin
// ------------------------------------------------------------------------------------------------

const claimants = userDirectory('claimants');
const holders = userDirectory('holders');
const deciders = userDirectory('deciders');

/** GET /api/admin/cert-claims: the queue (open, oldest first) or the decided ones (newest first), with counts. */
export async function adminClaims(ctx: Pick<AppContext, 'db'>, input: { status?: CertClaimStatus; id?: string }): Promise<AdminCertClaimsResponse> {
  const where = input.id ? eq(certClaims.id, input.id) : input.status ? eq(certClaims.status, input.status) : undefined;
  const [rows, byStatus] = await Promise.all([
    ctx.db
      .select({
        c: certClaims,
        card: { ...cardBrief, ownerId: cards.ownerId, custody: cards.custody, holdKind: cards.holdKind, deletedAt: cards.deletedAt },
        claimant: { id: claimants.id, name: claimants.name, phone: claimants.phone },
        holder: { id: holders.id, name: holders.name, phone: holders.phone },
        decidedBy: { id: deciders.id, name: deciders.name },
      })
      .from(certClaims)
      .innerJoin(cards, eq(cards.id, certClaims.cardId))
      .innerJoin(claimants, eq(claimants.id, certClaims.claimantId))
      .innerJoin(holders, eq(holders.id, certClaims.holderId))
      .leftJoin(deciders, eq(deciders.id, certClaims.decidedById))
      .where(where)
      .orderBy(input.status === 'open' ? asc(certClaims.createdAt) : desc(certClaims.createdAt), asc(certClaims.id))
      .limit(300),
    ctx.db.select({ status: certClaims.status, n: count() }).from(certClaims).groupBy(certClaims.status),
  ]);
  const counts = Object.fromEntries(certClaimStatuses.map((s) => [s, 0])) as Record<CertClaimStatus, number>;
  for (const s of byStatus) counts[s.status] = Number(s.n);
  return {
    claims: rows.map((r): AdminCertClaim => {
      const { ownerId, custody, holdKind, deletedAt, ...brief } = r.card;
      return {
        ...toClaim(r.c, brief),
        claimant: r.claimant,
        holder: r.holder,
        decidedBy: r.decidedBy?.id ? r.decidedBy : null,
        cardState: {
          live: !deletedAt,
          ownerId,
          custody,
          hold: holdKind,
          blockedBy: r.c.status === 'open' ? approvalRefusal({ deletedAt, holdKind, custody, ownerId }, r.c.claimantId) : null,
        },
      };
    }),
    counts,
  };
}

/**
 * PATCH /api/admin/cert-claims/{id}: approve (the card moves to the claimant, recorded as
 * `transferred` in its provenance) or reject with a reason. An approval is refused while the card
 * is held (listed, pledged, offered, in a fund), away from its owner, or gone. Both members are
 * told; never one's own claim.
 */
export async function decideClaim(
  ctx: Ctx,
  actor: SignedInActor,
  input: { id: string; decision: 'approved' | 'rejected'; note: string | null },
): Promise<AdminCertClaim> {
  const now = ctx.clock.now();
  await inTransaction(ctx, async (uow) => {
    const [claim] = await uow.tx.select().from(certClaims).where(eq(certClaims.id, input.id)).limit(1);
    if (!claim) throw notFound(certClaimMessages.notFound);
    if (claim.claimantId === actor.user.id) throw forbidden(certClaimMessages.ownClaim);
    if (claim.status !== 'open') throw new AppError('conflict', certClaimMessages.stale(claim.status));
    const patch = { decisionNote: input.note, decidedById: actor.user.id, decidedAt: now };
    if (input.decision === 'rejected') {
      await transition(uow, certClaimAggregate, { id: claim.id, from: 'open', to: 'rejected', actor, now, patch, data: { note: input.note } });
      return;
    }
    // The card row is locked first, so a listing or a loan cannot take it between the check and the move.
    const card = await lockCardState({ db: uow.tx }, { id: claim.cardId });
    const refusal = approvalRefusal(card, claim.claimantId);
    if (refusal) throw new AppError('conflict', refusal);
    const from = card.ownerId;
    await transition(uow, certClaimAggregate, {
      id: claim.id,
      from: 'open',
      to: 'approved',
      actor,
      now,
      patch,
      data: { note: input.note, cardId: claim.cardId, fromOwnerId: from },
    });
    await transferCard(uow, auditBy(actor), {
      cardId: claim.cardId,
      toOwnerId: claim.claimantId,
      at: now,
      data: { certClaimId: claim.id, reason: 'certificate_claim' },
      log: ctx.log,
    });
    await audit(uow.tx, {
      ...auditBy(actor),
      action: 'card.transferred_by_claim',
      targetType: 'card',
      targetId: claim.cardId,
      data: { certClaimId: claim.id, fromOwnerId: from, toOwnerId: claim.claimantId },
      at: now,
    });
  });
  return (await adminClaims(ctx, { id: input.id })).claims[0]!;
}
