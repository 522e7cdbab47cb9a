import type { FastifyInstance } from 'fastify';
import type { ErrorBody } from './errors.ts';
import type { Database } from '#server/db/client.ts';

export const BUSY_MESSAGE = 'The server is busy; try again in a moment';

export interface LoadSheddingOptions {
  /** Statements queued or running at the database beyond which a new API request is refused. */
  maxWaiting: number;
  /** How long the oldest of them may have waited (ms) before new API requests are refused. */
  maxOldestWaitMs: number;
  /** Seconds the client is told to wait before trying again. */
  retryAfterSeconds: number;
}

/**
 * Admission control (decision 144): while the database is behind, a new API request is answered
 * 503 with Retry-After at once, before it does any work, rather than queued until a client or
 * proxy times it out. Health checks and the live socket are always let through.
 */
export function registerLoadShedding(app: FastifyInstance, database: Pick<Database, 'load'>, opts: LoadSheddingOptions) {
  const load = database.load;
  if (!load) return;
  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/api/') || req.url.startsWith('/api/health')) return;
    const { waiting, oldestWaitMs } = load();
    if (waiting <= opts.maxWaiting && oldestWaitMs <= opts.maxOldestWaitMs) return;
    reply.header('Retry-After', String(opts.retryAfterSeconds));
    return reply.status(503).send({ status: 'error', error: BUSY_MESSAGE } satisfies ErrorBody);
  });
}
