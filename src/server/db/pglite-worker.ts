// The embedded database's own thread (decision 148): PGlite opens a data dir here while the main
// thread loads and builds the app, and runs every statement here afterwards. pglite-thread.ts is
// the other end; a message is one statement, answered by its id.
import * as nodeModule from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import type { QueryOptions } from '@electric-sql/pglite';
import type { Reply, Request } from './pglite-thread.ts';

// A worker is a Node instance of its own: Node's compile cache is turned on here too, before PGlite loads.
(nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();
const [{ PGlite }, { pgliteStartParams }] = await Promise.all([import('@electric-sql/pglite'), import('./pglite-params.ts')]);

const port = parentPort!;
const { dir } = workerData as { dir: string };
const opened = PGlite.create(dir, { startParams: pgliteStartParams });
opened.catch(() => {}); // reported to the main thread by the 'open' request, not as an unhandled rejection

/** What the main thread needs of an error: its message and PostgreSQL's fields (code, constraint…). */
function plain(err: unknown): Extract<Reply, { ok: false }>['error'] {
  const e = err instanceof Error ? err : new Error(String(err));
  const fields: Record<string, string | number | boolean> = {};
  for (const [k, v] of Object.entries(e)) if (['string', 'number', 'boolean'].includes(typeof v)) fields[k] = v as string | number | boolean;
  return { name: e.name, message: e.message, fields };
}

/** Drizzle's parsers keep dates, timestamps and intervals as PostgreSQL's text: identities, by type. */
const identities = (oids: number[]): QueryOptions['parsers'] => Object.fromEntries(oids.map((oid) => [oid, (v: string) => v]));

async function run(req: Request): Promise<unknown> {
  const db = await opened;
  switch (req.op) {
    case 'open':
      return null;
    case 'query':
      return db.query(req.sql, req.params, { rowMode: req.rowMode, parsers: identities(req.identity) });
    case 'exec':
      return db.exec(req.sql);
    case 'close':
      await db.close();
      return null;
  }
}

port.on('message', (req: Request) => {
  run(req).then(
    (result) => port.postMessage({ id: req.id, ok: true, result } satisfies Reply),
    (err: unknown) => port.postMessage({ id: req.id, ok: false, error: plain(err) } satisfies Reply),
  );
});
