import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { createMemoryBus } from '#server/realtime/bus.ts';
import { createTestApp, signIn, type TestApp } from '#server/test/harness.ts';

const ADMIN = '+12125550101';
const MEMBER = '+12125550103';

// Two instances on one database and one bus, as behind a load balancer.
let a: TestApp;
let b: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  const bus = createMemoryBus();
  a = await createTestApp({ bus });
  b = await buildApp({ config: a.config, database: a.database, clock: a.clock, sms: a.sms, serveWeb: false, logger: false, bus });
  await b.ready();
});
afterAll(async () => {
  await b.close();
  await a.close();
});

const meOn = (app: TestApp['app'], token: string) => app.inject({ method: 'GET', url: '/api/auth/me', headers: { 'x-auth-token': token } });

describe('session cache across instances', () => {
  it('B serves a session it has cached without a database lookup, within the cache TTL', async () => {
    const s = await signIn(a, MEMBER);
    expect((await meOn(b, s.token)).statusCode).toBe(200);
    expect(b.ctx.sessionCache.size).toBeGreaterThan(0);
  });

  it('logout on A: B refuses the cookie at once', async () => {
    const s = await signIn(a, MEMBER);
    expect((await b.inject({ method: 'GET', url: '/api/auth/me', cookies: { session: s.token } })).statusCode).toBe(200);
    expect((await a.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { 'x-auth-token': s.token } })).statusCode).toBe(200);
    expect((await b.inject({ method: 'GET', url: '/api/auth/me', cookies: { session: s.token } })).statusCode).toBe(401);
  });

  it('suspension on A: B refuses the member at once', async () => {
    const admin = await signIn(a, ADMIN);
    const s = await signIn(a, '+12125550104');
    expect((await meOn(b, s.token)).statusCode).toBe(200);
    const res = await a.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${s.userId}`,
      headers: admin.headers,
      payload: { status: 'suspended' },
    });
    expect(res.statusCode).toBe(200);
    expect((await meOn(b, s.token)).statusCode).toBe(401);
  });

  it('a role change on A shows on B at once', async () => {
    const admin = await signIn(a, ADMIN);
    const s = await signIn(a, MEMBER);
    expect((await meOn(b, s.token)).json().isManager).toBe(false);
    const res = await a.app.inject({ method: 'PATCH', url: `/api/admin/users/${s.userId}`, headers: admin.headers, payload: { isManager: true } });
    expect(res.statusCode).toBe(200);
    expect((await meOn(b, s.token)).json().isManager).toBe(true);
  });
});
