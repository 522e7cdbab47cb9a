import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { defaultFeatureSwitches, settingsMessages } from '#common/settings.ts';
import { buildApp } from '#server/app.ts';
import { auditLog } from '#server/db/schema/users.ts';
import { createMemoryBus } from '#server/realtime/bus.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/harness.ts';
import { signedInAdmin, signedInMember, signedInManager } from '#server/test/factories.ts';
import { getSetting } from './settings.service.ts';

// Two instances on one database and one bus, as behind a load balancer: `t` and `b`.
let t: TestApp;
let b: Awaited<ReturnType<typeof buildApp>>;
let admin: SignedIn;
let otherAdmin: SignedIn;
let member: SignedIn;
let manager: SignedIn;
let wsUrl: string;

beforeAll(async () => {
  const bus = createMemoryBus();
  t = await createTestApp({ bus });
  b = await buildApp({ config: t.config, database: t.database, clock: t.clock, sms: t.sms, serveWeb: false, logger: false, bus });
  await b.ready();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  wsUrl = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}/ws`;
  admin = await signedInAdmin(t, { name: 'Avery Admin' });
  otherAdmin = await signedInAdmin(t, { name: 'Blake Admin' });
  member = await signedInMember(t);
  manager = await signedInManager(t);
});
afterAll(async () => {
  await b.close();
  await t.close();
});

const api = (who: SignedIn | null, method: 'GET' | 'PATCH' | 'PUT', url: string, payload?: object, app = t.app) =>
  app.inject({ method, url, payload, headers: { 'x-client-id': 'web', ...who?.headers } });
const patch = (section: string, body: object, who: SignedIn = admin) => api(who, 'PATCH', `/api/admin/settings/sections/${section}`, body);

/** The newest audit row of an action (the fake clock stands still, so the clock is moved on first). */
async function lastAudit(action: string) {
  const [row] = await t.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.createdAt)).limit(1);
  t.clock.advance(1000);
  return row;
}

describe('the settings sections', () => {
  it('lists every section with its defaults, for admins only', async () => {
    const res = await api(admin, 'GET', '/api/admin/settings');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(Object.keys(body.sections).sort()).toEqual(['features', 'index', 'lending', 'marketplace', 'onboarding', 'support', 'vault']);
    expect(body.sections.marketplace).toEqual({ reservationMinutes: 15, saleFeeTemplateId: null, offerExpiryDays: 7 });
    expect(body.sections.features).toEqual(defaultFeatureSwitches);
    expect(body.sections.lending.minLoanCents).toBe(100_000);
    expect(body.feeTemplates.some((f: { appliesTo: string }) => f.appliesTo === 'loan')).toBe(true);
    for (const who of [member, manager]) {
      expect((await api(who, 'GET', '/api/admin/settings')).statusCode).toBe(403);
      expect((await patch('support', { hours: 'Always' }, who)).statusCode).toBe(403);
    }
    expect((await api(null, 'GET', '/api/admin/settings')).statusCode).toBe(401);
    expect((await patch('nonsense', { a: 1 })).statusCode).toBe(400);
  });

  it('refuses a bad value with field errors and keeps the old one', async () => {
    const before = await getSetting({ db: t.db }, 'marketplace');
    const res = await patch('marketplace', { reservationMinutes: 2 });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ reservationMinutes: ['Between 5 and 120 minutes'] });
    const support = await patch('support', { email: 'not an email', phone: 'call me' });
    expect(support.statusCode).toBe(400);
    expect(Object.keys(support.json().fieldErrors).sort()).toEqual(['email', 'phone']);
    expect((await patch('features', { lending: 'maybe' })).statusCode).toBe(400);
    expect((await patch('features', { bogus: true })).statusCode).toBe(400);
    const tpl = (await api(admin, 'GET', '/api/admin/settings')).json().feeTemplates.find((f: { appliesTo: string }) => f.appliesTo === 'loan');
    const wrongKind = await patch('marketplace', { saleFeeTemplateId: tpl.id });
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().fieldErrors.saleFeeTemplateId).toEqual(['Choose a fee template that applies to sales']);
    expect(await getSetting({ db: t.db }, 'marketplace')).toEqual(before);
  });

  it('saves a change with an audit row of what changed, and never the bank details', async () => {
    const res = await patch('marketplace', { reservationMinutes: 20 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ section: 'marketplace', value: { reservationMinutes: 20, saleFeeTemplateId: null, offerExpiryDays: 7 } });
    const row = await lastAudit('settings.marketplace_updated');
    expect(row).toMatchObject({
      actorId: admin.userId,
      targetType: 'settings',
      targetId: 'marketplace',
      data: { reservationMinutes: { from: 15, to: 20 } },
    });
    expect(Object.keys(row.data as object)).toEqual(['reservationMinutes']);

    const wire = {
      beneficiaryName: 'Slab Registry Custody LLC',
      bankName: 'First Harbor Bank',
      accountNumber: '000987654321',
      routingNumber: '021000021',
    };
    expect((await patch('onboarding', { wireInstructions: wire })).statusCode).toBe(200);
    const wireRow = await lastAudit('settings.onboarding_updated');
    expect(wireRow.data).toEqual({ wireInstructionsSet: { from: false, to: true } });
    expect(JSON.stringify(wireRow.data)).not.toContain('000987654321');
    // The onboarding route answers with the instructions saved through the section.
    expect((await api(admin, 'GET', '/api/admin/settings/onboarding')).json().wireInstructions).toMatchObject(wire);

    expect((await patch('index', { rebalanceCadence: 'quarterly' })).statusCode).toBe(200);
    expect((await lastAudit('settings.index_updated')).data).toEqual({ rebalanceCadence: { from: 'monthly', to: 'quarterly' } });
    expect((await patch('index', { rebalanceCadence: 'monthly' })).statusCode).toBe(200);
  });

  it('tells the other admins, not the one who saved', async () => {
    const sockets = await Promise.all([admin, otherAdmin].map(openSocket));
    const [mine, theirs] = sockets;
    expect((await patch('support', { hours: 'Monday to Saturday, 9am to 7pm Eastern' })).statusCode).toBe(200);
    const note = await theirs.next('notification');
    expect(note).toMatchObject({
      type: 'notification',
      title: settingsMessages.notificationTitle,
      message: 'Avery Admin changed the support contact.',
    });
    // Events arrive in order: once a later one reaches the saver, the notification never will.
    await t.app.ctx.live.publish({ kind: 'user', userId: admin.userId }, { type: 'profile_updated', userId: admin.userId });
    await mine.next('profile_updated');
    expect(mine.messages.filter((m) => m.type === 'notification')).toEqual([]);
    for (const s of sockets) s.ws.close();
  });
});

describe('feature switches', () => {
  it('switching lending off hides it from members (404 and me) but not from admins; on again brings it back', async () => {
    const me = async (who: SignedIn) => (await api(who, 'GET', '/api/auth/me')).json().features;
    expect((await me(member)).lending).toBe(true);
    expect((await api(member, 'GET', '/api/user/loans')).statusCode).toBe(200);

    expect((await patch('features', { lending: false })).statusCode).toBe(200);
    expect((await me(member)).lending).toBe(false);
    expect((await me(member)).hunts).toBe(true);
    for (const url of ['/api/user/loans', '/api/loans/quote?cardIds=&termMonths=3']) {
      const res = await api(member, 'GET', url);
      expect(res.statusCode, url).toBe(404);
    }
    // Member routes of other features stay open; a signed-out caller still gets 401.
    expect((await api(member, 'GET', '/api/hunts/active')).statusCode).toBe(200);
    expect((await api(null, 'GET', '/api/user/loans')).statusCode).toBe(401);
    // Staff keep the admin routes, and admins the member ones.
    expect((await api(admin, 'GET', '/api/admin/loans')).statusCode).toBe(200);
    expect((await api(admin, 'GET', '/api/user/loans')).statusCode).toBe(200);
    expect((await api(admin, 'GET', '/api/admin/settings/lending')).statusCode).toBe(200);

    expect((await patch('features', { lending: true })).statusCode).toBe(200);
    expect((await api(member, 'GET', '/api/user/loans')).statusCode).toBe(200);
    expect((await me(member)).lending).toBe(true);
  });

  it('clears the cached switches on every instance at once', async () => {
    // B reads (and caches) the switches; A changes them; B answers with the new ones at once.
    expect((await api(member, 'GET', '/api/hunts/active', undefined, b)).statusCode).toBe(200);
    expect(b.ctx.settingsCache.get('features')).toMatchObject({ hunts: true });
    expect((await patch('features', { hunts: false })).statusCode).toBe(200);
    expect(b.ctx.settingsCache.get('features')).toBeUndefined();
    expect((await api(member, 'GET', '/api/hunts/active', undefined, b)).statusCode).toBe(404);
    expect((await api(member, 'GET', '/api/auth/me', undefined, b)).json().features.hunts).toBe(false);
    expect((await patch('features', { hunts: true })).statusCode).toBe(200);
    expect((await api(member, 'GET', '/api/hunts/active', undefined, b)).statusCode).toBe(200);
    const rows = await t.db
      .select({ data: auditLog.data })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settings.features_updated'), eq(auditLog.actorId, admin.userId)));
    expect(rows.map((r) => r.data)).toContainEqual({ hunts: { from: false, to: true } });
  });
});

interface Client {
  ws: WebSocket;
  messages: Record<string, unknown>[];
  next(type: string): Promise<Record<string, unknown>>;
}

async function openSocket(s: SignedIn): Promise<Client> {
  const ws = new WebSocket(wsUrl, { origin: 'http://localhost:5000' });
  const messages: Record<string, unknown>[] = [];
  const waiters: { type: string; resolve: (m: Record<string, unknown>) => void }[] = [];
  ws.on('message', (d) => {
    const m = JSON.parse(d.toString()) as Record<string, unknown>;
    messages.push(m);
    for (const w of waiters.filter((x) => x.type === m.type)) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(m);
    }
  });
  await new Promise<void>((resolve, reject) => {
    ws.on('open', () => resolve());
    ws.on('error', reject);
  });
  const next = (type: string) => {
    const found = messages.find((m) => m.type === type);
    return found ? Promise.resolve(found) : new Promise<Record<string, unknown>>((r) => waiters.push({ type, resolve: r }));
  };
  ws.send(JSON.stringify({ type: 'auth', userId: s.userId, token: s.token }));
  await next('auth_success');
  return { ws, messages, next };
}
