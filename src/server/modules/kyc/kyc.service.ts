import { createHash, randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, ne } from 'drizzle-orm';
import {
  deriveKycStatus,
  kycDocumentStatuses,
  kycDocumentTransitions,
  kycMessages,
  missingKycTypes,
  type AdminKycDocument,
  type AdminKycResponse,
  type KycContentType,
  type KycDocument,
  type KycDocumentStatus,
  type KycDocumentType,
  type KycStatus,
  type KycStatusResponse,
} from '#common/kyc.ts';
import type { AppContext, SignedInActor } from '#server/context.ts';
import { kycDocumentEvents, kycDocuments } from '#server/db/schema/onboarding.ts';
import { AppError, notFound } from '#server/errors.ts';
import { historyIn, inTransaction, transitionMany, type Aggregate, type UnitOfWork } from '#server/lib/transition.ts';
import { audit, auditBy } from '#server/lib/audit.ts';
import { announceKyc } from './kyc.events.ts';
import { kycDocumentChanged } from './kyc.hooks.ts';
import { documentOwnerScope, mayReview } from './kyc.policy.ts';
import { userDirectory } from '#server/modules/users/index.ts';

/** A member keeps at most this many documents (history included), so nobody can fill the disk. */
export const KYC_MAX_DOCUMENTS_PER_USER = 40;

const extensionOf: Record<KycContentType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'application/pdf': 'pdf' };

/** JPEG, PNG or PDF by their first bytes, whatever the name or the declared type say. */
export function sniffContentType(data: Buffer): KycContentType | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (data.length >= 5 && data.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return null;
}

type DocRow = typeof kycDocuments.$inferSelect;

export function toDocument(d: DocRow): KycDocument {
  return {
    id: d.id,
    type: d.type,
    status: d.status,
    note: d.note,
    contentType: d.contentType,
    sizeBytes: d.sizeBytes,
    createdAt: d.createdAt.toISOString(),
    reviewedAt: d.reviewedAt?.toISOString() ?? null,
  };
}

/** GET /api/user/kyc/documents: the caller's own documents, newest first. */
export async function listOwnDocuments(ctx: Pick<AppContext, 'db'>, actor: SignedInActor): Promise<KycDocument[]> {
  const rows = await kycDocsFor(ctx, { userId: actor.user.id });
  return rows.reverse().map(toDocument);
}

/** GET /api/user/kyc/status: the caller's KYC status and the document types still missing. */
export async function kycStatusOf(ctx: Pick<AppContext, 'db'>, actor: SignedInActor): Promise<KycStatusResponse> {
  return statusOfUser(ctx, { userId: actor.user.id });
}

async function statusOfUser(ctx: Pick<AppContext, 'db'>, input: { userId: string }): Promise<KycStatusResponse> {
  const rows = await ctx.db
    .select({ type: kycDocuments.type, status: kycDocuments.status, createdAt: kycDocuments.createdAt })
    .from(kycDocuments)
    .where(eq(kycDocuments.userId, input.userId));
  return { status: deriveKycStatus(rows), missing: missingKycTypes(rows) };
}

/** A member's documents, oldest first (none for a client who has no user yet). */
export async function kycDocsFor(ctx: Pick<AppContext, 'db'>, input: { userId: string | null }) {
  if (!input.userId) return [];
  return ctx.db.select().from(kycDocuments).where(eq(kycDocuments.userId, input.userId)).orderBy(asc(kycDocuments.createdAt), asc(kycDocuments.id));
}

/** The KYC status of each of these members. */
export async function kycStatusByUser(ctx: Pick<AppContext, 'db'>, input: { userIds: string[] }): Promise<Map<string, KycStatus>> {
  const out = new Map<string, KycStatus>();
  if (!input.userIds.length) return out;
  const docs = await ctx.db
    .select({ userId: kycDocuments.userId, type: kycDocuments.type, status: kycDocuments.status, createdAt: kycDocuments.createdAt })
    .from(kycDocuments)
    .where(inArray(kycDocuments.userId, input.userIds));
  for (const id of input.userIds) out.set(id, deriveKycStatus(docs.filter((d) => d.userId === id)));
  return out;
}

/** After a document changes: the KYC events, then whatever the listeners queue (the owner's onboarding event). */
async function announceAfterCommit(uow: UnitOfWork, doc: { userId: string; status: KycDocumentStatus }) {
  const { status } = await statusOfUser({ db: uow.tx }, { userId: doc.userId });
  uow.afterCommit(() => announceKyc(uow.ctx, { userId: doc.userId, docStatus: doc.status, status }));
  await kycDocumentChanged(uow, { userId: doc.userId });
}

/**
 * POST /api/user/kyc/documents: stores an uploaded identity document under a server-made name. A
 * new upload of a type whose latest document is still pending replaces it (the queue shows one
 * document per type to review).
 */
export async function uploadDocument(
  ctx: Pick<AppContext, 'db' | 'clock' | 'live' | 'log' | 'storage'>,
  actor: SignedInActor,
  input: { type: KycDocumentType; data: Buffer },
): Promise<KycDocument> {
  const { storage } = ctx;
  const userId = actor.user.id;
  const contentType = sniffContentType(input.data);
  if (!contentType) throw new AppError('unsupported_media_type', kycMessages.badType);
  const [{ n }] = await ctx.db.select({ n: count() }).from(kycDocuments).where(eq(kycDocuments.userId, userId));
  if (Number(n) >= KYC_MAX_DOCUMENTS_PER_USER) throw new AppError('conflict', 'You have uploaded too many documents. Please contact your manager.');

  const id = randomUUID();
  const key = `kyc/${userId}/${id}.${extensionOf[contentType]}`;
  const now = ctx.clock.now();
  await storage.put(key, input.data, contentType);
  let replaced: DocRow[] = [];
  let row: DocRow;
  try {
    row = await inTransaction(ctx, async (uow) => {
      const { tx } = uow;
      replaced = await tx
        .delete(kycDocuments)
        .where(and(eq(kycDocuments.userId, userId), eq(kycDocuments.type, input.type), eq(kycDocuments.status, 'pending')))
        .returning();
      const [doc] = await tx
        .insert(kycDocuments)
        .values({
          id,
          userId,
          type: input.type,
          storageKey: key,
          contentType,
          sizeBytes: input.data.length,
          sha256: createHash('sha256').update(input.data).digest('hex'),
          createdAt: now,
        })
        .returning();
      await audit(tx, {
        ...auditBy(actor),
        action: 'kyc.document_uploaded',
        targetType: 'kyc_document',
        targetId: id,
        data: { type: input.type, contentType, sizeBytes: input.data.length, replaced: replaced.map((r) => r.id) },
        at: now,
      });
      await announceAfterCommit(uow, doc);
      return doc;
    });
  } catch (err) {
    await storage.delete(key).catch(() => {});
    throw err;
  }
  for (const r of replaced) await storage.delete(r.storageKey).catch(() => {});
  return toDocument(row);
}

const owners = userDirectory('owners');
const reviewers = userDirectory('reviewers');

/** GET /api/admin/kyc/documents: the review queue (oldest pending first) or every document. */
export async function listForAdmin(
  ctx: Pick<AppContext, 'db'>,
  _actor: SignedInActor,
  filter: { status?: KycDocumentStatus },
): Promise<AdminKycResponse> {
  const { db } = ctx;
  const where = filter.status ? eq(kycDocuments.status, filter.status) : undefined;
  const [rows, byStatus] = await Promise.all([
    db
      .select({
        d: kycDocuments,
        owner: { id: owners.id, name: owners.name, phone: owners.phone },
        reviewer: { id: reviewers.id, name: reviewers.name },
      })
      .from(kycDocuments)
      .innerJoin(owners, eq(owners.id, kycDocuments.userId))
      .leftJoin(reviewers, eq(reviewers.id, kycDocuments.reviewerId))
      .where(where)
      // The queue is served oldest first; reviewed documents newest first.
      .orderBy(filter.status === 'pending' ? asc(kycDocuments.createdAt) : desc(kycDocuments.createdAt), asc(kycDocuments.id))
      .limit(300),
    db.select({ status: kycDocuments.status, n: count() }).from(kycDocuments).groupBy(kycDocuments.status),
  ]);
  const counts = { pending: 0, approved: 0, rejected: 0 };
  for (const s of byStatus) counts[s.status] = Number(s.n);
  return {
    documents: rows.map((r): AdminKycDocument => ({ ...toDocument(r.d), user: r.owner, reviewer: r.reviewer?.id ? r.reviewer : null })),
    counts,
  };
}

type KycDocumentRow = typeof kycDocuments.$inferSelect;

/** Reviews move through transition() (decision 136); kyc.document_reviewed is their audit row. */
const kycDocumentAggregate: Aggregate<KycDocumentStatus, KycDocumentRow> = {
  name: 'kyc_document',
  table: kycDocuments,
  idColumn: kycDocuments.id,
  statusColumn: kycDocuments.status,
  statusKey: 'status',
  transitions: kycDocumentTransitions,
  audited: false,
  recordHistory: historyIn(kycDocumentEvents, 'documentId'),
  conflict: () => new AppError('conflict', 'This document changed meanwhile'),
  notFound: () => notFound('Document not found'),
};

/** PATCH /api/admin/kyc/documents/{id}: approve, or reject with a reason; never one's own. */
export async function reviewDocument(
  ctx: Pick<AppContext, 'db' | 'clock' | 'live' | 'log'>,
  actor: SignedInActor,
  input: { id: string; status: 'approved' | 'rejected'; note: string | null },
): Promise<KycDocument> {
  const now = ctx.clock.now();
  const { id } = input;
  const doc = await inTransaction(ctx, async (uow) => {
    const { tx } = uow;
    // A reviewer may review again (same status: the note and reviewer change, no history row).
    const [doc] = await transitionMany(uow, kycDocumentAggregate, {
      where: and(eq(kycDocuments.id, id), ne(kycDocuments.userId, actor.user.id)),
      from: kycDocumentStatuses,
      to: input.status,
      actor,
      now,
      patch: { note: input.note, reviewerId: actor.user.id, reviewedAt: now },
      data: { note: input.note },
    });
    if (!doc) {
      const [exists] = await tx.select({ userId: kycDocuments.userId }).from(kycDocuments).where(eq(kycDocuments.id, id)).limit(1);
      if (exists && !mayReview(actor.user, exists.userId)) throw new AppError('forbidden', 'You cannot review your own documents');
      throw notFound('Document not found');
    }
    await audit(tx, {
      ...auditBy(actor),
      action: 'kyc.document_reviewed',
      targetType: 'kyc_document',
      targetId: id,
      data: { status: input.status, note: input.note, ownerId: doc.userId, type: doc.type },
      at: now,
    });
    await announceAfterCommit(uow, doc);
    return doc;
  });
  return toDocument(doc);
}

/** GET /api/kyc/documents/{id}/file: the stored file, for its owner or an admin only (404 for anyone else). */
export async function readDocumentFile(ctx: Pick<AppContext, 'db' | 'storage'>, actor: SignedInActor, input: { id: string }) {
  const owner = documentOwnerScope(actor.user);
  const [doc] = await ctx.db
    .select()
    .from(kycDocuments)
    .where(and(eq(kycDocuments.id, input.id), owner ? eq(kycDocuments.userId, owner) : undefined))
    .limit(1);
  if (!doc) throw notFound('Document not found');
  const data = await ctx.storage.get(doc.storageKey);
  if (!data) throw notFound('Document not found');
  return { doc, data, filename: `${doc.type}-${doc.createdAt.toISOString().slice(0, 10)}.${extensionOf[doc.contentType]}` };
}
