import { createHash, randomBytes } from 'node:crypto';
import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { cards } from '#server/db/schema/cards.ts';
import { shareLinks, shareViews } from '#server/db/schema/share-links.ts';
import { users } from '#server/db/schema/users.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** By demo phone: which of the member's cards (by registry order) get links, and how popular each is. */
const plan: Record<
  string,
  { card: number; label: string | null; showOwnerName: boolean; daily: number; ageDays: number; revoked?: boolean; expiresInDays?: number }[]
> = {
  // Casey Collector
  '+12125550103': [
    { card: 0, label: 'Instagram post', showOwnerName: true, daily: 6, ageDays: 24 },
    { card: 1, label: 'For Dana at the National', showOwnerName: false, daily: 2, ageDays: 18, expiresInDays: 30 },
    { card: 2, label: 'Collectors forum thread', showOwnerName: true, daily: 3, ageDays: 12 },
    { card: 0, label: 'Old link', showOwnerName: false, daily: 1, ageDays: 28, revoked: true },
  ],
  // Jordan Reyes
  '+12125550104': [{ card: 0, label: 'Group chat', showOwnerName: true, daily: 2, ageDays: 15 }],
  // Morgan Manager
  '+12125550102': [{ card: 0, label: null, showOwnerName: false, daily: 1, ageDays: 9 }],
};

const referrers = ['instagram.com', 'instagram.com', 'reddit.com', 'x.com', 'blowoutforums.com', 'facebook.com', null, null, null];
const countries = ['US', 'US', 'US', 'CA', 'GB', 'JP', null];

/** A small deterministic generator, so the demo looks the same on every machine. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

/**
 * Share links on a few of the demo members' cards with some weeks of views (a few from crawlers,
 * from several referring sites). Only for a member who has cards and no links yet.
 */
export async function seedDemoShareLinks(db: Db) {
  const people = await db
    .select({ id: users.id, phone: users.phone })
    .from(users)
    .where(inArray(users.phone, Object.keys(plan)));
  const now = Date.now();
  let seedNo = 1;
  for (const person of people) {
    const [{ n }] = await db.select({ n: count() }).from(shareLinks).where(eq(shareLinks.ownerId, person.id));
    if (Number(n) > 0) continue;
    const owned = await db
      .select({ id: cards.id })
      .from(cards)
      .where(and(eq(cards.ownerId, person.id), isNull(cards.deletedAt)))
      .orderBy(asc(cards.createdAt), asc(cards.id));
    for (const p of plan[person.phone] ?? []) {
      const card = owned[p.card];
      if (!card) continue;
      const token = randomBytes(16).toString('base64url');
      const createdAt = new Date(now - p.ageDays * DAY);
      const [link] = await db
        .insert(shareLinks)
        .values({
          cardId: card.id,
          ownerId: person.id,
          token,
          tokenHash: createHash('sha256').update(token).digest('hex'),
          label: p.label,
          showOwnerName: p.showOwnerName,
          createdAt,
          expiresAt: p.expiresInDays ? new Date(createdAt.getTime() + p.expiresInDays * DAY) : null,
          revokedAt: p.revoked ? new Date(now - 10 * DAY) : null,
        })
        .returning({ id: shareLinks.id });
      const random = rng(seedNo++ * 7919);
      const views: (typeof shareViews.$inferInsert)[] = [];
      const end = p.revoked ? now - 10 * DAY : now;
      for (let t = createdAt.getTime() + HOUR; t < end; t += DAY) {
        // Busier in the first days after sharing, then a steady trickle.
        const age = (t - createdAt.getTime()) / DAY;
        const n = Math.round(p.daily * (age < 3 ? 2.5 : 1) * (0.4 + random() * 1.2));
        for (let i = 0; i < n; i++) {
          const at = new Date(t + Math.floor(random() * 22 * HOUR));
          const bot = random() < 0.15;
          views.push({
            linkId: link.id,
            at,
            hour: new Date(Math.floor(at.getTime() / HOUR) * HOUR),
            visitorHash: createHash('sha256')
              .update(`demo-visitor-${link.id}-${Math.floor(t / DAY)}-${Math.floor(random() * Math.max(1, n * 0.7))}`)
              .digest('base64url'),
            referrerHost: bot ? null : referrers[Math.floor(random() * referrers.length)],
            country: countries[Math.floor(random() * countries.length)],
            isBot: bot,
          });
        }
      }
      if (views.length) await db.insert(shareViews).values(views).onConflictDoNothing();
    }
  }
}
