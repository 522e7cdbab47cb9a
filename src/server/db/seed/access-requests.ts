import { count, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { accessRequests, users } from '#server/db/schema/users.ts';

const HOUR = 3_600_000;

/**
 * The admin's access queue in the demo: a few people waiting (Instagram only, referral only, both),
 * the demo members' own approved requests, and one declined. Only into an empty table.
 */
export async function seedDemoAccessRequests(db: Db, adminPhone: string, now = new Date()) {
  const [{ n }] = await db.select({ n: count() }).from(accessRequests);
  if (Number(n) > 0) return;
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.phone, adminPhone)).limit(1);
  const ago = (hours: number) => new Date(now.getTime() - hours * HOUR);
  const base = { termsAccepted: true, privacyAccepted: true };
  const reviewed = (hours: number) => ({ reviewerId: admin?.id ?? null, reviewedAt: ago(hours) });
  await db.insert(accessRequests).values([
    { ...base, phone: '+12125550121', instagram: 'vintagewax_nyc', referral: null, smsOptIn: true, createdAt: ago(3), updatedAt: ago(3) },
    { ...base, phone: '+12125550122', instagram: null, referral: 'Casey Collector', marketingOptIn: true, createdAt: ago(9), updatedAt: ago(9) },
    {
      ...base,
      phone: '+12125550123',
      instagram: 'slabs.and.stats',
      referral: 'National 2026, booth 412',
      smsOptIn: true,
      createdAt: ago(26),
      updatedAt: ago(26),
    },
    { ...base, phone: '+12125550124', instagram: 'hoopsgems', referral: null, createdAt: ago(51), updatedAt: ago(51) },
    {
      ...base,
      phone: '+12125550103',
      instagram: 'casey.collects',
      referral: null,
      status: 'approved',
      ...reviewed(24 * 360),
      createdAt: ago(24 * 361),
      updatedAt: ago(24 * 360),
    },
    {
      ...base,
      phone: '+12125550104',
      instagram: null,
      referral: 'Morgan Manager',
      status: 'approved',
      ...reviewed(24 * 290),
      createdAt: ago(24 * 291),
      updatedAt: ago(24 * 290),
    },
    {
      ...base,
      phone: '+12125550125',
      instagram: 'quickflip_deals',
      referral: null,
      status: 'rejected',
      note: 'Resale account; we admit collectors only.',
      ...reviewed(24 * 12),
      createdAt: ago(24 * 13),
      updatedAt: ago(24 * 12),
    },
  ]);
}
