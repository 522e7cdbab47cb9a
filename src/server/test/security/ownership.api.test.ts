/**
 * security: no member can read or change another member's records. Member A tries every way a
 * client could name member B's record (path, query, body, X-User-Id header); B's stored record
 * must not change and no answer may carry B's details. Add a case per new kind of record
 * (loans, invoices, cards, share links, hunts, KYC files, onboarding, certificate claims) to `cases`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kycDocuments } from '#server/db/schema/onboarding.ts';
import { cardEvents, cards } from '#server/db/schema/cards.ts';
import { certClaims } from '#server/db/schema/cert-claims.ts';
import { shareLinks } from '#server/db/schema/share-links.ts';
import { invoices, payments } from '#server/db/schema/money.ts';
import { hunts, sources } from '#server/db/schema/hunts.ts';
import { accessRequests, users } from '#server/db/schema/users.ts';
import { notificationPreferences, notifications } from '#server/db/schema/notifications.ts';
import { inTransaction } from '#server/lib/transition.ts';
import { notify } from '#server/modules/notifications/index.ts';
import { multipartBody, tinyPng } from '#server/test/files.ts';
import { createCard, createHunt, createInvoice, createMember, createSource, signedInMember, uniquePhone } from '#server/test/factories.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/harness.ts';

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
  {
    name: 'card (registry, photos, provenance)',
    attempts: () => {
      const photo = multipartBody({ side: 'front' }, { filename: 'f.png', contentType: 'image/png', data: tinyPng(120, 80, 40) });
      return [
        { method: 'GET', url: `/api/cards/${cardOfB}` },
        { method: 'PATCH', url: `/api/cards/${cardOfB}`, payload: { estimatedValueCents: 1 } },
        { method: 'PUT', url: `/api/cards/${cardOfB}/pinned-estimate`, payload: { estimatedValueCents: 1 } },
        { method: 'DELETE', url: `/api/cards/${cardOfB}/pinned-estimate` },
        { method: 'DELETE', url: `/api/cards/${cardOfB}` },
        { method: 'GET', url: `/api/cards/${cardOfB}/images/front?size=full` },
        { method: 'GET', url: `/api/cards/${cardOfB}/images/front?size=thumb` },
        { method: 'POST', url: `/api/cards/${cardOfB}/images`, payload: photo.payload, headers: photo.headers },
        { method: 'PATCH', url: `/api/admin/cards/${cardOfB}/custody`, payload: { custody: 'in_vault' } },
        { method: 'GET', url: `/api/admin/cards?q=B%20Secret%20Player` },
        { method: 'GET', url: '/api/admin/users-with-cards' },
        { method: 'GET', url: `/api/registry?userId=${cardOwnerB}`, headers: { 'x-user-id': cardOwnerB } },
        { method: 'GET', url: `/api/cards?ownerId=${cardOwnerB}` },
        {
          method: 'POST',
          url: '/api/cards',
          payload: { ownerId: cardOwnerB, grader: 'raw', year: 2000, brand: 'Topps', subject: 'X', sport: 'baseball', estimatedValueCents: 1 },
        },
      ];
    },
    snapshot: async (t) => ({
      card: (await t.db.select().from(cards).where(eq(cards.id, cardOfB)))[0],
      events: await t.db.select().from(cardEvents).where(eq(cardEvents.cardId, cardOfB)),
      cardsOfB: (await t.db.select({ id: cards.id }).from(cards).where(eq(cards.ownerId, cardOwnerB))).length,
    }),
    secrets: async (t) => {
      const [row] = await t.db.select().from(cards).where(eq(cards.id, cardOfB));
      return [cardOfB, row.certNumber!, 'B Secret Player', row.frontFullKey!];
    },
  },
  {
    name: 'share link (card links, views)',
    attempts: () => [
      { method: 'GET', url: `/api/cards/${cardOfB}/share-links` },
      { method: 'POST', url: `/api/cards/${cardOfB}/share-links`, payload: { label: 'Taken over' } },
      { method: 'DELETE', url: `/api/share-links/${shareLinkOfB.id}` },
      { method: 'GET', url: `/api/cards/${cardOfB}/share-links?ownerId=${cardOwnerB}`, headers: { 'x-user-id': cardOwnerB } },
      { method: 'GET', url: '/api/admin/share-analytics' },
    ],
    snapshot: async (t) => ({
      links: await t.db.select().from(shareLinks).where(eq(shareLinks.cardId, cardOfB)),
    }),
    secrets: async () => [shareLinkOfB.token, shareLinkOfB.id, 'B private label'],
  },
  {
    name: 'invoice (checkout, PDF, payment session)',
    attempts: (b) => [
      { method: 'GET', url: `/api/user/invoices/${invoiceOfB}` },
      { method: 'GET', url: `/api/user/invoices/${invoiceOfB}/pdf` },
      { method: 'GET', url: `/api/user/invoices?userId=${b.id}`, headers: { 'x-user-id': b.id } },
      { method: 'POST', url: '/api/checkout', payload: { invoiceId: invoiceOfB } },
      { method: 'GET', url: `/api/checkout/session/${sessionOfB}` },
      { method: 'POST', url: `/api/payment-test/${sessionOfB}/complete` },
      { method: 'POST', url: `/api/payment-test/${sessionOfB}/decline` },
      { method: 'GET', url: `/api/admin/invoices/${invoiceOfB}` },
      { method: 'PATCH', url: `/api/admin/invoices/${invoiceOfB}`, payload: { status: 'void', voidReason: 'x' } },
      { method: 'GET', url: `/api/admin/invoices?userId=${b.id}` },
      { method: 'GET', url: `/api/user/subscription?userId=${b.id}`, headers: { 'x-user-id': b.id } },
      { method: 'POST', url: '/api/user/subscription/cancel', headers: { 'x-user-id': b.id }, payload: { userId: b.id } },
    ],
    snapshot: async (t) => ({
      invoice: (await t.db.select().from(invoices).where(eq(invoices.id, invoiceOfB)))[0],
      payments: await t.db.select().from(payments).where(eq(payments.invoiceId, invoiceOfB)),
    }),
    secrets: async (t) => {
      const [row] = await t.db.select().from(invoices).where(eq(invoices.id, invoiceOfB));
      return [invoiceOfB, row.number, sessionOfB, 'B secret invoice line'];
    },
  },
  {
    name: 'hunt and offer (sourcing)',
    attempts: (b) => [
      { method: 'GET', url: '/api/user/hunts', headers: { 'x-user-id': b.id } },
      { method: 'GET', url: `/api/user/hunts?userId=${b.id}&requesterId=${b.id}` },
      { method: 'GET', url: `/api/hunts/active?userId=${b.id}&status=pending` },
      { method: 'PATCH', url: `/api/hunts/${huntOfB}`, payload: { maxBudgetCents: 1 } },
      { method: 'POST', url: `/api/hunts/${huntOfB}/close`, payload: {} },
      { method: 'POST', url: `/api/hunts/${huntOfB}/sources`, payload: { description: 'x', askingPriceCents: 1 } },
      { method: 'PATCH', url: `/api/admin/hunts/${huntOfB}`, payload: { action: 'approve', note: null } },
      { method: 'GET', url: '/api/admin/hunts?status=pending' },
      { method: 'POST', url: '/api/hunts', payload: { requesterId: b.id, sport: 'baseball', player: 'X', maxBudgetCents: 1 } },
      { method: 'GET', url: '/api/user/sources', headers: { 'x-user-id': b.id } },
      { method: 'GET', url: `/api/sources/active?userId=${b.id}` },
      { method: 'POST', url: `/api/sources/${sourceOfB}/withdraw` },
      { method: 'PATCH', url: `/api/admin/sources/${sourceOfB}`, payload: { status: 'active', note: null } },
      { method: 'GET', url: '/api/admin/sources' },
    ],
    snapshot: async (t, b) => ({
      hunt: (await t.db.select().from(hunts).where(eq(hunts.id, huntOfB)))[0],
      source: (await t.db.select().from(sources).where(eq(sources.id, sourceOfB)))[0],
      huntsOfB: (await t.db.select({ id: hunts.id }).from(hunts).where(eq(hunts.requesterId, b.id))).length,
    }),
    secrets: async () => [huntOfB, sourceOfB, 'B Secret Hunt', 'B Secret Offer'],
  },
  {
    name: 'certificate claim (photos, withdrawal, decision)',
    attempts: (b) => [
      { method: 'GET', url: `/api/cert-claims/${claimOfB}` },
      { method: 'GET', url: `/api/cert-claims/${claimOfB}/photos/front` },
      { method: 'GET', url: `/api/cert-claims/${claimOfB}/photos/back?inline=1` },
      { method: 'GET', url: `/api/cert-claims?userId=${b.id}&claimantId=${b.id}`, headers: { 'x-user-id': b.id } },
      { method: 'POST', url: `/api/cert-claims/${claimOfB}/withdraw` },
      { method: 'GET', url: '/api/admin/cert-claims?status=open' },
      { method: 'PATCH', url: `/api/admin/cert-claims/${claimOfB}`, payload: { decision: 'approved' } },
      { method: 'PATCH', url: `/api/admin/cert-claims/${claimOfB}`, payload: { decision: 'rejected', note: 'x' } },
    ],
    snapshot: async (t) => ({
      claim: (await t.db.select().from(certClaims).where(eq(certClaims.id, claimOfB)))[0],
      card: (await t.db.select({ ownerId: cards.ownerId }).from(cards).where(eq(cards.id, claimedCard)))[0],
    }),
    secrets: async (t) => {
      const [row] = await t.db.select().from(certClaims).where(eq(certClaims.id, claimOfB));
      return [claimOfB, row.frontKey, 'B secret claim note', 'IHDR'];
    },
  },
  {
    name: 'notification (bell, read state, SMS choices)',
    attempts: (b) => [
      { method: 'GET', url: `/api/user/notifications?userId=${b.id}` },
      { method: 'GET', url: '/api/user/notifications', headers: { 'x-user-id': b.id } },
      { method: 'POST', url: `/api/user/notifications/${notificationOfB}/read` },
      { method: 'POST', url: `/api/user/notifications/${notificationOfB}/read`, headers: { 'x-user-id': b.id } },
      { method: 'POST', url: '/api/user/notifications/read-all', payload: { userId: b.id } },
      { method: 'GET', url: `/api/user/notification-preferences?userId=${b.id}` },
      { method: 'PUT', url: '/api/user/notification-preferences', headers: { 'x-user-id': b.id }, payload: { sms: { invoice_sent: false } } },
      { method: 'PUT', url: `/api/user/notification-preferences?userId=${b.id}`, payload: { userId: b.id, sms: { invoice_sent: false } } },
    ],
    snapshot: async (t, b) => ({
      rows: await t.db.select().from(notifications).where(eq(notifications.userId, b.id)),
      prefs: await t.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, b.id)),
    }),
    secrets: async () => [notificationOfB, 'B secret notification'],
  },
];

let t: TestApp;
let shareLinkOfB: { id: string; token: string };
let invoiceOfB: string;
let notificationOfB: string;
let sessionOfB: string;
let huntOfB: string;
let sourceOfB: string;
let cardOfB: string;
let cardOwnerB: string;
let dataDir: string;
let kycDocOfB: string;
let a: Member;
let b: Member;
let requestIdOfB: string;
let claimOfB: string;
let claimedCard: string;

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
  cardOwnerB = sb.userId;
  const card = await createCard(t, { id: sb.userId }, { subject: 'B Secret Player' });
  cardOfB = card.id;
  huntOfB = (await createHunt(t, { id: sb.userId }, { player: 'B Secret Hunt' })).id;
  const third = await createMember(t);
  const open = await createHunt(t, third, { status: 'active' });
  sourceOfB = (await createSource(t, open, { id: sb.userId }, { description: 'B Secret Offer' })).id;
  // B claims a third member's certificate, with both photos.
  const claimed = await createCard(t, third);
  claimedCard = claimed.id;
  const boundary = '----ownershipclaim';
  const part = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const file = (name: string) => [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.png"\r\nContent-Type: image/png\r\n\r\n`),
    tinyPng(),
    Buffer.from('\r\n'),
  ];
  const claimPayload = Buffer.concat([
    Buffer.from(part('grader', 'PSA') + part('certNumber', claimed.certNumber!) + part('message', 'B secret claim note')),
    ...file('front'),
    ...file('back'),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  const claim = await t.app.inject({
    method: 'POST',
    url: '/api/cert-claims',
    payload: claimPayload,
    headers: { ...sb.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  if (claim.statusCode !== 201) throw new Error(`B's certificate claim answered ${claim.statusCode}: ${claim.body}`);
  claimOfB = claim.json().claim.id;
  const photo = multipartBody({ side: 'front' }, { filename: 'f.png', contentType: 'image/png', data: tinyPng() });
  const up = await t.app.inject({
    method: 'POST',
    url: `/api/cards/${cardOfB}/images`,
    payload: photo.payload,
    headers: { ...sb.headers, ...photo.headers },
  });
  if (up.statusCode !== 201) throw new Error(`B's card photo answered ${up.statusCode}: ${up.body}`);
  const shared = await t.app.inject({
    method: 'POST',
    url: `/api/cards/${cardOfB}/share-links`,
    payload: { label: 'B private label' },
    headers: sb.headers,
  });
  if (shared.statusCode !== 201) throw new Error(`B's share link answered ${shared.statusCode}: ${shared.body}`);
  shareLinkOfB = shared.json();
  const invoice = await createInvoice(
    t,
    { id: sb.userId },
    { lines: [{ type: 'fixed', label: 'B secret invoice line', amountCents: 9_900, basisPoints: null, baseCents: null }] },
  );
  invoiceOfB = invoice.id;
  const checkout = await t.app.inject({ method: 'POST', url: '/api/checkout', payload: { invoiceId: invoiceOfB }, headers: sb.headers });
  if (checkout.statusCode !== 200) throw new Error(`B's checkout answered ${checkout.statusCode}: ${checkout.body}`);
  sessionOfB = new URL(checkout.json().url, 'http://x').searchParams.get('session')!;
  await inTransaction(t.app.ctx, (uow) =>
    notify(uow, {
      kind: 'invoice_paid',
      title: 'Invoice paid',
      message: 'B secret notification',
      user: { id: sb.userId, link: '/dashboard' },
      now: t.clock.now(),
    }),
  );
  [{ id: notificationOfB }] = await t.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.message, 'B secret notification'));
  await t.db.insert(notificationPreferences).values({ userId: sb.userId, kind: 'invoice_sent', sms: true });
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
