import { createHash, randomUUID } from 'node:crypto';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import { loadSharp } from '#server/lib/sharp.ts';
import type { Db } from '#server/db/client.ts';
import { cards } from '#server/db/schema/cards.ts';
import { certClaimEvents, certClaims } from '#server/db/schema/cert-claims.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { auditLog, users } from '#server/db/schema/users.ts';
import type { FileStorage } from '#server/providers/storage/storage.ts';

const HOUR = 3_600_000;

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A drawn slab, front or back, plainly marked as a demo picture. */
async function slabPhoto(
  side: 'front' | 'back',
  card: { year: number; brand: string; subject: string; grade: string | null; certNumber: string },
): Promise<Buffer> {
  const label = `${card.year} ${escapeXml(card.brand)}`;
  const body =
    side === 'front'
      ? `<rect x="40" y="150" width="280" height="360" rx="8" fill="#7f1d1d"/><rect x="60" y="170" width="240" height="320" rx="6" fill="#fde68a"/><circle cx="180" cy="290" r="70" fill="#b45309"/><text x="180" y="470" text-anchor="middle" font-family="sans-serif" font-size="18" fill="#1f2937">${escapeXml(card.subject)}</text>`
      : `<rect x="40" y="150" width="280" height="360" rx="8" fill="#e5e7eb"/>${Array.from({ length: 12 }, (_, i) => `<rect x="64" y="${180 + i * 24}" width="${232 - (i % 4) * 30}" height="9" rx="4" fill="#9ca3af"/>`).join('')}`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="560"><rect width="360" height="560" rx="22" fill="#f8fafc" stroke="#cbd5e1" stroke-width="6"/><rect x="20" y="20" width="320" height="104" rx="8" fill="#ffffff" stroke="#b91c1c" stroke-width="3"/><text x="36" y="52" font-family="sans-serif" font-size="17" font-weight="bold" fill="#111827">${label}</text><text x="36" y="78" font-family="sans-serif" font-size="15" fill="#111827">${escapeXml(card.subject)}</text><text x="36" y="106" font-family="monospace" font-size="15" fill="#b91c1c">PSA ${escapeXml(card.certNumber)}</text><text x="324" y="106" text-anchor="end" font-family="sans-serif" font-size="15" font-weight="bold" fill="#111827">${escapeXml(card.grade ?? '')}</text>${body}<text x="180" y="545" text-anchor="middle" font-family="sans-serif" font-size="12" font-weight="bold" fill="#b91c1c">DEMO PHOTO – ${side.toUpperCase()}</text></svg>`;
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/**
 * One open certificate claim (decision 130), so the admin's Certificate Claims queue has work:
 * Jordan Reyes says he holds the slab of one of Casey Collector's PSA cards (one with Casey, held
 * by nothing). The photos go through the storage provider under the names uploads use. Only when
 * there are no claims yet.
 */
export async function seedDemoCertClaims(
  db: Db,
  storage: FileStorage,
  { now, holderPhone, claimantPhone }: { now: Date; holderPhone: string; claimantPhone: string },
) {
  const [{ n }] = await db.select({ n: count() }).from(certClaims);
  if (Number(n) > 0) return;
  const [holder] = await db.select({ id: users.id }).from(users).where(eq(users.phone, holderPhone)).limit(1);
  const [claimant] = await db.select({ id: users.id }).from(users).where(eq(users.phone, claimantPhone)).limit(1);
  if (!holder || !claimant) return;
  const [card] = await db
    .select({ id: cards.id, year: cards.year, brand: cards.brand, subject: cards.subject, grade: cards.grade, certNumber: cards.certNumber })
    .from(cards)
    .where(
      and(eq(cards.ownerId, holder.id), eq(cards.grader, 'PSA'), eq(cards.custody, 'with_owner'), isNull(cards.holdKind), isNull(cards.deletedAt)),
    )
    .orderBy(asc(cards.certNumber))
    .limit(1);
  if (!card?.certNumber) return;
  const id = randomUUID();
  const createdAt = new Date(now.getTime() - 5 * HOUR);
  const photo = async (side: 'front' | 'back') => {
    const data = await slabPhoto(side, { ...card, certNumber: card.certNumber! });
    const key = `cert-claims/${id}/${side}.jpg`;
    await storage.put(key, data, 'image/jpeg');
    return { key, size: data.length, sha256: createHash('sha256').update(data).digest('hex') };
  };
  const front = await photo('front');
  const back = await photo('back');
  const message = 'Bought this slab at the National in Chicago last July; I have the receipt. It has never left my safe.';
  await db.insert(certClaims).values({
    id,
    cardId: card.id,
    claimantId: claimant.id,
    holderId: holder.id,
    grader: 'PSA',
    certNumber: card.certNumber,
    status: 'open',
    message,
    frontKey: front.key,
    frontContentType: 'image/jpeg',
    frontSizeBytes: front.size,
    frontSha256: front.sha256,
    backKey: back.key,
    backContentType: 'image/jpeg',
    backSizeBytes: back.size,
    backSha256: back.sha256,
    createdAt,
    updatedAt: createdAt,
  });
  await db.insert(certClaimEvents).values({ claimId: id, fromStatus: null, toStatus: 'open', note: message, actorId: claimant.id, at: createdAt });
  await db.insert(auditLog).values({
    actorId: claimant.id,
    action: 'cert_claim.opened',
    targetType: 'cert_claim',
    targetId: id,
    data: { cardId: card.id, holderId: holder.id, grader: 'PSA', certNumber: card.certNumber },
    createdAt,
  });
  const admins = await db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true));
  if (admins.length) {
    await db.insert(notifications).values(
      admins.map((a) => ({
        userId: a.id,
        kind: 'cert_claim_new' as const,
        title: 'New certificate claim',
        message: `Jordan Reyes claims ${card.year} ${card.brand} ${card.subject} (PSA ${card.certNumber}), registered by Casey Collector`,
        link: '/admin/cert-claims',
        createdAt,
      })),
    );
  }
}
