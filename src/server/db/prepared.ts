import { createHash } from 'node:crypto';
import type { Db } from './client.ts';

// Drizzle builds a query's SQL text anew on every call: 0.1-0.4 ms of CPU for the list reads with
// joins and filters, as much as PostgreSQL spends answering some of them. The hot reads are
// built once per shape (which filters are present, which sort) with placeholders for the values,
// and run as named statements, so PostgreSQL also parses each shape once per connection
// (decision 123).

interface Runnable<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}
interface Preparable<R> {
  toSQL(): { sql: string };
  prepare(name: string): Runnable<R>;
}

const byDb = new WeakMap<Db, Map<string, Runnable<unknown>>>();

/** The statement's name: its text's hash, so one name never stands for two texts on a connection. */
export const statementName = (text: string) => `q_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;

/**
 * The prepared query for `key` on this database, built by `build` the first time. `key` must name
 * everything that changes the SQL text; values go in as placeholders. Only for reads on the
 * database's own pool: a prepared query is bound to the client it was built on, not a transaction.
 */
export function prepared<R>(db: Db, key: string, build: () => Preparable<R>): Runnable<R> {
  let statements = byDb.get(db);
  if (!statements) byDb.set(db, (statements = new Map()));
  let statement = statements.get(key) as Runnable<R> | undefined;
  if (!statement) {
    const query = build();
    statement = query.prepare(statementName(query.toSQL().sql));
    statements.set(key, statement);
  }
  return statement;
}

/** A PostgreSQL array literal for a placeholder cast to an array type (uuids and numbers only). */
export const pgArray = (xs: readonly (string | number)[]) => `{${xs.join(',')}}`;
