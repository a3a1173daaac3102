import { AppError } from '@lotus/contracts/app-error';
import { encryptCsPath } from '@lotus/contracts/cs-crypto';
import { OPS_COLLECTION_INPUT, type TOpsCollection, type TOpsCollectionRow, type TOpsCollectionRows } from '@lotus/contracts/ops';
import { GAME_TYPES, type TAnnouncement, type TVendorCard } from '@lotus/contracts/relay';
import type { TBanner, TBannerGroup, TCsEntry, TCsLink, TCsType, THelpCenter } from '@lotus/contracts/system';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { banners, csChannels, helpArticles, notices, vendors } from '../../db/schema';
import { languageChain } from '../../lib/language';
import { isUniqueViolation } from '../../lib/pg-errors';
import { sanitizeRichText } from '../../lib/sanitize';
import { issuesToFields } from '../../lib/validation';
import type { ConfigService } from '../../platform/config/config.service';
import { bannerSources } from '../../platform/media/banner-rasters';
import { checkImage } from '../../platform/media/image-check';
import { MEDIA_BUILT_DIR } from '../../platform/media/media-dirs';
import {
  decodeUpload,
  MIME_OF_EXT,
  parseUploadFile,
  renderUpload,
  UPLOAD_URL_PREFIX,
  uploadSources,
  uploadUrl,
} from '../../platform/media/uploaded-images';
import { CONTENT_UPDATE_INPUT, type TBannerImage, type TContentCollection } from '@lotus/contracts/ops-content';
import type { ContentRepository } from './content.repository';

type Deps = {
  database: Pick<Database, 'tx'>;
  repo: ContentRepository;
  config: Pick<ConfigService, 'get'>;
  now?: () => Date;
};

type BannerDb = typeof banners.$inferSelect;
type NoticeDb = typeof notices.$inferSelect;
type CsDb = typeof csChannels.$inferSelect;
type VendorDb = typeof vendors.$inferSelect;
type HelpDb = typeof helpArticles.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const toBannerRow = (r: BannerDb): TOpsCollectionRow<'banners'> => ({
  id: r.id,
  groupName: r.groupName as TBannerGroup,
  imageUrl: r.imageUrl,
  title: r.title,
  linkageType: r.linkageType as TOpsCollectionRow<'banners'>['linkageType'],
  linkage: r.linkage,
  language: r.language,
  sort: r.sort,
  startTime: iso(r.startTime),
  endTime: iso(r.endTime),
});
const toNoticeRow = (r: NoticeDb): TOpsCollectionRow<'notices'> => ({
  id: r.id,
  type: r.type as TOpsCollectionRow<'notices'>['type'],
  title: r.title,
  content: sanitizeRichText(r.content),
  language: r.language,
  sort: r.sort,
  startTime: iso(r.startTime),
  endTime: iso(r.endTime),
});
const toCsRow = (r: CsDb): TOpsCollectionRow<'cs'> => ({
  id: r.id,
  csType: r.csType as TCsType,
  csPosition: r.csPosition as TOpsCollectionRow<'cs'>['csPosition'],
  title: r.title,
  url: r.url,
  sort: r.sort,
});
const toVendorRow = (r: VendorDb): TOpsCollectionRow<'vendors'> => ({
  id: r.id,
  gameType: r.gameType as TOpsCollectionRow<'vendors'>['gameType'],
  vassalage: r.vassalage,
  displayName: r.displayName,
  accountTypeId: r.accountTypeId,
  isHot: r.isHot === 1 ? 1 : 0,
  logoUrl: r.logoUrl,
  sort: r.sort,
  enabled: r.enabled,
});
const toHelpRow = (r: HelpDb): TOpsCollectionRow<'help'> => ({
  id: r.id,
  categoryKey: r.categoryKey,
  categoryTitle: r.categoryTitle,
  slug: r.slug,
  language: r.language,
  title: r.title,
  content: sanitizeRichText(r.content),
  sort: r.sort,
});

/**
 * Site content: what the member site reads (banners, notices, customer service, help, vendors)
 * and what operators change (the /ops collections).
 */
export function createContentService({ database, repo, config, now = () => new Date() }: Deps) {
  async function siteDefaultLanguage() {
    return (await config.get('languages')).default;
  }

  /**
   * Banners of a group: the rows of the language (or else of its base language) and the rows for every
   * language (language null, "all languages" in the console), in their order. Issue 25 made every demo
   * banner a Thai and an English row; an operator's all-languages banner must still show beside them.
   */
  async function listBanners(group: TBannerGroup, language: string): Promise<TBanner[]> {
    const chain = [...new Set([language, language.split('-')[0] ?? language])];
    const rows = await repo.listBannersOfGroup(group, chain, now());
    const own = chain.map((code) => rows.filter((r) => r.language === code)).find((list) => list.length > 0) ?? [];
    const pick = rows.filter((r) => r.language === null || own.includes(r));
    return pick.map((r) => ({
      bannerId: r.id,
      groupName: r.groupName as TBannerGroup,
      url: r.imageUrl,
      linkageType: r.linkageType as TBanner['linkageType'],
      linkage: r.linkage,
      title: r.title,
      sources: rasterSources(r.imageUrl),
    }));
  }

  /** Raster versions of a banner's artwork (made at build time; found once per URL). */
  const rasterCache = new Map<string, TBanner['sources']>();
  function rasterSources(url: string): TBanner['sources'] {
    let sources = rasterCache.get(url);
    if (!sources && url.startsWith(UPLOAD_URL_PREFIX)) return uploadSources(url) as TBanner['sources'];
    if (!sources) {
      sources = bannerSources(url, MEDIA_BUILT_DIR) as TBanner['sources'];
      // Only found sets are kept: rasters built after the server started are picked up later.
      if (sources.length > 0 && rasterCache.size < 1000) rasterCache.set(url, sources);
    }
    return sources;
  }

  /**
   * Active notices of the given types (7.PAR.09): the first language of the chain that has any,
   * plus language-neutral rows, in display order. HTML is sanitised on the way out.
   */
  async function listAnnouncements(types: string[], language: string): Promise<TAnnouncement[]> {
    const rows = await repo.listActiveNotices(types, now());
    const chain = languageChain(language, await siteDefaultLanguage());
    const chosen = chain.find((code) => rows.some((r) => r.language === code));
    return rows
      .filter((r) => r.language === null || r.language === chosen)
      .slice(0, 100)
      .map((r) => ({
        id: r.id,
        type: r.type as TAnnouncement['type'],
        title: r.title,
        content: sanitizeRichText(r.content),
        startTime: (r.startTime ?? r.createdAt).toISOString(),
      }));
  }

  /** Customer-service entries with their links encrypted (3.CS.02/03). */
  async function listCsEntries(): Promise<TCsEntry[]> {
    const rows = await repo.listCsChannels();
    return Promise.all(
      rows.slice(0, 50).map(async (r) => ({
        csType: r.csType as TCsType,
        csPosition: r.csPosition as TCsEntry['csPosition'],
        title: r.title,
        path: await encryptCsPath(r.url),
      })),
    );
  }

  /** The service link of a channel type (3.CS.01, decision 4.CS.07): type 1 title, 2 csType, 3 encrypted link. */
  async function getCsLink(csType: TCsType): Promise<TCsLink> {
    const channel = (await repo.listCsChannels()).find((r) => r.csType === csType);
    if (!channel) throw new AppError('not_found');
    return {
      version: {
        pathList: [
          { type: 1, path: channel.title },
          { type: 2, path: channel.csType },
          { type: 3, path: await encryptCsPath(channel.url) },
        ],
      },
    };
  }

  /** Help centre in the first language of the chain that has articles, grouped by category. */
  async function getHelpCenter(language: string): Promise<THelpCenter> {
    const chain = languageChain(language, await siteDefaultLanguage());
    const rows = await repo.listHelpArticles(chain);
    const chosen = chain.find((code) => rows.some((r) => r.language === code));
    const categories = new Map<string, THelpCenter['categories'][number]>();
    for (const r of rows.filter((x) => x.language === chosen)) {
      let category = categories.get(r.categoryKey);
      if (!category) {
        category = { key: r.categoryKey, title: r.categoryTitle, articles: [] };
        categories.set(r.categoryKey, category);
      }
      category.articles.push({
        id: r.id,
        slug: r.slug,
        title: r.title,
        content: sanitizeRichText(r.content),
      });
    }
    return { categories: [...categories.values()] };
  }

  /** Vendor cards (7.RELAY.09): one per game type in GAME_TYPES order, enabled vendors in display order. */
  async function getVendorCards(): Promise<TVendorCard[]> {
    const rows = await repo.listVendors(true);
    return GAME_TYPES.map((type) => ({
      title: type,
      cards: rows
        .filter((r) => r.gameType === type)
        .map((r) => ({
          gameType: type,
          vassalage: r.vassalage,
          displayName: r.displayName,
          accountTypeId: r.accountTypeId,
          isHot: r.isHot === 1 ? (1 as const) : (0 as const),
          logoUrl: r.logoUrl,
        })),
    }));
  }

  // ---------------- operator collections ----------------

  function parseInput<C extends TOpsCollection>(collection: C, input: unknown) {
    const parsed = OPS_COLLECTION_INPUT[collection].safeParse(input);
    if (!parsed.success) throw new AppError('validation_failed', 400, issuesToFields(parsed.error.issues));
    return parsed.data as z.output<(typeof OPS_COLLECTION_INPUT)[C]>;
  }

  async function listCollection<C extends TOpsCollection>(collection: C): Promise<TOpsCollectionRows<C>> {
    const rows = await (async (): Promise<unknown[]> => {
      switch (collection) {
        case 'banners':
          return (await repo.listBanners()).map(toBannerRow);
        case 'notices':
          return (await repo.listNotices()).map(toNoticeRow);
        case 'cs':
          return (await repo.listCsChannels()).map(toCsRow);
        case 'vendors':
          return (await repo.listVendors(false)).map(toVendorRow);
        case 'help':
          return (await repo.listHelpArticles(null)).map(toHelpRow);
        default:
          throw new AppError('not_found');
      }
    })();
    return rows as TOpsCollectionRows<C>;
  }

  async function addToCollection<C extends TOpsCollection>(
    collection: C,
    input: unknown,
  ): Promise<TOpsCollectionRow<C>> {
    const data = parseInput(collection, input);
    if (collection === 'banners' || collection === 'notices') checkSchedule(data as { startTime: string | null; endTime: string | null });
    // Checked before the transaction (it reads outside it).
    const bannerRow = collection === 'banners' ? await bannerValues(data as z.output<(typeof OPS_COLLECTION_INPUT)['banners']>) : null;
    try {
      const row = await database.tx(async (tx): Promise<unknown> => {
        switch (collection) {
          case 'banners': {
            return toBannerRow(await repo.insertBanner(bannerRow!, tx));
          }
          case 'notices': {
            const d = data as z.output<(typeof OPS_COLLECTION_INPUT)['notices']>;
            return toNoticeRow(
              await repo.insertNotice(
                {
                  ...d,
                  content: sanitizeRichText(d.content),
                  startTime: d.startTime ? new Date(d.startTime) : null,
                  endTime: d.endTime ? new Date(d.endTime) : null,
                },
                tx,
              ),
            );
          }
          case 'cs': {
            const d = data as z.output<(typeof OPS_COLLECTION_INPUT)['cs']>;
            return toCsRow(await repo.insertCsChannel(d, tx));
          }
          case 'vendors': {
            const d = data as z.output<(typeof OPS_COLLECTION_INPUT)['vendors']>;
            return toVendorRow(await repo.insertVendor(d, tx));
          }
          case 'help': {
            const d = data as z.output<(typeof OPS_COLLECTION_INPUT)['help']>;
            return toHelpRow(
              await repo.insertHelpArticle({ ...d, content: sanitizeRichText(d.content) }, tx),
            );
          }
          default:
            throw new AppError('not_found');
        }
      });
      return row as TOpsCollectionRow<C>;
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('conflict');
      throw error;
    }
  }

  async function removeFromCollection(collection: TOpsCollection, id: number): Promise<void> {
    const removed = await database.tx(async (tx) => {
      switch (collection) {
        case 'banners':
          return repo.deleteBanner(id, tx);
        case 'notices':
          return repo.deleteNotice(id, tx);
        case 'cs':
          return repo.deleteCsChannel(id, tx);
        case 'vendors':
          return repo.deleteVendor(id, tx);
        case 'help':
          return repo.deleteHelpArticle(id, tx);
        default:
          throw new AppError('not_found');
      }
    });
    if (!removed) throw new AppError('not_found');
  }

  // ---------------- console content pages (issue 12, docs/adr/0054) ----------------

  /** A banner's stored values; an uploaded image must exist (else validation_failed on imageUrl). */
  async function bannerValues(d: z.output<(typeof OPS_COLLECTION_INPUT)['banners']>) {
    if (d.imageUrl.startsWith(UPLOAD_URL_PREFIX)) {
      const file = parseUploadFile(d.imageUrl.slice(UPLOAD_URL_PREFIX.length));
      // Read in the caller's transaction when there is one (PGlite has a single connection).
      if (!file || file.width !== null || !(await database.tx((tx) => repo.findImage(file.key, tx)))) {
        throw new AppError('validation_failed', 400, { imageUrl: 'not_found' });
      }
    }
    return { ...d, startTime: d.startTime ? new Date(d.startTime) : null, endTime: d.endTime ? new Date(d.endTime) : null };
  }

  function checkSchedule(d: { startTime: string | null; endTime: string | null }) {
    if (d.startTime && d.endTime && new Date(d.endTime) <= new Date(d.startTime)) {
      throw new AppError('validation_failed', 400, { endTime: 'after_start' });
    }
  }

  type Editable = TContentCollection;
  const rowOf = (collection: Editable, r: unknown): TOpsCollectionRow<Editable> =>
    collection === 'banners' ? toBannerRow(r as BannerDb) : collection === 'notices' ? toNoticeRow(r as NoticeDb) : toHelpRow(r as HelpDb);

  /** Replaces a banner, notice or help article; returns the row before and after (for the audit). */
  async function updateItem(collection: Editable, id: number, input: unknown) {
    const parsed = CONTENT_UPDATE_INPUT[collection].safeParse(input);
    if (!parsed.success) throw new AppError('validation_failed', 400, issuesToFields(parsed.error.issues));
    const data = parsed.data;
    if ('startTime' in data) checkSchedule(data);
    const bannerRow = collection === 'banners' ? await bannerValues(data as z.output<(typeof OPS_COLLECTION_INPUT)['banners']>) : null;
    try {
      return await database.tx(async (tx) => {
        const current = await repo.getRow(collection, id, tx);
        if (!current) throw new AppError('not_found');
        let updated: unknown;
        if (collection === 'banners') {
          updated = await repo.updateBanner(id, bannerRow!, tx);
        } else if (collection === 'notices') {
          const d = data as z.output<(typeof OPS_COLLECTION_INPUT)['notices']>;
          updated = await repo.updateNotice(
            id,
            { ...d, content: sanitizeRichText(d.content), startTime: d.startTime ? new Date(d.startTime) : null, endTime: d.endTime ? new Date(d.endTime) : null },
            tx,
          );
        } else {
          const d = data as z.output<(typeof OPS_COLLECTION_INPUT)['help']>;
          updated = await repo.updateHelpArticle(id, { ...d, content: sanitizeRichText(d.content) }, tx);
        }
        return { before: rowOf(collection, current), after: rowOf(collection, updated) };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('conflict');
      throw error;
    }
  }

  /** Puts the rows in the given order (sort 10, 20, ...); every id must be of the collection. */
  async function reorder(collection: Editable, ids: number[]) {
    if (new Set(ids).size !== ids.length) throw new AppError('validation_failed', 400, { ids: 'duplicate' });
    return database.tx(async (tx) => {
      const found = await repo.existingIds(collection, ids, tx);
      if (found.length !== ids.length) throw new AppError('not_found');
      const before: { id: number; sort: number }[] = [];
      for (const id of ids) before.push({ id, sort: (await repo.getRow(collection, id, tx))!.sort });
      for (const [index, id] of ids.entries()) await repo.setSort(collection, id, (index + 1) * 10, tx);
      return { before, after: ids.map((id, index) => ({ id, sort: (index + 1) * 10 })) };
    });
  }

  /**
   * Stores an uploaded banner image (checked by content, at most 5 MB) with its AVIF/WebP versions.
   * The same bytes again answer the stored image (the key is their hash). `created` tells whether
   * a new image was stored (for the audit).
   */
  async function uploadImage(text: string, by: string): Promise<{ image: TBannerImage; created: boolean }> {
    const decoded = decodeUpload(text);
    if (!decoded.ok) throw new AppError(decoded.error);
    // Its size from the header (refused above 8,000 px before any decode), then a full decode (issue 23 #4).
    const checked = await checkImage(decoded.value.bytes, decoded.value.mime);
    // A banner that does not decode keeps the console's key (docs/adr/0054).
    if (!checked.ok) throw new AppError(checked.error === 'image_corrupt' ? 'banner_image_type_invalid' : checked.error);
    const rendered = await renderUpload(decoded.value);
    if (!rendered) throw new AppError('banner_image_type_invalid');
    const url = uploadUrl(rendered.key, decoded.value.mime);
    const image: TBannerImage = {
      url,
      mime: decoded.value.mime,
      width: rendered.width,
      height: rendered.height,
      size: decoded.value.bytes.length,
      sources: uploadSources(url),
    };
    if (await repo.findImage(rendered.key)) return { image, created: false };
    try {
      await database.tx(async (tx) => {
        await repo.insertImage(
          {
            key: rendered.key,
            mime: decoded.value.mime,
            width: rendered.width,
            height: rendered.height,
            size: decoded.value.bytes.length,
            data: decoded.value.bytes,
            createdBy: by.slice(0, 60),
          },
          rendered.variants,
          tx,
        );
      });
    } catch (error) {
      // The same image uploaded at the same moment by another operator: it is stored once.
      if (isUniqueViolation(error)) return { image, created: false };
      throw error;
    }
    return { image, created: true };
  }

  /** The bytes of a served upload file (the original or one version), or null. */
  async function readUpload(file: string): Promise<{ mime: string; data: Uint8Array } | null> {
    const parsed = parseUploadFile(file);
    if (!parsed) return null;
    if (parsed.width === null) {
      const row = await repo.imageData(parsed.key);
      if (!row || MIME_OF_EXT[parsed.ext] !== row.mime) return null;
      return row;
    }
    if (parsed.ext !== 'avif' && parsed.ext !== 'webp') return null;
    const row = await repo.variantData(parsed.key, parsed.width, parsed.ext);
    return row ? { mime: MIME_OF_EXT[parsed.ext]!, data: row.data } : null;
  }

  return {
    updateItem,
    reorder,
    uploadImage,
    readUpload,
    countImages: () => repo.countImages(),
    listBanners,
    listAnnouncements,
    listCsEntries,
    getCsLink,
    getHelpCenter,
    getVendorCards,
    listCollection,
    addToCollection,
    removeFromCollection,
    counts: () => repo.counts(),
  };
}

export type ContentService = ReturnType<typeof createContentService>;
