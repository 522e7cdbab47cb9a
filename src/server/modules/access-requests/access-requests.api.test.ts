import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accessRequestMessages as m, approvalSmsBody, LATER_SUBMISSIONS_KEPT, REJECTION_SMS_BODY } from '#common/access-request.ts';
import { smsMessages } from '#server/db/schema/sms.ts';
import { accessRequests, auditLog, users } from '#server/db/schema/users.ts';
import { createTestApp, requestCode, signIn, type SignedIn, type TestApp } from '#server/test/harness.ts';
import { ACCESS_REQUEST_RECEIVED, ACCESS_REQUESTS_PER_IP_PER_HOUR } from './access-requests.routes.ts';

const ADMIN = '+12125550101';
const MEMBER = '+12125550103';

let t: TestApp;
let admin: SignedIn;
let member: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, ADMIN);
  member = await signIn(t, MEMBER);
});
afterAll(() => t.close());

let seq = 100;
let ipSeq = 0;
const freshPhone = () => `+1415555${String(++seq).padStart(4, '0')}`;
const freshIp = () => `10.9.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
const national = (e164: string) => `(${e164.slice(2, 5)}) ${e164.slice(5, 8)}-${e164.slice(8)}`;

const valid = (phone: string) => ({
  phone: national(phone),
  instagram: '@slab.collector',
  referral: '',
  termsAccepted: true,
  privacyAccepted: true,
  marketingOptIn: true,
  smsOptIn: false,
});

const submit = (payload: unknown, ip = freshIp()) =>
  t.app.inject({ method: 'POST', url: '/api/request-access', payload: payload as object, remoteAddress: ip });

// Keep the session alive (idle timeout) while the fake clock moves.
beforeEach(async () => {
  admin = await signIn(t, ADMIN);
});

const asAdmin = (method: 'GET' | 'PATCH', url: string, payload?: object) => t.app.inject({ method, url, payload, headers: admin.headers });

async function createRequest(overrides: Record<string, unknown> = {}) {
  const phone = freshPhone();
  const res = await submit({ ...valid(phone), ...overrides });
  expect(res.statusCode).toBe(200);
  const [row] = await t.db.select().from(accessRequests).where(eq(accessRequests.phone, phone));
  return row;
}

describe('POST /api/request-access', () => {
  it('stores a pending request with the phone in E.164 and answers neutrally', async () => {
    const phone = freshPhone();
    const res = await submit(valid(phone));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: ACCESS_REQUEST_RECEIVED });
    const rows = await t.db.select().from(accessRequests).where(eq(accessRequests.phone, phone));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      phone,
      instagram: 'slab.collector',
      referral: null,
      termsAccepted: true,
      privacyAccepted: true,
      marketingOptIn: true,
      smsOptIn: false,
      status: 'pending',
      reviewerId: null,
    });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.targetId, rows[0].id));
    expect(entry).toMatchObject({ action: 'access_request.submitted', actorId: null, targetType: 'access_request' });
  });

  it.each([
    ['a short phone', { phone: '415555' }, 'phone', m.phoneMin],
    ['no phone', { phone: '' }, 'phone', 'Phone number must be at least 10 digits'],
    ['a phone that is not a number', { phone: 'abcdefghijk' }, 'phone', 'Please enter a valid phone number'],
    ['terms not accepted', { termsAccepted: false }, 'termsAccepted', 'You must accept the Terms of Use to continue'],
    ['privacy not accepted', { privacyAccepted: false }, 'privacyAccepted', 'You must accept the Privacy and Cookie Policy to continue'],
    ['neither Instagram nor referral', { instagram: '', referral: '' }, 'instagram', 'Either Instagram username or Referral is required'],
    ['a bad Instagram username', { instagram: 'no spaces!' }, 'instagram', m.instagramFormat],
    ['a very long referral', { referral: 'x'.repeat(201) }, 'referral', m.referralMax],
  ])('refuses %s with a 400 and the field message', async (_label, patch, field, message) => {
    const res = await submit({ ...valid(freshPhone()), ...patch });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.status).toBe('error');
    expect(body.fieldErrors[field]).toEqual([message]);
  });

  it('accepts Instagram alone or a referral alone, with the other field null, empty or absent (what the form sends)', async () => {
    for (const empty of [null, '', undefined]) {
      const a = await createRequest({ instagram: 'solo.ig', referral: empty });
      expect([a.instagram, a.referral]).toEqual(['solo.ig', null]);
      const b = await createRequest({ instagram: empty, referral: 'Met at the Chicago show' });
      expect([b.instagram, b.referral]).toEqual([null, 'Met at the Chicago show']);
    }
    const queue = await asAdmin('GET', '/api/admin/access-requests?q=Chicago%20show');
    expect(queue.json().requests.length).toBeGreaterThanOrEqual(3);
  });

  it('reports every field problem in one answer', async () => {
    const res = await submit({ phone: '', instagram: '', referral: '', termsAccepted: false, privacyAccepted: false });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      phone: [m.phoneMin],
      instagram: [m.instagramOrReferral],
      termsAccepted: [m.terms],
      privacyAccepted: [m.privacy],
    });
  });

  it.each([
    ['malformed JSON', '{"phone":'],
    ['a JSON array', '[1,2]'],
    ['null', 'null'],
    ['wrong types', JSON.stringify({ phone: 5, instagram: {}, termsAccepted: 'yes', privacyAccepted: 1 })],
  ])('answers %s with a 400, never a 500', async (_label, raw) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/request-access',
      headers: { 'content-type': 'application/json' },
      payload: raw,
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toMatch(/at .*\.ts|SyntaxError|select |insert /i);
  });

  it('a repeat of a pending request keeps the first one’s fields and records the later one beside it for the admin', async () => {
    const phone = freshPhone();
    await submit(valid(phone));
    t.clock.advance(60_000);
    const res = await submit({ ...valid(phone), phone, instagram: '', referral: 'Met at the National', smsOptIn: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: ACCESS_REQUEST_RECEIVED });
    const rows = await t.db.select().from(accessRequests).where(eq(accessRequests.phone, phone));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      instagram: 'slab.collector',
      referral: null,
      smsOptIn: false,
      marketingOptIn: true,
      status: 'pending',
      laterCount: 1,
    });
    expect(rows[0].laterSubmissions).toEqual([
      { at: t.clock.now().toISOString(), instagram: null, referral: 'Met at the National', marketingOptIn: true, smsOptIn: true },
    ]);
    const actions = await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetId, rows[0].id));
    expect(actions.map((a) => a.action).sort()).toEqual(['access_request.repeated', 'access_request.submitted']);

    const listed = (await asAdmin('GET', `/api/admin/access-requests?q=${encodeURIComponent(phone)}`)).json().requests[0];
    expect(listed).toMatchObject({ instagram: 'slab.collector', referral: null, laterCount: 1 });
    expect(listed.laterSubmissions).toHaveLength(1);
    expect(listed.laterSubmissions[0]).toMatchObject({ referral: 'Met at the National', smsOptIn: true });
  });

  it(`keeps only the last ${LATER_SUBMISSIONS_KEPT} later submissions, and counts them all`, async () => {
    const phone = freshPhone();
    await submit(valid(phone));
    for (let i = 1; i <= LATER_SUBMISSIONS_KEPT + 3; i++) {
      t.clock.advance(1000);
      await submit({ ...valid(phone), referral: `Friend ${i}` });
    }
    const [row] = await t.db.select().from(accessRequests).where(eq(accessRequests.phone, phone));
    expect(row.instagram).toBe('slab.collector');
    expect(row.referral).toBeNull();
    expect(row.laterCount).toBe(LATER_SUBMISSIONS_KEPT + 3);
    expect(row.laterSubmissions.map((s) => s.referral)).toEqual(Array.from({ length: LATER_SUBMISSIONS_KEPT }, (_, i) => `Friend ${i + 4}`));
  });

  it('concurrent requests from one phone still leave one pending request', async () => {
    const phone = freshPhone();
    const results = await Promise.all(Array.from({ length: 5 }, () => submit(valid(phone))));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await t.db.select().from(accessRequests).where(eq(accessRequests.phone, phone))).toHaveLength(1);
  });

  it('a member, or an already approved phone, gets the same answer and nothing is stored', async () => {
    const before = await t.db.select().from(accessRequests).where(eq(accessRequests.phone, MEMBER));
    const res = await submit(valid(MEMBER));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: ACCESS_REQUEST_RECEIVED });
    expect(await t.db.select().from(accessRequests).where(eq(accessRequests.phone, MEMBER))).toEqual(before);

    const approved = await createRequest();
    await t.db.update(accessRequests).set({ status: 'approved' }).where(eq(accessRequests.id, approved.id));
    const again = await submit(valid(approved.phone));
    expect(again.json()).toEqual({ status: 'success', message: ACCESS_REQUEST_RECEIVED });
    expect(await t.db.select().from(accessRequests).where(eq(accessRequests.phone, approved.phone))).toHaveLength(1);
  });

  it('a rejected phone may ask again: a new pending request', async () => {
    const rejected = await createRequest();
    await t.db.update(accessRequests).set({ status: 'rejected' }).where(eq(accessRequests.id, rejected.id));
    await submit(valid(rejected.phone));
    const rows = await t.db.select({ status: accessRequests.status }).from(accessRequests).where(eq(accessRequests.phone, rejected.phone));
    expect(rows.map((r) => r.status).sort()).toEqual(['pending', 'rejected']);
  });

  it(`is limited to ${ACCESS_REQUESTS_PER_IP_PER_HOUR} per client IP per hour: 429 with Retry-After`, async () => {
    const ip = freshIp();
    for (let i = 0; i < ACCESS_REQUESTS_PER_IP_PER_HOUR; i++) expect((await submit(valid(freshPhone()), ip)).statusCode).toBe(200);
    const limited = await submit(valid(freshPhone()), ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await submit(valid(freshPhone()), freshIp())).statusCode).toBe(200);
    t.clock.advance(60 * 60_000);
    expect((await submit(valid(freshPhone()), ip)).statusCode).toBe(200);
  });
});

describe('admin routes are for admins only', () => {
  const routes: Array<{ method: 'GET' | 'PATCH' | 'POST'; url: string; payload?: object }> = [
    { method: 'GET', url: '/api/admin/access-requests' },
    { method: 'GET', url: '/api/admin/access-requests/recent' },
    { method: 'PATCH', url: '/api/admin/access-requests/00000000-0000-4000-8000-000000000000', payload: { status: 'approved' } },
    { method: 'GET', url: '/api/admin/dashboard' },
    { method: 'GET', url: '/api/admin/sms/threads' },
    { method: 'GET', url: '/api/admin/sms/threads/%2B12125550103' },
    { method: 'POST', url: '/api/admin/sms/threads/%2B12125550103', payload: { body: 'hello' } },
  ];

  it.each(routes)('$method $url: 401 anonymous, 403 member', async ({ method, url, payload }) => {
    member = await signIn(t, MEMBER);
    const anon = await t.app.inject({ method, url, payload });
    expect(anon.statusCode).toBe(401);
    const asMember = await t.app.inject({ method, url, payload, headers: member.headers });
    expect(asMember.statusCode).toBe(403);
  });

  it('nothing was changed or sent by the refused calls', async () => {
    // The demo seed has manual messages of its own, to requesters; none to the phone the refused POST named.
    const manual = await t.db
      .select()
      .from(smsMessages)
      .where(and(eq(smsMessages.purpose, 'manual'), eq(smsMessages.phone, '+12125550103')));
    expect(manual).toHaveLength(0);
    expect(t.sms.messagesTo('+12125550103').filter((m) => m.body === 'hello')).toHaveLength(0);
  });
});

describe('GET /api/admin/access-requests', () => {
  it('lists newest first, filters by status and searches phone, Instagram and referral', async () => {
    t.clock.advance(1000);
    const a = await createRequest({ instagram: 'grail_hunter_77', referral: '' });
    t.clock.advance(1000);
    const b = await createRequest({ instagram: '', referral: 'Introduced by Dana Whitfield' });
    t.clock.advance(1000);
    const c = await createRequest({ instagram: 'vintage.wax' });
    await t.db.update(accessRequests).set({ status: 'rejected' }).where(eq(accessRequests.id, c.id));

    const all = await asAdmin('GET', '/api/admin/access-requests');
    expect(all.statusCode).toBe(200);
    const body = all.json();
    expect(body.requests.slice(0, 3).map((r: { id: string }) => r.id)).toEqual([c.id, b.id, a.id]);
    expect(body.pageSize).toBe(25);
    expect(body.counts.rejected).toBeGreaterThanOrEqual(1);

    const pending = (await asAdmin('GET', '/api/admin/access-requests?status=pending')).json();
    expect(pending.requests.every((r: { status: string }) => r.status === 'pending')).toBe(true);
    expect(pending.requests.some((r: { id: string }) => r.id === c.id)).toBe(false);

    const byInstagram = (await asAdmin('GET', '/api/admin/access-requests?q=%40grail_hunter')).json();
    expect(byInstagram.requests.map((r: { id: string }) => r.id)).toEqual([a.id]);
    const byReferral = (await asAdmin('GET', '/api/admin/access-requests?q=whitfield')).json();
    expect(byReferral.requests.map((r: { id: string }) => r.id)).toEqual([b.id]);
    const byPhone = (await asAdmin('GET', `/api/admin/access-requests?q=${encodeURIComponent(national(b.phone))}`)).json();
    expect(byPhone.requests.map((r: { id: string }) => r.id)).toEqual([b.id]);
    const rejectedOnly = (await asAdmin('GET', '/api/admin/access-requests?status=rejected&q=vintage')).json();
    expect(rejectedOnly.requests.map((r: { id: string }) => r.id)).toEqual([c.id]);
    expect(rejectedOnly.total).toBe(1);

    const item = byReferral.requests[0];
    expect(item).toMatchObject({
      phone: b.phone,
      instagram: null,
      referral: 'Introduced by Dana Whitfield',
      termsAccepted: true,
      privacyAccepted: true,
      marketingOptIn: true,
      smsOptIn: false,
      status: 'pending',
      reviewer: null,
      isMember: false,
    });
  });

  it('treats LIKE wildcards in the search as text', async () => {
    const res = (await asAdmin('GET', '/api/admin/access-requests?q=%25')).json();
    expect(res.requests).toEqual([]);
  });

  it('refuses a bad status or page with a 400', async () => {
    expect((await asAdmin('GET', '/api/admin/access-requests?status=maybe')).statusCode).toBe(400);
    expect((await asAdmin('GET', '/api/admin/access-requests?page=0')).statusCode).toBe(400);
  });

  it('GET /recent gives the latest five', async () => {
    t.clock.advance(1000);
    const latest = await createRequest();
    const res = await asAdmin('GET', '/api/admin/access-requests/recent');
    expect(res.statusCode).toBe(200);
    const { requests } = res.json();
    expect(requests).toHaveLength(5);
    expect(requests[0].id).toBe(latest.id);
  });
});

describe('PATCH /api/admin/access-requests/{id}', () => {
  it('approval makes the phone eligible, texts how to sign in, is audited, and the phone can sign in', async () => {
    const req = await createRequest({ smsOptIn: true });
    // Before approval: send-otp answers the same but sends nothing.
    t.clock.advance(31_000);
    expect(await requestCode(t, req.phone)).toBeUndefined();

    const res = await asAdmin('PATCH', `/api/admin/access-requests/${req.id}`, { status: 'approved', note: 'Known collector' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.request).toMatchObject({
      id: req.id,
      status: 'approved',
      note: 'Known collector',
      reviewer: { id: admin.userId, name: 'Avery Admin', phone: ADMIN },
    });
    expect(body.request.reviewedAt).toBe(t.clock.now().toISOString());
    expect(body.sms).toEqual({ sent: true, status: 'sent', reason: null });

    const texts = t.sms.messagesTo(req.phone);
    expect(texts.at(-1)!.body).toBe(approvalSmsBody(t.config.appOrigin));
    const [stored] = await t.db
      .select()
      .from(smsMessages)
      .where(and(eq(smsMessages.phone, req.phone), eq(smsMessages.purpose, 'access_approved')));
    expect(stored).toMatchObject({ direction: 'outbound', sentBy: admin.userId, status: 'sent' });

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, req.id), eq(auditLog.action, 'access_request.approved')));
    expect(entry).toMatchObject({ actorId: admin.userId, targetType: 'access_request' });
    expect(entry.data).toMatchObject({ note: 'Known collector' });

    // The approved phone signs in with the code it receives.
    const session = await signIn(t, req.phone);
    expect(session.body.user).toMatchObject({ phone: req.phone, isAdmin: false });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: session.headers });
    expect(me.json()).toMatchObject({ phone: req.phone, isAuthenticated: true });
    const [created] = await t.db.select().from(users).where(eq(users.phone, req.phone));
    expect(created).toMatchObject({ marketingOptIn: true, smsOptIn: true });

    // Now a member: the list says so.
    const listed = (await asAdmin('GET', `/api/admin/access-requests?q=${encodeURIComponent(req.phone)}`)).json();
    expect(listed.requests[0].isMember).toBe(true);
  });

  it('rejection sends nothing, and the phone cannot sign in; send-otp answers exactly as for an eligible phone', async () => {
    const req = await createRequest();
    const res = await asAdmin('PATCH', `/api/admin/access-requests/${req.id}`, { status: 'rejected' });
    expect(res.statusCode).toBe(200);
    expect(res.json().request).toMatchObject({ status: 'rejected', note: null });
    expect(res.json().sms).toEqual({ sent: false, status: null, reason: null });
    expect(t.sms.messagesTo(req.phone)).toHaveLength(0);

    t.clock.advance(31_000);
    const rejectedAnswer = await t.app.inject({ method: 'POST', url: '/api/send-otp', payload: { phone: req.phone }, remoteAddress: freshIp() });
    const memberAnswer = await t.app.inject({ method: 'POST', url: '/api/send-otp', payload: { phone: MEMBER }, remoteAddress: freshIp() });
    await t.idle();
    expect(rejectedAnswer.statusCode).toBe(memberAnswer.statusCode);
    expect(rejectedAnswer.body).toBe(memberAnswer.body);
    expect(t.sms.messagesTo(req.phone)).toHaveLength(0);

    const verify = await t.app.inject({ method: 'POST', url: '/api/verify-otp', payload: { phone: req.phone, otp: '123456' } });
    expect(verify.statusCode).toBeGreaterThanOrEqual(400);
    expect(await t.db.select().from(users).where(eq(users.phone, req.phone))).toHaveLength(0);

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, req.id), eq(auditLog.action, 'access_request.rejected')));
    expect(entry).toMatchObject({ actorId: admin.userId });
  });

  it('rejection with notify texts the person', async () => {
    const req = await createRequest();
    const res = await asAdmin('PATCH', `/api/admin/access-requests/${req.id}`, { status: 'rejected', note: 'Incomplete', notify: true });
    expect(res.json().sms).toMatchObject({ sent: true });
    expect(t.sms.messagesTo(req.phone).map((s) => s.body)).toEqual([REJECTION_SMS_BODY]);
  });

  it('a provider failure is reported, recorded as failed, and the decision stands', async () => {
    const req = await createRequest();
    t.sms.failNext();
    const res = await asAdmin('PATCH', `/api/admin/access-requests/${req.id}`, { status: 'approved' });
    expect(res.statusCode).toBe(200);
    expect(res.json().request.status).toBe('approved');
    expect(res.json().sms).toMatchObject({ sent: false, status: 'failed' });
    const [stored] = await t.db.select().from(smsMessages).where(eq(smsMessages.phone, req.phone));
    expect(stored.status).toBe('failed');
  });

  it('a request is reviewed once: a second decision is a 409', async () => {
    const req = await createRequest();
    expect((await asAdmin('PATCH', `/api/admin/access-requests/${req.id}`, { status: 'rejected' })).statusCode).toBe(200);
    const again = await asAdmin('PATCH', `/api/admin/access-requests/${req.id}`, { status: 'approved' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('This request has already been reviewed');
  });

  it('two admins deciding at once: one wins, one gets a 409, one SMS', async () => {
    const req = await createRequest();
    const [x, y] = await Promise.all([
      asAdmin('PATCH', `/api/admin/access-requests/${req.id}`, { status: 'approved' }),
      asAdmin('PATCH', `/api/admin/access-requests/${req.id}`, { status: 'approved' }),
    ]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409]);
    expect(t.sms.messagesTo(req.phone)).toHaveLength(1);
  });

  it('refuses bad input: unknown id 404, bad id 400, bad status 400, long note 400', async () => {
    expect((await asAdmin('PATCH', '/api/admin/access-requests/00000000-0000-4000-8000-000000000000', { status: 'approved' })).statusCode).toBe(404);
    expect((await asAdmin('PATCH', '/api/admin/access-requests/nope', { status: 'approved' })).statusCode).toBe(400);
    const req = await createRequest();
    expect((await asAdmin('PATCH', `/api/admin/access-requests/${req.id}`, { status: 'pending' })).statusCode).toBe(400);
    expect((await asAdmin('PATCH', `/api/admin/access-requests/${req.id}`, { status: 'approved', note: 'n'.repeat(501) })).statusCode).toBe(400);
    expect((await asAdmin('PATCH', `/api/admin/access-requests/${req.id}`, {})).statusCode).toBe(400);
  });
});

describe('live events', () => {
  it('access_request_updated reaches every admin (the acting admin’s other tabs too) on a new request and on a review', async () => {
    const events: Array<{ audience: unknown; event: { type: string; status?: string; userId?: string; message?: string } }> = [];
    const live = t.app.ctx.live;
    const original = live.publish;
    live.publish = async (audience, event) => {
      events.push({ audience, event });
      return original(audience, event);
    };
    const [other] = await t.db.insert(users).values({ phone: '+12125550109', name: 'Second Admin', isAdmin: true }).returning({ id: users.id });
    try {
      const req = await createRequest();
      expect(events.at(-1)).toEqual({
        audience: { kind: 'admins' },
        event: { type: 'access_request_updated', userId: req.id, status: 'pending', message: expect.stringMatching(/^New access request from \+1 /) },
      });
      await asAdmin('PATCH', `/api/admin/access-requests/${req.id}`, { status: 'approved' });
      const last = events.at(-1)!;
      expect(last.event).toMatchObject({ type: 'access_request_updated', userId: req.id, status: 'approved' });
      expect(last.event.message).toMatch(/was approved\.$/);
      expect(last.audience).toEqual({ kind: 'admins' });
    } finally {
      live.publish = original;
      await t.db.delete(users).where(eq(users.id, other.id));
    }
  });
});
