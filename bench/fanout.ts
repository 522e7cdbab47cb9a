// Live fan-out: one event to 1,000 sockets, publish-to-delivery p50/p99, beside a bare `ws`
// broadcast loop in the same run; in-process, and through Redis with two instances.
import { once } from 'node:events';
import WebSocket, { WebSocketServer } from 'ws';
import { createRedisBus } from '../src/server/realtime/bus.ts';
import { benchApp, benchDatabase, fmt, sessionFor, stats } from './support.ts';

const SOCKETS = Number(process.env.FANOUT_SOCKETS ?? 1000);
const EVENTS = Number(process.env.FANOUT_EVENTS ?? 30);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

type Receiver = { ws: WebSocket; latencies: number[] };

function receivers(count: number, urlFor: (i: number) => string, auth?: string): Promise<Receiver[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const ws = new WebSocket(urlFor(i), { origin: 'http://localhost:5000' });
      const r: Receiver = { ws, latencies: [] };
      let ready: () => void;
      const authed = new Promise<void>((res) => (ready = res));
      ws.on('message', (d) => {
        const m = JSON.parse(d.toString());
        if (m.type === 'auth_success') return ready();
        if (m.sentAt) r.latencies.push(performance.timeOrigin + performance.now() - m.sentAt);
      });
      await once(ws, 'open');
      if (auth) {
        ws.send(JSON.stringify({ type: 'auth', token: auth }));
        await authed;
      }
      return r;
    }),
  );
}

async function measure(rs: Receiver[], publish: (sentAt: number) => Promise<void> | void) {
  for (let e = 0; e < EVENTS; e++) {
    const before = rs.reduce((n, r) => n + r.latencies.length, 0);
    await publish(performance.timeOrigin + performance.now());
    const deadline = Date.now() + 5_000;
    while (rs.reduce((n, r) => n + r.latencies.length, 0) < before + rs.length && Date.now() < deadline) {
      await new Promise((r) => setImmediate(r));
    }
  }
  const all = rs.flatMap((r) => r.latencies);
  for (const r of rs) r.ws.terminate();
  return stats(all);
}

async function bareWs() {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await once(wss, 'listening');
  const { port } = wss.address() as { port: number };
  const rs = await receivers(SOCKETS, () => `ws://127.0.0.1:${port}`);
  const result = await measure(rs, (sentAt) => {
    const data = JSON.stringify({ type: 'notification', title: 'bench', sentAt });
    for (const c of wss.clients) c.send(data);
  });
  wss.close();
  return result;
}

async function ours(mode: 'memory' | 'redis') {
  const database = await benchDatabase();
  const a = await benchApp(database, { bus: mode === 'redis' ? createRedisBus(REDIS_URL) : undefined });
  const b = mode === 'redis' ? await benchApp(database, { bus: createRedisBus(REDIS_URL) }) : null;
  const { token } = await sessionFor(database, '+12125550103');
  await new Promise((r) => setTimeout(r, 200));
  // With Redis, all sockets sit on the second instance, so every delivery crosses Redis.
  const port = (b ?? a).port;
  const rs = await receivers(SOCKETS, () => `ws://127.0.0.1:${port}/ws`, token);
  const result = await measure(rs, (sentAt) =>
    a.app.ctx.live.publish({ kind: 'members' }, { type: 'notification', title: 'bench', sentAt } as never),
  );
  await b?.app.close();
  await a.app.close();
  await database.close();
  return result;
}

export async function runFanout() {
  const base = await bareWs();
  const mem = await ours('memory');
  let redis: ReturnType<typeof stats> | null = null;
  try {
    redis = await ours('redis');
  } catch (err) {
    console.warn(`Redis fan-out skipped: ${(err as Error).message}`);
  }
  const row = (name: string, s: ReturnType<typeof stats>) =>
    `${name.padEnd(28)} p50 ${fmt(s.p50)} ms  p99 ${fmt(s.p99)} ms  (p99 ${fmt(s.p99 / base.p99)}× bare ws)`;
  console.log(`\nLive fan-out: 1 event → ${SOCKETS} sockets, ${EVENTS} events`);
  console.log(row('bare ws broadcast', base));
  console.log(row('ours, in-process bus', mem));
  if (redis) {
    console.log(row('ours, Redis, 2 instances', redis));
    console.log(`Redis hop adds ${fmt(redis.p99 - mem.p99)} ms at p99 (goal ≤ 2 ms)`);
  }
  return {
    sockets: SOCKETS,
    events: EVENTS,
    bareWs: base,
    inProcess: { ...mem, p99RatioToBare: mem.p99 / base.p99 },
    redis: redis ? { ...redis, p99RatioToBare: redis.p99 / base.p99, addedP99Ms: redis.p99 - mem.p99 } : null,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runFanout();
  process.exit(0);
}
