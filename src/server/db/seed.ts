import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { legalSlugs, type LegalSlug } from '#common/legal.ts';
import type { Db } from './client.ts';
import { fromRoot } from '../paths.ts';
import { legalPages } from './schema/platform.ts';
import { users } from './schema/users.ts';

/** Demo people, listed in the README. 555-01xx numbers are reserved for fiction. */
export const demoUsers = [
  { phone: '+12125550101', name: 'Avery Admin', isAdmin: true, isManager: false, email: 'avery@example.com' },
  { phone: '+12125550102', name: 'Morgan Manager', isAdmin: false, isManager: true, email: 'morgan@example.com' },
  { phone: '+12125550103', name: 'Casey Collector', isAdmin: false, isManager: false, email: 'casey@example.com' },
  { phone: '+12125550104', name: 'Jordan Reyes', isAdmin: false, isManager: false, email: null },
] as const;

const legalTitles: Record<LegalSlug, string> = {
  terms: 'Terms of Use',
  privacy: 'Privacy Policy',
  cookies: 'Cookie Policy',
};

export function legalMarkdown(slug: LegalSlug): string {
  return readFileSync(fromRoot('src/server/db/seed/legal', `${slug}.md`), 'utf8');
}

/** Seeds the legal pages (always) and the demo people (when asked). Safe to run on every start. */
export async function seed(db: Db, { demo = true }: { demo?: boolean } = {}) {
  for (const slug of legalSlugs) {
    await db
      .insert(legalPages)
      .values({ slug, version: 1, title: legalTitles[slug], markdown: legalMarkdown(slug) })
      .onConflictDoNothing();
  }
  if (demo) {
    await db
      .insert(users)
      .values(demoUsers.map((u) => ({ ...u, smsOptIn: true })))
      .onConflictDoNothing({ target: users.phone });
  }
  await db.execute(sql`select 1`);
}
