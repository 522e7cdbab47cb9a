import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { smsMessages } from '#server/db/schema/sms.ts';
import { accessRequests, auditLog, users } from '#server/db/schema/users.ts';
import { createMember } from '#server/test/factories.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { twilioSignature } from './twilio-signature.ts';
import { EMPTY_TWIML, TWILIO_SMS_WEBHOOK_PATH } from './webhooks.routes.ts';

const TOKEN = 'twilio-auth-token-for-tests';
let MEMBER: string;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { TWILIO_AUTH_TOKEN: TOKEN, TWILIO_FROM_NUMBER: '+12125550199' }, seedDemo: false });
  MEMBER = (await createMember(t)).phone;
});
afterAll(() => t.close());
beforeEach(() => t.clock.advance(1000)); // keyword order is by time

const sid = () => `SM${randomBytes(16).toString('hex')}`;

function inbound(from: string, body: string, extra: Record<string, string> = {}) {
  return {
    ToCountry: 'US',
    SmsMessageSid: '',
    NumMedia: '0',
    MessageSid: sid(),
    AccountSid: 'AC0123456789abcdef0123456789abcdef',
    From: from,
    To: '+12125550199',
    Body: body,
    NumSegments: '1',
    ApiVersion: '2010-04-01',
    ...extra,
  };
}

function deliver(
  params: Record<string, string>,
  opts: { signature?: string | null; token?: string; url?: string; headers?: Record<string, string> } = {},
) {
  const url = opts.url ?? TWILIO_SMS_WEBHOOK_PATH;
  const signature =
    opts.signature === undefined ? twilioSignature(opts.token ?? TOKEN, t.config.appOrigin + url, Object.entries(params)) : opts.signature;
  return t.app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(signature === null ? {} : { 'x-twilio-signature': signature }),
      ...opts.headers,
    },
    payload: new URLSearchParams(params).toString(),
  });
}

const stored = (messageSid: string) => t.db.select().from(smsMessages).where(eq(smsMessages.providerId, messageSid));

describe('POST /api/webhooks/twilio/sms signature', () => {
  it('a correctly signed message is stored and answered with empty TwiML', async () => {
    const params = inbound('+14155550123', 'Hello, is the Jordan rookie still available?');
    const res = await deliver(params);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/xml/);
    expect(res.body).toBe(EMPTY_TWIML);
    expect(res.body).toBe('<Response></Response>');
    const rows = await stored(params.MessageSid);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      direction: 'inbound',
      phone: '+14155550123',
      body: 'Hello, is the Jordan rookie still available?',
      purpose: 'inbound',
      provider: 'twilio',
      status: 'received',
    });
  });

  it('a wrong signature is a 403 and nothing is stored', async () => {
    const params = inbound('+14155550124', 'spoofed');
    const res = await deliver(params, { signature: 'AAAAAAAAAAAAAAAAAAAAAAAAAAA=' });
    expect(res.statusCode).toBe(403);
    expect(await stored(params.MessageSid)).toHaveLength(0);
  });

  it('a signature made with another token is a 403', async () => {
    const params = inbound('+14155550124', 'spoofed');
    expect((await deliver(params, { token: 'not-the-token' })).statusCode).toBe(403);
  });

  it('a missing signature is a 403', async () => {
    const params = inbound('+14155550124', 'spoofed');
    expect((await deliver(params, { signature: null })).statusCode).toBe(403);
    expect((await deliver(params, { signature: '' })).statusCode).toBe(403);
    expect(await stored(params.MessageSid)).toHaveLength(0);
  });

  it('a body changed after signing is a 403', async () => {
    const params = inbound('+14155550125', 'original');
    const signature = twilioSignature(TOKEN, t.config.appOrigin + TWILIO_SMS_WEBHOOK_PATH, Object.entries(params));
    const res = await deliver({ ...params, Body: 'STOP' }, { signature });
    expect(res.statusCode).toBe(403);
  });

  it('the URL signed is the public origin, whatever Host the request claims', async () => {
    const params = inbound('+14155550126', 'hi');
    const forged = twilioSignature(TOKEN, 'http://evil.example' + TWILIO_SMS_WEBHOOK_PATH, Object.entries(params));
    expect((await deliver(params, { signature: forged, headers: { host: 'evil.example' } })).statusCode).toBe(403);
    expect((await deliver(params, { headers: { host: 'evil.example' } })).statusCode).toBe(200);
  });

  it('the query string is part of the signed URL', async () => {
    const params = inbound('+14155550127', 'with query');
    const url = `${TWILIO_SMS_WEBHOOK_PATH}?source=twilio`;
    expect((await deliver(params, { url })).statusCode).toBe(200);
    const signedWithoutQuery = twilioSignature(TOKEN, t.config.appOrigin + TWILIO_SMS_WEBHOOK_PATH, Object.entries(params));
    expect((await deliver({ ...params, MessageSid: sid() }, { url, signature: signedWithoutQuery })).statusCode).toBe(403);
  });

  it('a JSON body is refused (403), not parsed', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: TWILIO_SMS_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', 'x-twilio-signature': 'x' },
      payload: { From: '+14155550128', Body: 'hi', MessageSid: sid() },
    });
    expect(res.statusCode).toBe(403);
  });

  it('a signed request without the fields of a message is a 400, never a 500', async () => {
    const res = await deliver({ Foo: 'bar' });
    expect(res.statusCode).toBe(400);
  });

  it('without a configured auth token every delivery is refused', async () => {
    const other = await createTestApp({ env: {} });
    try {
      const params = inbound('+14155550129', 'hi');
      const res = await other.app.inject({
        method: 'POST',
        url: TWILIO_SMS_WEBHOOK_PATH,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': twilioSignature('', other.config.appOrigin + TWILIO_SMS_WEBHOOK_PATH, Object.entries(params)),
        },
        payload: new URLSearchParams(params).toString(),
      });
      expect(res.statusCode).toBe(403);
    } finally {
      await other.close();
    }
  });

  it('a repeated delivery (same MessageSid) is stored once and answered the same', async () => {
    const params = inbound('+14155550130', 'Twice?');
    const first = await deliver(params);
    const second = await deliver(params);
    const concurrent = await Promise.all([deliver(params), deliver(params)]);
    for (const res of [first, second, ...concurrent]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(EMPTY_TWIML);
    }
    expect(await stored(params.MessageSid)).toHaveLength(1);
  });
});

describe('STOP and START', () => {
  const optIn = async (phone: string) => (await t.db.select({ v: users.smsOptIn }).from(users).where(eq(users.phone, phone)))[0].v;

  it.each(['STOP', 'stop', '  Stop  ', 'STOPALL', 'unsubscribe', 'Cancel', 'END', 'quit', 'REVOKE', ' optout '])(
    '%j opts the member out',
    async (word) => {
      await t.db.update(users).set({ smsOptIn: true }).where(eq(users.phone, MEMBER));
      const params = inbound(MEMBER, word);
      expect((await deliver(params)).statusCode).toBe(200);
      expect(await optIn(MEMBER)).toBe(false);
      const [row] = await stored(params.MessageSid);
      expect(row.purpose).toBe('opt_out');
    },
  );

  it.each(['START', 'start', ' Yes ', 'UNSTOP'])('%j opts the member back in', async (word) => {
    await t.db.update(users).set({ smsOptIn: false }).where(eq(users.phone, MEMBER));
    const params = inbound(MEMBER, word);
    expect((await deliver(params)).statusCode).toBe(200);
    expect(await optIn(MEMBER)).toBe(true);
    const [row] = await stored(params.MessageSid);
    expect(row.purpose).toBe('opt_in');
  });

  it('other words, or a keyword inside a sentence, change nothing', async () => {
    await t.db.update(users).set({ smsOptIn: true }).where(eq(users.phone, MEMBER));
    for (const body of ['Please stop by tomorrow', 'STOP IT', 'stopp', '']) {
      t.clock.advance(1000);
      expect((await deliver(inbound(MEMBER, body))).statusCode).toBe(200);
    }
    expect(await optIn(MEMBER)).toBe(true);
  });

  it('opt-outs are audited', async () => {
    const params = inbound(MEMBER, 'STOP');
    await deliver(params);
    const [member] = await t.db.select().from(users).where(eq(users.phone, MEMBER));
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, 'sms.opted_out'));
    expect(entries.at(-1)).toMatchObject({ actorId: member.id, targetType: 'user', targetId: member.id });
  });

  it('a replayed STOP after a START does not opt out again', async () => {
    const stop = inbound(MEMBER, 'STOP');
    await deliver(stop);
    t.clock.advance(1000);
    await deliver(inbound(MEMBER, 'START'));
    t.clock.advance(1000);
    await deliver(stop); // Twilio retrying an old delivery
    expect(await optIn(MEMBER)).toBe(true);
  });

  it('a requester who is not a member yet carries the choice into their request', async () => {
    const phone = '+14155550140';
    await t.db.insert(accessRequests).values({ phone, instagram: 'x', termsAccepted: true, privacyAccepted: true, smsOptIn: true });
    await deliver(inbound(phone, 'STOP'));
    const [req] = await t.db.select().from(accessRequests).where(eq(accessRequests.phone, phone));
    expect(req.smsOptIn).toBe(false);
  });
});

describe('sign-in codes for a number that replied STOP', () => {
  let ip = 0;
  const sendOtp = (phone: string) => t.app.inject({ method: 'POST', url: '/api/send-otp', payload: { phone }, remoteAddress: `10.9.0.${++ip}` });
  const optedOutAnswer = {
    status: 'error',
    error: 'This number replied STOP; text START to +1 212 555 0199 to receive codes',
    reason: 'sms_opted_out',
  };

  it('send-otp tells how to opt back in instead of "code sent", and sends nothing', async () => {
    const member = (await createMember(t)).phone;
    await deliver(inbound(member, 'Stop'));
    t.sms.clear();
    const res = await sendOtp(member);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(optedOutAnswer);
    await t.idle();
    expect(t.sms.messagesTo(member)).toHaveLength(0);

    t.clock.advance(31_000);
    await deliver(inbound(member, 'START'));
    const again = await sendOtp(member);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ status: 'success', message: 'Verification code sent' });
    await t.idle();
    expect(t.sms.lastCodeFor(member)).toMatch(/^\d{6}$/);
  });

  it('the answer depends on the STOP alone, the same for a member and for a number that is nobody', async () => {
    const member = (await createMember(t)).phone;
    const nobody = '+14155550177';
    await deliver(inbound(member, 'STOPALL'));
    await deliver(inbound(nobody, 'unsubscribe'));
    const a = await sendOtp(member);
    const b = await sendOtp(nobody);
    expect(a.statusCode).toBe(409);
    expect(b.statusCode).toBe(409);
    expect(a.body).toBe(b.body);
    expect(a.json()).toEqual(optedOutAnswer);
  });

  it('the send limits still count first (an opted-out number is no way around them)', async () => {
    const phone = '+14155550178';
    await deliver(inbound(phone, 'STOP'));
    expect((await sendOtp(phone)).statusCode).toBe(409);
    expect((await sendOtp(phone)).statusCode).toBe(429);
  });
});
