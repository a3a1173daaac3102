import { and, asc, count, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import { banners, csChannels, helpArticles, mediaImages, mediaImageVariants, notices, vendors } from '../../db/schema';
import type { Db, Executor } from '../../db/tx';

export type BannerInsert = typeof banners.$inferInsert;
export type NoticeInsert = typeof notices.$inferInsert;
export type CsInsert = typeof csChannels.$inferInsert;
export type VendorInsert = typeof vendors.$inferInsert;
export type HelpInsert = typeof helpArticles.$inferInsert;

const EDITABLE = { banners, notices, help: helpArticles } as const;

/** SQL for the site's content tables: banners, notices, customer service, help, vendors. */
export function createContentRepository(db: Db) {
  return {
    // ---- banners
    /** Banners of a group in the languages, showing at `at` (their schedule). */
    listBannersOfGroup(group: string, languages: string[], at: Date, tx: Executor = db) {
      return tx
        .select()
        .from(banners)
        .where(
          and(
            eq(banners.groupName, group),
            or(isNull(banners.language), inArray(banners.language, languages)),
            or(isNull(banners.startTime), lte(banners.startTime, at)),
            or(isNull(banners.endTime), gt(banners.endTime, at)),
          ),
        )
        .orderBy(asc(banners.sort), asc(banners.id));
    },
    listBanners(tx: Executor = db) {
      return tx.select().from(banners).orderBy(asc(banners.groupName), asc(banners.sort), asc(banners.id));
    },
    async insertBanner(row: BannerInsert, tx: Executor) {
      const [created] = await tx.insert(banners).values(row).returning();
      return created!;
    },
    async deleteBanner(id: number, tx: Executor) {
      const rows = await tx.delete(banners).where(eq(banners.id, id)).returning({ id: banners.id });
      return rows.length > 0;
    },

    // ---- notices
    listActiveNotices(types: string[], at: Date, tx: Executor = db) {
      return tx
        .select()
        .from(notices)
        .where(
          and(
            inArray(notices.type, types),
            or(isNull(notices.startTime), lte(notices.startTime, at)),
            or(isNull(notices.endTime), gt(notices.endTime, at)),
          ),
        )
        .orderBy(asc(notices.sort), asc(notices.id));
    },
    listNotices(tx: Executor = db) {
      return tx.select().from(notices).orderBy(asc(notices.type), asc(notices.sort), asc(notices.id));
    },
    async insertNotice(row: NoticeInsert, tx: Executor) {
      const [created] = await tx.insert(notices).values(row).returning();
      return created!;
    },
    async deleteNotice(id: number, tx: Executor) {
      const rows = await tx.delete(notices).where(eq(notices.id, id)).returning({ id: notices.id });
      return rows.length > 0;
    },

    // ---- customer service
    listCsChannels(tx: Executor = db) {
      return tx.select().from(csChannels).orderBy(asc(csChannels.sort), asc(csChannels.id));
    },
    async insertCsChannel(row: CsInsert, tx: Executor) {
      const [created] = await tx.insert(csChannels).values(row).returning();
      return created!;
    },
    async deleteCsChannel(id: number, tx: Executor) {
      const rows = await tx.delete(csChannels).where(eq(csChannels.id, id)).returning({ id: csChannels.id });
      return rows.length > 0;
    },

    // ---- help articles
    listHelpArticles(languages: string[] | null, tx: Executor = db) {
      const q = tx.select().from(helpArticles);
      return (languages ? q.where(inArray(helpArticles.language, languages)) : q).orderBy(
        asc(helpArticles.sort),
        asc(helpArticles.id),
      );
    },
    async insertHelpArticle(row: HelpInsert, tx: Executor) {
      const [created] = await tx.insert(helpArticles).values(row).returning();
      return created!;
    },
    async deleteHelpArticle(id: number, tx: Executor) {
      const rows = await tx
        .delete(helpArticles)
        .where(eq(helpArticles.id, id))
        .returning({ id: helpArticles.id });
      return rows.length > 0;
    },

    // ---- vendors
    listVendors(onlyEnabled: boolean, tx: Executor = db) {
      const q = tx.select().from(vendors);
      return (onlyEnabled ? q.where(eq(vendors.enabled, true)) : q).orderBy(
        asc(vendors.gameType),
        asc(vendors.sort),
        asc(vendors.id),
      );
    },
    async insertVendor(row: VendorInsert, tx: Executor) {
      const [created] = await tx.insert(vendors).values(row).returning();
      return created!;
    },
    async deleteVendor(id: number, tx: Executor) {
      const rows = await tx.delete(vendors).where(eq(vendors.id, id)).returning({ id: vendors.id });
      return rows.length > 0;
    },

    // ---- edits in place and ordering (console content pages)
    async getRow(collection: 'banners' | 'notices' | 'help', id: number, tx: Executor = db) {
      const table = EDITABLE[collection];
      const [row] = await tx.select().from(table).where(eq(table.id, id));
      return row;
    },
    async updateBanner(id: number, row: Omit<BannerInsert, 'id' | 'createdAt'>, tx: Executor) {
      const [updated] = await tx.update(banners).set(row).where(eq(banners.id, id)).returning();
      return updated;
    },
    async updateNotice(id: number, row: Omit<NoticeInsert, 'id' | 'createdAt'>, tx: Executor) {
      const [updated] = await tx.update(notices).set(row).where(eq(notices.id, id)).returning();
      return updated;
    },
    async updateHelpArticle(id: number, row: Omit<HelpInsert, 'id' | 'createdAt'>, tx: Executor) {
      const [updated] = await tx.update(helpArticles).set(row).where(eq(helpArticles.id, id)).returning();
      return updated;
    },
    /** Ids of the collection among `ids` (to check an ordering names only existing rows). */
    async existingIds(collection: 'banners' | 'notices' | 'help', ids: number[], tx: Executor = db) {
      const table = EDITABLE[collection];
      const rows = await tx.select({ id: table.id }).from(table).where(inArray(table.id, ids));
      return rows.map((r) => r.id);
    },
    async setSort(collection: 'banners' | 'notices' | 'help', id: number, sort: number, tx: Executor) {
      const table = EDITABLE[collection];
      await tx.update(table).set({ sort }).where(eq(table.id, id));
    },

    // ---- uploaded images (docs/adr/0054)
    async findImage(key: string, tx: Executor = db) {
      const [row] = await tx
        .select({ id: mediaImages.id, key: mediaImages.key, mime: mediaImages.mime, width: mediaImages.width, height: mediaImages.height, size: mediaImages.size })
        .from(mediaImages)
        .where(eq(mediaImages.key, key));
      return row;
    },
    async insertImage(
      row: typeof mediaImages.$inferInsert,
      variants: { width: number; format: string; data: Uint8Array }[],
      tx: Executor,
    ) {
      const [created] = await tx.insert(mediaImages).values(row).returning({ id: mediaImages.id });
      if (variants.length > 0) await tx.insert(mediaImageVariants).values(variants.map((v) => ({ ...v, imageId: created!.id })));
      return created!.id;
    },
    async imageData(key: string, tx: Executor = db) {
      const [row] = await tx.select({ mime: mediaImages.mime, data: mediaImages.data }).from(mediaImages).where(eq(mediaImages.key, key));
      return row;
    },
    async variantData(key: string, width: number, format: string, tx: Executor = db) {
      const [row] = await tx
        .select({ data: mediaImageVariants.data })
        .from(mediaImageVariants)
        .innerJoin(mediaImages, eq(mediaImages.id, mediaImageVariants.imageId))
        .where(and(eq(mediaImages.key, key), eq(mediaImageVariants.width, width), eq(mediaImageVariants.format, format)));
      return row;
    },
    async countImages(tx: Executor = db) {
      const [row] = await tx.select({ n: count() }).from(mediaImages);
      return row?.n ?? 0;
    },

    // ---- counts (ops status)
    async counts(tx: Executor = db) {
      const one = async (q: Promise<{ n: number }[]>) => (await q)[0]?.n ?? 0;
      return {
        banners: await one(tx.select({ n: count() }).from(banners)),
        notices: await one(tx.select({ n: count() }).from(notices)),
        cs: await one(tx.select({ n: count() }).from(csChannels)),
        vendors: await one(tx.select({ n: count() }).from(vendors)),
        help: await one(tx.select({ n: count() }).from(helpArticles)),
      };
    },
  };
}

export type ContentRepository = ReturnType<typeof createContentRepository>;
