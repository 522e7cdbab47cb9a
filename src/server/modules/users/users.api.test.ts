import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '#server/db/schema/users.ts';
import { createManager, createMember, createUser, signedInAdmin, uniquePhone } from '#server/test/factories.ts';
import { createTestApp, signIn, type SignedIn, type TestApp } from '#server/test/harness.ts';

let t: TestApp;
let admin: SignedIn;
let ADMIN: string;
let MANAGER: string;
let MEMBER: string;
let JORDAN: string;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  const a = await signedInAdmin(t, { name: 'Avery Admin', email: 'avery@example.com' });
  admin = a;
  ADMIN = a.phone;
  MANAGER = (await createManager(t, { name: 'Morgan Manager', email: 'morgan@example.com' })).phone;
  MEMBER = (await createMember(t, { name: 'Casey Collector', email: 'casey@example.com' })).phone;
  JORDAN = (await createMember(t, { name: 'Jordan Reyes' })).phone;
});
afterAll(() => t.close());

const profile = (s: SignedIn, method: 'GET' | 'PATCH' = 'GET', payload?: unknown) =>
  t.app.inject({ method, url: '/api/user/profile', headers: s.headers, payload: payload as object });

describe('profile', () => {
  it('GET returns the caller’s own profile; 401 without a session', async () => {
    const s = await signIn(t, MEMBER);
    const res = await profile(s);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: s.userId,
      name: 'Casey Collector',
      phone: MEMBER,
      email: 'casey@example.com',
      marketingOptIn: false,
      smsOptIn: true,
      createdAt: expect.any(String),
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/user/profile' })).statusCode).toBe(401);
  });

  it('PATCH changes name, email and opt-ins; empty strings clear name and email', async () => {
    const s = await signIn(t, JORDAN);
    const res = await profile(s, 'PATCH', { name: '  Jordan R.  ', email: 'jordan@example.com', marketingOptIn: true, smsOptIn: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Jordan R.', email: 'jordan@example.com', marketingOptIn: true, smsOptIn: false });
    const cleared = await profile(s, 'PATCH', { email: '' });
    expect(cleared.json()).toMatchObject({ name: 'Jordan R.', email: null });
    expect((await profile(s)).json()).toMatchObject({ email: null, marketingOptIn: true });
  });

  it('PATCH validates: bad email, long name, wrong types, unknown fields such as phone', async () => {
    const s = await signIn(t, MEMBER);
    const bad = await profile(s, 'PATCH', { email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: 'error', error: 'Invalid email address', fieldErrors: { email: ['Invalid email address'] } });
    expect((await profile(s, 'PATCH', { name: 'x'.repeat(101) })).statusCode).toBe(400);
    expect((await profile(s, 'PATCH', { smsOptIn: 'yes' })).statusCode).toBe(400);
    const phone = await profile(s, 'PATCH', { phone: uniquePhone() });
    expect(phone.statusCode).toBe(400);
    expect((await profile(s)).json().phone).toBe(MEMBER);
  });

  it('a member changes only their own profile', async () => {
    const a = await signIn(t, MEMBER);
    const b = await signIn(t, MANAGER);
    await profile(a, 'PATCH', { name: 'Casey C.' });
    expect((await profile(b)).json().name).toBe('Morgan Manager');
    await profile(a, 'PATCH', { name: 'Casey Collector' });
  });
});

describe('admin user access', () => {
  const list = (query = '', s: SignedIn = admin) => t.app.inject({ method: 'GET', url: `/api/admin/users${query}`, headers: s.headers });
  const patch = (id: string, payload: unknown, s: SignedIn = admin) =>
    t.app.inject({ method: 'PATCH', url: `/api/admin/users/${id}`, headers: s.headers, payload: payload as object });

  it('lists users with roles, status, last login and creation time', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ page: 1, pageSize: 25, total: expect.any(Number) });
    const a = body.users.find((u: { phone: string }) => u.phone === ADMIN);
    expect(a).toEqual({
      id: admin.userId,
      name: 'Avery Admin',
      phone: ADMIN,
      email: 'avery@example.com',
      isAdmin: true,
      isManager: false,
      status: 'active',
      lastLoginAt: expect.any(String),
      createdAt: expect.any(String),
    });
  });

  it('searches by name or phone, in any format', async () => {
    expect((await list('?q=morgan')).json().users.map((u: { phone: string }) => u.phone)).toEqual([MANAGER]);
    expect((await list(`?q=${MEMBER.slice(-4)}`)).json().users.map((u: { phone: string }) => u.phone)).toEqual([MEMBER]);
    expect(
      (await list(`?q=${encodeURIComponent(`(${MANAGER.slice(2, 5)}) ${MANAGER.slice(5, 8)}-${MANAGER.slice(8)}`)}`))
        .json()
        .users.map((u: { phone: string }) => u.phone),
    ).toEqual([MANAGER]);
    expect((await list('?q=%25')).json().users).toEqual([]); // a literal %, not a wildcard
    expect((await list('?q=nobody-here')).json()).toMatchObject({ users: [], total: 0 });
  });

  it('pages 25 at a time', async () => {
    await t.db.insert(users).values(Array.from({ length: 30 }, (_, i) => ({ phone: uniquePhone(), name: `Pager ${i}` })));
    const p1 = (await list('?q=Pager&page=1')).json();
    const p2 = (await list('?q=Pager&page=2')).json();
    expect(p1).toMatchObject({ total: 30, page: 1 });
    expect(p1.users).toHaveLength(25);
    expect(p2.users).toHaveLength(5);
    expect(new Set([...p1.users, ...p2.users].map((u: { id: string }) => u.id)).size).toBe(30);
    expect((await list('?page=0')).statusCode).toBe(400);
  });

  it('grants and removes roles, audited with before and after', async () => {
    const [casey] = await t.db.select().from(users).where(eq(users.phone, MEMBER));
    const res = await patch(casey.id, { isManager: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: casey.id, isManager: true, isAdmin: false });
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, casey.id), eq(auditLog.action, 'user.roles_changed')));
    expect(rows.at(-1)).toMatchObject({ actorId: admin.userId, impersonatorId: null, data: { isManager: { from: false, to: true } } });
    // The member's own session now carries the new role.
    const s = await signIn(t, MEMBER);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: s.headers })).json().isManager).toBe(true);
    await patch(casey.id, { isManager: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: s.headers })).json().isManager).toBe(false);
    // A no-op change writes nothing.
    const count = (await t.db.select().from(auditLog).where(eq(auditLog.targetId, casey.id))).length;
    await patch(casey.id, { isManager: false });
    expect((await t.db.select().from(auditLog).where(eq(auditLog.targetId, casey.id))).length).toBe(count);
  });

  it('suspends and reactivates, audited', async () => {
    const u = await createUser(t, { name: 'To Suspend' });
    expect((await patch(u.id, { status: 'suspended' })).json().status).toBe('suspended');
    expect((await patch(u.id, { status: 'active' })).json().status).toBe('active');
    const actions = (await t.db.select().from(auditLog).where(eq(auditLog.targetId, u.id))).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['user.suspended', 'user.reactivated']));
  });

  it('an admin cannot demote or suspend themselves (409)', async () => {
    const demote = await patch(admin.userId, { isAdmin: false });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().status).toBe('error');
    expect((await patch(admin.userId, { status: 'suspended' })).statusCode).toBe(409);
    const [me] = await t.db.select().from(users).where(eq(users.id, admin.userId));
    expect(me).toMatchObject({ isAdmin: true, status: 'active' });
    // Other changes to oneself are fine.
    expect((await patch(admin.userId, { isManager: true })).statusCode).toBe(200);
  });

  it('validates the request: unknown user 404, bad id 400, empty or unknown fields 400', async () => {
    expect((await patch('00000000-0000-4000-8000-000000000000', { isManager: true })).statusCode).toBe(404);
    expect((await patch('nope', { isManager: true })).statusCode).toBe(400);
    const [casey] = await t.db.select().from(users).where(eq(users.phone, MEMBER));
    expect((await patch(casey.id, {})).statusCode).toBe(400);
    expect((await patch(casey.id, { status: 'deleted' })).statusCode).toBe(400);
    expect((await patch(casey.id, { phone: uniquePhone() })).statusCode).toBe(400);
  });

  it('the audit log is readable by admins', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/audit?userId=${admin.userId}`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().entries.length).toBeGreaterThan(0);
  });
});
