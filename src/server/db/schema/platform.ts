import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const legalPages = pgTable(
  'legal_pages',
  {
    slug: text('slug', { enum: ['terms', 'privacy', 'cookies'] }).notNull(),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    markdown: text('markdown').notNull(),
    updatedBy: uuid('updated_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // A published version is in force from this moment; the newest one in force is the page.
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull().defaultNow(),
    // What changed, in a line, for the history and the members asked to accept new terms.
    summary: text('summary'),
  },
  (t) => [primaryKey({ columns: [t.slug, t.version] })],
);

/** The one unpublished draft per document that the admins edit. */
export const legalDrafts = pgTable('legal_drafts', {
  slug: text('slug', { enum: ['terms', 'privacy', 'cookies'] }).primaryKey(),
  title: text('title').notNull(),
  markdown: text('markdown').notNull(),
  // The version the draft was started from, to warn when someone published in between.
  baseVersion: integer('base_version'),
  updatedBy: uuid('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Who accepted which version of the Terms of Use, when and from where. */
export const termsAcceptances = pgTable(
  'terms_acceptances',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    // 'sign_in' when asked in the app; 'access_request' when carried over from the request.
    via: text('via', { enum: ['sign_in', 'access_request'] }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.version] })],
);

export const pageViews = pgTable(
  'page_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    path: text('path').notNull(),
    referrer: text('referrer'),
    userId: uuid('user_id'),
    ipHash: text('ip_hash'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('page_views_created_idx').on(t.createdAt), index('page_views_path_idx').on(t.path)],
);

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
