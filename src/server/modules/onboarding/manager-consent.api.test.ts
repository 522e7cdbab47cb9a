/**
 * Decision 127: a manager acts for a member only after the member accepted the manager's
 * invitation. Inviting an existing member links nothing: until they accept, the manager sees
 * "invitation pending" and cannot read their positions or act for them. Members accept, decline
 * and later remove their manager; each is audited and told to the other party.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundRequests, fundTransactions } from '#server/db/schema/funds.ts';
import { managerConsentEvents, onboardings } from '#server/db/schema/onboarding.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { accessRequests, auditLog } from '#server/db/schema/users.ts';
import { signedInAdmin, signedInManager, signedInMember, uniquePhone } from '#server/test/factories.ts';
import { createTestApp, signIn, type SignedIn, type TestApp } from '#server/test/harness.ts';
import { REINVITE_AFTER_NO_DAYS } from './manager.service.ts';

let t: TestApp;
let admin: SignedIn & { phone: string };
let manager: SignedIn;
let otherManager: SignedIn;
let fundId: string;

type Method = 'GET' | 'POST';
const call = (who: SignedIn | null, method: Method, url: string, payload?: object) => t.app.inject({ method, url, payload, headers: who?.headers });
const ok = async (who: SignedIn, method: Method, url: string, payload?: object, status = 200) => {
  const res = await call(who, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
  return res.json();
};

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  admin = await signedInAdmin(t, { name: 'Avery Admin' });
  manager = await signedInManager(t, { name: 'Morgan Manager' });
  otherManager = await signedInManager(t, { name: 'Riley Manager' });
  const fund = await ok(
    admin,
    'POST',
    '/api/admin/funds',
    { name: 'Consent Test Fund', minimumInvestmentCents: 100_000, managementFeeBps: 100, inceptionDate: '2026-01-01', strategy: 'Graded cards' },
    201,
  );
  fundId = fund.fund.id;
});
afterAll(async () => {
  await t?.close();
});

/** A member with a dealt position, a pending request and a pending transaction in the fund. */
async function investor(name: string) {
  const m = await signedInMember(t, { name });
  await ok(admin, 'POST', `/api/admin/funds/${fundId}/transactions`, { kind: 'subscription', userId: m.userId, amountCents: 1_000_000 }, 201);
  // Each investor's subscription is dealt at a valuation of its own, a day after the last one.
  await ok(admin, 'POST', `/api/admin/funds/${fundId}/valuations`, { valuedOn: `2026-01-${String(10 + investorDay++).padStart(2, '0')}` }, 201);
  const request = await ok(m, 'POST', `/api/funds/${fundId}/subscription-requests`, { amountCents: 200_000 }, 201);
  const pendingTx = await ok(
    admin,
    'POST',
    `/api/admin/funds/${fundId}/transactions`,
    { kind: 'subscription', userId: m.userId, amountCents: 150_000 },
    201,
  );
  return { ...m, requestId: request.request.id as string, transactionId: pendingTx.id as string };
}
let investorDay = 0;

async function invite(by: SignedIn, phone: string, name = 'Typed Name') {
  const res = await call(by, 'POST', '/api/manager/clients', { phone, name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().client as { id: string; userId: string | null; consent: string; label: string; status: string };
}

/** Every way a manager reads a client's details or acts for them; none may pass without consent. */
function actsFor(clientId: string, member: { userId: string; requestId: string; transactionId: string }): [Method, string, object?][] {
  return [
    ['GET', `/api/manager/clients/${clientId}`],
    ['GET', `/api/manager/clients/${clientId}/fund-positions`],
    ['POST', `/api/manager/clients/${clientId}/confirm-deposit`, { amountCents: 5_000_000 }],
    ['POST', `/api/manager/funds/${fundId}/transactions`, { kind: 'subscription', userId: member.userId, amountCents: 5_000_000 }],
    ['POST', `/api/manager/funds/${fundId}/transactions`, { kind: 'redemption', userId: member.userId, unitsMicro: 1_000_000 }],
    ['POST', `/api/manager/funds/${fundId}/requests/${member.requestId}/decision`, { decision: 'accept' }],
    ['POST', `/api/manager/funds/${fundId}/transactions/${member.transactionId}/cancel`],
  ];
}

const txCount = async (userId: string) =>
  (
    await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(fundTransactions)
      .where(eq(fundTransactions.userId, userId))
  )[0].n;

async function expectNoAccess(who: SignedIn, clientId: string, member: { userId: string; requestId: string; transactionId: string; name?: string }) {
  const before = await txCount(member.userId);
  for (const [method, url, body] of actsFor(clientId, member)) {
    expect((await call(who, method, url, body)).statusCode, `${method} ${url}`).toBe(404);
  }
  // Nothing was written in the member's name, and their request is still waiting.
  expect(await txCount(member.userId)).toBe(before);
  const [r] = await t.db.select({ status: fundRequests.status }).from(fundRequests).where(eq(fundRequests.id, member.requestId));
  expect(r.status).toBe('pending');
  // The fund's manage page and the client list name nobody the manager may not see.
  const managed = await call(who, 'GET', `/api/manager/funds/${fundId}`);
  expect(managed.statusCode).toBe(200);
  const list = await call(who, 'GET', '/api/manager/clients');
  for (const body of [managed.body, list.body]) {
    expect(body).not.toContain(member.userId);
    if (member.name) expect(body).not.toContain(member.name);
  }
}

const notificationsOf = (userId: string) => t.db.select().from(notifications).where(eq(notifications.userId, userId));
const consentAudits = (onboardingId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, onboardingId), eq(auditLog.action, 'manager_consent.status_changed')));

describe('a manager and an existing member', () => {
  it('inviting links nothing: the manager sees "invitation pending" and cannot read or act until the member accepts', async () => {
    const alice = await investor('Alice Realname');
    const seen: { audience: unknown; event: { type: string; userId?: string } }[] = [];
    const live = t.app.ctx.live;
    const original = live.publish;
    live.publish = async (audience, event) => {
      seen.push({ audience, event });
      return original.call(live, audience, event);
    };
    let client;
    try {
      client = await invite(manager, alice.phone);
    } finally {
      live.publish = original;
    }
    // The answer says no more than for a phone nobody owns.
    expect(client).toMatchObject({ userId: null, consent: 'pending', label: 'Invitation pending', status: 'pending_invitation' });
    expect(JSON.stringify(client)).not.toContain('Alice Realname');
    // The manager hears nothing that carries the member's id.
    for (const s of seen) {
      if (JSON.stringify(s.audience).includes(manager.userId)) expect(JSON.stringify(s.event)).not.toContain(alice.userId);
    }

    await expectNoAccess(manager, client.id, { ...alice, name: 'Alice Realname' });
    // Signing in again is no answer.
    const aliceAgain = await signIn(t, alice.phone);
    await expectNoAccess(manager, client.id, alice);

    // The member is told in the app, with the manager's name, and asked.
    const told = (await notificationsOf(alice.userId)).find((n) => n.kind === 'manager_invitation');
    expect(told?.message).toContain('Morgan Manager');
    expect(await ok(aliceAgain, 'GET', '/api/onboarding/status')).toEqual({
      hasOnboarding: true,
      status: 'pending_invitation',
      managerName: 'Morgan Manager',
      managerConsent: 'pending',
    });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, client.id), eq(auditLog.action, 'onboarding.invited')));
    expect(audit).toHaveLength(1);
    expect(audit[0].actorId).toBe(manager.userId);

    // Accepting: audited, the manager notified, and from now on the manager may act.
    const accepted = await ok(aliceAgain, 'POST', '/api/onboarding/accept');
    expect(accepted.onboarding).toMatchObject({ managerConsent: 'accepted', status: 'tier_selection' });
    expect((await consentAudits(client.id)).map((a) => [a.actorId, a.data?.from, a.data?.to])).toEqual([[alice.userId, 'pending', 'accepted']]);
    const history = await t.db.select().from(managerConsentEvents).where(eq(managerConsentEvents.onboardingId, client.id));
    expect(history.map((h) => `${h.fromStatus ?? '-'}→${h.toStatus}:${h.managerId === manager.userId}`).sort()).toEqual([
      '-→pending:true',
      'pending→accepted:true',
    ]);
    const managerNews = (await notificationsOf(manager.userId)).filter((n) => n.kind === 'manager_client_updated');
    expect(managerNews.map((n) => n.title)).toContain('Invitation accepted');

    const positions = await ok(manager, 'GET', `/api/manager/clients/${client.id}/fund-positions`);
    expect(positions.positions.map((p: { fundId: string }) => p.fundId)).toContain(fundId);
    const detail = await ok(manager, 'GET', `/api/manager/clients/${client.id}`);
    expect(detail).toMatchObject({ userId: alice.userId, consent: 'accepted' });
    await ok(
      manager,
      'POST',
      `/api/manager/funds/${fundId}/transactions`,
      { kind: 'subscription', userId: alice.userId, amountCents: 5_000_000 },
      201,
    );
    await ok(manager, 'POST', `/api/manager/funds/${fundId}/requests/${alice.requestId}/decision`, { decision: 'accept' });
    await ok(manager, 'POST', `/api/manager/funds/${fundId}/transactions/${alice.transactionId}/cancel`);
    // Another manager still sees nothing of her.
    expect((await call(otherManager, 'GET', `/api/manager/clients/${client.id}/fund-positions`)).statusCode).toBe(404);
    // Accepting twice is a conflict, not a second link.
    expect((await call(aliceAgain, 'POST', '/api/onboarding/accept')).statusCode).toBe(409);

    // Removing the manager cuts access at once, is audited and told to the manager.
    const removed = await ok(aliceAgain, 'POST', '/api/onboarding/remove-manager');
    expect(removed.onboarding).toEqual({ hasOnboarding: false, status: null, managerName: null });
    const fresh = await investorExtras(alice.userId);
    await expectNoAccess(manager, client.id, { userId: alice.userId, ...fresh });
    expect((await consentAudits(client.id)).map((a) => a.data?.to).sort()).toEqual(['accepted', 'removed']);
    expect((await notificationsOf(manager.userId)).map((n) => n.title)).toContain('Client removed you');
    const listed = (await ok(manager, 'GET', '/api/manager/clients')).clients.find((c: { id: string }) => c.id === client.id);
    expect(listed).toMatchObject({ consent: 'removed', label: 'Removed by client', userId: null, progress: 0 });
    expect((await call(manager, 'POST', `/api/manager/clients/${client.id}/resend-invite`)).statusCode).toBe(409);
    expect((await call(aliceAgain, 'POST', '/api/onboarding/remove-manager')).statusCode).toBe(409);

    // The manager she removed may not ask again at once, only after REINVITE_AFTER_NO_DAYS.
    expect((await call(manager, 'POST', '/api/manager/clients', { phone: alice.phone, name: 'Alice' })).statusCode).toBe(409);
    t.clock.advance(REINVITE_AFTER_NO_DAYS * 86_400_000);
    manager = await signIn(t, manager.body.user.phone);
    otherManager = await signIn(t, otherManager.body.user.phone);
    admin = { ...(await signIn(t, admin.phone)), phone: admin.phone };
    const back = await invite(manager, alice.phone, 'Alice');
    expect(back).toMatchObject({ id: client.id, consent: 'pending', userId: null, status: 'pending_invitation' });
    await expectNoAccess(manager, client.id, { userId: alice.userId, ...fresh });
  });

  it('a member declines: audited, the manager told, nothing shared; another manager may invite them, the same one only after a while', async () => {
    const bob = await investor('Bob Realname');
    const client = await invite(manager, bob.phone);
    const declined = await ok(bob, 'POST', '/api/onboarding/decline');
    expect(declined.onboarding).toEqual({ hasOnboarding: false, status: null, managerName: null });
    expect((await call(bob, 'POST', '/api/onboarding/accept')).statusCode).toBe(404);
    await expectNoAccess(manager, client.id, { ...bob, name: 'Bob Realname' });
    expect((await consentAudits(client.id)).map((a) => [a.actorId, a.data?.to])).toEqual([[bob.userId, 'declined']]);
    expect((await notificationsOf(manager.userId)).map((n) => n.title)).toContain('Invitation declined');
    const listed = (await ok(manager, 'GET', '/api/manager/clients')).clients.find((c: { id: string }) => c.id === client.id);
    expect(listed).toMatchObject({ consent: 'declined', label: 'Invitation declined' });
    const resend = await call(manager, 'POST', `/api/manager/clients/${client.id}/resend-invite`);
    expect(resend.statusCode).toBe(409);
    expect(resend.json().error).toBe('The client declined the invitation');

    // The same manager cannot ask again at once (the neutral refusal); another manager can.
    const again = await call(manager, 'POST', '/api/manager/clients', { phone: bob.phone, name: 'Bob' });
    expect(again.statusCode).toBe(409);
    const other = await invite(otherManager, bob.phone, 'Robert');
    expect(other).toMatchObject({ id: client.id, consent: 'pending', userId: null });
    expect((await call(manager, 'GET', '/api/manager/clients')).body).not.toContain(client.id);
    await expectNoAccess(otherManager, client.id, bob);
    expect(await ok(bob, 'GET', '/api/onboarding/status')).toMatchObject({ managerName: 'Riley Manager', managerConsent: 'pending' });
    const invitations = (await notificationsOf(bob.userId)).filter((n) => n.kind === 'manager_invitation').map((n) => n.message);
    expect(invitations).toHaveLength(2);
    expect(invitations).toEqual(expect.arrayContaining([expect.stringContaining('Morgan Manager'), expect.stringContaining('Riley Manager')]));
  });

  it('an admin impersonating the member can neither accept, decline nor remove', async () => {
    const carol = await signedInMember(t, { name: 'Carol Realname' });
    const client = await invite(manager, carol.phone);
    const as = await signIn(t, admin.phone, { targetUserPhone: carol.phone });
    for (const path of ['/api/onboarding/accept', '/api/onboarding/decline', '/api/onboarding/remove-manager']) {
      expect((await call(as, 'POST', path)).statusCode, path).toBe(403);
    }
    const [row] = await t.db.select({ consent: onboardings.managerConsent }).from(onboardings).where(eq(onboardings.id, client.id));
    expect(row.consent).toBe('pending');
    admin = { ...(await signIn(t, admin.phone)), phone: admin.phone };
  });
});

describe('a brand-new phone', () => {
  it('signing in with the invited phone, which only the invitation let in, accepts the manager who sent it', async () => {
    const phone = uniquePhone();
    const client = await invite(manager, phone, 'Nina New');
    expect((await call(manager, 'GET', `/api/manager/clients/${client.id}`)).statusCode).toBe(404);
    const nina = await signIn(t, phone);
    expect(await ok(nina, 'GET', '/api/onboarding/status')).toMatchObject({ status: 'tier_selection', managerConsent: 'accepted' });
    expect((await consentAudits(client.id)).map((a) => a.data?.via)).toEqual(['first_sign_in']);
    expect(await ok(manager, 'GET', `/api/manager/clients/${client.id}`)).toMatchObject({ userId: nina.userId, consent: 'accepted' });
  });

  it('a phone that could sign in anyway (an approved access request) still has to answer', async () => {
    const phone = uniquePhone();
    await t.db.insert(accessRequests).values({ phone, termsAccepted: true, privacyAccepted: true, status: 'approved' });
    const client = await invite(manager, phone, 'Omar Approved');
    const omar = await signIn(t, phone);
    expect(await ok(omar, 'GET', '/api/onboarding/status')).toMatchObject({ status: 'pending_invitation', managerConsent: 'pending' });
    expect((await call(manager, 'GET', `/api/manager/clients/${client.id}`)).statusCode).toBe(404);
    await ok(omar, 'POST', '/api/onboarding/accept');
    expect((await call(manager, 'GET', `/api/manager/clients/${client.id}`)).statusCode).toBe(200);
  });
});

/** A fresh pending request and pending transaction for the member (after the earlier ones were used). */
async function investorExtras(userId: string) {
  const [u] = await t.db.select().from(fundRequests).where(eq(fundRequests.userId, userId)).limit(1);
  const [req] = await t.db
    .insert(fundRequests)
    .values({ fundId, userId, kind: 'subscription', amountCents: 300_000, createdAt: u.createdAt })
    .returning();
  const pendingTx = await ok(admin, 'POST', `/api/admin/funds/${fundId}/transactions`, { kind: 'subscription', userId, amountCents: 120_000 }, 201);
  return { requestId: req.id, transactionId: pendingTx.id as string };
}
