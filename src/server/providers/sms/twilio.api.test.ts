import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsMessages } from '#server/db/schema/sms.ts';
import { users } from '#server/db/schema/users.ts';
import { startFakeTwilio, fakeTwilioEnv, type FakeTwilio } from '#server/test/fake-twilio.ts';
import { createTestApp, testConfig, type TestApp } from '#server/test/harness.ts';
import { TWILIO_STATUS_WEBHOOK_PATH } from './twilio.ts';
import { createSmsProvider } from './sms.provider.ts';
import { SmsSendError } from './sms.provider.ts';
import { sendSms } from './sms.service.ts';
import { TwilioSmsProvider } from './twilio.ts';

const MEMBER = '+12125550103';

let tw: FakeTwilio;
beforeAll(async () => {
  tw = await startFakeTwilio();
});
afterAll(() => tw.close());

describe('Twilio adapter against the fake Twilio server', () => {
  it('posts form-encoded To, From, Body with basic auth and returns the SM sid and status', async () => {
    const p = new TwilioSmsProvider({ apiUrl: tw.url, accountSid: tw.accountSid, authToken: tw.authToken, from: '+12125550199' });
    const res = await p.send({ to: MEMBER, body: 'Hello & welcome = yes' });
    expect(res.providerId).toMatch(/^SM[0-9a-f]{32}$/);
    expect(res.status).toBe('queued');
    const req = tw.requests.at(-1)!;
    expect(req).toMatchObject({ method: 'POST', path: `/2010-04-01/Accounts/${tw.accountSid}/Messages.json`, authorized: true });
    // No StatusCallback unless one is configured.
    expect(req.form).toEqual({ To: MEMBER, From: '+12125550199', Body: 'Hello & welcome = yes' });
    expect(tw.messages.at(-1)).toMatchObject({ sid: res.providerId, to: MEMBER, body: 'Hello & welcome = yes' });
  });

  it('with a status callback URL, asks Twilio to report delivery there (StatusCallback)', async () => {
    const callback = `https://cards.example.com${TWILIO_STATUS_WEBHOOK_PATH}`;
    const p = new TwilioSmsProvider({
      apiUrl: tw.url,
      accountSid: tw.accountSid,
      authToken: tw.authToken,
      from: '+12125550199',
      statusCallbackUrl: callback,
    });
    await p.send({ to: MEMBER, body: 'hi' });
    expect(tw.requests.at(-1)!.form).toEqual({ To: MEMBER, From: '+12125550199', Body: 'hi', StatusCallback: callback });
  });

  it('a wrong auth token is refused by the server and reported as an error', async () => {
    const p = new TwilioSmsProvider({ apiUrl: tw.url, accountSid: tw.accountSid, authToken: 'wrong', from: '+12125550199' });
    const before = tw.messages.length;
    await expect(p.send({ to: MEMBER, body: 'x' })).rejects.toThrow(/401.*20003/);
    expect(tw.messages.length).toBe(before);
    expect(tw.requests.at(-1)?.authorized).toBe(false);
  });

  it('Twilio errors (4xx, 5xx) and an unreachable server become SmsSendError', async () => {
    const p = new TwilioSmsProvider({ apiUrl: tw.url, accountSid: tw.accountSid, authToken: tw.authToken, from: '+12125550199' });
    await expect(p.send({ to: 'not-a-number', body: 'x' })).rejects.toBeInstanceOf(SmsSendError);
    tw.failNext(503);
    await expect(p.send({ to: MEMBER, body: 'x' })).rejects.toThrow(/503/);
    const down = new TwilioSmsProvider({ apiUrl: 'http://127.0.0.1:9', accountSid: 'AC1', authToken: 't', from: '+1', timeoutMs: 2000 });
    await expect(down.send({ to: MEMBER, body: 'x' })).rejects.toThrow(/unreachable/);
  });
});

describe('SMS through Twilio, end to end', () => {
  let t: TestApp;
  beforeAll(async () => {
    const env = fakeTwilioEnv(tw);
    // The adapter the app builds from its config (with the StatusCallback under APP_ORIGIN).
    t = await createTestApp({ env, smsProvider: createSmsProvider(testConfig(env)) });
  });
  afterAll(() => t.close());

  it('send-otp delivers the code through Twilio; the stored body is redacted and carries the sid', async () => {
    const since = tw.messages.length;
    const res = await t.app.inject({ method: 'POST', url: '/api/send-otp', payload: { phone: MEMBER } });
    expect(res.statusCode).toBe(200);
    const code = await tw.waitForCode(MEMBER, { since });
    expect(code).toMatch(/^\d{6}$/);
    await t.idle();
    const [row] = await t.db.select().from(smsMessages).where(eq(smsMessages.phone, MEMBER));
    expect(row).toMatchObject({ provider: 'twilio', purpose: 'otp', status: 'queued', direction: 'outbound', providerId: tw.messages.at(-1)!.sid });
    expect(tw.messages.at(-1)!.statusCallback).toBe(`${t.config.appOrigin}${TWILIO_STATUS_WEBHOOK_PATH}`);
    expect(row.body).not.toContain(code);
    expect(row.body).toBe('Your verification code is ••••••. It expires in 5 minutes. Never share it with anyone.');
    // And the code works.
    const ok = await t.app.inject({ method: 'POST', url: '/api/verify-otp', payload: { phone: MEMBER, otp: code } });
    expect(ok.statusCode).toBe(200);
  });

  it('a Twilio failure is stored as failed, and the caller still gets the same answer', async () => {
    tw.failNext(500);
    const phone = '+12125550101';
    const res = await t.app.inject({ method: 'POST', url: '/api/send-otp', payload: { phone } });
    expect(res.json()).toEqual({ status: 'success', message: 'Verification code sent' });
    await t.idle();
    const [row] = await t.db.select().from(smsMessages).where(eq(smsMessages.phone, phone));
    expect(row).toMatchObject({ status: 'failed', providerId: null });
    expect(row.error).toMatch(/500/);
  });

  it('sendSms stores non-OTP messages as sent, with who sent them', async () => {
    const [admin] = await t.db.select().from(users).where(eq(users.phone, '+12125550101'));
    const r = await sendSms(t.app.ctx, {
      to: MEMBER,
      body: 'Your access request has been approved.',
      purpose: 'access_request_approved',
      sentBy: admin.id,
    });
    expect(r.ok).toBe(true);
    const [row] = await t.db.select().from(smsMessages).where(eq(smsMessages.id, r.id));
    expect(row).toMatchObject({ body: 'Your access request has been approved.', sentBy: admin.id, provider: 'twilio' });
  });
});

describe('delivery reports (StatusCallback), signed by Twilio', () => {
  let t: TestApp;
  beforeAll(async () => {
    const env = fakeTwilioEnv(tw);
    t = await createTestApp({ env, smsProvider: createSmsProvider(testConfig(env)) });
  });
  afterAll(() => t.close());

  /** Sends one SMS through the fake Twilio and returns its sid. */
  async function sent(body = 'Your slab has arrived.') {
    const r = await sendSms(t.app.ctx, { to: MEMBER, body, purpose: 'manual' });
    expect(r.ok).toBe(true);
    return r.providerId!;
  }
  const report = (sid: string, status: string, opts: { errorCode?: number; signature?: string | null } = {}) => {
    const cb = tw.statusCallback(sid, status, { errorCode: opts.errorCode });
    const headers: Record<string, string> = { ...cb.headers };
    if (opts.signature === null) delete headers['x-twilio-signature'];
    else if (opts.signature !== undefined) headers['x-twilio-signature'] = opts.signature;
    return t.app.inject({ method: 'POST', url: cb.path, headers, payload: cb.body });
  };
  const row = async (sid: string) => (await t.db.select().from(smsMessages).where(eq(smsMessages.providerId, sid)))[0];

  it('moves the stored message forward: queued → sent → delivered, with the time of the report', async () => {
    const sid = await sent();
    expect(await row(sid)).toMatchObject({ status: 'queued', statusUpdatedAt: null });
    expect((await report(sid, 'sent')).statusCode).toBe(204);
    expect((await row(sid)).status).toBe('sent');
    t.clock.advance(5000);
    expect((await report(sid, 'delivered')).statusCode).toBe(204);
    expect(await row(sid)).toMatchObject({ status: 'delivered', errorCode: null, error: null, statusUpdatedAt: t.clock.now() });
  });

  it('never moves backwards: a late "sent" or "queued" does not overwrite "delivered"; a repeat changes nothing', async () => {
    const sid = await sent();
    await report(sid, 'delivered');
    const at = (await row(sid)).statusUpdatedAt;
    t.clock.advance(1000);
    for (const late of ['sent', 'queued', 'sending', 'delivered', 'undelivered']) {
      expect((await report(sid, late)).statusCode).toBe(204);
    }
    expect(await row(sid)).toMatchObject({ status: 'delivered', statusUpdatedAt: at });
  });

  it("undelivered and failed keep Twilio's ErrorCode and say what it means", async () => {
    const a = await sent();
    await report(a, 'sent');
    await report(a, 'undelivered', { errorCode: 30003 });
    expect(await row(a)).toMatchObject({ status: 'undelivered', errorCode: 30003, error: 'Twilio error 30003: Unreachable handset' });
    const b = await sent();
    await report(b, 'failed', { errorCode: 30008 });
    expect(await row(b)).toMatchObject({ status: 'failed', errorCode: 30008, error: 'Twilio error 30008: Unknown error' });
  });

  it('a report without a good X-Twilio-Signature is a 403 and changes nothing', async () => {
    const sid = await sent();
    expect((await report(sid, 'delivered', { signature: null })).statusCode).toBe(403);
    expect((await report(sid, 'delivered', { signature: '' })).statusCode).toBe(403);
    expect((await report(sid, 'delivered', { signature: 'AAAAAAAAAAAAAAAAAAAAAAAAAAA=' })).statusCode).toBe(403);
    // Signed for another status, sent with this one.
    const signedSent = tw.statusCallback(sid, 'sent').headers['x-twilio-signature'];
    expect((await report(sid, 'delivered', { signature: signedSent })).statusCode).toBe(403);
    expect((await row(sid)).status).toBe('queued');
  });

  it('a signed report about an unknown message or status is accepted and ignored; one without the fields is a 400', async () => {
    const sid = await sent();
    expect((await report(sid, 'teleported')).statusCode).toBe(204);
    expect((await row(sid)).status).toBe('queued');
    const params: Array<[string, string]> = [
      ['MessageSid', 'SM00000000000000000000000000000000'],
      ['MessageStatus', 'delivered'],
    ];
    const url = `${t.config.appOrigin}${TWILIO_STATUS_WEBHOOK_PATH}`;
    const { twilioSignature } = await import('#server/modules/webhooks/index.ts');
    const unknown = await t.app.inject({
      method: 'POST',
      url: TWILIO_STATUS_WEBHOOK_PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(tw.authToken, url, params) },
      payload: new URLSearchParams(params).toString(),
    });
    expect(unknown.statusCode).toBe(204);
    const junk: Array<[string, string]> = [['Foo', 'bar']];
    const bad = await t.app.inject({
      method: 'POST',
      url: TWILIO_STATUS_WEBHOOK_PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(tw.authToken, url, junk) },
      payload: new URLSearchParams(junk).toString(),
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the app picks the SMS adapter from config', () => {
  it('SMS_PROVIDER=twilio without an override uses Twilio at TWILIO_API_URL', async () => {
    const t = await createTestApp({ env: fakeTwilioEnv(tw) });
    try {
      // createTestApp injects the in-memory provider unless told otherwise; build the default one.
      const { createSmsProvider } = await import('./sms.provider.ts');
      const provider = createSmsProvider(t.config);
      expect(provider.name).toBe('twilio');
      const since = tw.messages.length;
      await provider.send({ to: MEMBER, body: 'Your verification code is 123456.' });
      expect(await tw.waitForCode(MEMBER, { since })).toBe('123456');
    } finally {
      await t.close();
    }
  });
});
