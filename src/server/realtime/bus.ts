import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveMessage } from '#common/live.ts';

/** Who an event is for. A manager's client events are addressed to the manager's user id. */
export type Audience =
  | { kind: 'user'; userId: string }
  | { kind: 'users'; userIds: string[] }
  | { kind: 'admins' }
  | { kind: 'members' };

/** Control messages let any instance close sockets held by another. */
export type BusMessage =
  | { kind: 'event'; audience: Audience; event: LiveMessage }
  | { kind: 'disconnect'; userId: string; sessionId?: string };

type Handler = (msg: BusMessage) => void;

export interface EventBus {
  /** Delivers to this instance's sockets at once and to every other instance through the transport. */
  publish(msg: BusMessage): Promise<void>;
  subscribe(handler: Handler): () => void;
  readonly transport: 'memory' | 'redis';
  close(): Promise<void>;
}

class LocalHandlers {
  private handlers = new Set<Handler>();
  add(h: Handler) {
    this.handlers.add(h);
    return () => void this.handlers.delete(h);
  }
  emit(msg: BusMessage) {
    for (const h of this.handlers) h(msg);
  }
}

export function createMemoryBus(): EventBus {
  const local = new LocalHandlers();
  return {
    transport: 'memory',
    async publish(msg) {
      local.emit(msg);
    },
    subscribe: (h) => local.add(h),
    async close() {},
  };
}

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
  void sub.subscribe(CHANNEL).catch(() => {});
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
    async close() {
      pub.disconnect();
      sub.disconnect();
    },
  };
}
