import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#server/test/harness.ts';
import type { SignedInActor } from '#server/context.ts';
import { getAdminDashboard } from '#server/modules/admin-dashboard/index.ts';
import { listForAdmin, readDocumentFile, sniffContentType } from '#server/modules/kyc/index.ts';
import { LocalStorage } from '#server/providers/storage/local.ts';
import { demoUsers, seed, seedIsCurrent } from './seed.ts';
import { fromPglite } from './client.ts';
import { psaCerts } from './schema/cards.ts';
import { kycDocumentEvents, kycDocuments } from './schema/onboarding.ts';
import { settings } from './schema/platform.ts';
import { users } from './schema/users.ts';
import { smsMessages } from './schema/sms.ts';
import { isOptedOut } from '#server/modules/sms-convos/index.ts';

describe('seed', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('runs its checks once per version of the seed and its options, then skips them on restart', async () => {
    const { db } = database;
    const cached = async () => Number((await db.select({ n: count() }).from(psaCerts))[0].n);
    await seed(db, { demo: true, demoIndex: false });
    const seeded = await cached();
    expect(seeded).toBeGreaterThan(0);

    // The same code and options again: nothing is checked or refilled.
    await db.delete(psaCerts);
    await seed(db, { demo: true, demoIndex: false });
    expect(await cached()).toBe(0);

    // Another fingerprint (here: none recorded) runs every check again.
    await db.delete(settings).where(eq(settings.key, 'seed_state'));
    await seed(db, { demo: true, demoIndex: false });
    expect(await cached()).toBe(seeded);
    const [state] = await db.select().from(settings).where(eq(settings.key, 'seed_state'));
    expect(state.value).toEqual({ fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/) });

    // What a restart asks before the seed runs: done for these options only.
    expect(await seedIsCurrent(db, { demo: true, demoIndex: false })).toBe(true);
    expect(await seedIsCurrent(db, { demo: true, demoIndex: true })).toBe(false);
    expect(await seedIsCurrent(db, { demo: false })).toBe(false);
  });

  it('answers not done for a database without its tables, so the seed runs', async () => {
    const bare = await fromPglite(new PGlite(), { runMigrations: false });
    try {
      expect(await seedIsCurrent(bare.db)).toBe(false);
    } finally {
      await bare.close();
    }
  });

  it('gives three demo members KYC documents to review and the funded client approved ones, each a real image in storage, once, also on a later start with storage', async () => {
    const fresh = await createTestDatabase();
    const dir = mkdtempSync(join(tmpdir(), 'seed-kyc-'));
    try {
      const { db } = fresh;
      const storage = new LocalStorage(dir);
      const docs = () => db.select().from(kycDocuments);
      // Without storage (as API tests seed) no document is made: its file could not exist.
      await seed(db, { demo: true, demoIndex: false });
      expect(await docs()).toHaveLength(0);
      // A start with storage is another fingerprint: the documents come then.
      await seed(db, { demo: true, demoIndex: false, storage });
      const rows = await docs();
      const members = await db
        .select()
        .from(users)
        .where(inArray(users.phone, [demoUsers[2].phone, demoUsers[3].phone, demoUsers[4].phone, demoUsers[5].phone]));
      expect(new Set(rows.map((r) => r.userId))).toEqual(new Set(members.map((m) => m.id)));
      expect(rows).toHaveLength(13);
      // Marcus Bell's (the funded client) were approved by the admin, with the review's history row.
      const funded = members.find((m) => m.phone === demoUsers[5].phone)!;
      const approved = rows.filter((r) => r.userId === funded.id);
      expect(approved.map((r) => r.status)).toEqual(['approved', 'approved', 'approved']);
      expect(approved.every((r) => r.reviewerId && r.reviewedAt && r.reviewedAt > r.createdAt)).toBe(true);
      expect(
        await db
          .select()
          .from(kycDocumentEvents)
          .where(
            inArray(
              kycDocumentEvents.documentId,
              approved.map((r) => r.id),
            ),
          ),
      ).toHaveLength(3);
      const pending = rows.filter((r) => r.userId !== funded.id);
      expect(pending.every((r) => r.status === 'pending')).toBe(true);
      for (const r of rows) {
        const file = await storage.get(r.storageKey);
        expect(file, r.storageKey).not.toBeNull();
        expect(r.storageKey.startsWith(`kyc/${r.userId}/${r.id}.`)).toBe(true);
        expect(sniffContentType(file!)).toBe(r.contentType);
        expect(file!.length).toBe(r.sizeBytes);
        expect(createHash('sha256').update(file!).digest('hex')).toBe(r.sha256);
        const meta = await sharp(file!).metadata();
        expect(meta.width).toBeGreaterThan(200);
      }

      // The admin's tile counts them; the review queue lists them; each opens.
      const [avery] = await db.select().from(users).where(eq(users.phone, demoUsers[0].phone));
      const admin: SignedInActor = { user: { ...avery!, sessionId: 's', impersonatorId: null }, impersonatorId: null, ip: null, userAgent: null };
      const ctx = { db, storage } as Parameters<typeof readDocumentFile>[0];
      const queue = await listForAdmin(ctx, admin, { status: 'pending' });
      expect(queue.documents.map((d) => d.id).sort()).toEqual(pending.map((r) => r.id).sort());
      const opened = await readDocumentFile(ctx, admin, { id: rows[0]!.id });
      expect(opened.data.equals((await storage.get(rows[0]!.storageKey))!)).toBe(true);
      const dashboard = await getAdminDashboard({ db, clock: { now: () => new Date() } }, admin, { tzOffset: 0, period: '30d' });
      expect(dashboard.business.kyc).toEqual({ pendingDocuments: 10, membersWaiting: 3 });

      // Seeding again, even with every check run, adds no document and rewrites no file.
      await db.delete(settings).where(eq(settings.key, 'seed_state'));
      await seed(db, { demo: true, demoIndex: false, storage });
      expect((await docs()).map((r) => [r.id, r.sha256]).sort()).toEqual(rows.map((r) => [r.id, r.sha256]).sort());
    } finally {
      await fresh.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives the admin demo SMS conversations with delivery reports (delivered, undelivered with its code) and one opted-out number', async () => {
    const { db } = database;
    await seed(db, { demo: true, demoIndex: false });
    const rows = await db.select().from(smsMessages);
    const outbound = rows.filter((r) => r.direction === 'outbound');
    expect(outbound.some((r) => r.status === 'delivered' && r.statusUpdatedAt)).toBe(true);
    expect(outbound.find((r) => r.status === 'undelivered')).toMatchObject({ errorCode: 30003 });
    expect(await isOptedOut({ db }, { phone: '+12125550125' })).toBe(true);
    // Twice is once.
    await db.delete(settings).where(eq(settings.key, 'seed_state'));
    await seed(db, { demo: true, demoIndex: false });
    expect(await db.select().from(smsMessages)).toHaveLength(rows.length);
  });
});
