import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { LocalHandlers, type BusMessage, type EventBus } from './bus.ts';

const CHANNEL = 'live-events';

/**
 * Redis pub/sub fan-out. Each instance delivers its own events locally first (so losing Redis never
 * silences an instance's own sockets) and ignores its own echo from the channel.
 */
export function createRedisBus(url: string, log?: FastifyBaseLogger): EventBus {
  const instanceId = randomUUID();
  const local = new LocalHandlers();
  const retryStrategy = (times: number) => Math.min(times * 200, 2_000);
  // No offline queue: an event published while Redis is down must not arrive minutes later.
  const pub = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, retryStrategy, lazyConnect: false });
  const sub = new Redis(url, { retryStrategy, autoResubscribe: true });
  let downLogged = false;
  for (const [name, client] of [
    ['publisher', pub],
    ['subscriber', sub],
  ] as const) {
    client.on('error', (err) => {
      if (!downLogged) log?.warn({ err: err.message, client: name }, 'redis unavailable; live events stay on this instance');
      downLogged = true;
    });
    client.on('ready', () => {
      if (downLogged) log?.info({ client: name }, 'redis connection restored');
      downLogged = false;
    });
  }
  // SUBSCRIBE is queued until the subscriber connects; its reply means the channel is heard.
  const subscribed = sub.subscribe(CHANNEL).then(() => {});
  // Without an offline queue a publish before the publisher connects is dropped.
  const published = new Promise<void>((resolve, reject) => {
    if (pub.status === 'ready') return resolve();
    pub.once('ready', resolve);
    pub.once('end', () => reject(new Error('redis bus closed before it was ready')));
  });
  const ready = Promise.all([subscribed, published]).then(() => {});
  ready.catch(() => {});
  sub.on('message', (_channel, raw) => {
    try {
      const { from, msg } = JSON.parse(raw) as { from: string; msg: BusMessage };
      if (from !== instanceId) local.emit(msg);
    } catch {
      /* a malformed message on the channel is ignored */
    }
  });
  return {
    transport: 'redis',
    async publish(msg) {
      local.emit(msg);
      try {
        await pub.publish(CHANNEL, JSON.stringify({ from: instanceId, msg }));
      } catch {
        /* other instances miss this one while Redis is down */
      }
    },
    subscribe: (h) => local.add(h),
    ready: () => ready,
    async close() {
      pub.disconnect();
      sub.disconnect();
    },
  };
}
