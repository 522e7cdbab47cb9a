import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { legalSlugs, type LegalSlug } from '#common/legal.ts';
import { migrationJournal, type Db } from './client.ts';
import { fromRoot } from '#server/paths.ts';
import { legalPages, settings } from './schema/platform.ts';
import { users } from './schema/users.ts';
import { seedSettings } from '#server/modules/settings/index.ts';
import { cardEvents, cards, psaCerts } from '#server/db/schema/cards.ts';
import { demoCards, demoPsaCerts } from '#server/db/seed/demo-cards.ts';
import { seedDemoShareLinks } from '#server/db/seed/share-links.ts';
import { seedDemoAlerts } from '#server/db/seed/alerts.ts';
import { seedDemoMoney } from '#server/db/seed/money.ts';
import { seedDemoHunts } from '#server/db/seed/hunts.ts';
import { seedDemoLegal } from '#server/db/seed/legal.ts';
import { seedDemoIndex } from '#server/db/seed/market-index.ts';
import { seedDemoAccessRequests } from '#server/db/seed/access-requests.ts';
import { seedLending } from '#server/db/seed/lending.ts';
import { seedDemoMarketplace } from '#server/db/seed/marketplace.ts';
import { seedDemoListingOffers } from '#server/db/seed/listing-offers.ts';
import { seedDemoFunds } from '#server/db/seed/funds.ts';
import { seedDemoNotifications } from '#server/db/seed/notifications.ts';
import { seedDemoKyc } from '#server/db/seed/kyc.ts';
import { seedDemoSms } from '#server/db/seed/sms.ts';
import { seedDemoCertClaims } from '#server/db/seed/cert-claims.ts';
import { seedDemoClients, seedDemoOnboarding } from '#server/db/seed/onboarding.ts';
import { seedDemoVault } from '#server/db/seed/vault.ts';
import type { FileStorage } from '#server/providers/storage/storage.ts';
import { postHistory } from '#server/db/seed/ledger-history.ts';
import { seedDailyRuns } from '#server/modules/money/index.ts';

/** Demo people, listed in the README. 555-01xx numbers are reserved for fiction. */
export const demoUsers = [
  { phone: '+12125550101', name: 'Avery Admin', isAdmin: true, isManager: false, email: 'avery@example.com' },
  { phone: '+12125550102', name: 'Morgan Manager', isAdmin: false, isManager: true, email: 'morgan@example.com' },
  { phone: '+12125550103', name: 'Casey Collector', isAdmin: false, isManager: false, email: 'casey@example.com' },
  { phone: '+12125550104', name: 'Jordan Reyes', isAdmin: false, isManager: false, email: null },
  // Clients of the demo manager who joined through the invitation (db/seed/onboarding.ts demoClients;
  // Taylor Brooks, +12125550105, is invited but has not signed in, so has no account yet).
  { phone: '+12125550106', name: 'Priya Raman', isAdmin: false, isManager: false, email: 'priya@example.com' },
  { phone: '+12125550107', name: 'Marcus Bell', isAdmin: false, isManager: false, email: 'marcus@example.com' },
] as const;

/** When each demo person joined (the members when their access request was approved), so the admin dashboard's history is consistent. */
const demoJoinedDaysAgo: Record<(typeof demoUsers)[number]['phone'], number> = {
  '+12125550101': 420,
  '+12125550102': 400,
  '+12125550103': 360,
  '+12125550104': 290,
  '+12125550106': 9,
  '+12125550107': 129,
};

const legalTitles: Record<LegalSlug, string> = {
  terms: 'Terms of Use',
  privacy: 'Privacy Policy',
  cookies: 'Cookie Policy',
};

/** The seeded first versions are in force from before anyone joined. */
const LEGAL_V1_AT = new Date('2025-01-01T00:00:00Z');

export function legalMarkdown(slug: LegalSlug): string {
  return readFileSync(fromRoot('src/server/db/seed/legal', `${slug}.md`), 'utf8');
}

/**
 * Seeds the legal pages and the onboarding settings (always) and the demo people (when asked).
 * Safe to run on every start. With a `storage`, the demo members' KYC documents (real files) too.
 */
export type SeedOptions = { demo?: boolean; demoIndex?: boolean; demoFunds?: boolean; now?: Date; storage?: FileStorage };

/** The options as seed() reads them; whether files could be written is part of what was done. */
const fingerprintOf = ({ demo = true, demoIndex = demo, demoFunds = demoIndex, storage }: SeedOptions) =>
  seedFingerprint({ demo, demoIndex, demoFunds, kycFiles: Boolean(storage) });

/**
 * Whether this same seed, with these options, has already run on this database: a restart then
 * skips the checks (a few dozen queries, a good part of a cold start). False when it cannot tell
 * (no settings table yet), so the seed runs.
 */
export async function seedIsCurrent(db: Db, options: SeedOptions = {}): Promise<boolean> {
  return recorded(db, fingerprintOf(options));
}

/** Whether the last seed recorded this fingerprint. */
async function recorded(db: Db, fingerprint: string): Promise<boolean> {
  try {
    const [done] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, SEED_STATE_KEY)).limit(1);
    return (done?.value as { fingerprint?: string } | undefined)?.fingerprint === fingerprint;
  } catch {
    return false;
  }
}

export async function seed(db: Db, options: SeedOptions = {}) {
  const { demo = true, demoIndex = demo, demoFunds = demoIndex, now = new Date(), storage } = options;
  // A later start with storage still seeds the KYC documents: the fingerprint tells them apart.
  const fingerprint = fingerprintOf(options);
  if (await recorded(db, fingerprint)) return;
  for (const slug of legalSlugs) {
    await db
      .insert(legalPages)
      .values({ slug, version: 1, title: legalTitles[slug], markdown: legalMarkdown(slug), createdAt: LEGAL_V1_AT, effectiveAt: LEGAL_V1_AT })
      .onConflictDoNothing();
  }
  await seedSettings({ db });
  if (demo) {
    await db
      .insert(users)
      .values(demoUsers.map((u) => ({ ...u, smsOptIn: true, createdAt: new Date(now.getTime() - demoJoinedDaysAgo[u.phone] * DAY) })))
      .onConflictDoNothing({ target: users.phone });
    await seedDemoCards(db);
    await seedDemoShareLinks(db);
    await seedDemoMoney(db, [demoUsers[2].phone, demoUsers[3].phone, demoUsers[1].phone]);
    await seedDemoHunts(db);
    await seedDemoAccessRequests(db, demoUsers[0].phone, now);
    await seedDemoSms(db, demoUsers[0].phone, now);
    await seedDemoLegal(db, [demoUsers[2].phone, demoUsers[3].phone]);
    if (storage) await seedDemoKyc(db, storage, { now, reviewerPhone: demoUsers[0].phone });
  }
  await seedLending(db, { demo });
  // After lending: a card a loan still holds is not offered or listed.
  if (demo) await seedDemoMarketplace(db);
  // Offers on those listings in every state (issue 34); no notifications, so the bell's history below still runs.
  if (demo) await seedDemoListingOffers(db);
  // After every domain that invoices: the bell tells the story of the seeded invoices (dated, like
  // them, from the real clock).
  if (demo) await seedDemoNotifications(db, { memberPhones: [demoUsers[2].phone, demoUsers[3].phone], adminPhones: [demoUsers[0].phone] });
  // After the marketplace and loans have taken their cards: a claim on a card nothing holds, with its photos.
  if (demo && storage) await seedDemoCertClaims(db, storage, { now, holderPhone: demoUsers[2].phone, claimantPhone: demoUsers[3].phone });
  // After the bell's history (which skips anyone who already has notifications): the demo
  // manager's invitation to Jordan, not answered yet.
  if (demo) await seedDemoOnboarding(db, { managerPhone: demoUsers[1].phone, memberPhone: demoUsers[3].phone, now });
  // The demo manager's clients at three stages (invited, documents in review, funded); the funded
  // client's deposit reaches the funds with them (seedDemoFunds).
  if (demo) await seedDemoClients(db, { managerPhone: demoUsers[1].phone, now });
  // After every domain that holds cards: Casey's intake in progress and a paid, shipped outtake, on cards nothing else holds.
  if (demo) await seedDemoVault(db, { memberPhone: demoUsers[2].phone, adminPhone: demoUsers[0].phone, now });
  // Thousands of demo sales and a recompute: API tests ask for it when they need it.
  if (demoIndex) await seedDemoIndex(db);
  // The demo member's watchlist sits on the demo index's prices (one alert already fired, in the bell).
  if (demo && demoIndex) await seedDemoAlerts(db, { memberPhone: demoUsers[2].phone, now });
  // The demo funds mark their cards from the demo index, so they come with it.
  if (demo && demoIndex && demoFunds) await seedDemoFunds(db);
  // Last: every invoice, sale, payout and funded loan above (or from before the ledger) is posted
  // with the key its live flow uses, so the trial balance holds from the first start (decision 132).
  await db.transaction((tx) => postHistory(tx));
  // The week's daily reconciliations of that history, as the job leaves them (decision 138).
  if (demo) await seedDailyRuns({ db }, { now, days: 7 });
  await db
    .insert(settings)
    .values({ key: SEED_STATE_KEY, value: { fingerprint } })
    .onConflictDoUpdate({ target: settings.key, set: { value: { fingerprint }, updatedAt: new Date() } });
}

const SEED_STATE_KEY = 'seed_state';

/** What the seed would do: the schema's last migration, the seed's own files and its options. */
function seedFingerprint(options: Record<string, boolean>): string {
  const hash = createHash('sha256').update(JSON.stringify(options));
  hash.update(migrationJournal().at(-1)?.tag ?? '');
  const dir = fromRoot('src/server/db/seed');
  const files = [
    fromRoot('src/server/db/seed.ts'),
    ...readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .sort()
      .map((f) => `${dir}/${f}`),
  ];
  for (const file of files) {
    try {
      hash.update(readFileSync(file));
    } catch {
      // a folder
    }
  }
  return hash.digest('hex');
}

const DAY = 86_400_000;

/**
 * The demo members' registries (db/seed/demo-cards.ts) with their provenance: registered months
 * ago, then taken into the vault by the admin where the card is there. Only for a demo member who
 * has no cards yet; PSA's answers for the seeded certificates go into the cache, so look-ups of
 * them work without a PSA token.
 */
async function seedDemoCards(db: Db) {
  await db
    .insert(psaCerts)
    .values(demoPsaCerts.map((data) => ({ certNumber: data.certNumber, data })))
    .onConflictDoNothing();
  const people = await db
    .select({ id: users.id, phone: users.phone, isAdmin: users.isAdmin, cards: count(cards.id) })
    .from(users)
    .leftJoin(cards, sql`${cards.ownerId} = ${users.id}`)
    .where(inArray(users.phone, [...Object.keys(demoCards), demoUsers[0].phone]))
    .groupBy(users.id);
  const admin = people.find((p) => p.isAdmin);
  const now = Date.now();
  for (const person of people) {
    const list = demoCards[person.phone];
    if (!list || Number(person.cards) > 0) continue;
    const rows = await db
      .insert(cards)
      .values(
        list.map(({ estimateBeforePinCents: _before, ...c }, i) => {
          const createdAt = new Date(now - (200 - i * 13) * DAY);
          return { ...c, ownerId: person.id, createdAt, updatedAt: createdAt };
        }),
      )
      .returning({ id: cards.id, custody: cards.custody, grader: cards.grader, createdAt: cards.createdAt });
    const events: (typeof cardEvents.$inferInsert)[] = [];
    for (const [i, r] of rows.entries()) {
      const at = (days: number) => new Date(r.createdAt.getTime() + days * DAY);
      events.push({ cardId: r.id, kind: 'registered', data: { source: r.grader === 'PSA' ? 'psa' : 'manual' }, actorId: person.id, at: r.createdAt });
      const { estimatePinned, estimateBeforePinCents, estimatedValueCents } = list[i];
      if (estimatePinned) {
        const changes = { estimatePinned: { from: false, to: true }, estimatedValueCents: { from: estimateBeforePinCents, to: estimatedValueCents } };
        events.push({ cardId: r.id, kind: 'edited', data: { changes }, actorId: person.id, at: at(1) });
      }
      if (r.custody === 'with_owner') continue;
      events.push({
        cardId: r.id,
        kind: 'custody_changed',
        data: { from: 'with_owner', to: 'in_transit', note: 'Insured pickup booked' },
        actorId: admin?.id ?? null,
        at: at(3),
      });
      if (r.custody !== 'in_vault') continue;
      events.push({
        cardId: r.id,
        kind: 'custody_changed',
        data: { from: 'in_transit', to: 'in_vault', note: 'Received and inspected; slab intact' },
        actorId: admin?.id ?? null,
        at: at(5),
      });
      if (r.grader === 'PSA')
        events.push({
          cardId: r.id,
          kind: 'psa_rechecked',
          data: { result: 'match', differences: [], message: null },
          actorId: admin?.id ?? null,
          at: at(5),
        });
    }
    await db.insert(cardEvents).values(events);
  }
}
