import { index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';

/** System (spec 7.SYS): site configuration documents (read through platform/config) and feedback. */

/** Site configuration documents, one row per key of SITE_CONFIG_SCHEMAS (contracts/site-config). */
export const siteConfig = pgTable('site_config', {
  key: varchar('key', { length: 40 }).primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const feedback = pgTable(
  'feedback',
  {
    id: id(),
    type: varchar('type', { length: 20 }).notNull(),
    content: varchar('content', { length: 200 }).notNull(),
    /** The member who wrote it (null for visitors until the accounts module links it). */
    memberId: integer('member_id'),
    ip: varchar('ip', { length: 64 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('feedback_created_idx').on(t.createdAt)],
);
