import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_DATA_DIR } from './paths.ts';

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const e164List = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().regex(/^\+[1-9]\d{7,14}$/, 'each phone must be E.164, e.g. +15551230001')));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
  ),
  DATA_DIR: z.string().default(DEFAULT_DATA_DIR),
  REDIS_URL: optionalString.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// URL')
      .optional(),
  ),
  APP_ORIGIN: optionalString.pipe(z.url('must be a URL such as https://cards.example.com').optional()),
  SESSION_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  /** A request (headers and body) must arrive within this time, or it is answered 408 and closed. */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(480).default(30),
  /** Load shedding (decision 144): API requests get 503 + Retry-After while the database is this far behind. */
  DB_MAX_WAITING: z.coerce.number().int().min(1).max(100_000).default(256),
  DB_MAX_WAIT_MS: z.coerce.number().int().min(10).max(60_000).default(3_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ADMIN_PHONES: e164List,
  TRUSTED_PROXIES: optionalString,
  SMS_PROVIDER: z.enum(['console', 'twilio']).default('console'),
  TWILIO_ACCOUNT_SID: optionalString,
  TWILIO_AUTH_TOKEN: optionalString,
  TWILIO_FROM_NUMBER: optionalString,
  TWILIO_API_URL: z.url().default('https://api.twilio.com'),
  GEOLOCATION_URL: optionalString.pipe(z.url().optional()),
  GA_MEASUREMENT_ID: optionalString.pipe(
    z
      .string()
      .regex(/^G-[A-Z0-9]+$/, 'must look like G-XXXXXXX')
      .optional(),
  ),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: optionalString.pipe(z.url('must be a URL such as https://s3.us-east-1.amazonaws.com').optional()),
  S3_BUCKET: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  PSA_API_URL: z.url().default('https://api.psacard.com/publicapi'),
  /** Without it, certificate look-ups answer from the cache only (503 on a miss). */
  PSA_API_TOKEN: optionalString,
  /**
   * `test` (default outside production) pays on /payment-test; `stripe` needs the two Stripe
   * secrets. Production names it explicitly, and `test` there also needs ALLOW_TEST_PAYMENTS=true.
   */
  PAYMENT_PROVIDER: optionalString.pipe(z.enum(['test', 'stripe']).optional()),
  /** A staging site may run the test provider in production; every page then says so. */
  ALLOW_TEST_PAYMENTS: optionalString.pipe(z.enum(['true', 'false']).optional()),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Another Stripe API base (a local fake in tests and CI). */
  STRIPE_API_URL: optionalString.pipe(z.url().optional()),
});

export type Config = Omit<z.infer<typeof envSchema>, 'SEED_DEMO' | 'PAYMENT_PROVIDER' | 'ALLOW_TEST_PAYMENTS'> & {
  PAYMENT_PROVIDER: 'test' | 'stripe';
  /** Production running the test provider (a staging site): the web app shows a banner. */
  testPaymentsInProduction: boolean;
  /** Demo people are seeded unless told not to; never by default in production. */
  SEED_DEMO: boolean;
  SESSION_SECRET: string;
  dataDir: string;
  appOrigin: string;
  /** Uploaded files with the local storage driver: under DATA_DIR, never a served folder. */
  uploadsDir: string;
};

export class ConfigError extends Error {
  constructor(public problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment once; every problem is reported together. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  const problems: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(`${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(problems);
  }
  const c = parsed.data;
  if (c.NODE_ENV === 'production') {
    if (!c.SESSION_SECRET) problems.push('SESSION_SECRET: required in production');
    if (!c.APP_ORIGIN) problems.push('APP_ORIGIN: required in production');
    if (c.SMS_PROVIDER === 'console') problems.push('SMS_PROVIDER: the console adapter is refused in production');
    if (!c.PAYMENT_PROVIDER)
      problems.push('PAYMENT_PROVIDER: must be set explicitly in production (stripe; or test, for a staging site, with ALLOW_TEST_PAYMENTS=true)');
    else if (c.PAYMENT_PROVIDER === 'test' && c.ALLOW_TEST_PAYMENTS !== 'true') {
      problems.push('PAYMENT_PROVIDER: test takes no real money and is refused in production unless ALLOW_TEST_PAYMENTS=true (a staging site)');
    }
  }
  if (c.SMS_PROVIDER === 'twilio') {
    for (const k of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM_NUMBER'] as const) {
      if (!c[k]) problems.push(`${k}: required when SMS_PROVIDER=twilio`);
    }
  }
  if (c.STORAGE_DRIVER === 's3') {
    for (const k of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (!c[k]) problems.push(`${k}: required when STORAGE_DRIVER=s3`);
    }
  }
  if (c.PAYMENT_PROVIDER === 'stripe') {
    for (const k of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
      if (!c[k]) problems.push(`${k}: required when PAYMENT_PROVIDER=stripe`);
    }
  }
  if (problems.length) throw new ConfigError(problems);

  const { ALLOW_TEST_PAYMENTS: _allowTestPayments, ...rest } = c;
  const paymentProvider = c.PAYMENT_PROVIDER ?? 'test';
  const dataDir = resolve(c.DATA_DIR);
  const secret = c.SESSION_SECRET ?? readOrCreateSecret(dataDir);
  return {
    ...rest,
    PAYMENT_PROVIDER: paymentProvider,
    testPaymentsInProduction: c.NODE_ENV === 'production' && paymentProvider === 'test',
    SEED_DEMO: c.SEED_DEMO ? c.SEED_DEMO === 'true' : c.NODE_ENV !== 'production',
    SESSION_SECRET: secret,
    dataDir,
    uploadsDir: join(dataDir, 'uploads'),
    appOrigin: c.APP_ORIGIN ?? `http://localhost:${c.PORT}`,
  };
}

// Outside production the secret is generated once and kept, so sessions survive restarts.
function readOrCreateSecret(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
