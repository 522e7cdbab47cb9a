import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { loadConfig, type Config } from '#server/config.ts';
import { fromPglite, openPostgres, type Database } from '#server/db/client.ts';
import { pgliteStartParams } from '#server/db/pglite-params.ts';
import { seed } from '#server/db/seed.ts';
import type { EventBus } from '#server/realtime/bus.ts';
import { buildApp } from '#server/app.ts';
import type { Clock } from '#server/context.ts';
import type { SmsProvider } from '#server/providers/sms/sms.provider.ts';
import { MemorySmsProvider } from '#server/providers/sms/memory.ts';
import type { App, BuildAppOptions } from '#server/app.ts';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { demoSeed, withDatabase } from './global-setup.ts';
import { eq } from 'drizzle-orm';
import { otpChallenges } from '#server/db/schema/users.ts';
import { normalizePhone } from '#common/phone.ts';

const templates = new Map<string, Promise<Blob>>();

/**
 * A fresh, migrated database: a PGlite clone per call, or a new PostgreSQL database when TEST_DB=postgres.
 * With `demo`, it already holds the default demo seed (`demoSeed`, made once per run by global-setup.ts).
 */
export async function createTestDatabase({ demo = false } = {}): Promise<Database> {
  if (process.env.TEST_DB === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject(demo ? 'pgDemoTemplate' : 'pgTemplate')}`);
    const database = await openPostgres(withDatabase(url, name), { runMigrations: false, max: 5 });
    return {
      ...database,
      async close() {
        await database.close();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  // Migrating takes seconds: the run migrates once (global-setup.ts) and every database starts
  // from that data directory.
  const path = inject(demo ? 'pgliteDemoTemplate' : 'pgliteTemplate');
  let template = templates.get(path);
  if (!template) templates.set(path, (template = readFile(path).then((tar) => new Blob([tar]))));
  const client = await PGlite.create({ loadDataDir: await template, startParams: pgliteStartParams });
  return fromPglite(client, { runMigrations: false });
}

export class FakeClock implements Clock {
  constructor(private t = Date.parse('2026-06-01T15:00:00Z')) {}
  now = () => new Date(this.t);
  advance(ms: number) {
    this.t += ms;
  }
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/unused-test-data',
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
    APP_ORIGIN: 'http://localhost:5000',
    // A suite on two busy cores can hold the embedded database for seconds; shedding is tested on its own.
    DB_MAX_WAIT_MS: '60000',
    ...overrides,
  });
}

export interface TestAppOptions {
  env?: Record<string, string>;
  seedDemo?: boolean;
  /** The demo market index (thousands of sales): off unless a test needs it. */
  seedIndex?: boolean;
  /** The demo funds (built on the demo index, so only with seedIndex). */
  seedFunds?: boolean;
  /** Another SMS adapter (e.g. Twilio pointed at fake-twilio); in-memory by default. */
  smsProvider?: SmsProvider;
  /** Live-event transport (in-process by default). */
  bus?: EventBus;
  /** Extra routes registered before the app is ready (e.g. to exercise route policies). */
  routes?: (app: App) => void | Promise<void>;
  /** Durable job handlers (the runner polls every 20 ms in tests). */
  jobs?: BuildAppOptions['jobs'];
  /** Serve web assets from this folder (none by default). */
  webDir?: string;
  /** Logger settings (none by default), e.g. a level and a stream to capture log lines. */
  logger?: BuildAppOptions['logger'];
}

/**
 * An app on a fresh database with the demo seed, a fake clock, an in-memory SMS provider
 * (`t.sms.lastCodeFor(phone)`), and no web assets.
 */
export async function createTestApp(opts: TestAppOptions = {}) {
  const seedOpts = {
    demo: opts.seedDemo ?? true,
    demoIndex: opts.seedIndex ?? false,
    demoFunds: opts.seedFunds ?? false,
    now: new FakeClock().now(),
  };
  const preseeded = seedOpts.demo === demoSeed.demo && seedOpts.demoIndex === demoSeed.demoIndex && seedOpts.demoFunds === demoSeed.demoFunds;
  const database = await createTestDatabase({ demo: preseeded });
  // On the pre-seeded copy this finds its own fingerprint and returns, as on a restart.
  await seed(database.db, seedOpts);
  const clock = new FakeClock();
  const config = testConfig(opts.env);
  const sms = new MemorySmsProvider();
  // An app that fails to build (a test of exactly that) must not leave its database running in
  // the worker, which later files share.
  const app = await buildTestApp().catch(async (err) => {
    await database.close();
    throw err;
  });
  async function buildTestApp() {
    const app = await buildApp({
      config,
      database,
      clock,
      sms: opts.smsProvider ?? sms,
      serveWeb: Boolean(opts.webDir),
      webDir: opts.webDir,
      logger: opts.logger ?? false,
      bus: opts.bus,
      jobs: opts.jobs,
      jobPollMs: 20,
    });
    try {
      await opts.routes?.(app);
      await app.ready();
    } catch (err) {
      await app.close().catch(() => {});
      throw err;
    }
    return app;
  }
  // Tests call the API as the web app does: with the spec's client header on every request
  // (unless they set it). rawInject sends only what the test gives, as a foreign page would.
  const rawInject = app.inject.bind(app);
  app.inject = withClientHeader(rawInject) as typeof app.inject;
  return {
    app,
    rawInject: (o: InjectOptions) => rawInject(o),
    db: database.db,
    database,
    clock,
    config,
    sms,
    /** Waits for work done after responses (SMS delivery). */
    idle: () => app.ctx.tasks.idle(),
    async close() {
      await app.close();
      await database.close();
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** Adds `x-client-id: web` to inject calls whose headers do not name it. */
export function withClientHeader(inject: (o: InjectOptions) => Promise<LightMyRequestResponse>) {
  return (o?: InjectOptions | string) => {
    if (o === undefined) throw new Error('the chained inject API is not used in tests');
    const opts = typeof o === 'string' ? { url: o } : o;
    const headers = { ...(opts.headers as Record<string, string> | undefined) };
    if (!Object.keys(headers).some((k) => k.toLowerCase() === 'x-client-id')) headers['x-client-id'] = 'web';
    return inject({ ...opts, headers });
  };
}

/** Headers a signed-in web client sends. */
export function authHeaders(token: string, userId?: string): Record<string, string> {
  return { 'x-auth-token': token, 'x-client-id': 'web', ...(userId ? { 'x-user-id': userId } : {}) };
}

/**
 * Asks for a code and returns the one the in-memory provider "sent" by this request
 * (undefined when nothing was sent, e.g. for an ineligible phone). Throws unless send-otp answers 200.
 */
export async function requestCode(t: TestApp, phone: string, opts: { ip?: string } = {}) {
  const e164 = normalizePhone(phone) ?? phone;
  const before = t.sms.messagesTo(e164).length;
  const res = await t.app.inject({ method: 'POST', url: '/api/send-otp', payload: { phone }, remoteAddress: opts.ip });
  if (res.statusCode !== 200) throw new Error(`send-otp answered ${res.statusCode}: ${res.body}`);
  await t.idle();
  return t.sms.messagesTo(e164).length > before ? t.sms.lastCodeFor(e164) : undefined;
}

export interface SignedIn {
  token: string;
  userId: string;
  headers: Record<string, string>;
  cookie: string | undefined;
  body: {
    status: 'success';
    authToken: string;
    user: { id: string; name: string | null; phone: string; isAdmin: boolean; isManager: boolean; isImpersonated: boolean };
  };
}

let signInIp = 0;

/**
 * Signs in through the real endpoints (send-otp, then verify-otp with the code that was sent).
 * With targetUserPhone, `phone` is the admin and the session is the target's. So that a test can
 * sign the same phone in many times, each call comes from its own client IP and, when the phone
 * is at its send limit, that phone's earlier challenges are deleted first (the limits themselves
 * are tested through send-otp directly). The clock is not moved.
 */
export async function signIn(
  t: TestApp,
  phone: string,
  opts: { targetUserPhone?: string; profileData?: { name?: string; email?: string }; ip?: string } = {},
): Promise<SignedIn> {
  const ip = opts.ip ?? `127.${(++signInIp >> 16) & 255}.${(signInIp >> 8) & 255}.${signInIp & 255}`;
  const send = () => t.app.inject({ method: 'POST', url: '/api/send-otp', payload: { phone }, remoteAddress: ip });
  let sent = await send();
  if (sent.statusCode === 429) {
    await t.db.delete(otpChallenges).where(eq(otpChallenges.phone, normalizePhone(phone) ?? phone));
    sent = await send();
  }
  if (sent.statusCode !== 200) throw new Error(`send-otp answered ${sent.statusCode}: ${sent.body}`);
  await t.idle();
  const otp = t.sms.lastCodeFor(normalizePhone(phone) ?? phone);
  if (!otp) throw new Error(`no code was sent to ${phone} (not eligible to sign in?)`);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/verify-otp',
    payload: { phone, otp, targetUserPhone: opts.targetUserPhone, profileData: opts.profileData },
    remoteAddress: ip,
  });
  if (res.statusCode !== 200) throw new Error(`verify-otp answered ${res.statusCode}: ${res.body}`);
  const body = res.json();
  return {
    token: body.authToken,
    userId: body.user.id,
    headers: authHeaders(body.authToken, body.user.id),
    cookie: res.cookies.find((c) => c.name === 'session')?.value,
    body,
  };
}
