import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#server/test/harness.ts';
import { seed } from './seed.ts';
import { psaCerts } from './schema/cards.ts';
import { settings } from './schema/platform.ts';

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
  });
});
