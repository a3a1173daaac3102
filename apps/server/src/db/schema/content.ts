import {
  boolean,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';

/** Content (spec 7.SYS, 7.RELAY): banners, notices, customer-service channels, help, vendors. */

export const banners = pgTable(
  'banners',
  {
    id: id(),
    groupName: varchar('group_name', { length: 40 }).notNull(),
    imageUrl: varchar('image_url', { length: 1000 }).notNull(),
    title: varchar('title', { length: 200 }).notNull().default(''),
    linkageType: varchar('linkage_type', { length: 20 }),
    linkage: varchar('linkage', { length: 1000 }),
    /** null = shown in every language that has no banner of its own in the group. */
    language: varchar('language', { length: 10 }),
    sort: integer('sort').notNull().default(0),
    /** Shown from / until (null = always); the member site reads only banners showing now. */
    startTime: timestamp('start_time', { withTimezone: true }),
    endTime: timestamp('end_time', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('banners_group_idx').on(t.groupName, t.language, t.sort)],
);

export const notices = pgTable(
  'notices',
  {
    id: id(),
    type: varchar('type', { length: 2 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    /** Sanitised HTML. */
    content: text('content').notNull().default(''),
    language: varchar('language', { length: 10 }),
    sort: integer('sort').notNull().default(0),
    startTime: timestamp('start_time', { withTimezone: true }),
    endTime: timestamp('end_time', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('notices_type_idx').on(t.type, t.language)],
);

export const csChannels = pgTable('cs_channels', {
  id: id(),
  csType: varchar('cs_type', { length: 20 }).notNull(),
  csPosition: varchar('cs_position', { length: 10 }).notNull().default('BOTH'),
  title: varchar('title', { length: 120 }).notNull(),
  /** The plain link; browsers only ever receive it encrypted (contracts/cs-crypto). */
  url: varchar('url', { length: 2000 }).notNull(),
  sort: integer('sort').notNull().default(0),
  createdAt: createdAt(),
});

export const helpArticles = pgTable(
  'help_articles',
  {
    id: id(),
    categoryKey: varchar('category_key', { length: 80 }).notNull(),
    categoryTitle: varchar('category_title', { length: 200 }).notNull(),
    slug: varchar('slug', { length: 80 }).notNull(),
    language: varchar('language', { length: 10 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    /** Sanitised HTML. */
    content: text('content').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('help_articles_language_slug_uq').on(t.language, t.slug)],
);

export const vendors = pgTable(
  'vendors',
  {
    id: id(),
    gameType: varchar('game_type', { length: 20 }).notNull(),
    vassalage: varchar('vassalage', { length: 40 }).notNull(),
    displayName: varchar('display_name', { length: 80 }).notNull(),
    accountTypeId: integer('account_type_id').notNull(),
    isHot: smallint('is_hot').notNull().default(0),
    logoUrl: varchar('logo_url', { length: 1000 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('vendors_type_vassalage_uq').on(t.gameType, t.vassalage)],
);

/** PostgreSQL bytea (PGlite gives a Uint8Array, node-postgres a Buffer). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Images operators upload (banner artwork, docs/adr/0054): the original as sent (png, jpeg, webp or
 * avif, checked by content) and its raster versions at the banner widths. Kept in the database so
 * every instance serves them and they survive restarts; `key` is the content hash (immutable URLs).
 */
export const mediaImages = pgTable('media_images', {
  id: id(),
  key: varchar('key', { length: 64 }).notNull().unique(),
  mime: varchar('mime', { length: 20 }).notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  size: integer('size').notNull(),
  data: bytea('data').notNull(),
  createdBy: varchar('created_by', { length: 60 }).notNull(),
  createdAt: createdAt(),
});

export const mediaImageVariants = pgTable(
  'media_image_variants',
  {
    imageId: integer('image_id')
      .notNull()
      .references(() => mediaImages.id, { onDelete: 'cascade' }),
    width: integer('width').notNull(),
    format: varchar('format', { length: 8 }).notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.imageId, t.width, t.format] })],
);
