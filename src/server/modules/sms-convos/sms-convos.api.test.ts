import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { smsMessages } from '#server/db/schema/sms.ts';
import { accessRequests, auditLog } from '#server/db/schema/users.ts';
import { createAdmin, createMember } from '#server/test/factories.ts';
import { createTestApp, signIn, type SignedIn, type TestApp } from '#server/test/harness.ts';
import { twilioSignature } from '#server/modules/webhooks/index.ts';
import { TWILIO_STATUS_WEBHOOK_PATH } from '#server/providers/sms/twilio.ts';

let ADMIN: string;
let MEMBER: string; // Casey Collector
const REQUESTER = '+14155550160';
const STRANGER = '+14155550161';
const TWILIO_TOKEN = 'sms-convos-twilio-token';

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false, env: { TWILIO_AUTH_TOKEN: TWILIO_TOKEN } });
  ADMIN = (await createAdmin(t, { name: 'Avery Admin' })).phone;
  MEMBER = (await createMember(t, { name: 'Casey Collector' })).phone;
  await signIn(t, MEMBER); // an OTP message in Casey's thread
  t.clock.advance(1000);
  await t.db.insert(accessRequests).values({ phone: REQUESTER, instagram: 'wax.pack', termsAccepted: true, privacyAccepted: true });
  await t.db.insert(smsMessages).values({
    direction: 'inbound',
    phone: REQUESTER,
    body: 'Any news on my request?',
    purpose: 'inbound',
    provider: 'twilio',
    providerId: 'SMinbound0001',
    status: 'received',
    createdAt: t.clock.now(),
  });
});
afterAll(() => t.close());
beforeEach(async () => {
  t.clock.advance(1000);
  admin = await signIn(t, ADMIN);
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: admin.headers });
const post = (phone: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/admin/sms/threads/${encodeURIComponent(phone)}`, payload: payload as object, headers: admin.headers });

describe('SMS threads', () => {
  it('lists one thread per phone, newest first, with the member name where known', async () => {
    t.clock.advance(1000);
    await post(MEMBER, { body: 'Your slab has arrived at the vault.' });
    const res = await get('/api/admin/sms/threads');
    expect(res.statusCode).toBe(200);
    const { threads, total } = res.json();
    const phones = threads.map((th: { phone: string }) => th.phone);
    expect(new Set(phones).size).toBe(phones.length);
    expect(phones[0]).toBe(MEMBER);
    expect(total).toBe(phones.length);
    const casey = threads[0];
    expect(casey).toMatchObject({
      phone: MEMBER,
      name: 'Casey Collector',
      lastMessage: { body: 'Your slab has arrived at the vault.', direction: 'outbound', purpose: 'manual' },
    });
    expect(casey.messageCount).toBeGreaterThanOrEqual(2);
    const requester = threads.find((th: { phone: string }) => th.phone === REQUESTER);
    expect(requester).toMatchObject({ name: null, instagram: 'wax.pack', inboundCount: 1, userId: null });
    const times = threads.map((th: { lastMessage: { createdAt: string } }) => th.lastMessage.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('searches by name or phone digits', async () => {
    const byName = (await get('/api/admin/sms/threads?q=casey')).json();
    expect(byName.threads.map((th: { phone: string }) => th.phone)).toEqual([MEMBER]);
    const byDigits = (await get('/api/admin/sms/threads?q=555-0160')).json();
    expect(byDigits.threads.map((th: { phone: string }) => th.phone)).toEqual([REQUESTER]);
  });

  it('a thread shows every message in and out, oldest first, with one-time codes redacted', async () => {
    const res = await get(`/api/admin/sms/threads/${encodeURIComponent(MEMBER)}`);
    expect(res.statusCode).toBe(200);
    const thread = res.json();
    expect(thread).toMatchObject({ phone: MEMBER, name: 'Casey Collector', optedOut: false, smsOptIn: true });
    const otp = thread.messages.find((m: { purpose: string }) => m.purpose === 'otp');
    expect(otp.body).not.toMatch(/\d{6}/);
    expect(otp.body).toContain('••••••');
    const times = thread.messages.map((m: { createdAt: string }) => m.createdAt);
    expect([...times].sort()).toEqual(times);
    const manual = thread.messages.find((m: { purpose: string }) => m.purpose === 'manual');
    expect(manual.sentBy).toMatchObject({ id: admin.userId, name: 'Avery Admin' });
  });

  it('an admin sends a manual SMS: delivered, stored with purpose manual and the sender, audited', async () => {
    const res = await post(REQUESTER, { body: '  We will review your request this week.  ' });
    expect(res.statusCode).toBe(201);
    const { message } = res.json();
    expect(message).toMatchObject({
      direction: 'outbound',
      phone: REQUESTER,
      body: 'We will review your request this week.',
      purpose: 'manual',
      status: 'sent',
      sentBy: { id: admin.userId },
    });
    expect(t.sms.messagesTo(REQUESTER).at(-1)!.body).toBe('We will review your request this week.');
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'sms.manual_sent'), eq(auditLog.targetId, message.id)));
    expect(entry).toMatchObject({ actorId: admin.userId });
    expect(JSON.stringify(entry.data)).not.toContain('review your request');
  });

  it("the thread shows each outbound message's delivery status as Twilio reports it", async () => {
    const report = (sid: string, status: string, errorCode?: number) => {
      const params: Array<[string, string]> = [
        ['MessageSid', sid],
        ['MessageStatus', status],
        ...(errorCode ? [['ErrorCode', String(errorCode)] as [string, string]] : []),
      ];
      return t.app.inject({
        method: 'POST',
        url: TWILIO_STATUS_WEBHOOK_PATH,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': twilioSignature(TWILIO_TOKEN, t.config.appOrigin + TWILIO_STATUS_WEBHOOK_PATH, params),
        },
        payload: new URLSearchParams(params).toString(),
      });
    };
    const first = (await post(REQUESTER, { body: 'Reached you?' })).json().message;
    t.clock.advance(1000);
    const second = (await post(REQUESTER, { body: 'And this one?' })).json().message;
    const sid = async (id: string) => (await t.db.select({ p: smsMessages.providerId }).from(smsMessages).where(eq(smsMessages.id, id)))[0].p!;
    expect((await report(await sid(first.id), 'delivered')).statusCode).toBe(204);
    expect((await report(await sid(first.id), 'sent')).statusCode).toBe(204); // late: ignored
    expect((await report(await sid(second.id), 'undelivered', 30003)).statusCode).toBe(204);
    const thread = (await get(`/api/admin/sms/threads/${encodeURIComponent(REQUESTER)}`)).json();
    const byId = (id: string) => thread.messages.find((m: { id: string }) => m.id === id);
    expect(byId(first.id)).toMatchObject({ status: 'delivered', errorCode: null, statusUpdatedAt: t.clock.now().toISOString() });
    expect(byId(second.id)).toMatchObject({ status: 'undelivered', errorCode: 30003, error: 'Twilio error 30003: Unreachable handset' });
  });

  it('a provider failure is stored and shown as failed', async () => {
    t.sms.failNext();
    const res = await post(REQUESTER, { body: 'This one fails.' });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toMatchObject({ status: 'failed' });
    expect(res.json().message.error).toBeTruthy();
  });

  it('refuses an empty or too long message, and a malformed phone', async () => {
    expect((await post(REQUESTER, { body: '   ' })).statusCode).toBe(400);
    expect((await post(REQUESTER, { body: 'x'.repeat(1601) })).statusCode).toBe(400);
    expect((await post(REQUESTER, {})).statusCode).toBe(400);
    expect((await post(MEMBER.slice(1), { body: 'hi' })).statusCode).toBe(400);
    expect((await get('/api/admin/sms/threads/not-a-phone')).statusCode).toBe(400);
  });

  it('a number nobody knows has no thread and cannot be texted', async () => {
    expect((await get(`/api/admin/sms/threads/${encodeURIComponent(STRANGER)}`)).statusCode).toBe(404);
    expect((await post(STRANGER, { body: 'hello' })).statusCode).toBe(404);
    expect(t.sms.messagesTo(STRANGER)).toHaveLength(0);
  });

  it('a number that replied STOP cannot be texted until it replies START', async () => {
    const keyword = async (body: string, purpose: string) => {
      t.clock.advance(1000);
      await t.db.insert(smsMessages).values({
        direction: 'inbound',
        phone: REQUESTER,
        body,
        purpose,
        provider: 'twilio',
        providerId: `SM${purpose}${t.clock.now().getTime()}`,
        status: 'received',
        createdAt: t.clock.now(),
      });
    };
    await keyword('STOP', 'opt_out');
    const refused = await post(REQUESTER, { body: 'Are you there?' });
    expect(refused.statusCode).toBe(409);
    expect((await get(`/api/admin/sms/threads/${encodeURIComponent(REQUESTER)}`)).json().optedOut).toBe(true);
    await keyword('START', 'opt_in');
    expect((await post(REQUESTER, { body: 'Welcome back.' })).statusCode).toBe(201);
  });
});
