import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, otpChallenges, sessions, users } from '#server/db/schema/users.ts';
import { hashSessionToken } from './session.service.ts';
import { createAdmin, createManager, createMember, createUser, uniquePhone } from '#server/test/factories.ts';
import { createTestApp, requestCode, signIn, type TestApp } from '#server/test/harness.ts';

let ADMIN: string;
let MANAGER: string;
let MEMBER: string;
let OTHER_MEMBER: string;
let OTHER_ADMIN: string;

let t: TestApp;
let memberId: string;
beforeAll(async () => {
  t = await createTestApp({
    seedDemo: false,
    routes: (app) => {
      app.post('/api/test/payment', { config: { access: 'user' } }, async () => ({ ok: true }));
      app.delete('/api/test/public-write', { config: { access: 'public' } }, async () => ({ ok: true }));
      app.put('/api/test/support-write', { config: { access: 'user', impersonation: { support: 'test fixture' } } }, async () => ({ ok: true }));
    },
  });
  ADMIN = (await createAdmin(t, { name: 'Avery Admin' })).phone;
  MANAGER = (await createManager(t)).phone;
  const member = await createMember(t, { name: 'Casey Collector' });
  MEMBER = member.phone;
  memberId = member.id;
  OTHER_MEMBER = (await createMember(t)).phone;
  OTHER_ADMIN = (await createAdmin(t, { name: 'Other Admin' })).phone;
});
afterAll(() => t.close());

const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers });

async function impersonationAttempt(adminPhone: string, targetUserPhone: string) {
  // Send limits are not under test here.
  await t.db.delete(otpChallenges).where(eq(otpChallenges.phone, adminPhone));
  const otp = (await requestCode(t, adminPhone, { ip: '10.9.9.9' }))!;
  return t.app.inject({ method: 'POST', url: '/api/verify-otp', payload: { phone: adminPhone, otp, targetUserPhone } });
}

describe('security: impersonation', () => {
  it('an admin signs in as a member with their own phone and code: the session is the target’s, flagged impersonated', async () => {
    const s = await signIn(t, ADMIN, { targetUserPhone: MEMBER });
    expect(s.body.user).toEqual({ id: memberId, name: 'Casey Collector', phone: MEMBER, isAdmin: false, isManager: false, isImpersonated: true });
    const res = await me(s.headers);
    expect(res.json()).toMatchObject({ id: memberId, isImpersonated: true, isAuthenticated: true, isAdmin: false });
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashSessionToken(s.token)));
    const [admin] = await t.db.select().from(users).where(eq(users.phone, ADMIN));
    expect(row).toMatchObject({ userId: memberId, impersonatorId: admin.id });
    // The target phone may be typed in any format.
    const formatted = await signIn(t, ADMIN, { targetUserPhone: `(${MEMBER.slice(2, 5)}) ${MEMBER.slice(5, 8)}-${MEMBER.slice(8)}` });
    expect(formatted.body.user.id).toBe(memberId);
  });

  it('the impersonating admin has the target’s roles: admin routes are refused', async () => {
    const s = await signIn(t, ADMIN, { targetUserPhone: MEMBER });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: s.headers })).statusCode).toBe(403);
  });

  it('a non-admin cannot impersonate', async () => {
    for (const phone of [MEMBER, MANAGER]) {
      const res = await impersonationAttempt(phone, OTHER_MEMBER);
      expect(res.statusCode).toBe(403);
      expect(res.json().status).toBe('error');
      expect(res.json().authToken).toBeUndefined();
    }
  });

  it('an admin cannot impersonate another admin (or themselves)', async () => {
    expect((await impersonationAttempt(ADMIN, OTHER_ADMIN)).statusCode).toBe(403);
    expect((await impersonationAttempt(ADMIN, ADMIN)).statusCode).toBe(403);
  });

  it('an admin cannot impersonate a suspended user', async () => {
    const { phone } = await createUser(t, { name: null, status: 'suspended' });
    const res = await impersonationAttempt(ADMIN, phone);
    expect(res.statusCode).toBe(403);
  });

  it('an unknown target is a 404; an invalid target phone a 400', async () => {
    expect((await impersonationAttempt(ADMIN, uniquePhone())).statusCode).toBe(404);
    expect((await impersonationAttempt(ADMIN, '12')).statusCode).toBe(400);
  });

  it('an impersonated session lasts at most 1 hour and is not renewed by activity', async () => {
    const s = await signIn(t, ADMIN, { targetUserPhone: MEMBER });
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashSessionToken(s.token)));
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(60 * 60_000);
    for (let i = 0; i < 3; i++) {
      t.clock.advance(20 * 60_000 - 1);
      expect((await me(s.headers)).statusCode).toBe(200);
    }
    t.clock.advance(3);
    expect((await me(s.headers)).statusCode).toBe(401);
    const cookie = s.cookie && (await t.app.inject({ method: 'GET', url: '/api/auth/me', cookies: { session: s.cookie } }));
    expect(cookie && cookie.statusCode).toBe(401);
  });

  it('the impersonation cookie lives 1 hour', async () => {
    const res = await impersonationAttempt(ADMIN, MEMBER);
    expect(res.cookies.find((c) => c.name === 'session')?.maxAge).toBe(3600);
  });

  it('start, every write, and stop are audited with both ids', async () => {
    const s = await signIn(t, ADMIN, { targetUserPhone: MEMBER });
    const [admin] = await t.db.select().from(users).where(eq(users.phone, ADMIN));
    const both = and(eq(auditLog.actorId, memberId), eq(auditLog.impersonatorId, admin.id));
    const start = await t.db
      .select()
      .from(auditLog)
      .where(and(both, eq(auditLog.action, 'impersonation.start')));
    expect(start.length).toBeGreaterThan(0);

    const before = (
      await t.db
        .select()
        .from(auditLog)
        .where(and(both, eq(auditLog.action, 'impersonation.write')))
    ).length;
    await t.app.inject({ method: 'GET', url: '/api/user/profile', headers: s.headers }); // a read: not audited
    const patch = await t.app.inject({ method: 'PATCH', url: '/api/user/profile', headers: s.headers, payload: { name: 'Casey Collector' } });
    expect(patch.statusCode).toBe(200);
    await t.app.inject({ method: 'PATCH', url: '/api/user/profile', headers: s.headers, payload: { email: 'bad' } }); // refused: not audited
    const writes = await t.db
      .select()
      .from(auditLog)
      .where(and(both, eq(auditLog.action, 'impersonation.write')));
    expect(writes.length - before).toBe(1);
    expect(writes.at(-1)).toMatchObject({ targetId: 'PATCH /api/user/profile' });

    const ret = await t.app.inject({ method: 'POST', url: '/api/auth/return-to-admin', headers: s.headers });
    expect(ret.statusCode).toBe(200);
    const stop = await t.db
      .select()
      .from(auditLog)
      .where(and(both, eq(auditLog.action, 'impersonation.stop')));
    expect(stop.some((r) => r.data?.reason === 'return_to_admin')).toBe(true);
  });

  it('logout ends an impersonation and is audited as its stop', async () => {
    const s = await signIn(t, ADMIN, { targetUserPhone: MEMBER });
    const before = (await t.db.select().from(auditLog).where(eq(auditLog.action, 'impersonation.stop'))).length;
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: s.headers });
    expect((await me(s.headers)).statusCode).toBe(401);
    expect((await t.db.select().from(auditLog).where(eq(auditLog.action, 'impersonation.stop'))).length).toBe(before + 1);
  });

  it('"Return to admin" ends the impersonated session and restores the admin’s own', async () => {
    const s = await signIn(t, ADMIN, { targetUserPhone: MEMBER });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/return-to-admin', headers: s.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const [admin] = await t.db.select().from(users).where(eq(users.phone, ADMIN));
    expect(body).toEqual({
      status: 'success',
      authToken: expect.any(String),
      user: { id: admin.id, name: 'Avery Admin', phone: ADMIN, isAdmin: true, isManager: false, isImpersonated: false },
      // A return to admin is never a first sign-in.
      firstSignIn: false,
    });
    expect(body.authToken).not.toBe(s.token);
    expect(res.cookies.find((c) => c.name === 'session')?.value).toBe(body.authToken);
    expect((await me(s.headers)).statusCode).toBe(401);
    const back = await me({ 'x-auth-token': body.authToken, 'x-user-id': admin.id });
    expect(back.json()).toMatchObject({ id: admin.id, isAdmin: true, isImpersonated: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: { 'x-auth-token': body.authToken } })).statusCode).toBe(200);
    // The impersonated token cannot be used to return twice.
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/return-to-admin', headers: s.headers })).statusCode).toBe(401);
  });

  it('the restored admin session ends 8 hours after the admin proved their identity', async () => {
    const s = await signIn(t, ADMIN, { targetUserPhone: MEMBER });
    t.clock.advance(25 * 60_000);
    expect((await me(s.headers)).statusCode).toBe(200);
    t.clock.advance(25 * 60_000);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/return-to-admin', headers: s.headers });
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashSessionToken(res.json().authToken)));
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(8 * 3600_000 - 50 * 60_000);
    expect(res.cookies.find((c) => c.name === 'session')?.maxAge).toBe(8 * 3600 - 50 * 60);
  });

  it('return-to-admin is refused outside an impersonation', async () => {
    const s = await signIn(t, ADMIN);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/return-to-admin', headers: s.headers })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/return-to-admin' })).statusCode).toBe(401);
  });

  it('return-to-admin is refused once the admin is no longer an active admin; their impersonations end', async () => {
    const demoted = await createAdmin(t, { name: 'Soon Demoted' });
    const { phone } = demoted;
    const s = await signIn(t, phone, { targetUserPhone: MEMBER });
    const boss = await signIn(t, ADMIN);
    const patch = await t.app.inject({ method: 'PATCH', url: `/api/admin/users/${demoted.id}`, headers: boss.headers, payload: { isAdmin: false } });
    expect(patch.statusCode).toBe(200);
    expect((await me(s.headers)).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/return-to-admin', headers: s.headers });
    expect([401, 403]).toContain(res.statusCode);
    expect(res.json().authToken).toBeUndefined();
    const own = await t.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, demoted.id)));
    expect(own.filter((r) => r.parentSessionId !== null)).toHaveLength(0);
  });

  it('an impersonation also ends when the admin is suspended, even if their sessions were not revoked', async () => {
    const admin2 = await createAdmin(t, { name: null });
    const { phone } = admin2;
    const s = await signIn(t, phone, { targetUserPhone: MEMBER });
    await t.db.update(users).set({ status: 'suspended' }).where(eq(users.id, admin2.id)); // behind the API's back
    expect((await me(s.headers)).statusCode).toBe(401);
  });

  it('impersonation is read-only: a write is refused (403, with why) unless its route declares a support exception', async () => {
    const readOnly = { status: 'error', error: 'Impersonation is read-only: this change must be made by the member' };
    const s = await signIn(t, ADMIN, { targetUserPhone: MEMBER });
    const [admin] = await t.db.select().from(users).where(eq(users.phone, ADMIN));
    const writesBefore = (
      await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.impersonatorId, admin.id), eq(auditLog.action, 'impersonation.write')))
    ).length;
    const card = '6f1c2f0e-8d5b-4c57-9a43-0b1e2d3c4f5a';
    // The writes the finding named: list a card for sale, offer a card on a hunt at a price, post a
    // hunt with a budget, change an estimate (it feeds the loan cap), share a card, message choices;
    // and a route that did not exist when the rule was written, public or not.
    const refused: Array<{ method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; payload?: object }> = [
      { method: 'POST', url: '/api/user/promotion-requests', payload: { cardId: card } },
      { method: 'POST', url: '/api/user/sells', payload: { cardId: card, askingPriceCents: 100_00 } },
      { method: 'POST', url: '/api/hunts', payload: { title: 'A hunt', budgetCents: 5_000_00 } },
      { method: 'POST', url: `/api/hunts/${card}/sources`, payload: { cardId: card, priceCents: 100_00 } },
      { method: 'PUT', url: `/api/cards/${card}/pinned-estimate`, payload: { estimatedValueCents: 9_999_999_00 } },
      { method: 'DELETE', url: `/api/cards/${card}/pinned-estimate` },
      { method: 'PATCH', url: `/api/cards/${card}`, payload: { notes: 'x' } },
      { method: 'POST', url: `/api/cards/${card}/share-links`, payload: {} },
      { method: 'PUT', url: '/api/user/notification-preferences', payload: {} },
      { method: 'POST', url: '/api/user/notifications/read-all' },
      { method: 'POST', url: '/api/test/payment' },
      { method: 'DELETE', url: '/api/test/public-write' },
    ];
    for (const req of refused) {
      const res = await t.app.inject({ ...req, headers: s.headers });
      expect(res.statusCode, `${req.method} ${req.url}`).toBe(403);
      expect(res.json(), `${req.method} ${req.url}`).toEqual(readOnly);
    }
    // Reads still work, and a declared support exception goes through and is audited.
    expect((await t.app.inject({ method: 'GET', url: '/api/user/notification-preferences', headers: s.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'PUT', url: '/api/test/support-write', headers: s.headers })).statusCode).toBe(200);
    const writes = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.impersonatorId, admin.id), eq(auditLog.action, 'impersonation.write')));
    expect(writes.length - writesBefore).toBe(1);
    expect(writes.at(-1)).toMatchObject({ actorId: memberId, targetId: 'PUT /api/test/support-write' });
    // The member themself is not affected.
    const member = await signIn(t, MEMBER);
    expect((await t.app.inject({ method: 'POST', url: '/api/test/payment', headers: member.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/test/public-write' })).statusCode).toBe(200);
  });

  it("the profile exception fixes a name or email typo; the member's message consent cannot be changed by an admin", async () => {
    const s = await signIn(t, ADMIN, { targetUserPhone: MEMBER });
    const before = (await t.app.inject({ method: 'GET', url: '/api/user/profile', headers: s.headers })).json();
    const fix = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/profile',
      headers: s.headers,
      payload: { name: 'Casey Collector', email: 'casey@example.com' },
    });
    expect(fix.statusCode).toBe(200);
    expect(fix.json()).toMatchObject({ name: 'Casey Collector', email: 'casey@example.com' });
    // The settings form sends every field: unchanged choices pass.
    const same = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/profile',
      headers: s.headers,
      payload: { name: 'Casey Collector', marketingOptIn: before.marketingOptIn, smsOptIn: before.smsOptIn },
    });
    expect(same.statusCode).toBe(200);
    for (const payload of [
      { marketingOptIn: !before.marketingOptIn },
      { smsOptIn: !before.smsOptIn },
      { name: 'Casey', smsOptIn: !before.smsOptIn },
    ]) {
      const res = await t.app.inject({ method: 'PATCH', url: '/api/user/profile', headers: s.headers, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(403);
      expect(res.json().error).toBe('Impersonation is read-only: this change must be made by the member');
    }
    const after = (await t.app.inject({ method: 'GET', url: '/api/user/profile', headers: s.headers })).json();
    expect(after).toMatchObject({ name: 'Casey Collector', marketingOptIn: before.marketingOptIn, smsOptIn: before.smsOptIn });
    // The member changes their own choices.
    const member = await signIn(t, MEMBER);
    expect(
      (await t.app.inject({ method: 'PATCH', url: '/api/user/profile', headers: member.headers, payload: { smsOptIn: !before.smsOptIn } }))
        .statusCode,
    ).toBe(200);
  });
});
