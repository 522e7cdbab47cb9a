import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultOnboardingSettings, type OnboardingSettings } from '#common/onboarding.ts';
import { settings } from '#server/db/schema/platform.ts';
import { auditLog } from '#server/db/schema/users.ts';
import { createTestApp, signIn, type SignedIn, type TestApp } from '#server/test/harness.ts';
import { LEGACY_PLACEHOLDER_BANK, getSetting, seedSettings } from './settings.service.ts';

const ONBOARDING_SETTINGS_KEY = 'onboarding';
const getOnboardingSettings = (ctx: { db: TestApp['db'] }) => getSetting(ctx, 'onboarding');
const seedOnboardingSettings = seedSettings;

const URL = '/api/admin/settings/onboarding';
let t: TestApp;
let admin: SignedIn;
let manager: SignedIn;
let member: SignedIn;

const wire = {
  beneficiaryName: 'Slab Registry Custody LLC',
  beneficiaryAddress: '1 Liberty Plaza, New York, NY 10006',
  bankName: 'First Harbor Bank',
  bankAddress: '100 Pine St, New York, NY 10005',
  routingNumber: '021000021',
  accountNumber: '000123456789',
  swiftCode: 'FHBKUS33',
  note: 'Wire from an account in your own name.',
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, '+12125550101');
  manager = await signIn(t, '+12125550102');
  member = await signIn(t, '+12125550103');
});
afterAll(() => t.close());

const call = (who: SignedIn | null, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: who?.headers });

describe('onboarding settings (/admin/settings)', () => {
  it('reads one shared, frozen value: a caller cannot change what the next request reads', async () => {
    const first = await getSetting(t.app.ctx, 'onboarding');
    const again = await getSetting(t.app.ctx, 'onboarding');
    expect(again).toBe(first);
    expect(() => {
      (first as { wireInstructions: unknown }).wireInstructions = null;
    }).toThrow(TypeError);
    expect(() => (first.tiers as unknown[]).push({})).toThrow(TypeError);
    expect(await getSetting(t.app.ctx, 'onboarding')).toEqual(again);
  });

  it('has no wire instructions until an admin enters them, and no placeholder text', async () => {
    const res = await call(admin, 'GET', URL);
    expect(res.statusCode).toBe(200);
    expect(res.json().wireInstructions).toBeNull();
    expect(res.body).not.toContain('To be confirmed');
    expect(res.json().tiers.map((x: { minimumCents: number }) => x.minimumCents)).toEqual([25_000_00, 100_000_00, 250_000_00]);
  });

  it('is for admins only', async () => {
    for (const who of [manager, member]) {
      expect((await call(who, 'GET', URL)).statusCode).toBe(403);
      expect((await call(who, 'PUT', URL, { ...defaultOnboardingSettings, wireInstructions: wire })).statusCode).toBe(403);
    }
    expect((await call(null, 'GET', URL)).statusCode).toBe(401);
    expect((await call(null, 'PUT', URL, defaultOnboardingSettings)).statusCode).toBe(401);
    expect((await getOnboardingSettings({ db: t.db })).wireInstructions).toBeNull();
  });

  it('refuses incomplete or malformed settings', async () => {
    const bad: unknown[] = [
      { ...defaultOnboardingSettings, wireInstructions: { ...wire, bankName: '' } },
      { ...defaultOnboardingSettings, wireInstructions: { ...wire, accountNumber: '   ' } },
      { ...defaultOnboardingSettings, wireInstructions: { ...wire, swiftCode: 'X'.repeat(12) } },
      { ...defaultOnboardingSettings, tiers: defaultOnboardingSettings.tiers.slice(0, 2) },
      { ...defaultOnboardingSettings, tiers: defaultOnboardingSettings.tiers.map((x) => ({ ...x, id: 'collector' })) },
      { ...defaultOnboardingSettings, tiers: defaultOnboardingSettings.tiers.map((x) => ({ ...x, minimumCents: 1.5 })) },
    ];
    for (const body of bad) expect((await call(admin, 'PUT', URL, body as object)).statusCode).toBe(400);
    expect((await getOnboardingSettings({ db: t.db })).wireInstructions).toBeNull();
  });

  it('saves instructions with an audit row; the client sees them and the manager page stops warning', async () => {
    const phone = '+14155550901';
    const invited = await call(manager, 'POST', '/api/manager/clients', { phone, name: 'Wren Client', tier: 'investor' });
    expect(invited.statusCode, invited.body).toBe(201);
    const clientId = invited.json().client.id as string;
    const client = await signIn(t, phone);
    expect((await call(client, 'GET', '/api/onboarding')).json().deposit.wireInstructions).toBeNull();
    expect((await call(manager, 'GET', `/api/manager/clients/${clientId}`)).json().wireInstructionsSet).toBe(false);

    const next: OnboardingSettings = { ...defaultOnboardingSettings, wireInstructions: wire };
    const res = await call(admin, 'PUT', URL, next);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().wireInstructions).toEqual(wire);
    expect((await call(admin, 'GET', URL)).json().wireInstructions).toEqual(wire);

    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settings.onboarding_updated'), eq(auditLog.actorId, admin.userId)))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(row).toMatchObject({ targetType: 'settings', targetId: 'onboarding' });
    expect(row.data).toMatchObject({ wireInstructionsSet: { from: false, to: true } });
    // Bank details stay out of the audit log.
    expect(JSON.stringify(row.data)).not.toContain(wire.accountNumber);

    expect((await call(client, 'GET', '/api/onboarding')).json().deposit.wireInstructions).toEqual(wire);
    expect((await call(manager, 'GET', `/api/manager/clients/${clientId}`)).json().wireInstructionsSet).toBe(true);
  });

  it('clears the placeholder instructions earlier versions seeded, and keeps real ones', async () => {
    const legacy = {
      ...defaultOnboardingSettings,
      wireInstructions: { ...wire, bankName: LEGACY_PLACEHOLDER_BANK, accountNumber: 'Provided by your portfolio manager' },
    };
    await t.db.update(settings).set({ value: legacy }).where(eq(settings.key, ONBOARDING_SETTINGS_KEY));
    await seedOnboardingSettings({ db: t.db });
    expect(await getOnboardingSettings({ db: t.db })).toEqual(defaultOnboardingSettings);

    await t.db
      .update(settings)
      .set({ value: { ...defaultOnboardingSettings, wireInstructions: wire } })
      .where(eq(settings.key, ONBOARDING_SETTINGS_KEY));
    await seedOnboardingSettings({ db: t.db });
    expect((await getOnboardingSettings({ db: t.db })).wireInstructions).toEqual(wire);
  });
});
