import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { lockDataDir, type DataDirLock } from './data-dir-lock.ts';
import { DEFAULT_DATA_DIR } from '#server/paths.ts';

type Payload =
  | { op: 'open' }
  | { op: 'query'; sql: string; params: unknown[]; rowMode: 'array' | 'object' | undefined; identity: number[] }
  | { op: 'exec'; sql: string }
  | { op: 'close' };
export type Request = { id: number } & Payload;
export type Reply =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: { name: string; message: string; fields: Record<string, string | number | boolean> } };

/** The worker's file: beside the bundle's entry once built (scripts/build-server.mjs), else the source. */
function workerFile(): URL {
  if (import.meta.url.endsWith('.ts')) return new URL('./pglite-worker.ts', import.meta.url);
  const built = new URL('../pglite-worker.js', import.meta.url); // from <outdir>/chunks/
  if (!existsSync(built)) throw new Error(`The embedded database's worker is missing: ${built.pathname}; rebuild with npm run build:server`);
  return built;
}

/**
 * Drizzle passes parsers that keep some types as text. Functions cannot cross to the worker, so
 * only identities are accepted, sent as their type ids; anything else would be silently wrong.
 */
function identityTypes(parsers: QueryOptions['parsers']): number[] {
  return Object.entries(parsers ?? {}).map(([oid, parse]) => {
    if (parse('\u0000probe', Number(oid)) !== '\u0000probe') throw new Error(`Only identity parsers reach the database's thread (type ${oid})`);
    return Number(oid);
  });
}

/**
 * PGlite on a worker thread, with the part of PGlite's interface Drizzle uses (query, exec,
 * transaction, close). Like PGlite, it runs one statement or transaction at a time: a transaction
 * holds the connection until it commits or rolls back, and everything else waits its turn.
 */
export class PgliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  #next = 1;
  #turn: Promise<unknown> = Promise.resolve();
  #failed: Error | null = null;
  closed = false;
  /** Settles once the data dir is open: rejects with PGlite's error if it cannot be. */
  readonly ready: Promise<void>;

  constructor(dir: string) {
    this.#worker = new Worker(workerFile(), { workerData: { dir } });
    this.#worker.on('message', (reply: Reply) => {
      const waiting = this.#pending.get(reply.id);
      if (!waiting) return;
      this.#pending.delete(reply.id);
      if (reply.ok) waiting.resolve(reply.result);
      else waiting.reject(Object.assign(new Error(reply.error.message), { name: reply.error.name }, reply.error.fields));
    });
    const fail = (err: Error) => {
      if (!this.#failed) console.error(`fatal: the embedded database's thread failed: ${err.message}`);
      this.#failed = err;
      for (const waiting of this.#pending.values()) waiting.reject(err);
      this.#pending.clear();
    };
    this.#worker.on('error', fail);
    this.#worker.on('exit', (code) => {
      if (!this.closed) fail(new Error(`The embedded database's thread stopped (exit code ${code})`));
    });
    this.ready = this.#send({ op: 'open' }).then(() => undefined);
  }

  #send(req: Payload): Promise<unknown> {
    if (this.#failed) return Promise.reject(this.#failed);
    if (this.closed) return Promise.reject(new Error('The embedded database is closed'));
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...req, id } as Request);
    });
  }

  /** Runs `work` once everything before it has finished, as PGlite's own mutex does. */
  #exclusive<T>(work: () => Promise<T>): Promise<T> {
    const result = this.#turn.then(work);
    this.#turn = result.catch(() => {});
    return result;
  }

  #query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.#send({ op: 'query', sql, params, rowMode: options?.rowMode, identity: identityTypes(options?.parsers) }) as Promise<Results<T>>;
  }

  #exec(sql: string): Promise<Results[]> {
    return this.#send({ op: 'exec', sql }) as Promise<Results[]>;
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#exclusive(() => this.#query<T>(sql, params, options));
  }

  exec(sql: string): Promise<Results[]> {
    return this.#exclusive(() => this.#exec(sql));
  }

  /** PGlite's transaction(): BEGIN, the callback's statements, then COMMIT, or ROLLBACK if it throws. */
  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.#exclusive(async () => {
      await this.#exec('BEGIN');
      let closed = false;
      const open = () => {
        if (closed) throw new Error('Transaction is closed');
      };
      const tx = {
        query: async <R>(sql: string, params?: unknown[], options?: QueryOptions) => (open(), this.#query<R>(sql, params, options)),
        exec: async (sql: string) => (open(), this.#exec(sql)),
        rollback: async () => {
          open();
          await this.#exec('ROLLBACK');
          closed = true;
        },
        get closed() {
          return closed;
        },
      } as unknown as Transaction;
      try {
        const result = await callback(tx);
        if (!closed) {
          closed = true;
          await this.#exec('COMMIT');
        }
        return result;
      } catch (err) {
        if (!closed) {
          closed = true;
          await this.#exec('ROLLBACK').catch(() => {});
        }
        throw err;
      }
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.#exclusive(() => this.#send({ op: 'close' })).catch(() => {});
    this.closed = true;
    await this.#worker.terminate();
  }
}

/** The thread's query, exec and transaction, each waiting for `gate` first (the app's handle until seeded). */
export function afterGate(thread: PgliteThread, gate: Promise<unknown>) {
  return new (class GatedPglite {
    async query<T>(sql: string, params?: unknown[], options?: QueryOptions) {
      await gate;
      return thread.query<T>(sql, params, options);
    }
    async exec(sql: string) {
      await gate;
      return thread.exec(sql);
    }
    async transaction<T>(callback: (tx: Transaction) => Promise<T>) {
      await gate;
      return thread.transaction(callback);
    }
  })();
}

export interface StartedPglite {
  dataDir: string;
  lock: DataDirLock;
  thread: PgliteThread;
}

/** Another process now writes to these files: every further write of ours could be lost. */
export const stopOnLostLock = (dataDir: string) => () => {
  console.error(`fatal: lost the lock on ${dataDir}; stopping at once so no write is acknowledged and then lost`);
  process.exit(1);
};

/**
 * Takes the data dir's lock, refusing a dir another process holds (PGlite has no lock of its own),
 * and starts PGlite opening it on its own thread. `onLockLost` runs if another process claims it later.
 */
export function startPgliteDir(dataDir: string, onLockLost: () => void): StartedPglite {
  const dir = join(dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  const lock = lockDataDir(dir, join(dataDir, 'pglite.pid'), onLockLost);
  try {
    return { dataDir, lock, thread: new PgliteThread(dir) };
  } catch (err) {
    lock.release();
    throw err;
  }
}

let early: { dataDir: string; started?: StartedPglite; error?: unknown } | null = null;

/**
 * Starts opening the data dir named by DATA_DIR before the config and the app have loaded (start.ts),
 * so PGlite's 0.4 s of opening overlaps them; a lock error waits for takeEarlyPglite to report it.
 */
export function startPgliteEarly(env: NodeJS.ProcessEnv) {
  const dataDir = resolve(env.DATA_DIR ?? DEFAULT_DATA_DIR);
  try {
    early = { dataDir, started: startPgliteDir(dataDir, stopOnLostLock(dataDir)) };
  } catch (error) {
    early = { dataDir, error };
  }
}

/** What startPgliteEarly began, if it was for this dir; anything else it began is undone. */
export function takeEarlyPglite(dataDir: string): StartedPglite | null {
  const taken = early;
  early = null;
  if (!taken) return null;
  if (taken.dataDir !== dataDir) {
    if (taken.started) void taken.started.thread.close().finally(() => taken.started!.lock.release());
    return null;
  }
  if (taken.error) throw taken.error;
  return taken.started!;
}
