import { integer, timestamp } from 'drizzle-orm/pg-core';

/** Column helpers every schema slice uses. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
export const ts = (name: string) => timestamp(name, { withTimezone: true });
