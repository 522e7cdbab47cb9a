import { and, eq, lte, or, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Clock } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { jobs } from '#server/db/schema/jobs.ts';

/** Which try this is: a handler may act differently on the last (tell someone, rather than only fail). */
export interface JobAttempt {
  attempt: number;
  maxAttempts: number;
}
export type JobHandler = (payload: Record<string, unknown>, run: JobAttempt) => Promise<void>;

/** A payload its job's schema refuses: no retry can fix it, so the runner keeps the job failed for good. */
export class JobPayloadError extends Error {}

/** A named job whose handler checks its payload against a schema before running. */
export interface JobDefinition {
  name: string;
  handler: JobHandler;
}

/** Defines a job with a typed payload; `run` gets the parsed payload, never a malformed one. */
export function defineJob<S extends z.ZodType<Record<string, unknown>>>(def: {
  name: string;
  payload: S;
  run: (payload: z.output<S>, run: JobAttempt) => Promise<void>;
}): JobDefinition {
  return {
    name: def.name,
    handler: async (payload, run) => {
      const parsed = def.payload.safeParse(payload);
      if (!parsed.success) throw new JobPayloadError(`malformed payload: ${z.prettifyError(parsed.error)}`);
      await def.run(parsed.data, run);
    },
  };
}

/** The runner's handler map for a list of job definitions. */
export const jobHandlers = (defs: readonly JobDefinition[]): Record<string, JobHandler> => Object.fromEntries(defs.map((d) => [d.name, d.handler]));

/** Queues a job; with a key, a job already pending under that key is kept (no duplicate). */
export async function enqueueJob(db: Db, job: { name: string; runAt: Date; key?: string; payload?: Record<string, unknown>; maxAttempts?: number }) {
  await db
    .insert(jobs)
    .values({ name: job.name, runAt: job.runAt, key: job.key ?? null, payload: job.payload ?? {}, maxAttempts: job.maxAttempts ?? 5 })
    .onConflictDoNothing({ target: jobs.key });
}

/** Whether a job is queued (or running) under this key: a module's "recompute pending" flag. */
export async function jobQueued(db: Db, key: string): Promise<boolean> {
  const [row] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.key, key)).limit(1);
  return !!row;
}

export const JOB_LOCK_MS = 5 * 60_000;
/** Retry delay after the n-th failure: 30 s, 1 min, 2 min… capped at one hour. */
export const backoffMs = (attempts: number) => Math.min(30_000 * 2 ** (attempts - 1), 60 * 60_000);

/**
 * Claims and runs due jobs. A claim is `FOR UPDATE SKIP LOCKED` plus a lease (`locked_until`), so
 * any number of instances polling one database run each job once; a failed job is retried with
 * backoff until max_attempts, then kept with its last error.
 */
export class JobRunner {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<number> | null = null;
  private current: 'idle' | 'polling' | 'stopping' | 'stopped' = 'idle';

  /** `stopped` once stop() has returned: no poll is scheduled and no job is in hand. */
  get state() {
    return this.current;
  }

  private readonly handlers: Record<string, JobHandler>;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    handlers: Record<string, JobHandler> | readonly JobDefinition[],
    private readonly opts: {
      pollMs?: number;
      /** Settled before the first poll: a starting server queues its first requests' statements ahead of the catch-up (decision 148). */
      startAfter?: Promise<unknown>;
      onError?: (err: unknown, job: string) => void;
    } = {},
  ) {
    this.handlers = Array.isArray(handlers) ? jobHandlers(handlers) : (handlers as Record<string, JobHandler>);
  }

  /** Runs every job due now, one at a time; returns how many it ran. */
  async runDue(): Promise<number> {
    let n = 0;
    while (await this.runOne()) n++;
    return n;
  }

  private async runOne(): Promise<boolean> {
    const now = this.clock.now();
    const names = Object.keys(this.handlers);
    if (!names.length) return false;
    const [job] = await this.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: jobs.id })
        .from(jobs)
        .where(
          and(
            lte(jobs.runAt, now),
            or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, now)),
            sql`${jobs.attempts} < ${jobs.maxAttempts}`,
            sql`${jobs.name} in (${sql.join(
              names.map((x) => sql`${x}`),
              sql`, `,
            )})`,
          ),
        )
        .orderBy(jobs.runAt)
        .limit(1)
        .for('update', { skipLocked: true });
      if (!due.length) return [];
      return tx
        .update(jobs)
        .set({ lockedUntil: new Date(now.getTime() + JOB_LOCK_MS), attempts: sql`${jobs.attempts} + 1` })
        .where(eq(jobs.id, due[0].id))
        .returning();
    });
    if (!job) return false;
    try {
      await this.handlers[job.name](job.payload, { attempt: job.attempts, maxAttempts: job.maxAttempts });
      await this.db.delete(jobs).where(eq(jobs.id, job.id));
    } catch (err) {
      this.opts.onError?.(err, job.name);
      const lastError = String((err as Error)?.message ?? err).slice(0, 500);
      // A malformed payload fails the same way on every try: spend the attempts now.
      const failed = err instanceof JobPayloadError ? { attempts: job.maxAttempts } : { runAt: new Date(now.getTime() + backoffMs(job.attempts)) };
      await this.db
        .update(jobs)
        .set({ lockedUntil: null, lastError, ...failed })
        .where(eq(jobs.id, job.id));
    }
    return true;
  }

  start() {
    if (this.current !== 'idle') return;
    this.current = 'polling';
    const tick = () => {
      this.running = this.runDue().catch((err) => (this.opts.onError?.(err, '(poll)'), 0));
      void this.running.finally(() => {
        if (this.timer) this.timer = setTimeout(tick, this.opts.pollMs ?? 5_000);
      });
    };
    const begin = () => {
      if (this.current === 'polling') this.timer = setTimeout(tick, 0);
    };
    if (this.opts.startAfter) void this.opts.startAfter.then(begin, begin);
    else begin();
  }

  /** Stops polling and waits for the job in hand. */
  async stop() {
    if (this.current === 'polling') this.current = 'stopping';
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
    this.current = 'stopped';
  }
}
