// The augmentation below needs fastify in every program that includes this file.
import type { ZodType } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { Live } from './realtime/hub.ts';
import type { SessionLookupCache } from '#server/modules/auth/index.ts';
import type { SmsProvider } from './providers/sms/sms.provider.ts';
import type { JobRunner } from './lib/jobs.ts';
import type { FileStorage } from './providers/storage/storage.ts';
import type { PaymentProvider } from './providers/payments/payments.provider.ts';
import type { PsaProvider } from './providers/psa/psa.provider.ts';
import type { SettingsCache } from '#server/modules/settings/index.ts';

export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/**
 * Work done after a response is sent (e.g. delivering an SMS, so that answer times do not
 * reveal whether a phone is eligible). Failures are reported to onError; idle() waits for all.
 */
export class BackgroundTasks {
  private readonly pending = new Set<Promise<void>>();
  constructor(private readonly onError: (err: unknown, label: string) => void = () => {}) {}

  run(label: string, fn: () => Promise<unknown>) {
    const p: Promise<void> = Promise.resolve()
      .then(fn)
      .then(
        () => {},
        (err) => this.onError(err, label),
      )
      .finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  async idle() {
    while (this.pending.size) await Promise.all([...this.pending]);
  }
}

/** Everything a module needs, passed explicitly so tests can swap any part. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  sms: SmsProvider;
  tasks: BackgroundTasks;
  /** Raises live events (spec §7) to users, admins or every member, on every instance. */
  live: Live;
  /** Recent session lookups; the bus invalidates them on every instance (decision 015). */
  sessionCache: SessionLookupCache;
  /** Settings sections this instance has read; the bus drops a changed one on every instance (decision 100). */
  settingsCache: SettingsCache;
  /** Uploaded files (identity documents, card images). */
  storage: FileStorage;
  /** The configured payment provider (decision 009: providers come with the context, not as plugin options). */
  payments: PaymentProvider;
  /** PSA certificate look-ups. */
  psa: PsaProvider;
  /** The app's logger, for work that has no request (live events after commit, jobs). */
  log: FastifyBaseLogger;
}

/** Who may call a route; every /api route must declare one (checked when routes are added). */
export type Access = 'public' | 'user' | 'manager' | 'admin';
/** A write an impersonating admin may still make (see FastifyContextConfig.impersonation). */
/**
 * A route's own additions to the API reference: a body the route reads itself (multipart, a
 * signed webhook), which has no validating schema; and the error statuses its services answer
 * that the reference cannot derive from the route (decision 141).
 */
export interface RouteDoc {
  body?: { contentType: string; schema: ZodType; description?: string };
  errors?: readonly (400 | 401 | 403 | 404 | 409 | 413 | 415 | 429)[];
}

export interface ImpersonationException {
  /** Why support needs this write while acting as the member, in a few words. */
  support: string;
}

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

/**
 * Who is acting, built once per request by the auth plugin (`req.actor`) and passed to services
 * as their second argument: the signed-in user (null for visitors), the impersonating admin, and
 * where the request came from. Services never read the request themselves.
 */
export interface Actor {
  user: AuthUser | null;
  /** The admin acting as `user`, when impersonating. */
  impersonatorId: string | null;
  ip: string | null;
  userAgent: string | null;
}
/** An actor known to be signed in (what `requireUser` and friends give). */
export type SignedInActor = Actor & { user: AuthUser };

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** This instance's durable job runner, when it was given handlers. */
    jobRunner: JobRunner | null;
  }
  interface FastifyRequest {
    user: AuthUser | null;
    /** Set by the auth plugin on every /api request and /ws. */
    actor: Actor;
  }
  interface FastifyContextConfig {
    access?: Access;
    /**
     * Impersonation is read-only: every write (POST, PUT, PATCH, DELETE) in an impersonated session
     * is refused (403) unless its route declares a support exception here, with the reason support
     * needs it. Keep these few: the authorization matrix lists them and fails on any other.
     */
    impersonation?: ImpersonationException;
    /**
     * A navigator.sendBeacon target: a beacon cannot set the client header, so the route is let
     * through without it only when the browser's Origin is the app's own (never without one).
     */
    beacon?: boolean;
    /** What the API reference cannot read from the route's schema (decision 141). */
    openapi?: RouteDoc;
  }
}
