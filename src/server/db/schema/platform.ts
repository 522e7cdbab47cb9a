import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const legalPages = pgTable(
  'legal_pages',
  {
    slug: text('slug', { enum: ['terms', 'privacy', 'cookies'] }).notNull(),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    markdown: text('markdown').notNull(),
    updatedBy: uuid('updated_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.slug, t.version] })],
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
