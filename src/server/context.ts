import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';

export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** Everything a module needs, passed explicitly so tests can swap any part. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
}

/** Who may call a route; every /api route must declare one (checked when routes are added). */
export type Access = 'public' | 'user' | 'manager' | 'admin';

/** The signed-in caller, derived from the session only (never from client-sent ids). */
export interface AuthUser {
  id: string;
  phone: string;
  name: string | null;
  isAdmin: boolean;
  isManager: boolean;
  sessionId: string;
  /** The admin acting as this user, when impersonating. */
  impersonatorId: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    access?: Access;
  }
}
