import { createHash, randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  deriveKycStatus,
  kycMessages,
  missingKycTypes,
  type AdminKycDocument,
  type AdminKycResponse,
  type KycContentType,
  type KycDocument,
  type KycDocumentStatus,
  type KycDocumentType,
  type KycStatusResponse,
} from '#common/kyc.ts';
import type { AppContext, AuthUser } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { kycDocuments } from '../../db/schema/onboarding.ts';
import { users } from '../../db/schema/users.ts';
import { AppError, notFound } from '../../errors.ts';
import type { FileStorage } from '../../providers/storage/storage.ts';
import { actorOf, audit } from '../audit/audit.service.ts';

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

export async function listOwnDocuments(db: Db, userId: string): Promise<KycDocument[]> {
  const rows = await db.select().from(kycDocuments).where(eq(kycDocuments.userId, userId)).orderBy(desc(kycDocuments.createdAt), desc(kycDocuments.id));
  return rows.map(toDocument);
}

export async function kycStatusOf(db: Db, userId: string): Promise<KycStatusResponse> {
  const rows = await db
    .select({ type: kycDocuments.type, status: kycDocuments.status, createdAt: kycDocuments.createdAt })
    .from(kycDocuments)
    .where(eq(kycDocuments.userId, userId));
  return { status: deriveKycStatus(rows), missing: missingKycTypes(rows) };
}

/**
 * Stores an uploaded identity document under a server-made name. A new upload of a type whose
 * latest document is still pending replaces it (the queue shows one document per type to review).
 */
export async function uploadDocument(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  storage: FileStorage,
  user: AuthUser,
  input: { type: KycDocumentType; data: Buffer },
  ip: string | null,
): Promise<KycDocument> {
  const contentType = sniffContentType(input.data);
  if (!contentType) throw new AppError('unsupported_media_type', kycMessages.badType);
  const [{ n }] = await ctx.db.select({ n: count() }).from(kycDocuments).where(eq(kycDocuments.userId, user.id));
  if (Number(n) >= KYC_MAX_DOCUMENTS_PER_USER) throw new AppError('conflict', 'You have uploaded too many documents. Please contact your manager.');

  const id = randomUUID();
  const key = `kyc/${user.id}/${id}.${extensionOf[contentType]}`;
  const now = ctx.clock.now();
  await storage.put(key, input.data, contentType);
  let replaced: DocRow[] = [];
  try {
    const row = await ctx.db.transaction(async (tx) => {
      replaced = await tx
        .delete(kycDocuments)
        .where(and(eq(kycDocuments.userId, user.id), eq(kycDocuments.type, input.type), eq(kycDocuments.status, 'pending')))
        .returning();
      const [doc] = await tx
        .insert(kycDocuments)
        .values({
          id,
          userId: user.id,
          type: input.type,
          storageKey: key,
          contentType,
          sizeBytes: input.data.length,
          sha256: createHash('sha256').update(input.data).digest('hex'),
          createdAt: now,
        })
        .returning();
      await audit(tx, {
        ...actorOf(user),
        action: 'kyc.document_uploaded',
        targetType: 'kyc_document',
        targetId: id,
        data: { type: input.type, contentType, sizeBytes: input.data.length, replaced: replaced.map((r) => r.id) },
        ip,
        at: now,
      });
      return doc;
    });
    for (const r of replaced) await storage.delete(r.storageKey).catch(() => {});
    return toDocument(row);
  } catch (err) {
    await storage.delete(key).catch(() => {});
    throw err;
  }
}

const owners = alias(users, 'owners');
const reviewers = alias(users, 'reviewers');

export async function listForAdmin(db: Db, filter: { status?: KycDocumentStatus }): Promise<AdminKycResponse> {
  const where = filter.status ? eq(kycDocuments.status, filter.status) : undefined;
  const [rows, byStatus] = await Promise.all([
    db
      .select({ d: kycDocuments, owner: { id: owners.id, name: owners.name, phone: owners.phone }, reviewer: { id: reviewers.id, name: reviewers.name } })
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
    documents: rows.map(
      (r): AdminKycDocument => ({ ...toDocument(r.d), user: r.owner, reviewer: r.reviewer?.id ? r.reviewer : null }),
    ),
    counts,
  };
}

/** PATCH /api/admin/kyc/documents/{id}: approve, or reject with a reason. */
export async function reviewDocument(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  actor: AuthUser,
  id: string,
  input: { status: 'approved' | 'rejected'; note: string | null },
  ip: string | null,
) {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [doc] = await tx
      .update(kycDocuments)
      .set({ status: input.status, note: input.note, reviewerId: actor.id, reviewedAt: now })
      .where(and(eq(kycDocuments.id, id), ne(kycDocuments.userId, actor.id)))
      .returning();
    if (!doc) {
      const [exists] = await tx.select({ userId: kycDocuments.userId }).from(kycDocuments).where(eq(kycDocuments.id, id)).limit(1);
      if (exists) throw new AppError('forbidden', 'You cannot review your own documents');
      throw notFound('Document not found');
    }
    await audit(tx, {
      ...actorOf(actor),
      action: 'kyc.document_reviewed',
      targetType: 'kyc_document',
      targetId: id,
      data: { status: input.status, note: input.note, ownerId: doc.userId, type: doc.type },
      ip,
      at: now,
    });
    return doc;
  });
}

/** The stored file, for its owner or an admin only (404 for anyone else). */
export async function readDocumentFile(db: Db, storage: FileStorage, actor: AuthUser, id: string) {
  const [doc] = await db.select().from(kycDocuments).where(eq(kycDocuments.id, id)).limit(1);
  if (!doc || (doc.userId !== actor.id && !actor.isAdmin)) throw notFound('Document not found');
  const data = await storage.get(doc.storageKey);
  if (!data) throw notFound('Document not found');
  return { doc, data, filename: `${doc.type}-${doc.createdAt.toISOString().slice(0, 10)}.${extensionOf[doc.contentType]}` };
}
