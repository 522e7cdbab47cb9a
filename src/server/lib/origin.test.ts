import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { isAppOrigin } from './origin.ts';

/** A bare Fastify whose one route answers whether the request's Origin is the app's. */
async function probe(
  trustProxy: string[] | false,
  appOrigin = 'https://cards.example.com',
  NODE_ENV: 'development' | 'production' | 'test' = 'development',
) {
  const app = Fastify({ trustProxy });
  app.get('/check', async (req) => ({ ok: isAppOrigin(req, { appOrigin, NODE_ENV }) }));
  await app.ready();
  return async (headers: Record<string, string>) => {
    const res = await app.inject({ method: 'GET', url: '/check', headers, remoteAddress: '127.0.0.1' });
    return (res.json() as { ok: boolean }).ok;
  };
}

describe('isAppOrigin', () => {
  it('accepts the configured app origin whatever host the request came to', async () => {
    const check = await probe(false);
    expect(await check({ host: '10.0.0.5:5000', origin: 'https://cards.example.com' })).toBe(true);
  });

  it('accepts a same-origin request: the scheme, host and port the request itself was sent to', async () => {
    const check = await probe(false);
    expect(await check({ host: '127.0.0.1:5000', origin: 'http://127.0.0.1:5000' })).toBe(true);
    expect(await check({ host: '192.168.1.20:5000', origin: 'http://192.168.1.20:5000' })).toBe(true);
    // Default ports are implied on both sides.
    expect(await check({ host: 'box.local', origin: 'http://box.local:80' })).toBe(true);
  });

  it('refuses another port, another host, another scheme, an opaque origin and a missing one', async () => {
    const check = await probe(false);
    expect(await check({ host: '127.0.0.1:5000', origin: 'http://127.0.0.1:5001' })).toBe(false);
    expect(await check({ host: '127.0.0.1:5000', origin: 'http://localhost:5000' })).toBe(false);
    expect(await check({ host: '127.0.0.1:5000', origin: 'https://127.0.0.1:5000' })).toBe(false);
    expect(await check({ host: '127.0.0.1:5000', origin: 'https://evil.example' })).toBe(false);
    expect(await check({ host: '127.0.0.1:5000', origin: 'null' })).toBe(false);
    expect(await check({ host: '127.0.0.1:5000', origin: 'not a url' })).toBe(false);
    expect(await check({ host: '127.0.0.1:5000' })).toBe(false);
  });

  it('ignores X-Forwarded-Host and -Proto from a client that is not a trusted proxy', async () => {
    const check = await probe(false);
    expect(
      await check({ host: '127.0.0.1:5000', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', origin: 'https://evil.example' }),
    ).toBe(false);
  });

  it('honours X-Forwarded-Host and -Proto from a trusted proxy', async () => {
    const check = await probe(['127.0.0.1']);
    expect(
      await check({
        host: '10.0.0.5:5000',
        'x-forwarded-host': 'www.cards.example',
        'x-forwarded-proto': 'https',
        origin: 'https://www.cards.example',
      }),
    ).toBe(true);
    expect(
      await check({ host: '10.0.0.5:5000', 'x-forwarded-host': 'www.cards.example', 'x-forwarded-proto': 'https', origin: 'http://10.0.0.5:5000' }),
    ).toBe(false);
  });

  it("in production accepts only APP_ORIGIN, never the origin the request's own Host names", async () => {
    const check = await probe(false, 'https://cards.example.com', 'production');
    expect(await check({ host: '10.0.0.5:5000', origin: 'https://cards.example.com' })).toBe(true);
    expect(await check({ host: 'cards.example.com', origin: 'https://cards.example.com:443' })).toBe(true);
    // Same-origin by the request's Host, but not the app's configured origin.
    expect(await check({ host: '10.0.0.5:5000', origin: 'http://10.0.0.5:5000' })).toBe(false);
    expect(await check({ host: 'evil.example', origin: 'http://evil.example' })).toBe(false);
    expect(await check({ host: 'cards.example.com', origin: 'http://cards.example.com' })).toBe(false);
    // Not even through a trusted proxy's forwarded host.
    const behindProxy = await probe(['127.0.0.1'], 'https://cards.example.com', 'production');
    expect(
      await behindProxy({
        host: '10.0.0.5:5000',
        'x-forwarded-host': 'www.cards.example',
        'x-forwarded-proto': 'https',
        origin: 'https://www.cards.example',
      }),
    ).toBe(false);
    expect(
      await behindProxy({
        host: '10.0.0.5:5000',
        'x-forwarded-host': 'cards.example.com',
        'x-forwarded-proto': 'https',
        origin: 'https://cards.example.com',
      }),
    ).toBe(true);
  });
});
