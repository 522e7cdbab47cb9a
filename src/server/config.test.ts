import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const dir = () => mkdtempSync(join(tmpdir(), 'cfg-'));

describe('configuration', () => {
  it('has working defaults', () => {
    const c = loadConfig({ DATA_DIR: dir() });
    expect(c.PORT).toBe(5000);
    expect(c.NODE_ENV).toBe('development');
    expect(c.SMS_PROVIDER).toBe('console');
    expect(c.SESSION_IDLE_MINUTES).toBe(30);
    expect(c.appOrigin).toBe('http://localhost:5000');
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it('reports every problem at once', () => {
    let err: unknown;
    try {
      loadConfig({ PORT: 'abc', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x', ADMIN_PHONES: '+1555,12' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const problems = (err as ConfigError).problems.join('\n');
    expect(problems).toMatch(/PORT/);
    expect(problems).toMatch(/LOG_LEVEL/);
    expect(problems).toMatch(/DATABASE_URL/);
    expect(problems).toMatch(/ADMIN_PHONES/);
  });

  it('generates the session secret once outside production and keeps it', () => {
    const d = dir();
    const a = loadConfig({ DATA_DIR: d }).SESSION_SECRET;
    const b = loadConfig({ DATA_DIR: d }).SESSION_SECRET;
    expect(a).toHaveLength(64);
    expect(b).toBe(a);
    expect(readFileSync(join(d, 'session-secret'), 'utf8').trim()).toBe(a);
  });

  it('requires the secret, the origin and a real SMS provider in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dir() })).toThrow(/SESSION_SECRET[\s\S]*APP_ORIGIN[\s\S]*SMS_PROVIDER/);
  });

  it('seeds demo data by default only outside production', () => {
    const prod = {
      NODE_ENV: 'production',
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      SESSION_SECRET: 'x'.repeat(32),
      APP_ORIGIN: 'https://cards.example.com',
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC1',
      TWILIO_AUTH_TOKEN: 't',
      TWILIO_FROM_NUMBER: '+15550000000',
    };
    expect(loadConfig({ DATA_DIR: dir() }).SEED_DEMO).toBe(true);
    expect(loadConfig({ DATA_DIR: dir(), SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
    expect(loadConfig({ ...prod, DATA_DIR: dir() }).SEED_DEMO).toBe(false);
    expect(loadConfig({ ...prod, DATA_DIR: dir(), SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
  });

  describe('production never takes test payments by default', () => {
    const prod = {
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(32),
      APP_ORIGIN: 'https://cards.example.com',
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC1',
      TWILIO_AUTH_TOKEN: 't',
      TWILIO_FROM_NUMBER: '+15550000000',
    };
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig({ ...prod, DATA_DIR: dir(), ...env });
      } catch (e) {
        if (e instanceof ConfigError) return e.problems;
        throw e;
      }
      return [];
    };

    it('refuses to start without an explicit PAYMENT_PROVIDER, naming it', () => {
      expect(problems({})).toEqual([expect.stringMatching(/^PAYMENT_PROVIDER: must be set explicitly in production/)]);
      expect(problems({ PAYMENT_PROVIDER: '' })).toEqual([expect.stringMatching(/^PAYMENT_PROVIDER/)]);
      expect(() => loadConfig({ ...prod, DATA_DIR: dir() })).toThrow(/PAYMENT_PROVIDER/);
    });

    it('refuses PAYMENT_PROVIDER=test unless ALLOW_TEST_PAYMENTS=true, and then says so', () => {
      expect(problems({ PAYMENT_PROVIDER: 'test' })).toEqual([expect.stringMatching(/^PAYMENT_PROVIDER: .*ALLOW_TEST_PAYMENTS=true/)]);
      expect(problems({ PAYMENT_PROVIDER: 'test', ALLOW_TEST_PAYMENTS: 'false' })).toHaveLength(1);
      const staging = loadConfig({ ...prod, DATA_DIR: dir(), PAYMENT_PROVIDER: 'test', ALLOW_TEST_PAYMENTS: 'true' });
      expect(staging).toMatchObject({ PAYMENT_PROVIDER: 'test', testPaymentsInProduction: true });
      expect(problems({ PAYMENT_PROVIDER: 'test', ALLOW_TEST_PAYMENTS: 'yes' })).toEqual([expect.stringMatching(/^ALLOW_TEST_PAYMENTS/)]);
    });

    it('the server process exits at start-up with a message naming PAYMENT_PROVIDER', () => {
      const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        env: { ...process.env, ...prod, DATA_DIR: dir(), PORT: '0', DATABASE_URL: '', REDIS_URL: '', PAYMENT_PROVIDER: '', ALLOW_TEST_PAYMENTS: '' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(/PAYMENT_PROVIDER: must be set explicitly in production/);
    }, 60_000);

    it('starts with Stripe, and keeps the test provider as the default outside production', () => {
      const live = loadConfig({
        ...prod,
        DATA_DIR: dir(),
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_live_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
      });
      expect(live).toMatchObject({ PAYMENT_PROVIDER: 'stripe', testPaymentsInProduction: false });
      expect(loadConfig({ DATA_DIR: dir() })).toMatchObject({ PAYMENT_PROVIDER: 'test', testPaymentsInProduction: false });
    });
  });

  it('requires the Twilio credentials with the twilio adapter', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio', DATA_DIR: dir() })).toThrow(
      /TWILIO_ACCOUNT_SID[\s\S]*TWILIO_AUTH_TOKEN[\s\S]*TWILIO_FROM_NUMBER/,
    );
  });

  it('seeds the demo people by default outside production only', () => {
    const prod = {
      NODE_ENV: 'production',
      DATA_DIR: dir(),
      SESSION_SECRET: 'x'.repeat(40),
      APP_ORIGIN: 'https://cards.example.com',
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC1',
      TWILIO_AUTH_TOKEN: 't',
      TWILIO_FROM_NUMBER: '+15550000000',
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    };
    expect(loadConfig(prod).SEED_DEMO).toBe(false);
    expect(loadConfig({ ...prod, SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
    expect(loadConfig({ DATA_DIR: dir() }).SEED_DEMO).toBe(true);
    expect(loadConfig({ DATA_DIR: dir(), SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
  });
});
