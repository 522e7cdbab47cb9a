import { isClientRoute } from '#common/routes.ts';
import { opensSignedIn, spaHtml } from '#server/lib/spa-html.ts';
import { existsSync } from 'node:fs';
import { jobHandlers, JobRunner, type JobHandler } from './lib/jobs.ts';
import { registerModuleRoutes, type ModuleDefinition } from './lib/module.ts';
import Fastify, { type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { fromRoot } from './paths.ts';
import type { Database } from './db/client.ts';
import { BackgroundTasks, systemClock, type Actor, type AppContext, type Clock } from './context.ts';
import { registerLoadShedding } from './plugins/load-shedding.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { contentSecurityPolicy } from './plugins/csp.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerRateLimits } from './plugins/rate-limit.ts';
import { registerRequestIntegrity } from './plugins/request-integrity.ts';
import { healthModule } from '#server/modules/health/index.ts';
import { legalModule } from '#server/modules/legal/index.ts';
import { registerApiDocs } from '#server/modules/api-docs/index.ts';
import { analyticsModule } from '#server/modules/analytics/index.ts';
import { publicConfigForPage, publicConfigModule } from '#server/modules/public-config/index.ts';
import { auth } from './plugins/auth.ts';
import { authModule, createSessionLookupCache, currentUserForPage, resolveSession } from '#server/modules/auth/index.ts';
import { usersModule } from '#server/modules/users/index.ts';
import { auditModule } from '#server/modules/audit/index.ts';
import { accessRequestsModule } from '#server/modules/access-requests/index.ts';
import { smsConvosModule } from '#server/modules/sms-convos/index.ts';
import { adminDashboardModule } from '#server/modules/admin-dashboard/index.ts';
import { webhooksModule } from '#server/modules/webhooks/index.ts';
import { createLive } from './realtime/hub.ts';
import type { EventBus } from './realtime/bus.ts';
import { createBus, registerRealtime } from './realtime/realtime.plugin.ts';
import { createSmsProvider, type SmsProvider } from './providers/sms/sms.provider.ts';
import { createStorage, type FileStorage } from './providers/storage/storage.ts';
import { featureGate, SettingsCache, settingsModule } from '#server/modules/settings/index.ts';
import { onboardingModule } from '#server/modules/onboarding/index.ts';
import { kycModule } from '#server/modules/kyc/index.ts';
import { certClaimsModule } from '#server/modules/cert-claims/index.ts';
import { cardsModule } from '#server/modules/cards/index.ts';
import { huntsModule } from '#server/modules/hunts/index.ts';
import { constituentExists, marketIndexModule } from '#server/modules/market-index/index.ts';
import { fundsModule } from '#server/modules/funds/index.ts';
import { sharedPageRoute, shareLinksModule } from '#server/modules/share-links/index.ts';
import { logRedaction } from '#server/lib/log-redaction.ts';
import { moneyModule } from '#server/modules/money/index.ts';
import { marketplaceModule } from '#server/modules/marketplace/index.ts';
import { ledgerModule } from '#server/modules/ledger/index.ts';
import { createPaymentProvider, type PaymentProvider } from '#server/providers/payments/payments.provider.ts';
import { createPsaProvider, type PsaProvider } from '#server/providers/psa/psa.provider.ts';
import { demoPsaSampleCerts } from '#server/db/seed/demo-cards.ts';
import { lendingModule } from '#server/modules/lending/index.ts';
import { notificationsModule } from '#server/modules/notifications/index.ts';
import { alertsModule } from '#server/modules/alerts/index.ts';
import { vaultModule } from '#server/modules/vault/index.ts';

export const webDistDir = fromRoot('dist');

/**
 * The server's modules (decision 139). Their routes are registered in this order, which matters
 * for some paths; their jobs make the runner's handlers and their schedules start the recurring chains.
 */
export const appModules: readonly ModuleDefinition[] = [
  healthModule,
  publicConfigModule,
  legalModule,
  analyticsModule,
  authModule,
  usersModule,
  auditModule,
  accessRequestsModule,
  smsConvosModule,
  adminDashboardModule,
  webhooksModule,
  settingsModule,
  onboardingModule,
  kycModule,
  cardsModule,
  certClaimsModule,
  shareLinksModule,
  moneyModule,
  huntsModule,
  marketIndexModule,
  lendingModule,
  marketplaceModule,
  fundsModule,
  vaultModule,
  notificationsModule,
  ledgerModule,
  alertsModule,
];

/** Queues the first run of every module's recurring job chain (decision 010); each run queues the next. */
export async function startSchedules(ctx: AppContext) {
  for (const m of appModules) for (const schedule of m.schedules ?? []) await schedule.start(ctx);
}

/** The app's logger settings: credentials in headers and share-link tokens in paths are never written. */
export function loggerOptions(config: Config) {
  return {
    level: config.LOG_LEVEL,
    redact: { paths: ['req.headers["x-auth-token"]', 'req.headers.cookie', 'req.headers.authorization'], remove: true },
    ...logRedaction,
  };
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  /** Outbound SMS; defaults to the adapter chosen by config.SMS_PROVIDER. */
  sms?: SmsProvider;
  logger?: FastifyServerOptions['logger'];
  /** Serve the built web app from dist/ (off in API tests). */
  serveWeb?: boolean;
  /** Where the built web app lives (dist/ by default). */
  webDir?: string;
  /** Live-event transport; defaults to Redis when REDIS_URL is set, in-process otherwise. */
  bus?: EventBus;
  /** Uploaded files; defaults to the driver chosen by config.STORAGE_DRIVER. */
  storage?: FileStorage;
  /** PSA certificate look-ups; defaults to PSA's API at config.PSA_API_URL. */
  psa?: PsaProvider;
  /** The payment provider (PAYMENT_PROVIDER by default). */
  payments?: PaymentProvider;
  /** Durable job handlers by name (decision 010); the runner polls only while there are some. Given any (even {}), the modules' own jobs join them. */
  jobs?: Record<string, JobHandler>;
  jobPollMs?: number;
  /** The job runner's first poll waits for it (at once by default). */
  jobsStartAfter?: Promise<unknown>;
  /** Overrides the HTTP timeouts (tests shorten them). */
  timeouts?: Partial<typeof httpTimeouts>;
}

/**
 * A slow client must not hold a connection for ever: the whole request (headers and body) must
 * arrive within REQUEST_TIMEOUT_SECONDS (30 s by default). Idle keep-alive connections are kept a little longer than the 60 s of common
 * load balancers, so the balancer, not us, closes them. No socket-idle timeout: it would also cut
 * quiet live sockets, which have their own heartbeat.
 */
export const httpTimeouts = { requestTimeout: 30_000, keepAliveTimeout: 72_000, connectionsCheckingInterval: 5_000 };

export async function buildApp(opts: BuildAppOptions) {
  const { config, database } = opts;
  const app = Fastify({
    logger: opts.logger ?? loggerOptions(config),
    trustProxy: config.TRUSTED_PROXIES ? config.TRUSTED_PROXIES.split(',').map((s) => s.trim()) : false,
    bodyLimit: 1024 * 1024,
    requestTimeout: opts.timeouts?.requestTimeout ?? config.REQUEST_TIMEOUT_SECONDS * 1000,
    keepAliveTimeout: opts.timeouts?.keepAliveTimeout ?? httpTimeouts.keepAliveTimeout,
    // Node arms its request-timeout checks from the options given at creation.
    http: {
      requestTimeout: opts.timeouts?.requestTimeout ?? config.REQUEST_TIMEOUT_SECONDS * 1000,
      connectionsCheckingInterval: opts.timeouts?.connectionsCheckingInterval ?? httpTimeouts.connectionsCheckingInterval,
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const tasks = new BackgroundTasks((err, label) =>
    app.log.error({ err: { message: (err as Error)?.message, name: (err as Error)?.name } }, `background task failed: ${label}`),
  );
  const bus = opts.bus ?? (await createBus(config.REDIS_URL, app.log));
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    clock: opts.clock ?? systemClock,
    sms: opts.sms ?? createSmsProvider(config),
    tasks,
    live: createLive(bus),
    sessionCache: createSessionLookupCache(),
    settingsCache: new SettingsCache(),
    storage: opts.storage ?? createStorage(config),
    payments: opts.payments ?? (await createPaymentProvider(config)),
    psa: opts.psa ?? createPsaProvider(config, { demoCerts: demoPsaSampleCerts() }),
    log: app.log,
  };
  // Modules' listeners on each other's hooks live as long as the app; onClose runs hooks in reverse,
  // so this one goes last, after in-flight tasks and jobs have finished.
  const removeListeners = appModules.flatMap((m) => (m.listeners ?? []).map((register) => register()));
  app.addHook('onClose', async () => removeListeners.forEach((remove) => remove()));
  // Logout and suspension close sockets with 'disconnect'; both drop cached lookups too.
  const unsubscribe = bus.subscribe((msg) => {
    if (msg.kind === 'disconnect' || msg.kind === 'sessions') ctx.sessionCache.invalidateUser(msg.userId);
    if (msg.kind === 'settings') ctx.settingsCache.invalidate(msg.section);
  });
  app.addHook('onClose', async () => unsubscribe());
  app.decorate('ctx', ctx);
  app.addHook('onClose', () => tasks.idle());
  const jobs = opts.jobs ? { ...opts.jobs, ...jobHandlers(appModules.flatMap((m) => m.jobs?.(ctx) ?? [])) } : undefined;
  if (jobs && Object.keys(jobs).length) {
    const runner = new JobRunner(database.db, ctx.clock, jobs, {
      pollMs: opts.jobPollMs,
      startAfter: opts.jobsStartAfter,
      onError: (err, job) => app.log.error({ err: { message: (err as Error)?.message } }, `job failed: ${job}`),
    });
    app.decorate('jobRunner', runner);
    app.addHook('onReady', async () => runner.start());
    app.addHook('onClose', () => runner.stop());
  } else {
    app.decorate('jobRunner', null);
  }
  app.decorateRequest('user', null);
  app.decorateRequest('actor', null as unknown as Actor);

  // Every API route states who may call it; a route without a policy is a programming error.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && !route.config?.access) {
      throw new Error(`Route ${route.method} ${route.url} declares no access policy (config.access)`);
    }
    const exception = route.config?.impersonation;
    if (exception !== undefined && !(typeof exception.support === 'string' && exception.support.trim())) {
      throw new Error(`Route ${route.method} ${route.url} declares an impersonation exception without a reason (config.impersonation.support)`);
    }
  });

  registerErrorHandling(app);
  registerLoadShedding(app, database, { maxWaiting: config.DB_MAX_WAITING, maxOldestWaitMs: config.DB_MAX_WAIT_MS, retryAfterSeconds: 1 });
  registerRequestIntegrity(app, config);
  registerSecurityHeaders(app, {
    contentSecurityPolicy: { directives: contentSecurityPolicy(config) },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.NODE_ENV === 'production',
  });
  await app.register(cookie, { secret: config.SESSION_SECRET });
  await registerRateLimits(app, { clock: ctx.clock, redisUrl: config.REDIS_URL });
  await app.register(auth, { resolveSession });
  await app.register(featureGate);
  await registerRealtime(app, bus);
  await registerApiDocs(app);

  for (const m of appModules) await registerModuleRoutes(app, m);

  const webDir = opts.webDir ?? webDistDir;
  const serveWeb = opts.serveWeb ?? existsSync(webDir);
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: webDir,
      index: false,
      // One wildcard route, not one route per built file: registering ~1,000 routes cost about
      // 0.5 s of every start. A path with no file falls through to the not-found handler below.
      wildcard: true,
      // The build writes .br and .gz beside each text file (vite.config.ts).
      preCompressed: true,
      // The build's own lists (.vite/) are read by the server, not served.
      dotfiles: 'deny',
      setHeaders(res, path) {
        res.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    await app.register(sharedPageRoute, { webDir });
    // The wildcard would answer the root with 403 (a directory, no index): the landing page is the app.
    app.get('/', (req, reply) => sendApp(req, reply, '/'));
  }

  let htmlFor: ReturnType<typeof spaHtml> | null = null;
  // A session cookie chooses which chunks to hint. On a signed-in page, a live session's user is
  // put in the page too (what /api/auth/me answers), so the shell renders without asking first;
  // such a page is the user's own and is never stored by a cache.
  const sendApp = async (req: FastifyRequest, reply: FastifyReply, path: string) => {
    htmlFor ??= spaHtml(webDir);
    const configRead = publicConfigForPage(ctx);
    const token = req.cookies.session;
    let session = null;
    if (token && opensSignedIn(path)) {
      // The page must open even when the database does not answer: it then asks /api/auth/me
      // itself and shows that error with a Retry.
      session = await currentUserForPage(ctx, { token, ip: req.ip ?? null, userAgent: req.headers['user-agent'] ?? null }).catch((err: unknown) => {
        req.log.warn({ err }, 'page session lookup failed; the page will ask /api/auth/me');
        return null;
      });
    }
    const config = await configRead;
    reply.header('Cache-Control', session ? 'no-store' : 'no-cache').header('Vary', 'Cookie');
    return reply
      .type('text/html; charset=utf-8')
      .send(htmlFor(path, { signedIn: Boolean(token), session: session ?? undefined, publicConfig: config }));
  };

  // A public page whose address names a record (an index card) is not found when the record is
  // not: the page renders its not-found state, and crawlers and link checkers get the status.
  const INDEX_CARD_PAGE = /^\/WonderShyneIndex\/([^/]+)$/;
  const publicRecordExists = async (path: string): Promise<boolean> => {
    const card = INDEX_CARD_PAGE.exec(path);
    if (!card) return true;
    let id: string;
    try {
      id = decodeURIComponent(card[1]!);
    } catch {
      return false;
    }
    // A database that does not answer: the page opens and says so itself.
    return constituentExists(ctx, { id }).catch(() => true);
  };

  app.setNotFoundHandler(async (req, reply) => {
    const path = req.url.split('?')[0];
    if (path.startsWith('/api/') || path === '/api' || path === '/ws' || !serveWeb || req.method !== 'GET') {
      return reply.status(404).send({ status: 'error', error: 'Not found' });
    }
    // The SPA renders every path, its not-found page included; the status tells crawlers and
    // tools whether the path is one of the client's routes.
    if (!isClientRoute(path) || !(await publicRecordExists(path))) reply.status(404);
    return sendApp(req, reply, path);
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
