import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onboardingSteps } from '#common/onboarding.ts';
import { smsMessages } from '#server/db/schema/sms.ts';
import { auditLog } from '#server/db/schema/users.ts';
import { signedInAdmin, signedInClient, signedInManager, signedInMember, uniquePhone } from '#server/test/factories.ts';
import { createTestApp, signIn, type SignedIn, type TestApp } from '#server/test/harness.ts';
import { jpegLike, multipartBody, tinyPdf, tinyPng } from '#server/test/files.ts';
import { SERVICE_AGREEMENT } from './agreement.ts';
import { RESEND_COOLDOWN_SECONDS } from '#server/modules/onboarding/index.ts';

let ADMIN: string;
let MANAGER: string;

let t: TestApp;
let dataDir: string;
let admin: SignedIn;
let manager: SignedIn;
let otherManager: SignedIn;
let member: SignedIn;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'onb-test-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir }, seedDemo: false });
  const a = await signedInAdmin(t, { name: 'Avery Admin' });
  admin = a;
  ADMIN = a.phone;
  const m = await signedInManager(t, { name: 'Morgan Manager' });
  manager = m;
  MANAGER = m.phone;
  otherManager = await signedInManager(t, { name: 'Riley Manager' });
  member = await signedInMember(t);
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT';
const call = (who: SignedIn | null, method: Method, url: string, payload?: object) => t.app.inject({ method, url, payload, headers: who?.headers });

async function invite(by: SignedIn, opts: { phone?: string; name?: string; tier?: string } = {}) {
  const phone = opts.phone ?? uniquePhone();
  const res = await call(by, 'POST', '/api/manager/clients', { phone, name: opts.name ?? 'Taylor Client', tier: opts.tier });
  expect(res.statusCode, res.body).toBe(201);
  return { phone, id: res.json().client.id as string, res };
}

async function upload(who: SignedIn, type: string, data: Buffer, filename = 'doc.png', contentType = 'image/png') {
  const { payload, headers } = multipartBody({ type }, { filename, contentType, data });
  return t.app.inject({ method: 'POST', url: '/api/user/kyc/documents', payload, headers: { ...who.headers, ...headers } });
}

const allocation = { vintage: 30, modern: 20, basketball: 20, baseball: 10, football: 10, other: 10 };

/** Walks a freshly invited client to the given status. */
async function clientAt(status: 'tier_selection' | 'portfolio_allocation' | 'kyc_upload' | 'documents_signing' | 'awaiting_deposit') {
  const { phone, id, session: client } = await signedInClient(t, manager);
  if (status === 'tier_selection') return { phone, id, client };
  expect((await call(client, 'POST', '/api/onboarding/tier', { tier: 'collector' })).statusCode).toBe(200);
  if (status === 'portfolio_allocation') return { phone, id, client };
  expect((await call(client, 'POST', '/api/onboarding/allocation', { allocation })).statusCode).toBe(200);
  if (status === 'kyc_upload') return { phone, id, client };
  for (const type of ['id_front', 'id_back', 'selfie']) expect((await upload(client, type, tinyPng())).statusCode).toBe(201);
  expect((await call(client, 'POST', '/api/onboarding/kyc')).statusCode).toBe(200);
  if (status === 'documents_signing') return { phone, id, client };
  const signed = await call(client, 'POST', '/api/onboarding/sign', {
    fullName: 'Taylor Client',
    consent: true,
    agreementVersion: SERVICE_AGREEMENT.version,
  });
  expect(signed.statusCode, signed.body).toBe(200);
  return { phone, id, client };
}

async function approveAll(userId: string) {
  const list = await call(admin, 'GET', '/api/admin/kyc/documents?status=pending');
  for (const d of list.json().documents.filter((x: { user: { id: string } }) => x.user.id === userId)) {
    expect((await call(admin, 'PATCH', `/api/admin/kyc/documents/${d.id}`, { status: 'approved' })).statusCode).toBe(200);
  }
}

describe('onboarding timeline', () => {
  it('dates each step when it was completed, so the signing time sits on the signing step', async () => {
    const { id, client } = await clientAt('documents_signing');
    t.clock.advance(120_000);
    const signedAt = t.clock.now().toISOString();
    const signed = await call(client, 'POST', '/api/onboarding/sign', {
      fullName: 'Taylor Client',
      consent: true,
      agreementVersion: SERVICE_AGREEMENT.version,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const detail = await call(manager, 'GET', `/api/manager/clients/${id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const at = Object.fromEntries(detail.json().timeline.map((e: { status: string; at: string | null }) => [e.status, e.at]));
    expect(at.documents_signing).toBe(signedAt);
    expect(at.awaiting_deposit).toBeNull();
    expect(at.active).toBeNull();
    expect(at.pending_invitation).not.toBeNull();
    expect(at.kyc_upload).not.toBeNull();
    expect(at.kyc_upload).not.toBe(signedAt);
  });
});

describe('onboarding status', () => {
  it('answers hasOnboarding false for a member without one', async () => {
    const res = await call(member, 'GET', '/api/onboarding/status');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ hasOnboarding: false, status: null, managerName: null });
    expect((await call(member, 'GET', '/api/onboarding')).statusCode).toBe(404);
  });

  it('is 401 for anonymous callers', async () => {
    expect((await call(null, 'GET', '/api/onboarding/status')).statusCode).toBe(401);
    expect((await call(null, 'GET', '/api/onboarding')).statusCode).toBe(401);
  });
});

describe('invitation and first sign-in', () => {
  it('texts a link to /onboarding, and only the invited phone becomes eligible', async () => {
    const phone = uniquePhone();
    // Before the invitation the phone gets no code.
    await call(null, 'POST', '/api/send-otp', { phone });
    await t.idle();
    expect(t.sms.messagesTo(phone)).toHaveLength(0);

    const { id, res } = await invite(manager, { phone, name: 'Jamie Lee', tier: 'investor' });
    expect(res.json().client).toMatchObject({
      id,
      status: 'pending_invitation',
      label: 'Invitation pending',
      progress: 0,
      name: 'Jamie Lee',
      consent: 'pending',
      userId: null,
    });
    expect(res.json().sms).toEqual({ sent: true, reason: null });
    const text = t.sms.messagesTo(phone).at(-1)!.body;
    expect(text).toContain('http://localhost:5000/onboarding');
    expect(text).toContain('Morgan Manager');
    const [row] = await t.db
      .select()
      .from(smsMessages)
      .where(and(eq(smsMessages.phone, phone), eq(smsMessages.purpose, 'onboarding_invite')));
    expect(row.sentBy).toBe(manager.userId);

    const client = await signIn(t, phone);
    expect(client.body.user.name).toBe('Jamie Lee');
    const status = await call(client, 'GET', '/api/onboarding/status');
    // Signing in with the invited phone, which only the invitation let in, accepts the manager.
    expect(status.json()).toEqual({ hasOnboarding: true, status: 'tier_selection', managerName: 'Morgan Manager', managerConsent: 'accepted' });

    // A second sign-in changes nothing.
    await signIn(t, phone);
    expect((await call(client, 'GET', '/api/onboarding/status')).json().status).toBe('tier_selection');
    const view = (await call(client, 'GET', '/api/onboarding')).json();
    expect(view.suggestedTier).toBe('investor');
    expect(view.tiers.map((x: { name: string; minimumCents: number }) => [x.name, x.minimumCents])).toEqual([
      ['Collector', 2_500_000],
      ['Investor', 10_000_000],
      ['Private', 25_000_000],
    ]);
    // The invitation is done; choosing a tier is the current step, not yet dated.
    expect(view.timeline.slice(0, 2).map((e: { at: string | null }) => Boolean(e.at))).toEqual([true, false]);
  });

  it('refuses a second onboarding for the same phone, staff phones and bad input', async () => {
    const { phone } = await invite(manager);
    const taken = await call(otherManager, 'POST', '/api/manager/clients', { phone, name: 'Again' });
    const staff = await call(manager, 'POST', '/api/manager/clients', { phone: ADMIN, name: 'Avery' });
    expect([taken.statusCode, staff.statusCode]).toEqual([409, 409]);
    // One neutral answer: it does not tell a staff phone from another manager's client.
    expect(staff.json().error).toBe(taken.json().error);
    const bad = await call(manager, 'POST', '/api/manager/clients', { phone: '123', name: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.phone).toEqual(['Please enter a valid phone number']);
  });

  it('resends the invitation once a minute, and only while it is pending', async () => {
    const { id, phone } = await invite(manager);
    // The list tells when Resend opens, so the button can wait instead of answering 429.
    const listed = (await call(manager, 'GET', '/api/manager/clients')).json().clients.find((c: { id: string }) => c.id === id);
    expect(listed.resendAvailableAt).toBe(new Date(t.clock.now().getTime() + RESEND_COOLDOWN_SECONDS * 1000).toISOString());
    const first = await call(manager, 'POST', `/api/manager/clients/${id}/resend-invite`);
    expect(first.statusCode).toBe(429);
    expect(Number(first.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(RESEND_COOLDOWN_SECONDS * 1000);
    const before = t.sms.messagesTo(phone).length;
    const again = await call(manager, 'POST', `/api/manager/clients/${id}/resend-invite`);
    expect(again.statusCode, again.body).toBe(200);
    expect(t.sms.messagesTo(phone).length).toBe(before + 1);
    // The details wait for the client's consent (decision 127); the admin sees the count.
    expect((await call(manager, 'GET', `/api/manager/clients/${id}`)).statusCode).toBe(404);
    const detail = (await call(admin, 'GET', `/api/manager/clients/${id}`)).json();
    expect(detail.inviteCount).toBe(2);
    manager = await signIn(t, MANAGER);
    admin = await signIn(t, ADMIN);

    await signIn(t, phone);
    t.clock.advance(RESEND_COOLDOWN_SECONDS * 1000);
    expect((await call(manager, 'POST', `/api/manager/clients/${id}/resend-invite`)).statusCode).toBe(409);
    manager = await signIn(t, MANAGER);
    admin = await signIn(t, ADMIN);
  });
});

describe('the steps, in order', () => {
  it('walks every status to active, each change audited and raising onboarding_updated', async () => {
    const { id, client } = await clientAt('tier_selection');
    const step = async (url: string, payload?: object) => {
      const res = await call(client, 'POST', url, payload);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().onboarding;
    };
    // Out of order: each later step is refused while at tier selection.
    expect((await call(client, 'POST', '/api/onboarding/allocation', { allocation })).statusCode).toBe(409);
    expect((await call(client, 'POST', '/api/onboarding/kyc')).statusCode).toBe(409);
    expect((await call(client, 'POST', '/api/onboarding/sign', { fullName: 'T C', consent: true, agreementVersion: 1 })).statusCode).toBe(409);
    expect((await call(client, 'POST', '/api/onboarding/accept')).statusCode).toBe(409);

    let o = await step('/api/onboarding/tier', { tier: 'investor' });
    expect(o).toMatchObject({ status: 'portfolio_allocation', label: 'Design Portfolio Strategy', progress: 30, tier: 'investor' });
    expect((await call(client, 'POST', '/api/onboarding/tier', { tier: 'private' })).statusCode).toBe(409);

    const short = await call(client, 'POST', '/api/onboarding/allocation', { allocation: { ...allocation, other: 5 } });
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('Allocation must total 100%');
    o = await step('/api/onboarding/allocation', { allocation });
    expect(o).toMatchObject({ status: 'kyc_upload', progress: 50, allocation });

    const missing = await call(client, 'POST', '/api/onboarding/kyc');
    expect(missing.statusCode).toBe(409);
    expect(missing.json().error).toBe('Upload your ID front, ID back, Selfie first');
    for (const type of ['id_front', 'id_back']) expect((await upload(client, type, tinyPng())).statusCode).toBe(201);
    expect((await upload(client, 'selfie', jpegLike(), 'me.jpg', 'image/jpeg')).statusCode).toBe(201);
    o = await step('/api/onboarding/kyc');
    expect(o).toMatchObject({ status: 'documents_signing', progress: 70, kycStatus: 'pending' });
    expect(o.agreement.version).toBe(SERVICE_AGREEMENT.version);
    expect(o.agreement.text).toContain('Electronic signature');

    expect((await call(client, 'POST', '/api/onboarding/sign', { fullName: 'Taylor Client', consent: false, agreementVersion: 1 })).statusCode).toBe(
      400,
    );
    expect((await call(client, 'POST', '/api/onboarding/sign', { fullName: 'Taylor Client', consent: true, agreementVersion: 99 })).statusCode).toBe(
      409,
    );
    const signed = await t.app.inject({
      method: 'POST',
      url: '/api/onboarding/sign',
      payload: { fullName: 'Taylor Client', consent: true, agreementVersion: SERVICE_AGREEMENT.version },
      headers: client.headers,
      remoteAddress: '203.0.113.7',
    });
    expect(signed.statusCode, signed.body).toBe(200);
    o = signed.json().onboarding;
    expect(o).toMatchObject({ status: 'awaiting_deposit', label: 'Send Initial Deposit', progress: 85 });
    expect(o.signature).toMatchObject({ fullName: 'Taylor Client', ip: '203.0.113.7', agreementVersion: 1 });
    expect(o.deposit.amountCents).toBe(10_000_000);
    expect(o.deposit.reference).toMatch(/^ONB-[0-9A-F]{8}$/);
    expect(o.deposit.wireInstructions).toBeNull(); // until an admin enters them

    // The deposit waits for approved documents, and must reach the tier's minimum.
    const early = await call(manager, 'POST', `/api/manager/clients/${id}/confirm-deposit`, { amountCents: 10_000_000 });
    expect(early.statusCode).toBe(409);
    await approveAll(client.userId);
    expect((await call(client, 'GET', '/api/user/kyc/status')).json()).toEqual({ status: 'approved', missing: [] });
    const low = await call(manager, 'POST', `/api/manager/clients/${id}/confirm-deposit`, { amountCents: 9_999_999 });
    expect(low.statusCode).toBe(400);
    const done = await call(manager, 'POST', `/api/manager/clients/${id}/confirm-deposit`, { amountCents: 10_000_000 });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      status: 'active',
      label: 'Account Active',
      progress: 100,
      deposit: { amountCents: 10_000_000, confirmedBy: 'Morgan Manager' },
    });
    expect(done.json().timeline.every((e: { at: string | null }) => e.at)).toBe(true);
    expect((await call(manager, 'POST', `/api/manager/clients/${id}/confirm-deposit`, { amountCents: 10_000_000 })).statusCode).toBe(409);
    expect((await call(client, 'GET', '/api/onboarding/status')).json()).toMatchObject({ hasOnboarding: true, status: 'active' });

    const changes = await t.db
      .select({ data: auditLog.data })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'onboarding.status_changed'), eq(auditLog.targetId, id)));
    expect(changes.map((c) => `${c.data!.from}→${c.data!.to}`)).toEqual([
      'pending_invitation→tier_selection',
      'tier_selection→portfolio_allocation',
      'portfolio_allocation→kyc_upload',
      'kyc_upload→documents_signing',
      'documents_signing→awaiting_deposit',
      'awaiting_deposit→active',
    ]);
  });

  it('publishes onboarding_updated to the client, their manager and the admins after each change', async () => {
    const { client } = await clientAt('tier_selection');
    const seen: { audience: unknown; event: { type: string; status?: string } }[] = [];
    const live = t.app.ctx.live;
    const original = live.publish;
    live.publish = async (audience, event) => {
      seen.push({ audience, event });
    };
    try {
      expect((await call(client, 'POST', '/api/onboarding/tier', { tier: 'collector' })).statusCode).toBe(200);
    } finally {
      live.publish = original;
    }
    const ev = seen.find((s) => s.event.type === 'onboarding_updated')!;
    expect(ev.event).toMatchObject({ userId: client.userId, status: 'portfolio_allocation' });
    // The client and manager by id, the admins as a role resolved at delivery.
    expect(ev.audience).toEqual([{ kind: 'users', userIds: [client.userId, manager.userId] }, { kind: 'admins' }]);
    expect(JSON.stringify(ev.audience)).not.toContain(otherManager.userId);
    expect(JSON.stringify(ev.audience)).not.toContain(member.userId);
  });

  it('an invited existing member accepts the invitation from the page', async () => {
    const existing = await signedInMember(t);
    await invite(manager, { phone: existing.phone });
    // Signing in again is not an answer: the invitation waits for the member.
    const again = await signIn(t, existing.phone);
    expect((await call(again, 'GET', '/api/onboarding/status')).json()).toMatchObject({ status: 'pending_invitation', managerConsent: 'pending' });
    expect((await call(again, 'POST', '/api/onboarding/tier', { tier: 'collector' })).statusCode).toBe(409);
    const res = await call(again, 'POST', '/api/onboarding/accept');
    expect(res.statusCode).toBe(200);
    expect(res.json().onboarding).toMatchObject({ status: 'tier_selection', managerConsent: 'accepted', managerName: 'Morgan Manager' });
  });

  it('an unknown stored status is read as pending_invitation by the shared helpers', async () => {
    const { normalizeOnboardingStatus, onboardingStep } = await import('#common/onboarding.ts');
    expect(normalizeOnboardingStatus('mystery')).toBe('pending_invitation');
    expect(onboardingStep(undefined)).toMatchObject({
      label: 'Invitation Sent',
      progress: 0,
      message: 'Please check your SMS for the invitation link',
    });
    expect(Object.values(onboardingSteps).map((s) => s.progress)).toEqual([0, 15, 30, 50, 70, 85, 100]);
  });

  it('refuses every step while an admin impersonates the client', async () => {
    const { phone, client } = await clientAt('tier_selection');
    const as = await signIn(t, ADMIN, { targetUserPhone: phone });
    expect((await call(as, 'POST', '/api/onboarding/tier', { tier: 'collector' })).statusCode).toBe(403);
    expect((await call(as, 'GET', '/api/onboarding/status')).statusCode).toBe(200);
    expect((await call(client, 'GET', '/api/onboarding/status')).json().status).toBe('tier_selection');
    admin = await signIn(t, ADMIN);
  });
});

describe('portfolio manager authorization', () => {
  it('is 401 for anonymous callers and 403 for members on every manager route', async () => {
    const { id } = await invite(manager);
    const routes: [Method, string, object?][] = [
      ['GET', '/api/manager/clients'],
      ['POST', '/api/manager/clients', { phone: uniquePhone(), name: 'X' }],
      ['POST', `/api/manager/clients/${id}/resend-invite`],
      ['GET', `/api/manager/clients/${id}`],
      ['POST', `/api/manager/clients/${id}/confirm-deposit`, { amountCents: 100 }],
    ];
    for (const [method, url, body] of routes) {
      expect((await call(null, method, url, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(member, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('managers see and act only on their own clients; admins see every client with their manager', async () => {
    const mine = await invite(manager, { name: 'Mine Client' });
    const theirs = await invite(otherManager, { name: 'Theirs Client' });

    const list = (await call(manager, 'GET', '/api/manager/clients')).json();
    const ids = list.clients.map((c: { id: string }) => c.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect(list.clients.every((c: { manager: { id: string } }) => c.manager.id === manager.userId)).toBe(true);

    for (const [method, url, body] of [
      ['GET', `/api/manager/clients/${theirs.id}`],
      ['POST', `/api/manager/clients/${theirs.id}/resend-invite`],
      ['POST', `/api/manager/clients/${theirs.id}/confirm-deposit`, { amountCents: 100 }],
    ] as [Method, string, object?][]) {
      expect((await call(manager, method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    }

    const all = (await call(admin, 'GET', '/api/manager/clients')).json();
    const byId = new Map(all.clients.map((c: { id: string; manager: { name: string } }) => [c.id, c]));
    expect((byId.get(mine.id) as { manager: { name: string } }).manager.name).toBe('Morgan Manager');
    expect((byId.get(theirs.id) as { manager: { name: string } }).manager.name).toBe('Riley Manager');
    expect((await call(admin, 'GET', `/api/manager/clients/${theirs.id}`)).statusCode).toBe(200);
  });

  it('filters the list by status', async () => {
    await clientAt('portfolio_allocation');
    const res = (await call(manager, 'GET', '/api/manager/clients?status=portfolio_allocation')).json();
    expect(res.clients.length).toBeGreaterThan(0);
    expect(res.clients.every((c: { status: string }) => c.status === 'portfolio_allocation')).toBe(true);
    expect(res.counts.pending_invitation).toBeGreaterThan(0);
    expect((await call(manager, 'GET', '/api/manager/clients?status=bogus')).statusCode).toBe(400);
  });

  it('the client detail shows the tier, allocation, documents and the signature', async () => {
    const { id, client } = await clientAt('awaiting_deposit');
    const d = (await call(manager, 'GET', `/api/manager/clients/${id}`)).json();
    expect(d).toMatchObject({ status: 'awaiting_deposit', tier: 'collector', tierName: 'Collector', minimumCents: 2_500_000, allocation });
    expect(d.documents.map((x: { type: string; status: string }) => `${x.type}:${x.status}`).sort()).toEqual([
      'id_back:pending',
      'id_front:pending',
      'selfie:pending',
    ]);
    expect(d.signature).toMatchObject({ fullName: 'Taylor Client', agreementVersion: 1 });
    expect(d.userId).toBe(client.userId);
  });
});

describe('onboarding settings', () => {
  it('admins change tiers; new choices use the new minimum', async () => {
    const current = (await call(admin, 'GET', '/api/admin/settings/onboarding')).json();
    expect((await call(manager, 'GET', '/api/admin/settings/onboarding')).statusCode).toBe(403);
    const next = {
      ...current,
      tiers: current.tiers.map((x: { id: string; minimumCents: number }) => (x.id === 'collector' ? { ...x, minimumCents: 3_000_000 } : x)),
    };
    expect((await call(admin, 'PUT', '/api/admin/settings/onboarding', next)).statusCode).toBe(200);
    const { client } = await clientAt('portfolio_allocation');
    expect((await call(client, 'GET', '/api/onboarding')).json().deposit.amountCents).toBe(3_000_000);
    expect((await call(admin, 'PUT', '/api/admin/settings/onboarding', current)).statusCode).toBe(200);
  });
});

describe('pdf documents', () => {
  it('accepts a PDF as proof of address', async () => {
    const { client } = await clientAt('kyc_upload');
    const res = await upload(client, 'proof_of_address', tinyPdf(), 'bill.pdf', 'application/pdf');
    expect(res.statusCode).toBe(201);
    expect(res.json().document).toMatchObject({ type: 'proof_of_address', contentType: 'application/pdf', status: 'pending' });
  });
});
