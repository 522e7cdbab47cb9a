/**
 * security: request integrity. A state-changing /api request must come from the app: its Origin
 * (or Referer when there is no Origin) is the app's, and it carries the spec's client header.
 * A page on a sibling port or subdomain cannot write with the member's cookie.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '#server/test/factories.ts';
import { createTestApp, signIn, type SignedIn, type TestApp } from '#server/test/harness.ts';

const MEMBER = '+12125550103';
let t: TestApp;
let member: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  member = await signIn(t, MEMBER);
});
afterAll(() => t?.close());

/** As a browser would send it: the cookie only, no client header unless given. */
const raw = (opts: InjectOptions) => t.rawInject(opts);
const stillSignedIn = async () => (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: member.headers })).statusCode === 200;

describe('security: state-changing requests come from the app', () => {
  it('a KYC upload from a page on another port of the same host is refused', async () => {
    const res = await raw({
      method: 'POST',
      url: '/api/user/kyc/documents',
      headers: {
        cookie: `session=${member.cookie}`,
        origin: 'http://localhost:5001',
        'x-client-id': 'web',
        'content-type': 'multipart/form-data; boundary=x',
      },
      payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="id.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n--x--\r\n',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 'error', error: expect.any(String) });
  });

  it('a text/plain logout (a cross-site form post: no client header) is refused and the session lives', async () => {
    const res = await raw({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: `session=${member.cookie}`, 'content-type': 'text/plain' },
      payload: 'x=1',
    });
    expect(res.statusCode).toBe(403);
    expect(await stillSignedIn()).toBe(true);
  });

  it('a Referer from another origin is refused when there is no Origin; a sibling subdomain is another origin', async () => {
    for (const headers of [{ referer: 'http://localhost:5001/page' }, { origin: 'http://evil.localhost:5000' }, { origin: 'null' }]) {
      const res = await raw({ method: 'PATCH', url: '/api/user/profile', headers: { ...member.headers, ...headers }, payload: { name: 'Mallory' } });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
    }
  });

  it("the app origin, the request's own origin and a header-carrying client without Origin are let through", async () => {
    const ok = [
      { origin: 'http://localhost:5000' },
      { origin: 'http://127.0.0.1:8080', host: '127.0.0.1:8080' },
      { referer: 'http://localhost:5000/settings' },
      {},
    ];
    for (const headers of ok) {
      const res = await raw({
        method: 'PATCH',
        url: '/api/user/profile',
        headers: { ...member.headers, ...headers },
        payload: { name: 'Ada Member' },
      });
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
    }
  });

  it('every /api write needs the client header, whatever the origin; reads do not', async () => {
    const { 'x-client-id': _omit, ...noClient } = member.headers;
    const write = await raw({
      method: 'PATCH',
      url: '/api/user/profile',
      headers: { ...noClient, origin: 'http://localhost:5000' },
      payload: { name: 'Ada' },
    });
    expect(write.statusCode).toBe(403);
    const wrong = await raw({
      method: 'PATCH',
      url: '/api/user/profile',
      headers: { ...noClient, 'x-client-id': 'other' },
      payload: { name: 'Ada' },
    });
    expect(wrong.statusCode).toBe(403);
    const read = await raw({ method: 'GET', url: '/api/auth/me', headers: noClient });
    expect(read.statusCode).toBe(200);
  });

  it('the Twilio webhook (signature-checked) needs neither client header nor Origin', async () => {
    const res = await raw({
      method: 'POST',
      url: '/api/webhooks/twilio/sms',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'From=%2B12125550188&Body=hi',
    });
    // Refused by its own signature check, not by the origin rule.
    expect(res.statusCode).toBe(403);
    expect(res.json().error).not.toMatch(/origin|client/i);
  });
});

describe('security: in production only APP_ORIGIN is the app', () => {
  let prod: TestApp;
  let someone: SignedIn;
  beforeAll(async () => {
    prod = await createTestApp({
      seedDemo: false,
      env: {
        NODE_ENV: 'production',
        PAYMENT_PROVIDER: 'test',
        ALLOW_TEST_PAYMENTS: 'true',
        APP_ORIGIN: 'https://cards.example.com',
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: 'AC0',
        TWILIO_AUTH_TOKEN: 'x',
        TWILIO_FROM_NUMBER: '+15005550006',
      },
    });
    const phone = (await createMember(prod)).phone;
    someone = await signIn(prod, phone);
  });
  afterAll(() => prod?.close());

  it("a write whose Origin or Referer only matches the request's own Host is refused; APP_ORIGIN is let through", async () => {
    const write = (headers: Record<string, string>) =>
      prod.rawInject({ method: 'PATCH', url: '/api/user/profile', headers: { ...someone.headers, ...headers }, payload: { name: 'Ada Member' } });
    const refused: Record<string, string>[] = [
      { host: '10.0.0.5:5000', origin: 'http://10.0.0.5:5000' },
      { host: 'evil.example', origin: 'http://evil.example' },
      { host: 'evil.example', referer: 'http://evil.example/settings' },
    ];
    for (const headers of refused) {
      const res = await write(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json().error).toBe('Requests must come from the app');
    }
    const allowed: Record<string, string>[] = [
      { host: '10.0.0.5:5000', origin: 'https://cards.example.com' },
      { referer: 'https://cards.example.com/settings' },
    ];
    for (const headers of allowed) {
      expect((await write(headers)).statusCode, JSON.stringify(headers)).toBe(200);
    }
  });
});
