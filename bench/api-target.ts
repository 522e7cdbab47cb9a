// The server under load for bench/api.ts, run as its own process so autocannon does not share
// its CPU. TARGET=ours: the real app (buildApp) answering GET /api/auth/me. TARGET=raw: the
// baseline, a bare node:http server running the same session lookup SQL on the same engine.
// BENCH_DB_URL set: PostgreSQL (pool of 10 both ways); unset: in-memory PGlite.
// Reports { port, token, userId } over IPC once listening.
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { PGlite } from '@electric-sql/pglite';
import { pgliteStartParams } from '../src/server/db/pglite-params.ts';
import pg from 'pg';
import { resolveSession } from '../src/server/modules/auth/session.service.ts';
import { benchApp, benchDatabase, sessionFor } from './support.ts';

const target = process.env.TARGET === 'raw' ? 'raw' : 'ours';
const url = process.env.BENCH_DB_URL || undefined;
const IDLE_MINUTES = 480; // as benchConfig
const TOUCH_INTERVAL_MS = 60_000;

/** users' read model (decision 135) selects its columns in a subquery, which PostgreSQL flattens. */
const USER_COLUMNS =
  '"id", "phone", "name", "email", "is_admin", "is_manager", "status", "marketing_opt_in", "sms_opt_in", "created_at", "updated_at", "last_login_at"';
/** The statement resolveSession sends (drizzle's output, copied; bench/api.ts checks it has not drifted). */
export const SESSION_SQL =
  'select "sessions"."id", "sessions"."created_at", "sessions"."last_seen_at", "sessions"."expires_at", "sessions"."revoked_at", ' +
  '"sessions"."impersonator_id", "users"."id", "users"."phone", "users"."name", "users"."is_admin", "users"."is_manager", "users"."status", ' +
  '"impersonators"."is_admin", "impersonators"."status" from "sessions" inner join (select ' +
  USER_COLUMNS +
  ' from "users") "users" ' +
  'on "users"."id" = "sessions"."user_id" left join (select ' +
  USER_COLUMNS +
  ' from "users") "impersonators" ' +
  'on "impersonators"."id" = "sessions"."impersonator_id" where "sessions"."token_hash" = $1 limit $2';
const TOUCH_SQL = 'update "sessions" set "last_seen_at" = $1 where ("sessions"."id" = $2 and "sessions"."last_seen_at" < $3)';

type Row = unknown[];

async function main() {
  const pglite = url ? undefined : await PGlite.create({ startParams: pgliteStartParams });
  const database = await benchDatabase(url, pglite);
  const { token, userId } = await sessionFor(database, '+12125550103');

  if (target === 'ours') {
    const { app, port } = await benchApp(database);
    process.on('SIGTERM', async () => {
      await app.close();
      await database.close();
      process.exit(0);
    });
    process.send!({ port, token, userId });
    return;
  }

  // Baseline: the same query and checks, nothing else.
  // Guard against drift: the statement the app sends must still be SESSION_SQL.
  let sqlMatches: boolean | null = null;
  if (pglite) {
    const original = pglite.query.bind(pglite);
    const seen: string[] = [];
    (pglite as { query: unknown }).query = (sql: string, ...rest: unknown[]) => (
      seen.push(sql),
      (original as (...a: unknown[]) => unknown)(sql, ...rest)
    );
    await resolveSession({ db: database.db }, { token, now: new Date(), idleMinutes: IDLE_MINUTES });
    (pglite as { query: unknown }).query = original;
    sqlMatches = seen.includes(SESSION_SQL);
  }

  let query: (sql: string, params: unknown[]) => Promise<Row[]>;
  let close: () => Promise<void>;
  if (pglite) {
    query = async (sql, params) => (await pglite.query<Row>(sql, params, { rowMode: 'array' })).rows;
    close = () => database.close();
  } else {
    await database.close();
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    // The database is dropped with (force) at the end: an idle client's termination is expected.
    pool.on('error', () => {});
    // Named, so PostgreSQL parses and plans it once per connection, as the app's prepared lookup does.
    query = async (sql, params) =>
      (await pool.query<Row>({ name: sql === SESSION_SQL ? 'resolve_session' : undefined, text: sql, values: params, rowMode: 'array' })).rows;
    close = () => pool.end();
  }

  const server = createServer(async (req, res) => {
    try {
      const tok = req.headers['x-auth-token'];
      const now = new Date();
      if (req.url !== '/api/auth/me' || typeof tok !== 'string' || tok.length > 128) throw 401;
      const [row] = await query(SESSION_SQL, [createHash('sha256').update(tok).digest('hex'), 1]);
      if (!row) throw 401;
      const [sessionId, , lastSeen, expires, revoked, impersonatorId, id, phone, name, isAdmin, isManager, status, impAdmin, impStatus] = row as [
        string,
        Date,
        Date,
        Date,
        Date | null,
        string | null,
        string,
        string,
        string | null,
        boolean,
        boolean,
        string,
        boolean | null,
        string | null,
      ];
      const lastSeenAt = new Date(lastSeen);
      if (revoked || new Date(expires).getTime() <= now.getTime()) throw 401;
      if (lastSeenAt.getTime() + IDLE_MINUTES * 60_000 <= now.getTime() || status !== 'active') throw 401;
      if (impersonatorId && !(impAdmin && impStatus === 'active')) throw 401;
      if (req.headers['x-user-id'] !== undefined && req.headers['x-user-id'] !== id) throw 401;
      if (now.getTime() - lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
        await query(TOUCH_SQL, [now, sessionId, new Date(now.getTime() - TOUCH_INTERVAL_MS)]);
      }
      const body = JSON.stringify({ id, name, phone, isImpersonated: impersonatorId !== null, isAuthenticated: true, isAdmin, isManager });
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(body);
    } catch (err) {
      res.writeHead(err === 401 ? 401 : 500, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ status: 'error', error: err === 401 ? 'Unauthorized' : 'Internal error' }));
    }
  });
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as { port: number };
    process.send!({ port, token, userId, sqlMatches });
  });
  process.on('SIGTERM', () => {
    server.close();
    void close().then(() => process.exit(0));
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
