import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema/users.ts';
import { createTestApp, signIn, type TestApp } from '#server/test/harness.ts';
import { createMember, signedInAdmin, signedInMember, type SignedInUser } from '#server/test/factories.ts';
import type { AuditEntry } from '#common/audit.ts';

let t: TestApp;
let admin: SignedInUser;
let memberId: string;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  admin = await signedInAdmin(t);
  const member = await createMember(t, { name: 'Audited Member' });
  memberId = member.id;
  await t.db.insert(auditLog).values([
    {
      actorId: admin.userId,
      action: 'user.suspended',
      targetType: 'user',
      targetId: member.id,
      data: { reason: 'test' },
      createdAt: new Date('2026-03-10T12:00:00Z'),
    },
    { actorId: admin.userId, action: 'user.roles_changed', targetType: 'user', targetId: member.id, createdAt: new Date('2026-03-12T08:00:00Z') },
    {
      actorId: member.id,
      impersonatorId: admin.userId,
      action: 'card.updated',
      targetType: 'card',
      targetId: 'c-1',
      createdAt: new Date('2026-03-12T23:30:00Z'),
    },
    { actorId: member.id, action: 'auth.sign_in', targetType: 'user', targetId: member.id, createdAt: new Date('2026-03-13T09:00:00Z') },
  ]);
});
afterAll(() => t.close());

const list = async (qs: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/audit?${qs}`, headers: admin.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { entries: AuditEntry[]; total: number; pageSize: number };
};
const actions = (r: { entries: AuditEntry[] }) => r.entries.map((e) => e.action);

describe('audit log', () => {
  it('is for admins only', async () => {
    const member = await signedInMember(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: member.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit/facets', headers: member.headers })).statusCode).toBe(403);
  });

  it('filters by date (UTC days, inclusive), newest first, naming actor and impersonator', async () => {
    const r = await list('from=2026-03-12&to=2026-03-12');
    expect(actions(r)).toEqual(['card.updated', 'user.roles_changed']);
    expect(r.entries[0]).toMatchObject({ actor: { id: memberId, name: 'Audited Member' }, impersonator: { id: admin.userId } });
  });

  it('filters by actor (including as impersonator), target, action and action family', async () => {
    expect(actions(await list(`actorId=${admin.userId}&from=2026-03-01&to=2026-03-31`))).toEqual([
      'card.updated',
      'user.roles_changed',
      'user.suspended',
    ]);
    expect(actions(await list('targetType=card&targetId=c-1'))).toEqual(['card.updated']);
    expect(actions(await list(`targetType=user&targetId=${memberId}&action=user.`))).toEqual(['user.roles_changed', 'user.suspended']);
    expect(actions(await list('action=user.suspended'))).toEqual(['user.suspended']);
    // "%" is literal, not a wildcard.
    expect((await list('action=%25.')).total).toBe(0);
  });

  it('narrows to staff and impersonated actions', async () => {
    const imp = await list('scope=impersonated&from=2026-03-01&to=2026-03-31');
    expect(actions(imp)).toEqual(['card.updated']);
    const staff = await list('scope=staff&from=2026-03-01&to=2026-03-31');
    expect(actions(staff)).toEqual(['card.updated', 'user.roles_changed', 'user.suspended']);
  });

  it('pages, and refuses bad filters with field errors', async () => {
    const r = await list('pageSize=1&from=2026-03-01&to=2026-03-31');
    expect(r).toMatchObject({ total: 4, pageSize: 1 });
    expect(r.entries).toHaveLength(1);
    for (const [qs, field] of [
      ['from=March', 'from'],
      ['from=2026-03-12&to=2026-03-01', 'to'],
      ['actorId=nope', 'actorId'],
      ['scope=everyone', 'scope'],
      ['pageSize=501', 'pageSize'],
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/audit?${qs}`, headers: admin.headers });
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().fieldErrors, qs).toHaveProperty(field);
    }
  });

  it('lists the actions and target kinds on record', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/audit/facets', headers: admin.headers });
    expect(res.json().actions).toEqual(expect.arrayContaining(['user.suspended', 'card.updated', 'auth.sign_in']));
    expect(res.json().targetTypes).toEqual(expect.arrayContaining(['user', 'card']));
  });

  it('records impersonated sign-ins with the impersonator', async () => {
    const member = await createMember(t);
    await signIn(t, admin.phone, { targetUserPhone: member.phone });
    const r = await list(`userId=${member.id}&scope=impersonated`);
    expect(r.entries.length).toBeGreaterThan(0);
    expect(r.entries.every((e) => e.impersonatorId === admin.userId || e.actorId === admin.userId)).toBe(true);
  });
});
