import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, httpTimeouts } from '#server/app.ts';
import { createTestDatabase, testConfig } from '#server/test/harness.ts';
import type { Database } from '#server/db/client.ts';

let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;
let port: number;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ config: testConfig(), database, timeouts: { requestTimeout: 1_000, connectionsCheckingInterval: 100 } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as { port: number }).port;
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('HTTP timeouts', () => {
  it('has a request timeout and a keep-alive timeout by default', () => {
    expect(httpTimeouts.requestTimeout).toBe(30_000);
    expect(httpTimeouts.keepAliveTimeout).toBeGreaterThan(60_000);
  });

  it('cuts off a client that sends its body too slowly', async () => {
    const sock = connect(port, '127.0.0.1');
    let received = '';
    sock.on('data', (d) => (received += d));
    // The server may reset the socket while the drip still writes; the close below is what counts.
    sock.on('error', () => {});
    const closed = new Promise<number>((resolve) => sock.on('close', () => resolve(Date.now())));
    const started = Date.now();
    sock.write(
      'POST /api/request-access HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nX-Client-Id: web\r\nContent-Length: 1000\r\n\r\n{"phone":',
    );
    // A drip of bytes that would keep a socket-idle timeout happy.
    const drip = setInterval(() => sock.writable && sock.write(' '), 200);
    const at = await Promise.race([closed, new Promise<number>((r) => setTimeout(() => r(-1), 8_000))]);
    clearInterval(drip);
    sock.destroy();
    expect(at).not.toBe(-1);
    expect(at - started).toBeLessThan(5_000);
    expect(received).toMatch(/^HTTP\/1\.1 408/);
  }, 15_000);
});
