import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localPeriodStarts } from '#common/admin-dashboard.ts';
import { smsMessages } from '#server/db/schema/sms.ts';
import { accessRequests } from '#server/db/schema/users.ts';
import { createMember, signedInAdmin } from '#server/test/factories.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/harness.ts';

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false }); // the fake clock starts Monday 2026-06-01 15:00 UTC
  admin = await signedInAdmin(t);
  for (let i = 0; i < 3; i++) await createMember(t);
});
afterAll(() => t.close());

const base = { instagram: 'x', termsAccepted: true, privacyAccepted: true };

describe('GET /api/admin/dashboard', () => {
  it('counts members, pending requests, requests this week and SMS sent today, and lists recent requests', async () => {
    const now = t.clock.now().getTime();
    const hour = 3_600_000;
    await t.db.insert(accessRequests).values([
      { ...base, phone: '+14155550201', createdAt: new Date(now - hour) },
      { ...base, phone: '+14155550202', createdAt: new Date(now - 2 * hour), status: 'approved' },
      { ...base, phone: '+14155550203', createdAt: new Date(now - 3 * 24 * hour) }, // last week (Friday)
    ]);
    await t.db.insert(smsMessages).values([
      {
        direction: 'outbound',
        phone: '+14155550201',
        body: 'a',
        purpose: 'manual',
        provider: 'memory',
        status: 'sent',
        createdAt: new Date(now - 20 * hour),
      },
      {
        direction: 'inbound',
        phone: '+14155550201',
        body: 'b',
        purpose: 'inbound',
        provider: 'twilio',
        status: 'received',
        createdAt: new Date(now),
      },
    ]);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.counts).toEqual({
      members: 4, // the admin and three members
      pendingAccessRequests: 2,
      requestsThisWeek: 2,
      smsSentToday: 1, // the admin's own sign-in code; yesterday's manual SMS is not today
    });
    expect(body.recentAccessRequests.map((r: { phone: string }) => r.phone)).toEqual(['+14155550201', '+14155550202', '+14155550203']);
    expect(body.weekStart).toBe('2026-06-01T00:00:00.000Z');
    expect(body.todayStart).toBe('2026-06-01T00:00:00.000Z');
  });

  it("uses the admin's time zone for today and this week", async () => {
    // UTC-7 (getTimezoneOffset 420): it is Monday 08:00 there.
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard?tzOffset=420', headers: admin.headers });
    expect(res.json().todayStart).toBe('2026-06-01T07:00:00.000Z');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/dashboard?tzOffset=9999', headers: admin.headers })).statusCode).toBe(400);
  });
});

describe('localPeriodStarts', () => {
  it('finds the local midnight and the local Monday', () => {
    const sunday = new Date('2026-06-07T23:30:00Z');
    expect(localPeriodStarts(sunday, 0)).toEqual({ todayStart: new Date('2026-06-07T00:00:00Z'), weekStart: new Date('2026-06-01T00:00:00Z') });
    // In UTC+2 (offset -120) it is already Monday 01:30.
    expect(localPeriodStarts(sunday, -120)).toEqual({ todayStart: new Date('2026-06-07T22:00:00Z'), weekStart: new Date('2026-06-07T22:00:00Z') });
  });
});
