import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from './security-headers.ts';

const options: HelmetOptions = {
  contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"], upgradeInsecureRequests: null } },
  crossOriginEmbedderPolicy: false,
  strictTransportSecurity: false,
};

/** What Helmet itself sets on a real response with these options. */
async function helmetHeaders(opts: HelmetOptions) {
  const mw = helmet(opts);
  const server = createServer((req, res) => mw(req, res, () => res.end('ok')));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    return Object.fromEntries(
      [...res.headers].filter(([k]) => !['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(k)),
    );
  } finally {
    server.close();
  }
}

describe('security headers', () => {
  it('are exactly the ones Helmet sets, on every reply, including replies written on the raw response', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, options);
    app.get('/json', async () => ({ ok: true }));
    app.get('/raw', (_req, reply) => {
      reply.hijack();
      reply.raw.end('raw');
    });
    const expected = await helmetHeaders(options);
    expect(expected['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(expected['strict-transport-security']).toBeUndefined();
    for (const url of ['/json', '/raw', '/missing']) {
      const res = await app.inject({ method: 'GET', url });
      for (const [name, value] of Object.entries(expected)) expect([url, name, res.headers[name]]).toEqual([url, name, value]);
    }
    await app.close();
  });

  it('send HSTS when asked to', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, { ...options, strictTransportSecurity: true });
    app.get('/', async () => 'ok');
    expect((await app.inject({ method: 'GET', url: '/' })).headers['strict-transport-security']).toMatch(/max-age=\d+/);
    await app.close();
  });
});
