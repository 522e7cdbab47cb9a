/**
 * security: no member can read or change another member's records. Member A tries every way a
 * client could name member B's record (path, query, body, X-User-Id header); B's stored record
 * must not change and no answer may carry B's details. Add a case per new kind of record
 * (loans, invoices, cards, KYC files, onboarding) to `cases`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kycDocuments } from '../../db/schema/onboarding.ts';
import { accessRequests, users } from '../../db/schema/users.ts';
import { multipartBody, tinyPng } from '../../modules/kyc/test-files.ts';
import { signedInMember, uniquePhone } from '../factories.ts';
import { createTestApp, type SignedIn, type TestApp } from '../harness.ts';

interface Member {
  session: SignedIn;
  id: string;
  phone: string;
}

interface OwnershipCase {
  name: string;
  /** Requests A sends that name B's record. */
  attempts(b: Member): InjectOptions[];
  /** B's record as stored, read straight from the database. */
  snapshot(t: TestApp, b: Member): Promise<unknown>;
  /** Strings that identify B's record and must not appear in any answer to A. */
  secrets(t: TestApp, b: Member): Promise<string[]>;
}

const userRow = async (t: TestApp, id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];

const cases: OwnershipCase[] = [
  {
    name: 'profile (user record)',
    attempts: (b) => [
      { method: 'GET', url: '/api/user/profile', headers: { 'x-user-id': b.id } },
      { method: 'GET', url: `/api/user/profile?userId=${b.id}&id=${b.id}` },
      { method: 'PATCH', url: '/api/user/profile', headers: { 'x-user-id': b.id }, payload: { name: 'Taken over' } },
      { method: 'PATCH', url: '/api/user/profile', payload: { id: b.id, userId: b.id, name: 'Taken over' } },
      { method: 'PATCH', url: `/api/user/profile?userId=${b.id}`, payload: { name: 'Taken over', email: 'x@example.com' } },
      { method: 'GET', url: `/api/admin/users?q=${encodeURIComponent(b.phone)}` },
      { method: 'PATCH', url: `/api/admin/users/${b.id}`, payload: { status: 'suspended' } },
      { method: 'PATCH', url: `/api/admin/users/${b.id}`, payload: { isAdmin: true } },
      { method: 'GET', url: `/api/admin/audit?userId=${b.id}` },
    ],
    snapshot: (t, b) => userRow(t, b.id),
    secrets: async (t, b) => {
      const row = await userRow(t, b.id);
      return [b.id, b.phone, row.name, row.email].filter((s): s is string => Boolean(s));
    },
  },
  {
    name: 'access request',
    attempts: (b) => [
      { method: 'GET', url: `/api/admin/access-requests?q=${encodeURIComponent(b.phone)}` },
      { method: 'GET', url: '/api/admin/access-requests/recent' },
      { method: 'PATCH', url: `/api/admin/access-requests/${requestIdOfB}`, payload: { status: 'rejected', notify: false } },
      { method: 'GET', url: `/api/admin/sms/threads/${encodeURIComponent(b.phone)}` },
    ],
    snapshot: async (t) => (await t.db.select().from(accessRequests).where(eq(accessRequests.id, requestIdOfB)))[0],
    secrets: async () => [requestIdOfB, 'b_instagram_handle'],
  },
  {
    name: 'KYC document',
    attempts: (b) => [
      { method: 'GET', url: `/api/kyc/documents/${kycDocOfB}/file` },
      { method: 'GET', url: '/api/user/kyc/documents', headers: { 'x-user-id': b.id } },
      { method: 'GET', url: `/api/user/kyc/documents?userId=${b.id}` },
      { method: 'GET', url: `/api/user/kyc/status?userId=${b.id}` },
      { method: 'GET', url: `/api/admin/kyc/documents?userId=${b.id}` },
      { method: 'PATCH', url: `/api/admin/kyc/documents/${kycDocOfB}`, payload: { status: 'approved' } },
      { method: 'PATCH', url: `/api/admin/kyc/documents/${kycDocOfB}`, payload: { status: 'rejected', reason: 'x' } },
    ],
    snapshot: async (t) => (await t.db.select().from(kycDocuments).where(eq(kycDocuments.id, kycDocOfB)))[0],
    secrets: async (t) => {
      const [row] = await t.db.select().from(kycDocuments).where(eq(kycDocuments.id, kycDocOfB));
      // IHDR: the header chunk of B's PNG, i.e. the file itself.
      return [kycDocOfB, row.storageKey, 'IHDR'];
    },
  },
];

let t: TestApp;
let dataDir: string;
let kycDocOfB: string;
let a: Member;
let b: Member;
let requestIdOfB: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'ownership-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir }, seedDemo: false });
  const sa = await signedInMember(t, { name: 'Member A', email: 'a@example.com' });
  const sb = await signedInMember(t, { name: 'Member B', email: 'b@example.com' });
  const { payload, headers } = multipartBody({ type: 'id_front' }, { filename: 'id.png', contentType: 'image/png', data: tinyPng() });
  const uploaded = await t.app.inject({ method: 'POST', url: '/api/user/kyc/documents', payload, headers: { ...sb.headers, ...headers } });
  if (uploaded.statusCode !== 201) throw new Error(`B's KYC upload answered ${uploaded.statusCode}: ${uploaded.body}`);
  kycDocOfB = uploaded.json().document.id;
  a = { session: sa, id: sa.userId, phone: sa.phone };
  b = { session: sb, id: sb.userId, phone: sb.phone };
  const [row] = await t.db
    .insert(accessRequests)
    .values({ phone: uniquePhone(), instagram: 'b_instagram_handle', termsAccepted: true, privacyAccepted: true })
    .returning({ id: accessRequests.id });
  requestIdOfB = row.id;
});
afterAll(async () => {
  await t?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('security: no member can read or change another member’s records', () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const before = await c.snapshot(t, b);
    const secrets = await c.secrets(t, b);
    expect(before, 'the record under test exists').toBeTruthy();
    const leaks: string[] = [];
    for (const attempt of c.attempts(b)) {
      const res = await t.app.inject({ ...attempt, headers: { ...a.session.headers, ...(attempt.headers as Record<string, string>) } });
      const label = `${attempt.method} ${attempt.url} → ${res.statusCode}`;
      expect(res.statusCode, label).toBeLessThan(500);
      for (const s of secrets) if (res.body.includes(s)) leaks.push(`${label} carries ${s}`);
    }
    expect(leaks).toEqual([]);
    expect(await c.snapshot(t, b)).toEqual(before);
    // A is still A: the session was never switched to B.
    const me = await t.app.inject({ method: 'GET', url: '/api/user/profile', headers: a.session.headers });
    expect(me.json().id).toBe(a.id);
  });

  it('each member reads their own profile only, from their own session', async () => {
    for (const m of [a, b]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/user/profile', headers: m.session.headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: m.id, phone: m.phone });
    }
  });
});
