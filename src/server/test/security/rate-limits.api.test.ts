/**
 * security: rate limits hold across instances. Two app instances sharing one Redis count
 * against the same limit (skipped when REDIS_URL is unset outside CI).
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERIFY_OTP_PER_IP } from '#server/modules/auth/index.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';

const redisUrl = process.env.REDIS_URL ?? (process.env.CI ? 'redis://127.0.0.1:6379' : undefined);

describe.skipIf(!redisUrl)('security: rate limits across instances (Redis)', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ env: { REDIS_URL: redisUrl! } });
    b = await createTestApp({ env: { REDIS_URL: redisUrl! } });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('verify-otp tries from one address are counted once across two instances', async () => {
    // A random address per run: the Redis counters outlive this test.
    const ip = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`;
    const guess = (t: TestApp) =>
      t.app.inject({ method: 'POST', url: '/api/verify-otp', payload: { phone: '+13125559999', otp: '000000' }, remoteAddress: ip });
    for (let i = 0; i < VERIFY_OTP_PER_IP; i++) expect((await guess(i % 2 ? a : b)).statusCode).toBe(400);
    const res = await guess(a);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect((await guess(b)).statusCode).toBe(429);
  });
});
