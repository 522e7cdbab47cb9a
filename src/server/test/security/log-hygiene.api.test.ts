import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loggerOptions } from '#server/app.ts';
import { createCard, createMember } from '#server/test/factories.ts';
import { createTestApp, signIn, testConfig, type TestApp } from '#server/test/harness.ts';

interface LogLine {
  level: number;
  msg?: string;
  err?: { stack?: string; message?: string };
  [key: string]: unknown;
}
const WARN = 40;

const lines: LogLine[] = [];
const stream = new Writable({
  write(chunk, _enc, done) {
    for (const l of chunk.toString().split('\n')) if (l.trim()) lines.push(JSON.parse(l));
    done();
  },
});

let t: TestApp;
let port = 0;
beforeAll(async () => {
  // The app's own logger settings (serializers, redaction), at info so every request is logged.
  t = await createTestApp({ logger: { ...loggerOptions(testConfig()), level: 'info', stream } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => t.close());

describe('security: log hygiene', () => {
  it('share-link tokens never reach a log line: request URLs, error reports and messages show them redacted', async () => {
    const owner = await createMember(t);
    const card = await createCard(t, owner);
    const s = await signIn(t, owner.phone);
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/cards/${card.id}/share-links`,
      payload: { label: 'for a buyer' },
      headers: s.headers,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { token } = created.json<{ token: string }>();
    const from = lines.length;
    const base = `http://127.0.0.1:${port}`;
    const get = (path: string) => fetch(base + path, { headers: { 'X-Client-Id': 'web', Referer: `${base}/shared/${token}` } });
    expect((await get(`/api/shared/${token}`)).status).toBe(200);
    expect((await get(`/api/shared/${token}?utm=x`)).status).toBe(200);
    await get(`/api/shared/${token}/images/front?v=1`);
    await get(`/shared/${token}`);
    await get(`/api/shared/${encodeURIComponent(`${token}"x`)}`);
    // Whatever else reports an error or a message with such a path in it.
    t.app.log.error({ err: new Error(`could not render /shared/${token}`) }, 'share page failed');
    t.app.log.warn(`retrying /api/shared/${token}/images/back`);
    t.app.log.info({ path: `/api/shared/${token}` }, 'object with a path');
    await expect.poll(() => lines.slice(from).filter((l) => l.msg === 'request completed').length).toBeGreaterThanOrEqual(5);
    const logged = lines.slice(from);
    const text = JSON.stringify(logged);
    expect(text).not.toContain(token);
    // The lines are still useful: which route, with the token replaced.
    const urls = logged.flatMap((l) => ((l.req as { url?: string } | undefined)?.url ? [(l.req as { url: string }).url] : []));
    expect(urls).toEqual(
      expect.arrayContaining([
        '/api/shared/[redacted]',
        '/api/shared/[redacted]?utm=x',
        '/api/shared/[redacted]/images/front?v=1',
        '/shared/[redacted]',
      ]),
    );
    expect(text).toContain('could not render /shared/[redacted]');
    expect(text).toContain('retrying /api/shared/[redacted]/images/back');
  });

  it('a client that aborts its request mid-body is not logged as a database outage', async () => {
    const from = lines.length;
    const socket = connect(port, '127.0.0.1');
    await new Promise((r) => socket.on('connect', r));
    socket.write(
      'POST /api/send-otp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nX-Client-Id: web\r\nContent-Length: 1000\r\n\r\n{"phone":',
    );
    // The body has started arriving (the request is logged) before the client goes away.
    await expect.poll(() => lines.slice(from).some((l) => l.msg === 'incoming request')).toBe(true);
    socket.destroy();
    await expect.poll(() => lines.slice(from).some((l) => l.msg === 'request aborted by the client' || l.msg === 'database unavailable')).toBe(true);
    const logged = lines.slice(from);
    expect(logged.filter((l) => l.msg === 'database unavailable')).toEqual([]);
    expect(logged.filter((l) => l.level >= WARN)).toEqual([]);
  });

  it('an oversized socket frame is a warning without a stack trace', async () => {
    const member = await signIn(t, '+12125550103');
    const from = lines.length;
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { origin: 'http://localhost:5000' });
    await new Promise((r) => ws.on('open', r));
    ws.send(JSON.stringify({ type: 'auth', token: member.token }));
    await new Promise((r) => ws.once('message', r));
    const closed = new Promise<number>((r) => ws.on('close', (code) => r(code)));
    ws.send('x'.repeat(64 * 1024 + 1));
    expect(await closed).toBe(1009);
    await expect.poll(() => lines.slice(from).some((l) => JSON.stringify(l).includes('Max payload size exceeded'))).toBe(true);
    const about = lines.slice(from).filter((l) => JSON.stringify(l).includes('Max payload size exceeded'));
    expect(about.map((l) => l.level)).toEqual([WARN]);
    expect(JSON.stringify(about)).not.toMatch(/"stack"|\n\s+at /);
  });
});
