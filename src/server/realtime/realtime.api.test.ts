import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, signIn, type SignedIn, type TestApp } from '#server/test/harness.ts';

let t: TestApp;
let url: string;
let member: SignedIn;
let other: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as { port: number };
  url = `ws://127.0.0.1:${port}/ws`;
  member = await signIn(t, '+12125550103');
  other = await signIn(t, '+12125550104');
  admin = await signIn(t, '+12125550101');
});
afterAll(() => t.close());

interface Client {
  ws: WebSocket;
  messages: Record<string, unknown>[];
  closed: Promise<{ code: number; reason: string }>;
  next(type: string): Promise<Record<string, unknown>>;
}

function connect(opts: { origin?: string; headers?: Record<string, string> } = {}): Promise<Client> {
  const ws = new WebSocket(url, { origin: opts.origin ?? 'http://localhost:5000', headers: opts.headers });
  const messages: Record<string, unknown>[] = [];
  const waiters: { type: string; resolve: (m: Record<string, unknown>) => void }[] = [];
  ws.on('message', (d) => {
    const m = JSON.parse(d.toString());
    messages.push(m);
    for (const w of waiters.filter((w) => w.type === m.type)) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(m);
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((r) => ws.on('close', (code, reason) => r({ code, reason: reason.toString() })));
  return new Promise((resolve, reject) => {
    ws.on('open', () =>
      resolve({
        ws,
        messages,
        closed,
        next: (type) => {
          const found = messages.find((m) => m.type === type);
          return found ? Promise.resolve(found) : new Promise((r) => waiters.push({ type, resolve: r }));
        },
      }),
    );
    ws.on('error', reject);
  });
}

async function authed(s: SignedIn) {
  const c = await connect();
  c.ws.send(JSON.stringify({ type: 'auth', userId: s.userId, token: s.token }));
  await c.next('auth_success');
  return c;
}

/**
 * Events reach a socket in the order they were published: once a later event published to the
 * socket's own user arrives, an earlier event that was not delivered never will be.
 */
async function sentinel(c: Client, userId: string, type: 'profile_updated' | 'loan_updated') {
  const event = type === 'profile_updated' ? { type, userId } : { type, userId, status: 'sentinel' };
  const arrived = new Promise<void>((resolve) => {
    const onMessage = (d: WebSocket.RawData) => {
      if ((JSON.parse(d.toString()) as { type?: string }).type !== type) return;
      c.ws.off('message', onMessage);
      resolve();
    };
    c.ws.on('message', onMessage);
  });
  await t.app.ctx.live.publish({ kind: 'user', userId }, event as never);
  await arrived;
}

describe('security: live connection', () => {
  it('authenticates from the session token and answers auth_success', async () => {
    const c = await authed(member);
    expect(c.messages[0]).toEqual({ type: 'auth_success', userId: member.userId });
    c.ws.close();
  });

  it('authenticates from the session cookie too', async () => {
    const c = await connect({ headers: { cookie: `session=${member.cookie}` } });
    c.ws.send(JSON.stringify({ type: 'auth' }));
    expect(await c.next('auth_success')).toEqual({ type: 'auth_success', userId: member.userId });
    c.ws.close();
  });

  it('closes with 1008 on a bad token', async () => {
    const c = await connect();
    c.ws.send(JSON.stringify({ type: 'auth', userId: member.userId, token: 'not-a-real-token' }));
    expect((await c.closed).code).toBe(1008);
  });

  it('closes with 1008 when the first message is not auth', async () => {
    const c = await connect();
    c.ws.send(JSON.stringify({ type: 'hello' }));
    expect((await c.closed).code).toBe(1008);
  });

  it('ignores a spoofed userId: the session decides who you are', async () => {
    const c = await connect();
    c.ws.send(JSON.stringify({ type: 'auth', userId: other.userId, token: member.token }));
    expect(await c.next('auth_success')).toEqual({ type: 'auth_success', userId: member.userId });
    await t.app.ctx.live.publish({ kind: 'user', userId: other.userId }, { type: 'loan_updated', userId: other.userId, status: 'paid' });
    await sentinel(c, member.userId, 'profile_updated');
    expect(c.messages.filter((m) => m.type === 'loan_updated')).toEqual([]);
    c.ws.close();
  });

  it('refuses a foreign Origin with 1008', async () => {
    const c = await connect({ origin: 'https://evil.example' });
    expect((await c.closed).code).toBe(1008);
  });

  it('accepts a same-origin socket: the page opened at the address the socket goes to', async () => {
    const c = await connect({ origin: new URL(url.replace('ws:', 'http:')).origin });
    c.ws.send(JSON.stringify({ type: 'auth', token: member.token }));
    expect(await Promise.race([c.next('auth_success'), c.closed])).toEqual({ type: 'auth_success', userId: member.userId });
    c.ws.close();
  });

  it('refuses another port on the same host, and a forwarded host from a client that is no proxy', async () => {
    const port = Number(new URL(url).port);
    const otherPort = await connect({ origin: `http://127.0.0.1:${port + 1}` });
    expect((await otherPort.closed).code).toBe(1008);
    const forged = await connect({
      origin: 'https://evil.example',
      headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    });
    expect((await forged.closed).code).toBe(1008);
  });

  it('closes with 1009 on a message over 64 KB', async () => {
    const c = await authed(member);
    c.ws.send('x'.repeat(64 * 1024 + 1));
    expect((await c.closed).code).toBe(1009);
  });

  it('closes a connection that floods messages', async () => {
    const c = await authed(member);
    for (let i = 0; i < 40; i++) c.ws.send(JSON.stringify({ type: 'ping' }));
    expect((await c.closed).code).toBe(1008);
  });

  it('a user never receives another user’s private events', async () => {
    const a = await authed(member);
    const b = await authed(other);
    await t.app.ctx.live.publish({ kind: 'user', userId: member.userId }, { type: 'profile_updated', userId: member.userId });
    expect(await a.next('profile_updated')).toMatchObject({ userId: member.userId });
    await sentinel(b, other.userId, 'loan_updated');
    expect(b.messages.some((m) => m.type === 'profile_updated')).toBe(false);
    a.ws.close();
    b.ws.close();
  });

  it('admin events reach admins only', async () => {
    const a = await authed(admin);
    const m = await authed(member);
    await t.app.ctx.live.publish({ kind: 'admins' }, { type: 'access_request_updated', userId: 'a-request', status: 'approved' });
    expect(await a.next('access_request_updated')).toMatchObject({ status: 'approved' });
    await sentinel(m, member.userId, 'profile_updated');
    expect(m.messages.some((x) => x.type === 'access_request_updated')).toBe(false);
    a.ws.close();
    m.ws.close();
  });

  it('several audiences at once: each socket in any of them hears the event once, nobody else hears it', async () => {
    const a = await authed(admin);
    const m = await authed(member);
    const o = await authed(other);
    // The admin is named by id and is an admin: still one delivery.
    await t.app.ctx.live.publish([{ kind: 'users', userIds: [member.userId, admin.userId] }, { kind: 'admins' }], {
      type: 'onboarding_updated',
      userId: member.userId,
      status: 'kyc_upload',
    });
    // A sentinel to every member proves the negative without waiting a fixed time.
    await t.app.ctx.live.publish({ kind: 'members' }, { type: 'notification', title: 'sentinel', message: '' });
    for (const c of [a, m, o]) await c.next('notification');
    const count = (c: Client) => c.messages.filter((x) => x.type === 'onboarding_updated').length;
    expect([count(a), count(m), count(o)]).toEqual([1, 1, 0]);
    for (const c of [a, m, o]) c.ws.close();
  });

  it('logout closes the user’s sockets', async () => {
    const s = await signIn(t, '+12125550104');
    const c = await authed(s);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: s.headers });
    expect(res.statusCode).toBe(200);
    expect((await c.closed).code).toBe(1008);
  });

  it('suspension closes the user’s sockets', async () => {
    const s = await signIn(t, '+12125550104');
    const c = await authed(s);
    const freshAdmin = await signIn(t, '+12125550101');
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${s.userId}`,
      headers: freshAdmin.headers,
      payload: { status: 'suspended' },
    });
    expect(res.statusCode).toBe(200);
    expect((await c.closed).code).toBe(1008);
  });

  it('a profile edit reaches the user live as profile_updated', async () => {
    const c = await authed(member);
    const res = await t.app.inject({ method: 'PATCH', url: '/api/user/profile', headers: member.headers, payload: { name: 'Casey C.' } });
    expect(res.statusCode).toBe(200);
    expect(await c.next('profile_updated')).toEqual({ type: 'profile_updated', userId: member.userId });
    c.ws.close();
  });
});
