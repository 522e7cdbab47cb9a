import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../harness.ts';

/** Raw HTTP over TCP, to send a body slower than any client library would let us. */
function slowBody(port: number, path: string): Promise<{ response: string; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let response = '';
    socket.on('data', (d) => (response += d.toString()));
    socket.on('error', reject);
    socket.on('close', () => resolve({ response, closedAfterMs: Date.now() - started }));
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\nX-Client-Id: web\r\n\r\n{"phone":`,
    );
    // The rest never comes.
  });
}

describe('transport limits', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ env: { REQUEST_TIMEOUT_SECONDS: '1' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  it('cuts off a request whose body never finishes arriving', async () => {
    const { response, closedAfterMs } = await slowBody(port, '/api/send-otp');
    expect(response).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfterMs).toBeLessThan(10_000);
  });
});
