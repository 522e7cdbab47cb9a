import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessRequests } from '#server/db/schema/users.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';

/**
 * POST /api/request-access must not tell a member's phone from a stranger's by the time it takes:
 * every phone gets the same database work (statements in the same order).
 */
const MEMBER = '+12125550103';

let t: TestApp;
let statements: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  // Every statement the app sends goes through the driver client's query method (PGlite or pg pool).
  const client = (t.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
  const query = client.query.bind(client);
  client.query = (...args: unknown[]) => {
    const text = typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string })?.text ?? String(args[0]));
    statements.push(text);
    return query(...args);
  };
});
afterAll(() => t.close());

let ip = 0;
async function statementsFor(phone: string) {
  statements = [];
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/request-access',
    remoteAddress: `10.77.0.${++ip}`,
    payload: { phone, instagram: '@someone', referral: '', termsAccepted: true, privacyAccepted: true, marketingOptIn: false, smsOptIn: false },
  });
  expect(res.statusCode).toBe(200);
  await t.idle();
  return statements;
}

describe('request access takes the same work for every phone', () => {
  it('a member, an approved phone, a pending repeat and a stranger run the same statements', async () => {
    const stranger = await statementsFor('+14155557001');
    expect(stranger.length).toBeGreaterThan(0);

    const member = await statementsFor(MEMBER);
    const repeat = await statementsFor('+14155557001');

    await statementsFor('+14155557002');
    await t.db.update(accessRequests).set({ status: 'approved' }).where(eq(accessRequests.phone, '+14155557002'));
    const approved = await statementsFor('+14155557002');

    expect(member).toEqual(stranger);
    expect(approved).toEqual(stranger);
    expect(repeat).toEqual(stranger);
  });
});
