import { count, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { smsMessages } from '#server/db/schema/sms.ts';
import { users } from '#server/db/schema/users.ts';

const HOUR = 3_600_000;

/**
 * The admin's SMS desk in the demo: conversations with three of the demo requesters, with the
 * delivery reports Twilio would have sent (delivered, one undelivered with its error code), and
 * the declined requester's STOP (so that number shows as opted out, and asking for a sign-in code
 * for it says how to opt back in). All from before today, so the dashboard's "SMS sent today"
 * counts only what happens in the session. Only into an empty table.
 */
export async function seedDemoSms(db: Db, adminPhone: string, now = new Date()) {
  const [{ n }] = await db.select({ n: count() }).from(smsMessages);
  if (Number(n) > 0) return;
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.phone, adminPhone)).limit(1);
  const ago = (hours: number) => new Date(now.getTime() - hours * HOUR);
  const out = (o: {
    phone: string;
    body: string;
    purpose: string;
    hours: number;
    status: string;
    errorCode?: number;
    sid: string;
    byAdmin?: boolean;
  }) => ({
    direction: 'outbound' as const,
    phone: o.phone,
    body: o.body,
    purpose: o.purpose,
    provider: 'twilio',
    providerId: o.sid,
    status: o.status,
    errorCode: o.errorCode ?? null,
    error: o.errorCode === 30003 ? 'Twilio error 30003: Unreachable handset' : null,
    sentBy: o.byAdmin ? (admin?.id ?? null) : null,
    createdAt: ago(o.hours),
    statusUpdatedAt: ago(o.hours - 0.01),
  });
  const inbound = (o: { phone: string; body: string; purpose: string; hours: number; sid: string }) => ({
    direction: 'inbound' as const,
    phone: o.phone,
    body: o.body,
    purpose: o.purpose,
    provider: 'twilio',
    providerId: o.sid,
    status: 'received',
    createdAt: ago(o.hours),
  });
  await db.insert(smsMessages).values([
    inbound({
      phone: '+12125550121',
      body: 'Hi, I applied for access yesterday. Is there anything else you need from me?',
      purpose: 'inbound',
      hours: 30,
      sid: 'SMdemo0000000000000000000000000001',
    }),
    out({
      phone: '+12125550121',
      body: 'Thanks for applying. We review requests within a week and will text you either way.',
      purpose: 'manual',
      hours: 29.5,
      status: 'undelivered',
      errorCode: 30003,
      sid: 'SMdemo0000000000000000000000000002',
      byAdmin: true,
    }),
    out({
      phone: '+12125550121',
      body: 'Thanks for applying. We review requests within a week and will text you either way.',
      purpose: 'manual',
      hours: 27,
      status: 'delivered',
      sid: 'SMdemo0000000000000000000000000003',
      byAdmin: true,
    }),
    inbound({
      phone: '+12125550123',
      body: 'Met your team at the National, booth 412. Do you take PSA 10 modern as collateral?',
      purpose: 'inbound',
      hours: 50,
      sid: 'SMdemo0000000000000000000000000004',
    }),
    out({
      phone: '+12125550123',
      body: 'We do, once your access is approved. Lending terms are on the Lend page after you sign in.',
      purpose: 'manual',
      hours: 49,
      status: 'delivered',
      sid: 'SMdemo0000000000000000000000000005',
      byAdmin: true,
    }),
    out({
      phone: '+12125550125',
      body: 'Your access request was not approved. Please contact support for more information.',
      purpose: 'access_rejected',
      hours: 24 * 12,
      status: 'delivered',
      sid: 'SMdemo0000000000000000000000000006',
      byAdmin: true,
    }),
    inbound({ phone: '+12125550125', body: 'STOP', purpose: 'opt_out', hours: 24 * 12 - 2, sid: 'SMdemo0000000000000000000000000007' }),
  ]);
}
