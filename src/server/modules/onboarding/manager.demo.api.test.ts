import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { managerConsentEvents, onboardingEvents, onboardings } from '#server/db/schema/onboarding.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { demoUsers } from '#server/db/seed.ts';
import { seedDemoKyc } from '#server/db/seed/kyc.ts';
import { demoClients, seedDemoClients } from '#server/db/seed/onboarding.ts';
import { trialBalance } from '#server/modules/ledger/index.ts';
import { createTestApp, signIn, type TestApp } from '#server/test/harness.ts';

// The demo manager's desk as `npm start` leaves it: the demo with its funds and the KYC files.
let t: TestApp;
let dataDir: string;
const [avery, morgan] = demoUsers;
const [invited, inReview, funded] = demoClients;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'manager-demo-'));
  t = await createTestApp({ seedIndex: true, seedFunds: true, env: { DATA_DIR: dataDir } });
  // The seed writes the documents only where it has storage (as main.ts gives it).
  await seedDemoKyc(t.db, t.app.ctx.storage, { now: t.clock.now(), reviewerPhone: avery.phone });
}, 300_000);
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the demo manager’s desk', () => {
  it('lists three clients at three stages besides the invitation to Jordan', async () => {
    const manager = await signIn(t, morgan.phone);
    const res = await t.app.inject({ method: 'GET', url: '/api/manager/clients', headers: manager.headers });
    expect(res.statusCode, res.body).toBe(200);
    const { clients, counts } = res.json();
    const byPhone = (phone: string) => clients.find((c: { phone: string }) => c.phone === phone);
    expect(byPhone(invited.phone)).toMatchObject({ name: invited.name, status: 'pending_invitation', consent: 'pending', userId: null });
    expect(byPhone(inReview.phone)).toMatchObject({
      name: inReview.name,
      status: 'kyc_upload',
      consent: 'accepted',
      kycStatus: 'pending',
      tier: 'investor',
    });
    expect(byPhone(funded.phone)).toMatchObject({ name: funded.name, status: 'active', consent: 'accepted', kycStatus: 'approved', progress: 100 });
    expect(counts).toMatchObject({ pending_invitation: 2, kyc_upload: 1, active: 1 });
  });

  it('opens each client: the documents in review, and the funded client’s deposit, history and fund positions', async () => {
    const manager = await signIn(t, morgan.phone);
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: manager.headers });
    const ids = Object.fromEntries(
      (
        await t.db
          .select()
          .from(onboardings)
          .where(inArray(onboardings.clientPhone, [inReview.phone, funded.phone]))
      ).map((o) => [o.clientPhone, o.id]),
    );

    const review = (await get(`/api/manager/clients/${ids[inReview.phone]}`)).json();
    expect(review.documents.map((d: { type: string; status: string }) => `${d.type}:${d.status}`).sort()).toEqual([
      'id_back:pending',
      'id_front:pending',
      'selfie:pending',
    ]);
    expect(review.allocation).toMatchObject({ vintage: 30 });

    const res = await get(`/api/manager/clients/${ids[funded.phone]}`);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json();
    expect(detail.deposit).toMatchObject({ amountCents: 250_000_00, confirmedBy: morgan.name });
    expect(detail.signature).toMatchObject({ fullName: funded.name });
    expect(detail.documents.every((d: { status: string }) => d.status === 'approved')).toBe(true);
    expect(detail.fundAllocation.map((f: { percent: number }) => f.percent).sort()).toEqual([40, 60]);
    // Every step dated, in order, none after today.
    const dates = detail.timeline.map((s: { at: string | null }) => s.at);
    expect(dates.every((d: string | null) => d !== null && Date.parse(d) <= t.clock.now().getTime())).toBe(true);
    expect([...dates].sort()).toEqual(dates);

    const pos = await get(`/api/manager/clients/${ids[funded.phone]}/fund-positions`);
    expect(pos.statusCode, pos.body).toBe(200);
    const { positions, totals } = pos.json();
    expect(positions.map((p: { fundSlug: string }) => p.fundSlug).sort()).toEqual(['modern-basketball', 'multi-sport-blue-chip']);
    for (const p of positions) {
      expect(p.unitsMicro).toBeGreaterThan(0);
      expect(p.valueCents).toBeGreaterThan(0);
      expect(p.pendingSubscriptionCents).toBe(0);
    }
    expect(positions.reduce((s: number, p: { investedCents: number }) => s + p.investedCents, 0)).toBe(250_000_00);
    expect(totals.valueCents).toBeGreaterThan(0);
    // The money went the way fund money goes: onto a balanced ledger.
    expect((await trialBalance(t.app.ctx)).balanced).toBe(true);
  });

  it('has a history consistent with each status, in the past, and the admin’s KYC tile counts the documents', async () => {
    const rows = await t.db
      .select()
      .from(onboardings)
      .where(
        inArray(
          onboardings.clientPhone,
          demoClients.map((c) => c.phone),
        ),
      );
    const now = t.clock.now();
    for (const o of rows) {
      const events = await t.db.select().from(onboardingEvents).where(eq(onboardingEvents.onboardingId, o.id));
      expect(events.sort((a, b) => a.seq - b.seq).at(-1)?.toStatus).toBe(o.status);
      const consent = await t.db.select().from(managerConsentEvents).where(eq(managerConsentEvents.onboardingId, o.id));
      expect(consent.sort((a, b) => a.seq - b.seq).at(-1)?.toStatus).toBe(o.managerConsent);
      for (const at of [...events.map((e) => e.at), ...consent.map((e) => e.at), o.invitedAt, o.lastActivityAt])
        expect(at.getTime()).toBeLessThanOrEqual(now.getTime());
    }
    const told = await t.db.select().from(notifications).where(eq(notifications.kind, 'manager_client_updated'));
    expect(told.map((n) => n.title).filter((x) => x === 'Invitation accepted')).toHaveLength(2);
    expect(told.filter((n) => n.createdAt > now)).toEqual([]);

    const admin = await signIn(t, avery.phone);
    const dash = (await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: admin.headers })).json();
    // Casey's three, Jordan's four and the manager's client's three wait; the funded client's are approved.
    expect(dash.business.kyc).toEqual({ pendingDocuments: 10, membersWaiting: 3 });
  });

  it('seeds nothing twice', async () => {
    const before = await t.db.select().from(onboardings);
    await seedDemoClients(t.db, { managerPhone: morgan.phone, now: t.clock.now() });
    expect(await t.db.select().from(onboardings)).toHaveLength(before.length);
    const accepted = await t.db
      .select()
      .from(managerConsentEvents)
      .where(
        and(
          inArray(
            managerConsentEvents.onboardingId,
            before.map((o) => o.id),
          ),
          eq(managerConsentEvents.toStatus, 'accepted'),
        ),
      );
    expect(accepted).toHaveLength(2);
  });
});
