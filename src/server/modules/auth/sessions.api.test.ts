import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessRequests, auditLog, sessions, users } from '#server/db/schema/users.ts';
import { hashSessionToken } from './session.service.ts';
import { authHeaders, createTestApp, requestCode, signIn, type TestApp } from '#server/test/harness.ts';

const ADMIN = '+12125550101';
const MANAGER = '+12125550102';
const MEMBER = '+12125550103';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { ADMIN_PHONES: '+13125559001,+12125550104' },
    routes: (app) => {
      app.get('/api/test/manager-only', { config: { access: 'manager' } }, async () => ({ ok: true }));
    },
  });
});
afterAll(() => t.close());

const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers });

let seq = 100;
async function approvedPhone() {
  const phone = `+1646555${String(++seq).padStart(4, '0')}`;
  await t.db
    .insert(accessRequests)
    .values({ phone, instagram: 'x', termsAccepted: true, privacyAccepted: true, status: 'approved', marketingOptIn: true, smsOptIn: false });
  return phone;
}

describe('sign-in', () => {
  it('an existing member signs in: the answer, the cookie and /api/auth/me', async () => {
    const s = await signIn(t, MEMBER);
    expect(s.body).toEqual({
      status: 'success',
      authToken: s.token,
      user: { id: s.userId, name: 'Casey Collector', phone: MEMBER, isAdmin: false, isManager: false, isImpersonated: false },
      firstSignIn: expect.any(Boolean),
    });
    const res = await me(s.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: s.userId,
      name: 'Casey Collector',
      phone: MEMBER,
      isImpersonated: false,
      isAuthenticated: true,
      isAdmin: false,
      isManager: false,
      termsToAccept: null,
      features: { marketplace: true, lending: true, funds: true, hunts: true },
    });
    const [u] = await t.db.select().from(users).where(eq(users.id, s.userId));
    expect(u.lastLoginAt?.getTime()).toBe(t.clock.now().getTime());
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, s.userId), eq(auditLog.action, 'auth.sign_in')));
    expect(audit.length).toBeGreaterThan(0);
  });

  it('sets the session cookie: HttpOnly, SameSite=Strict, path /, 8 hours; Secure only in production', async () => {
    t.clock.advance(31_000);
    const otp = (await requestCode(t, MEMBER))!;
    const res = await t.app.inject({ method: 'POST', url: '/api/verify-otp', payload: { phone: MEMBER, otp } });
    const cookie = res.cookies.find((c) => c.name === 'session')!;
    expect(cookie).toMatchObject({ value: res.json().authToken, httpOnly: true, sameSite: 'Strict', path: '/', maxAge: 28800 });
    expect(cookie.secure).toBeFalsy();
    // The cookie alone authenticates (the browser's case).
    const viaCookie = await t.app.inject({ method: 'GET', url: '/api/auth/me', cookies: { session: cookie.value } });
    expect(viaCookie.statusCode).toBe(200);
  });

  it('the first sign-in of an approved phone creates the user with profileData and the request opt-ins', async () => {
    const phone = await approvedPhone();
    const s = await signIn(t, phone, { profileData: { name: 'Dana New', email: 'dana@example.com' } });
    expect(s.body.user).toMatchObject({ name: 'Dana New', phone, isAdmin: false, isImpersonated: false });
    const [u] = await t.db.select().from(users).where(eq(users.phone, phone));
    expect(u).toMatchObject({ name: 'Dana New', email: 'dana@example.com', marketingOptIn: true, smsOptIn: false, status: 'active' });
  });

  it('says whether this is the user’s first sign-in, so a later one can be greeted "Welcome back"', async () => {
    const phone = await approvedPhone();
    expect((await signIn(t, phone)).body).toMatchObject({ firstSignIn: true });
    t.clock.advance(31_000);
    expect((await signIn(t, phone)).body).toMatchObject({ firstSignIn: false });
    // A user row made before any sign-in (e.g. by an admin) still has its first sign-in ahead.
    const [made] = await t.db.insert(users).values({ phone: '+14155550877', name: 'Pat Made' }).returning();
    expect(made.lastLoginAt).toBeNull();
    expect((await signIn(t, made.phone)).body).toMatchObject({ firstSignIn: true });
  });

  it('register creates the user; with a user already there it behaves like verify', async () => {
    const phone = await approvedPhone();
    t.clock.advance(31_000);
    const otp = (await requestCode(t, phone))!;
    const res = await t.app.inject({ method: 'POST', url: '/api/register', payload: { phone, otp, name: 'Reg Istered', email: 'reg@example.com' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'success',
      authToken: expect.any(String),
      user: { name: 'Reg Istered', phone, isImpersonated: false },
    });
    expect(res.cookies.find((c) => c.name === 'session')).toBeDefined();

    t.clock.advance(31_000);
    const code = (await requestCode(t, MEMBER))!;
    const again = await t.app.inject({ method: 'POST', url: '/api/register', payload: { phone: MEMBER, code, name: 'Ignored' } });
    expect(again.statusCode).toBe(200);
    expect(again.json().user).toMatchObject({ phone: MEMBER, name: 'Casey Collector' });
  });

  it('register validates its input with the spec messages', async () => {
    const noCode = await t.app.inject({ method: 'POST', url: '/api/register', payload: { phone: MEMBER } });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().error).toBe('OTP must be 6 digits');
    const badEmail = await t.app.inject({ method: 'POST', url: '/api/register', payload: { phone: MEMBER, otp: '123456', email: 'x@' } });
    expect(badEmail.json().error).toBe('Invalid email address');
  });

  it('a phone in ADMIN_PHONES becomes admin at first sign-in, and is kept admin', async () => {
    const s = await signIn(t, '+13125559001');
    expect(s.body.user).toMatchObject({ isAdmin: true });
    // Jordan (+12125550104) is a seeded member, and listed: promoted at sign-in, audited.
    const j = await signIn(t, '+12125550104');
    expect(j.body.user.isAdmin).toBe(true);
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, j.userId), eq(auditLog.action, 'user.roles_changed')));
    expect(rows).toHaveLength(1);
  });

  it('a suspended user cannot sign in', async () => {
    const phone = await approvedPhone();
    const s = await signIn(t, phone);
    await t.db.update(users).set({ status: 'suspended' }).where(eq(users.id, s.userId));
    t.clock.advance(31_000);
    expect(await requestCode(t, phone)).toBeUndefined();
  });
});

describe('security: sessions and identity', () => {
  it('session tokens have at least 128 random bits, are stored only as a hash, and are new at each login', async () => {
    const a = await signIn(t, MEMBER);
    const b = await signIn(t, MEMBER);
    expect(a.token).not.toBe(b.token);
    expect(a.token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Buffer.from(a.token, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(Buffer.from(a.token, 'base64url').length).toBe(32);
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, a.userId));
    expect(JSON.stringify(rows)).not.toContain(a.token);
    expect(rows.some((r) => r.tokenHash === hashSessionToken(a.token))).toBe(true);
    // Both sessions are valid: a new login does not reuse or extend another.
    expect((await me(a.headers)).statusCode).toBe(200);
    expect((await me(b.headers)).statusCode).toBe(200);
  });

  it('without a session /api/auth/me is 401; a made-up token is 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    expect((await me({ 'x-auth-token': 'x'.repeat(43) })).statusCode).toBe(401);
    expect((await me({ 'x-auth-token': 'x'.repeat(5000) })).statusCode).toBe(401);
  });

  it('logout revokes the session and clears the cookie', async () => {
    const s = await signIn(t, MEMBER);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: s.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success' });
    const cleared = res.cookies.find((c) => c.name === 'session')!;
    expect(cleared.value).toBe('');
    expect(new Date(cleared.expires!).getTime()).toBeLessThanOrEqual(Date.now());
    expect((await me(s.headers)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', cookies: { session: s.token } })).statusCode).toBe(401);
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashSessionToken(s.token)));
    expect(row.revokedAt).not.toBeNull();
    // Logging out without a session is harmless.
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
  });

  it('absolute lifetime is 8 hours, whatever the activity', async () => {
    const s = await signIn(t, MEMBER);
    for (let i = 0; i < 23; i++) {
      t.clock.advance(20 * 60_000);
      expect((await me(s.headers)).statusCode).toBe(200);
    }
    t.clock.advance(20 * 60_000 - 1); // 8 h minus 1 ms
    expect((await me(s.headers)).statusCode).toBe(200);
    t.clock.advance(1);
    expect((await me(s.headers)).statusCode).toBe(401);
  });

  it('idle timeout: 30 minutes without a request ends the session', async () => {
    const s = await signIn(t, MEMBER);
    t.clock.advance(29 * 60_000);
    expect((await me(s.headers)).statusCode).toBe(200); // refreshes last_seen_at
    t.clock.advance(29 * 60_000);
    expect((await me(s.headers)).statusCode).toBe(200);
    t.clock.advance(30 * 60_000);
    expect((await me(s.headers)).statusCode).toBe(401);
  });

  it('the idle timeout is configurable (SESSION_IDLE_MINUTES)', async () => {
    const other = await createTestApp({ env: { SESSION_IDLE_MINUTES: '5' } });
    try {
      const s = await signIn(other, MEMBER);
      other.clock.advance(4 * 60_000);
      expect((await other.app.inject({ method: 'GET', url: '/api/auth/me', headers: s.headers })).statusCode).toBe(200);
      other.clock.advance(5 * 60_000);
      expect((await other.app.inject({ method: 'GET', url: '/api/auth/me', headers: s.headers })).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('the idle window is the full idle time since the last request: with 1 minute idle, a request every 50 s keeps the session', async () => {
    const other = await createTestApp({ env: { SESSION_IDLE_MINUTES: '1' } });
    try {
      const s = await signIn(other, MEMBER);
      const get = () => other.app.inject({ method: 'GET', url: '/api/auth/me', headers: s.headers });
      for (let i = 0; i < 10; i++) {
        other.clock.advance(50_000);
        expect((await get()).statusCode).toBe(200);
      }
      other.clock.advance(60_000);
      expect((await get()).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('last_seen_at is written at most once a minute', async () => {
    const s = await signIn(t, MEMBER);
    const seen = async () =>
      (
        await t.db
          .select()
          .from(sessions)
          .where(eq(sessions.tokenHash, hashSessionToken(s.token)))
      )[0].lastSeenAt.getTime();
    const start = await seen();
    t.clock.advance(30_000);
    await me(s.headers);
    expect(await seen()).toBe(start);
    t.clock.advance(31_000);
    await me(s.headers);
    expect(await seen()).toBe(t.clock.now().getTime());
  });

  it('an X-User-Id that does not match the session user is a 401; a matching one is fine', async () => {
    const member = await signIn(t, MEMBER);
    const admin = await signIn(t, ADMIN);
    expect((await me(authHeaders(member.token, admin.userId))).statusCode).toBe(401);
    expect((await me(authHeaders(member.token, 'not-a-uuid'))).statusCode).toBe(401);
    expect((await me(authHeaders(member.token, member.userId))).json().id).toBe(member.userId);
    // The user comes from the session, never from the header.
    expect((await me(authHeaders(member.token))).json().id).toBe(member.userId);
  });

  it('the X-Auth-Token header wins over the cookie', async () => {
    const member = await signIn(t, MEMBER);
    const admin = await signIn(t, ADMIN);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { 'x-auth-token': member.token },
      cookies: { session: admin.token },
    });
    expect(res.json().id).toBe(member.userId);
  });

  it('admin routes: 401 anonymous, 403 member, 200 admin', async () => {
    const member = await signIn(t, MEMBER);
    const manager = await signIn(t, MANAGER);
    const admin = await signIn(t, ADMIN);
    for (const [method, url] of [
      ['GET', '/api/admin/users'],
      ['PATCH', `/api/admin/users/${member.userId}`],
      ['GET', '/api/admin/audit'],
    ] as const) {
      const payload = method === 'PATCH' ? { isManager: true } : undefined;
      expect((await t.app.inject({ method, url, payload })).statusCode, `${method} ${url} anonymous`).toBe(401);
      expect((await t.app.inject({ method, url, payload, headers: member.headers })).statusCode, `${method} ${url} member`).toBe(403);
      expect((await t.app.inject({ method, url, payload, headers: manager.headers })).statusCode, `${method} ${url} manager`).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: admin.headers })).statusCode).toBe(200);
  });

  it('manager routes: 401 anonymous, 403 member, 200 manager and admin', async () => {
    const member = await signIn(t, MEMBER);
    const manager = await signIn(t, MANAGER);
    const admin = await signIn(t, ADMIN);
    const get = (headers?: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/test/manager-only', headers });
    expect((await get()).statusCode).toBe(401);
    expect((await get(member.headers)).statusCode).toBe(403);
    expect((await get(manager.headers)).statusCode).toBe(200);
    expect((await get(admin.headers)).statusCode).toBe(200);
  });

  it('suspending a user ends their sessions', async () => {
    const phone = await approvedPhone();
    const victim = await signIn(t, phone);
    const second = await signIn(t, phone);
    const admin = await signIn(t, ADMIN);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${victim.userId}`,
      headers: admin.headers,
      payload: { status: 'suspended' },
    });
    expect(res.statusCode).toBe(200);
    expect((await me(victim.headers)).statusCode).toBe(401);
    expect((await me(second.headers)).statusCode).toBe(401);
    const live = await t.db.select().from(sessions).where(eq(sessions.userId, victim.userId));
    expect(live.every((r) => r.revokedAt !== null)).toBe(true);
    // Reactivated, the old sessions stay dead.
    await t.app.inject({ method: 'PATCH', url: `/api/admin/users/${victim.userId}`, headers: admin.headers, payload: { status: 'active' } });
    expect((await me(victim.headers)).statusCode).toBe(401);
  });

  it('every /api route declares an access policy', async () => {
    await expect(
      (async () => {
        const other = await createTestApp({ routes: (app) => void app.get('/api/test/undeclared', async () => ({})) });
        await other.close();
      })(),
    ).rejects.toThrow(/declares no access policy/);
  });
});
