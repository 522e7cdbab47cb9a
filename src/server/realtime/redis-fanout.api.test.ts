import { createServer, Socket, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Redis } from 'ioredis';
import { buildApp } from '#server/app.ts';
import { createRedisBus } from './bus-redis.ts';
import { createTestApp, signIn, testConfig, type SignedIn, type TestApp } from '#server/test/harness.ts';

const REDIS = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisAnswers() {
  const r = new Redis(REDIS, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await r.connect();
    await r.ping();
    return true;
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}
const available = await redisAnswers();
if (!available && process.env.CI === 'true') throw new Error(`Redis must answer at ${REDIS} in CI`);
if (!available) console.warn(`!! Redis not reachable at ${REDIS}: skipping the cross-instance fan-out tests`);

/** A TCP proxy in front of Redis that a test can cut and restore, to play a Redis outage. */
class CuttableProxy {
  private server!: Server;
  private sockets = new Set<Socket>();
  port = 0;
  async start(port = 0) {
    const target = new URL(REDIS);
    this.server = createServer((client) => {
      const upstream = new Socket();
      upstream.connect(Number(target.port || 6379), target.hostname);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((r) => this.server.listen(port, '127.0.0.1', r));
    this.port = (this.server.address() as { port: number }).port;
  }
  async cut() {
    for (const s of this.sockets) s.destroy();
    await new Promise((r) => this.server.close(r));
  }
  restore() {
    return this.start(this.port);
  }
}

describe.skipIf(!available)('live events across instances (Redis)', () => {
  const proxy = new CuttableProxy();
  let a: TestApp;
  let bApp: Awaited<ReturnType<typeof buildApp>>;
  let member: SignedIn;
  let portA = 0;
  let portB = 0;

  beforeAll(async () => {
    await proxy.start();
    const redisUrl = `redis://127.0.0.1:${proxy.port}`;
    const busA = createRedisBus(redisUrl);
    const busB = createRedisBus(redisUrl);
    // Two app instances over one database, each with its own Redis bus.
    a = await createTestApp({ bus: busA });
    bApp = await buildApp({
      config: testConfig(),
      database: { ...a.database, close: async () => {} },
      clock: a.clock,
      sms: a.sms,
      serveWeb: false,
      logger: false,
      bus: busB,
    });
    await a.app.listen({ port: 0, host: '127.0.0.1' });
    await bApp.listen({ port: 0, host: '127.0.0.1' });
    portA = (a.app.server.address() as { port: number }).port;
    portB = (bApp.server.address() as { port: number }).port;
    member = await signIn(a, '+12125550103');
    // Both instances subscribed and able to publish: an event from either now reaches the other.
    await Promise.all([busA.ready(), busB.ready()]);
  });
  afterAll(async () => {
    await bApp?.close();
    await a?.close();
    await proxy.cut().catch(() => {});
  });

  async function socketOn(port: number) {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { origin: 'http://localhost:5000' });
    const got: Record<string, unknown>[] = [];
    ws.on('message', (d) => got.push(JSON.parse(d.toString())));
    await new Promise((r) => ws.on('open', r));
    ws.send(JSON.stringify({ type: 'auth', token: member.token }));
    await expect.poll(() => got.some((m) => m.type === 'auth_success')).toBe(true);
    return { ws, got };
  }

  const notifications = (got: Record<string, unknown>[]) => got.filter((m) => m.type === 'notification').map((m) => m.title);

  it('a bus is ready once Redis acknowledged its subscription: a message published right after is heard', async () => {
    // The other client is connected first, so its publish goes out the moment ready() resolves.
    const other = new Redis(REDIS);
    await other.ping();
    const bus = createRedisBus(REDIS);
    const heard: unknown[] = [];
    bus.subscribe((msg) => heard.push(msg));
    try {
      await bus.ready();
      // A plain client publishes at once; had SUBSCRIBE not been acknowledged, this would be lost.
      await other.publish('live-events', JSON.stringify({ from: 'another-instance', msg: { kind: 'sessions', userId: 'u1' } }));
      await expect.poll(() => heard).toEqual([{ kind: 'sessions', userId: 'u1' }]);
    } finally {
      other.disconnect();
      await bus.close();
    }
  });

  it('an event raised on one instance reaches a socket on the other', async () => {
    const onB = await socketOn(portB);
    await a.app.ctx.live.publish({ kind: 'user', userId: member.userId }, { type: 'notification', title: 'from A', message: '' });
    await expect.poll(() => notifications(onB.got)).toEqual(['from A']);
    onB.ws.close();
  });

  it('with Redis gone each instance still serves its own sockets, and fan-out resumes when it returns', async () => {
    const onA = await socketOn(portA);
    const onB = await socketOn(portB);
    await proxy.cut();
    await a.app.ctx.live.publish({ kind: 'user', userId: member.userId }, { type: 'notification', title: 'local A', message: '' });
    await bApp.ctx.live.publish({ kind: 'user', userId: member.userId }, { type: 'notification', title: 'local B', message: '' });
    await expect.poll(() => notifications(onA.got)).toEqual(['local A']);
    await expect.poll(() => notifications(onB.got)).toEqual(['local B']);

    await proxy.restore();
    // Reconnection with backoff: keep publishing until the other instance hears it.
    await expect
      .poll(
        async () => {
          await a.app.ctx.live.publish({ kind: 'user', userId: member.userId }, { type: 'notification', title: 'after', message: '' });
          return notifications(onB.got).includes('after');
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe(true);
    onA.ws.close();
    onB.ws.close();
  });
});
