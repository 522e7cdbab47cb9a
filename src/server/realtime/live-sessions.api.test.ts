import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '#server/app.ts';
import { createMemoryBus } from './bus.ts';
import { createTestApp, signIn, testConfig, type SignedIn, type TestApp } from '#server/test/harness.ts';

/*
 * Sockets follow the session as HTTP does: a role change applies to open sockets at once, and a
 * session that idles out closes its sockets. Two app instances share one database and one bus.
 */
let t: TestApp;
let b: Awaited<ReturnType<typeof buildApp>>;
const ports: Record<'a' | 'b', number> = { a: 0, b: 0 };
let admin: SignedIn;

beforeAll(async () => {
  const bus = createMemoryBus();
  t = await createTestApp({ bus });
  b = await buildApp({
    config: testConfig(),
    database: { ...t.database, close: async () => {} },
    clock: t.clock,
    sms: t.sms,
    serveWeb: false,
    logger: false,
    bus,
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  await b.listen({ port: 0, host: '127.0.0.1' });
  ports.a = (t.app.server.address() as { port: number }).port;
  ports.b = (b.server.address() as { port: number }).port;
  admin = await signIn(t, '+12125550101');
});
afterAll(async () => {
  await b?.close();
  await t?.close();
});

interface Client {
  ws: WebSocket;
  messages: Record<string, unknown>[];
  closed: Promise<{ code: number; reason: string }>;
  isClosed(): boolean;
  next(type: string): Promise<Record<string, unknown>>;
}

async function authed(s: SignedIn, on: 'a' | 'b' = 'a'): Promise<Client> {
  const ws = new WebSocket(`ws://127.0.0.1:${ports[on]}/ws`, { origin: 'http://localhost:5000' });
  const messages: Record<string, unknown>[] = [];
  const waiters: { type: string; resolve: (m: Record<string, unknown>) => void }[] = [];
  let closedFlag = false;
  ws.on('message', (d) => {
    const m = JSON.parse(d.toString());
    messages.push(m);
    for (const w of waiters.filter((w) => w.type === m.type)) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(m);
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((r) =>
    ws.on('close', (code, reason) => {
      closedFlag = true;
      r({ code, reason: reason.toString() });
    }),
  );
  await new Promise((r, j) => {
    ws.on('open', r);
    ws.on('error', j);
  });
  const next = (type: string) => {
    const found = messages.find((m) => m.type === type);
    return found ? Promise.resolve(found) : new Promise<Record<string, unknown>>((r) => waiters.push({ type, resolve: r }));
  };
  ws.send(JSON.stringify({ type: 'auth', token: s.token }));
  await Promise.race([next('auth_success'), closed.then((c) => Promise.reject(new Error(`closed ${c.code}`)))]);
  return { ws, messages, closed, next, isClosed: () => closedFlag };
}

/** Events reach a socket in publish order: once this one arrives, an earlier one that did not never will. */
async function sentinel(c: Client, userId: string, title: string) {
  await t.app.ctx.live.publish({ kind: 'user', userId }, { type: 'notification', title, message: '' });
  await expect.poll(() => c.messages.some((m) => m.type === 'notification' && m.title === title)).toBe(true);
}

const adminEvents = (c: Client) => c.messages.filter((m) => m.type === 'access_request_updated').map((m) => m.userId);

async function setAdmin(userId: string, isAdmin: boolean) {
  const res = await t.app.inject({ method: 'PATCH', url: `/api/admin/users/${userId}`, headers: admin.headers, payload: { isAdmin } });
  expect(res.statusCode).toBe(200);
}

describe('security: a role change applies to open sockets', () => {
  it('a demoted admin’s open sockets (on this instance and another) stop receiving admin-only events', async () => {
    const member = await signIn(t, '+12125550104');
    await setAdmin(member.userId, true);
    const promoted = await signIn(t, '+12125550104');
    const onA = await authed(promoted, 'a');
    const onB = await authed(promoted, 'b');
    const stillAdmin = await authed(admin, 'b');

    await t.app.ctx.live.publish({ kind: 'admins' }, { type: 'access_request_updated', userId: 'before', status: 'approved' });
    await sentinel(onA, promoted.userId, 's1');
    await sentinel(onB, promoted.userId, 's1');
    expect(adminEvents(onA)).toEqual(['before']);
    expect(adminEvents(onB)).toEqual(['before']);

    await setAdmin(promoted.userId, false);
    await t.app.ctx.live.publish({ kind: 'admins' }, { type: 'access_request_updated', userId: 'after', status: 'approved' });
    await sentinel(onA, promoted.userId, 's2');
    await sentinel(onB, promoted.userId, 's2');
    expect(adminEvents(onA)).toEqual(['before']);
    expect(adminEvents(onB)).toEqual(['before']);
    // Still a member: the sockets stay open and hear their own events, including the change itself.
    expect(onA.isClosed() || onB.isClosed()).toBe(false);
    expect(onA.messages.some((m) => m.type === 'user_updated')).toBe(true);
    // Admins still hear admin events.
    await expect.poll(() => adminEvents(stillAdmin)).toEqual(['before', 'after']);
    for (const c of [onA, onB, stillAdmin]) c.ws.close();
  });

  it('a member promoted to admin starts receiving admin events on the socket already open', async () => {
    const member = await signIn(t, '+12125550103');
    const c = await authed(member, 'b');
    await setAdmin(member.userId, true);
    await t.app.ctx.live.publish({ kind: 'admins' }, { type: 'access_request_updated', userId: 'promoted', status: 'approved' });
    await sentinel(c, member.userId, 'p1');
    expect(adminEvents(c)).toEqual(['promoted']);
    await setAdmin(member.userId, false);
    c.ws.close();
  });
});

describe('security: sockets honour the idle timeout', () => {
  it('closes a socket once its session idles out; the socket’s own pings are not activity', async () => {
    const member = await signIn(t, '+12125550103');
    const onA = await authed(member, 'a');
    const onB = await authed(member, 'b');
    const idle = t.config.SESSION_IDLE_MINUTES * 60_000;

    // Activity over HTTP keeps the session, and so the sockets, alive.
    t.clock.advance(idle - 60_000);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: member.headers })).statusCode).toBe(200);
    t.clock.advance(idle - 60_000);
    for (const c of [onA, onB]) c.ws.send(JSON.stringify({ type: 'ping' }));
    await onA.next('pong');
    await t.app.liveHub.sweep();
    await b.liveHub.sweep();
    await sentinel(onA, member.userId, 'alive');
    expect(onA.isClosed() || onB.isClosed()).toBe(false);

    // Then nothing but socket pings until the idle window has passed: both sockets close.
    for (const c of [onA, onB]) c.ws.send(JSON.stringify({ type: 'ping' }));
    t.clock.advance(61_000);
    await t.app.liveHub.sweep();
    await b.liveHub.sweep();
    expect(await onA.closed).toMatchObject({ code: 1008 });
    expect(await onB.closed).toMatchObject({ code: 1008 });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: member.headers })).statusCode).toBe(401);
  });
});
