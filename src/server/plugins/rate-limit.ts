import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { Clock } from '#server/context.ts';
import { AppError } from '#server/errors.ts';

/** One limit: at most `max` requests per `windowMs` for each key (undefined key: not counted). */
export interface Limit {
  name: string;
  max: number;
  windowMs: number;
  key(req: FastifyRequest): string | undefined;
  message?: string;
}

/** The usual key: the client's address (behind TRUSTED_PROXIES, the forwarded one). */
export const byClientIp = (req: FastifyRequest): string => req.ip;

type StoreResult = { current: number; ttl: number };
type StoreCallback = (err: Error | null, res: StoreResult) => void;

/**
 * The plugin's fixed-window counter on the app's clock instead of Date.now, so the app and its
 * tests agree on when a window ends. Used when there is no Redis (one instance).
 */
function clockStore(clock: Clock) {
  return class ClockStore {
    private readonly hits = new Map<string, { start: number; count: number }>();
    incr(key: string, cb: StoreCallback, windowMs: number) {
      const now = clock.now().getTime();
      let entry = this.hits.get(key);
      if (!entry || now - entry.start >= windowMs) {
        if (this.hits.size >= 10_000) this.prune(now, windowMs);
        entry = { start: now, count: 0 };
        this.hits.set(key, entry);
      }
      entry.count++;
      cb(null, { current: entry.count, ttl: entry.start + windowMs - now });
    }
    child() {
      return new ClockStore();
    }
    private prune(now: number, windowMs: number) {
      for (const [k, v] of this.hits) if (now - v.start >= windowMs) this.hits.delete(k);
    }
  };
}

/**
 * @fastify/rate-limit with its Redis store when REDIS_URL is set, so every instance counts
 * against the same limit; otherwise counted in this process. A Redis outage lets requests
 * through (skipOnError): the limits are a brake, and the sign-in send limits live in the database.
 */
export async function registerRateLimits(app: FastifyInstance, opts: { clock: Clock; redisUrl?: string }) {
  let redis: Redis | undefined;
  if (opts.redisUrl) {
    const { Redis } = await import('ioredis');
    redis = new Redis(opts.redisUrl, { maxRetriesPerRequest: 1, commandTimeout: 1000 });
    redis.on('error', (err) => app.log.warn({ err: { message: err.message } }, 'rate-limit store unavailable'));
    app.addHook('onClose', async () => void redis!.disconnect());
  }
  await app.register(rateLimit, {
    global: false,
    skipOnError: true,
    ...(redis ? { redis, nameSpace: 'rl:' } : { store: clockStore(opts.clock) as never }),
  });
}

/**
 * A hook that counts the request against every limit given and answers 429 with Retry-After
 * (the app's error body) past any of them. Keys carry the limit's name: with Redis all limits
 * share one key space.
 */
export function limitHook(app: FastifyInstance, limits: Limit[]): onRequestAsyncHookHandler {
  const checks = limits.map((limit) => ({
    limit,
    check: app.createRateLimit({ max: limit.max, timeWindow: limit.windowMs, keyGenerator: (req) => `${limit.name}:${limit.key(req) ?? ''}` }),
  }));
  const hook: onRequestAsyncHookHandler = async (req) => {
    let retryAfterSeconds = 0;
    let message = 'Too many requests. Please try again later.';
    for (const { limit, check } of checks) {
      if (limit.key(req) === undefined) continue;
      const result = await check(req);
      if (!result.isAllowed && result.isExceeded) {
        retryAfterSeconds = Math.max(retryAfterSeconds, result.ttlInSeconds, 1);
        message = limit.message ?? message;
      }
    }
    if (retryAfterSeconds > 0) throw new AppError('rate_limited', message, { retryAfterSeconds });
  };
  limitHooks.add(hook);
  return hook;
}

/** Every hook limitHook made, so the API reference can tell which routes may answer 429. */
const limitHooks = new WeakSet<(...args: never[]) => unknown>();

/** Whether a route's hook (or any of a list of them) counts requests against a limit. */
export const isLimitHook = (hooks: unknown): boolean =>
  (Array.isArray(hooks) ? hooks : [hooks]).some((h) => typeof h === 'function' && limitHooks.has(h as (...args: never[]) => unknown));
