import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, signIn, type TestApp } from '#server/test/harness.ts';

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
  t = await createTestApp({ logger: { level: 'info', stream } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => t.close());

describe('security: log hygiene', () => {
  it('a client that aborts its request mid-body is not logged as a database outage', async () => {
    const from = lines.length;
    const socket = connect(port, '127.0.0.1');
    await new Promise((r) => socket.on('connect', r));
    socket.write('POST /api/send-otp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nX-Client-Id: web\r\nContent-Length: 1000\r\n\r\n{"phone":');
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
