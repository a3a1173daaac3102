import { index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { ts } from './columns';

/** Mail: the sandbox transport's outbox. */

/** Mails of the sandbox transport (no SMTP_URL): what would have been sent. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    to: varchar('to', { length: 200 }).notNull(),
    subject: varchar('subject', { length: 200 }).notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to, t.id)],
);
