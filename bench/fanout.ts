// Live fan-out: one event to 1,000 sockets, publish-to-delivery p50/p99, beside a bare `ws`
// broadcast loop in the same run; in-process, and through Redis with two instances.
// FANOUT_ROUNDS (default 5) rounds, each measuring bare ws then ours back to back; the ratios are
// taken per round and the median reported, since a single round's p99 swings with machine load.
import { once } from 'node:events';
import { WebSocketServer } from 'ws';
import { createRedisBus } from '../src/server/realtime/bus-redis.ts';
import { benchApp, benchDatabase, fmt, isMain, reachable, sessionFor, spawnTs, stats, stopChild, withTimeout, type TsChild } from './support.ts';

const SOCKETS = Number(process.env.FANOUT_SOCKETS ?? 1000);
const EVENTS = Number(process.env.FANOUT_EVENTS ?? 30);
const ROUNDS = Math.max(1, Number(process.env.FANOUT_ROUNDS ?? 5));
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The shared monotonic clock (see fanout-receivers.ts). */
const now = () => Number(process.hrtime.bigint()) / 1e6;

type Msg = { started?: true; ready?: true; armed?: true; delivered?: number; latencies?: number[]; error?: string };

/** The next IPC message from the receivers that has `key`. */
function next<K extends keyof Msg>(child: TsChild, key: K, timeoutMs = 60_000): Promise<NonNullable<Msg[K]>> {
  return withTimeout(
    new Promise((resolve, reject) => {
      const onMessage = (m: Msg) => {
        if (m.error) return done(() => reject(new Error(`receivers: ${m.error}`)));
        if (m[key] !== undefined) done(() => resolve(m[key] as NonNullable<Msg[K]>));
      };
      const onExit = (code: number) => done(() => reject(new Error(`receivers exited (${code}):\n${child.output().slice(-2000)}`)));
      const done = (f: () => void) => {
        child.off('message', onMessage);
        child.off('exit', onExit);
        f();
      };
      child.on('message', onMessage);
      child.on('exit', onExit);
    }),
    timeoutMs,
    `receivers: waiting for ${key}`,
  );
}

/** 1,000 sockets in a separate process; publishes EVENTS events one at a time, each once all have it. */
async function measure(urlFor: (i: number) => string, token: string | undefined, publish: (sentAt: number) => Promise<void> | void) {
  const child = spawnTs('bench/fanout-receivers.ts');
  try {
    await next(child, 'started');
    child.send({ connect: { urls: Array.from({ length: SOCKETS }, (_, i) => urlFor(i)), token } });
    await next(child, 'ready', 120_000);
    let missing = 0;
    for (let e = 0; e < EVENTS; e++) {
      child.send({ expect: true });
      await next(child, 'armed');
      const delivered = next(child, 'delivered');
      await publish(now());
      missing += SOCKETS - (await delivered);
    }
    child.send({ collect: true });
    const latencies = await next(child, 'latencies');
    return { ...stats(latencies), missing };
  } finally {
    await stopChild(child);
  }
}

async function bareWs() {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await once(wss, 'listening');
  const { port } = wss.address() as { port: number };
  const result = await measure(
    () => `ws://127.0.0.1:${port}`,
    undefined,
    (sentAt) => {
      const data = JSON.stringify({ type: 'notification', title: 'bench', sentAt });
      for (const c of wss.clients) c.send(data);
    },
  );
  wss.close();
  return result;
}

async function ours(mode: 'memory' | 'redis') {
  const database = await benchDatabase();
  const apps: Awaited<ReturnType<typeof benchApp>>[] = [];
  try {
    const a = await benchApp(database, { bus: mode === 'redis' ? createRedisBus(REDIS_URL) : undefined });
    apps.push(a);
    const b = mode === 'redis' ? await benchApp(database, { bus: createRedisBus(REDIS_URL) }) : null;
    if (b) apps.push(b);
    const { token } = await sessionFor(database, '+12125550103');
    await new Promise((r) => setTimeout(r, 200));
    // With Redis, all sockets sit on the second instance, so every delivery crosses Redis.
    const port = (b ?? a).port;
    return await measure(
      () => `ws://127.0.0.1:${port}/ws`,
      token,
      (sentAt) => a.app.ctx.live.publish({ kind: 'members' }, { type: 'notification', title: 'bench', sentAt } as never),
    );
  } finally {
    for (const x of apps.reverse()) await x.app.close().catch(() => {});
    await database.close();
  }
}

type Result = Awaited<ReturnType<typeof measure>>;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const range = (xs: number[], digits = 2) => `${fmt(Math.min(...xs), digits)}–${fmt(Math.max(...xs), digits)}`;

/** The round whose value is the median (so its p50/p99 are reported together, as measured). */
function medianRound<T>(rounds: T[], value: (r: T) => number): T {
  const m = median(rounds.map(value));
  return rounds.find((r) => value(r) === m)!;
}

interface Round {
  base: Result;
  mem: Result;
  redis: Result | null;
  memRatio: number;
  redisAdded: number | null;
}

export async function runFanout() {
  const limit = 240_000;
  let redisSkipped: string | null = (await reachable(REDIS_URL)) ? null : `Redis unreachable at ${REDIS_URL}`;
  const rounds: Round[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const base = await withTimeout(bareWs(), limit, 'bare ws fan-out');
    const mem = await withTimeout(ours('memory'), limit, 'in-process fan-out');
    let redis: Result | null = null;
    if (!redisSkipped) {
      try {
        redis = await withTimeout(ours('redis'), limit, 'Redis fan-out');
      } catch (err) {
        redisSkipped = (err as Error).message;
      }
    }
    rounds.push({ base, mem, redis, memRatio: mem.p99 / base.p99, redisAdded: redis ? redis.p99 - mem.p99 : null });
  }
  const mid = medianRound(rounds, (r) => r.memRatio);
  const memRatio = mid.memRatio;
  const redisRounds = rounds.filter((r) => r.redis);
  const redisMid = redisRounds.length === rounds.length ? medianRound(redisRounds, (r) => r.redisAdded!) : null;

  const row = (name: string, s: Result, base: Result) =>
    `  ${name.padEnd(28)} p50 ${fmt(s.p50)} ms  p99 ${fmt(s.p99)} ms  (p99 ${fmt(s.p99 / base.p99)}× bare ws)` +
    (s.missing ? `  [${s.missing} deliveries missing]` : '');
  console.log(`\nLive fan-out: 1 event → ${SOCKETS} sockets, ${EVENTS} events (receivers in their own process), median of ${ROUNDS} rounds`);
  console.log(row('bare ws broadcast', mid.base, mid.base));
  console.log(row('ours, in-process bus', mid.mem, mid.base));
  console.log(
    `  in-process p99 ratio per round: ${rounds.map((r) => fmt(r.memRatio)).join(', ')} (median ${fmt(memRatio)}×, range ${range(rounds.map((r) => r.memRatio))})`,
  );
  console.log(`  in-process p99 goal ≤ 1.5× bare ws (median) → ${memRatio <= 1.5 ? 'met' : 'MISSED'}`);
  if (redisMid) {
    const added = redisMid.redisAdded!;
    console.log(row('ours, Redis, 2 instances', redisMid.redis!, redisMid.base));
    console.log(`  Redis hop at p99 per round: ${rounds.map((r) => fmt(r.redisAdded!)).join(', ')} ms`);
    console.log(`  Redis hop adds ${fmt(added)} ms at p99, median (goal ≤ 2 ms) → ${added <= 2 ? 'met' : 'MISSED'}`);
  } else {
    console.log(`  ours, Redis: skipped (${redisSkipped})`);
  }
  const missing = rounds.reduce((n, r) => n + r.mem.missing + (r.redis?.missing ?? 0), 0);
  return {
    sockets: SOCKETS,
    events: EVENTS,
    rounds: ROUNDS,
    bareWs: mid.base,
    inProcess: { ...mid.mem, p99RatioToBare: memRatio, p99RatioPerRound: rounds.map((r) => r.memRatio) },
    redis: redisMid
      ? {
          ...redisMid.redis!,
          p99RatioToBare: redisMid.redis!.p99 / redisMid.base.p99,
          addedP99Ms: redisMid.redisAdded!,
          addedP99MsPerRound: rounds.map((r) => r.redisAdded!),
        }
      : { skipped: redisSkipped },
    missingDeliveries: missing,
  };
}

if (isMain(import.meta.url)) {
  await runFanout();
  process.exit(0);
}
