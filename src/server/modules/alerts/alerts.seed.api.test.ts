import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AlertsResponse } from '#common/alerts.ts';
import { and, eq } from 'drizzle-orm';
import { notifications } from '#server/db/schema/notifications.ts';
import { demoUsers } from '#server/db/seed.ts';
import { createTestApp, signIn, type TestApp } from '#server/test/harness.ts';
import { evaluatePrices } from './alerts.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedIndex: true });
});
afterAll(async () => t?.close());

it("gives the demo member a watchlist on the demo index: one waiting, one fired with its notification, one saved search, consistent with today's prices", async () => {
  const casey = await signIn(t, demoUsers[2].phone);
  const { alerts }: AlertsResponse = (await t.app.inject({ method: 'GET', url: '/api/user/alerts', headers: casey.headers })).json();
  expect(alerts.map((a) => [a.kind, a.status])).toEqual([
    ['search', 'armed'],
    ['constituent', 'armed'],
    ['constituent', 'fired'],
  ]);
  const [, waiting, fired] = alerts;
  expect(waiting.constituent!.lastPriceCents!).toBeGreaterThan(waiting.below!);
  expect(waiting.constituent!.lastPriceCents!).toBeLessThan(waiting.above!);
  expect(fired.lastFiring).toMatchObject({ reason: 'above', priceCents: fired.constituent!.lastPriceCents });
  expect(fired.constituent!.lastPriceCents!).toBeGreaterThanOrEqual(fired.above!);
  // Read from the table: the rest of the bell is dated from the real clock, this test's from the fake one.
  const told = await t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, casey.userId), eq(notifications.kind, 'price_alert')));
  expect(told).toHaveLength(1);
  expect(told[0]).toMatchObject({ link: `/WonderShyneIndex/${fired.constituent!.id}`, readAt: null });
  expect(told[0].message).toContain(`rose to`);
  // An evaluation of today's prices agrees with the seeded states: nothing fires or re-arms.
  expect(await evaluatePrices(t.app.ctx, { constituentIds: [waiting.constituent!.id, fired.constituent!.id] })).toBe(0);
  const again: AlertsResponse = (await t.app.inject({ method: 'GET', url: '/api/user/alerts', headers: casey.headers })).json();
  expect(again.alerts.map((a) => a.status)).toEqual(['armed', 'armed', 'fired']);
});
