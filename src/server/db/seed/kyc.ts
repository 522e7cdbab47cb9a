import { createHash, randomUUID } from 'node:crypto';
import { count, eq, inArray } from 'drizzle-orm';
import { loadSharp } from '#server/lib/sharp.ts';
import type { KycContentType, KycDocumentType } from '#common/kyc.ts';
import type { Db } from '#server/db/client.ts';
import { kycDocumentEvents, kycDocuments } from '#server/db/schema/onboarding.ts';
import { users } from '#server/db/schema/users.ts';
import type { FileStorage } from '#server/providers/storage/storage.ts';

const DAY = 86_400_000;

/**
 * Which demo members sent documents, what, and how many days ago; `reviewedDaysAgo`: approved by
 * the admin then (the others wait for review).
 */
const demoSubmissions: Record<string, { type: KycDocumentType; daysAgo: number; reviewedDaysAgo?: number }[]> = {
  // Casey Collector: the three documents onboarding needs.
  '+12125550103': [
    { type: 'id_front', daysAgo: 2 },
    { type: 'id_back', daysAgo: 2 },
    { type: 'selfie', daysAgo: 2 },
  ],
  // Jordan Reyes: the same and a proof of address, sent yesterday.
  '+12125550104': [
    { type: 'id_front', daysAgo: 1 },
    { type: 'id_back', daysAgo: 1 },
    { type: 'selfie', daysAgo: 1 },
    { type: 'proof_of_address', daysAgo: 1 },
  ],
  // Priya Raman, the demo manager's client at the KYC step: sent this morning, waiting for review.
  '+12125550106': [
    { type: 'id_front', daysAgo: 0.2 },
    { type: 'id_back', daysAgo: 0.2 },
    { type: 'selfie', daysAgo: 0.2 },
  ],
  // Marcus Bell, the funded client: approved the day after he sent them, before his deposit.
  '+12125550107': [
    { type: 'id_front', daysAgo: 127, reviewedDaysAgo: 126 },
    { type: 'id_back', daysAgo: 127, reviewedDaysAgo: 126 },
    { type: 'selfie', daysAgo: 127, reviewedDaysAgo: 126 },
  ],
};

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A small picture of the document, plainly marked as a specimen, so the reviewer's viewer has something real to open. */
function specimenSvg(type: KycDocumentType, name: string): { svg: string; width: number; height: number } {
  const who = escapeXml(name);
  const mark =
    '<text x="16" y="28" font-family="sans-serif" font-size="14" font-weight="bold" fill="#b91c1c">DEMO SPECIMEN – NOT A REAL DOCUMENT</text>';
  switch (type) {
    case 'id_front':
      return {
        width: 420,
        height: 264,
        svg: `<rect width="420" height="264" rx="18" fill="#dbeafe"/>${mark}<rect x="16" y="48" width="110" height="140" rx="6" fill="#94a3b8"/><circle cx="71" cy="100" r="28" fill="#e2e8f0"/><rect x="36" y="136" width="70" height="40" rx="18" fill="#e2e8f0"/><text x="144" y="76" font-family="sans-serif" font-size="13" fill="#334155">NAME</text><text x="144" y="98" font-family="sans-serif" font-size="18" fill="#0f172a">${who}</text><text x="144" y="130" font-family="sans-serif" font-size="13" fill="#334155">DATE OF BIRTH</text><text x="144" y="150" font-family="sans-serif" font-size="16" fill="#0f172a">01 JAN 1985</text><text x="144" y="182" font-family="sans-serif" font-size="13" fill="#334155">NUMBER</text><text x="144" y="202" font-family="sans-serif" font-size="16" fill="#0f172a">D000-0000-0000</text>`,
      };
    case 'id_back':
      return {
        width: 420,
        height: 264,
        svg: `<rect width="420" height="264" rx="18" fill="#e0e7ff"/>${mark}${Array.from({ length: 46 }, (_, i) => `<rect x="${24 + i * 8}" y="170" width="${i % 3 === 0 ? 5 : 3}" height="60" fill="#1e293b"/>`).join('')}<text x="24" y="80" font-family="sans-serif" font-size="14" fill="#334155">Class C · Restrictions: none</text><text x="24" y="104" font-family="sans-serif" font-size="14" fill="#334155">${who}</text>`,
      };
    case 'selfie':
      return {
        width: 300,
        height: 360,
        svg: `<rect width="300" height="360" fill="#fef3c7"/><circle cx="150" cy="150" r="70" fill="#f5d0a9"/><circle cx="126" cy="138" r="8" fill="#1e293b"/><circle cx="174" cy="138" r="8" fill="#1e293b"/><path d="M120 182 Q150 206 180 182" stroke="#1e293b" stroke-width="5" fill="none"/><rect x="70" y="240" width="160" height="120" rx="60" fill="#60a5fa"/><text x="16" y="28" font-family="sans-serif" font-size="12" font-weight="bold" fill="#b91c1c">DEMO SPECIMEN</text><text x="16" y="348" font-family="sans-serif" font-size="14" fill="#0f172a">${who}</text>`,
      };
    case 'proof_of_address':
      return {
        width: 360,
        height: 460,
        svg: `<rect width="360" height="460" fill="#ffffff"/><rect x="0.5" y="0.5" width="359" height="459" fill="none" stroke="#cbd5e1"/>${mark}<text x="24" y="72" font-family="sans-serif" font-size="18" fill="#0f172a">City Power &amp; Light</text><text x="24" y="110" font-family="sans-serif" font-size="14" fill="#0f172a">${who}</text><text x="24" y="130" font-family="sans-serif" font-size="14" fill="#0f172a">100 Demo Street, New York, NY 10001</text>${Array.from({ length: 9 }, (_, i) => `<rect x="24" y="${170 + i * 26}" width="${300 - (i % 3) * 60}" height="10" rx="4" fill="#e2e8f0"/>`).join('')}`,
      };
  }
}

/** The specimen as real image bytes: photos as JPEG, the letter as PNG. */
export async function specimenImage(type: KycDocumentType, name: string): Promise<{ data: Buffer; contentType: KycContentType }> {
  const { svg, width, height } = specimenSvg(type, name);
  const sharp = await loadSharp();
  const image = sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${svg}</svg>`));
  if (type === 'proof_of_address') return { data: await image.png().toBuffer(), contentType: 'image/png' };
  return { data: await image.jpeg({ quality: 80 }).toBuffer(), contentType: 'image/jpeg' };
}

/**
 * Identity documents for the demo members: most waiting for review, so the admin's KYC tile and
 * review screen have work in them, and the funded client's approved; each document opens. The files go through the storage provider,
 * under the names uploads use, before their rows; a member who already has documents is left alone.
 */
export async function seedDemoKyc(db: Db, storage: FileStorage, { now, reviewerPhone }: { now: Date; reviewerPhone: string }) {
  const [reviewer] = await db.select({ id: users.id }).from(users).where(eq(users.phone, reviewerPhone)).limit(1);
  const people = await db
    .select({ id: users.id, phone: users.phone, name: users.name })
    .from(users)
    .where(inArray(users.phone, Object.keys(demoSubmissions)));
  const existing = await db
    .select({ userId: kycDocuments.userId, n: count() })
    .from(kycDocuments)
    .where(
      inArray(
        kycDocuments.userId,
        people.map((p) => p.id),
      ),
    )
    .groupBy(kycDocuments.userId);
  const started = new Set(existing.filter((e) => Number(e.n) > 0).map((e) => e.userId));
  for (const person of people) {
    if (started.has(person.id)) continue;
    const rows: (typeof kycDocuments.$inferInsert)[] = [];
    const reviews: (typeof kycDocumentEvents.$inferInsert)[] = [];
    for (const [i, s] of demoSubmissions[person.phone]!.entries()) {
      const { data, contentType } = await specimenImage(s.type, person.name ?? 'Demo Member');
      const id = randomUUID();
      const storageKey = `kyc/${person.id}/${id}.${contentType === 'image/png' ? 'png' : 'jpg'}`;
      await storage.put(storageKey, data, contentType);
      const createdAt = new Date(now.getTime() - s.daysAgo * DAY + i * 60_000);
      const reviewedAt = s.reviewedDaysAgo === undefined || !reviewer ? null : new Date(now.getTime() - s.reviewedDaysAgo * DAY + i * 60_000);
      rows.push({
        id,
        userId: person.id,
        type: s.type,
        status: reviewedAt ? 'approved' : 'pending',
        reviewerId: reviewedAt ? reviewer!.id : null,
        reviewedAt,
        storageKey,
        contentType,
        sizeBytes: data.length,
        sha256: createHash('sha256').update(data).digest('hex'),
        createdAt,
      });
      // The review's history row, as the admin's review writes it (decision 136).
      if (reviewedAt) reviews.push({ documentId: id, fromStatus: 'pending', toStatus: 'approved', actorId: reviewer!.id, at: reviewedAt });
    }
    await db.insert(kycDocuments).values(rows);
    if (reviews.length) await db.insert(kycDocumentEvents).values(reviews);
  }
}
