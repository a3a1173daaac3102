import { z } from 'zod';
import { defineEndpoint, operator, type AnyEndpoint } from './endpoint';
import { OPS_COLLECTION_ROW, ZBannerInput, ZHelpArticleInput, ZNoticeInput } from './ops';

/**
 * The console's content calls (`/ops/content/*`, issue 12, docs/adr/0053 and 0054): edit a banner,
 * notice or help article in place, reorder a list, upload banner artwork. Listing, adding and removing stay on `/ops/banners|notices|help`.
 * Bodies are strict: an unknown field is refused (validation_failed), not ignored.
 */

/** The collections the console edits in place and reorders. */
export const CONTENT_EDITABLE = ['banners', 'notices', 'help'] as const;
export const ZContentCollection = z.enum(CONTENT_EDITABLE);
export type TContentCollection = z.infer<typeof ZContentCollection>;

export const ZContentCollectionParam = z.object({ collection: ZContentCollection });
export const ZContentItemParam = z.object({
  collection: ZContentCollection,
  id: z.coerce.number().int().positive().max(2147483647),
});

/** PUT /ops/content/:collection/:id bodies: the whole row (as when adding). */
export const CONTENT_UPDATE_INPUT = {
  banners: ZBannerInput.strict(),
  notices: ZNoticeInput.strict(),
  help: ZHelpArticleInput.strict(),
} as const;

/**
 * POST /ops/content/:collection/order: the ids in their new display order. Each gets sort
 * 10, 20, 30 ... in that order; every id must exist in the collection (else not_found, nothing changes).
 */
export const ZContentOrder = z.strictObject({
  ids: z.array(z.number().int().positive().max(2147483647)).min(1).max(500),
});
export const ZContentOrdered = z.object({ ids: z.array(z.number().int()).max(500) });

/** Banner artwork limits: spec section 5 (uploads: at most 5 MB each), types png, jpeg, webp, avif. */
export const BANNER_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const BANNER_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/avif'] as const;
/** The route's body limit: the base64 text of a 5 MB file plus room for a data: prefix and JSON. */
export const BANNER_IMAGE_BODY_LIMIT = Math.ceil(BANNER_IMAGE_MAX_BYTES / 3) * 4 + 4096;

/** POST /ops/content/images: one image as base64 or a data: URL (its declared type is ignored). */
export const ZBannerImageUpload = z.strictObject({
  image: z.string().min(1).max(BANNER_IMAGE_BODY_LIMIT),
});
export const ZBannerImage = z.object({
  /** What a banner's imageUrl takes: the original, served by the platform under /media/uploads. */
  url: z.string().max(200),
  mime: z.enum(BANNER_IMAGE_TYPES),
  width: z.number().int(),
  height: z.number().int(),
  size: z.number().int(),
  /** The AVIF and WebP versions at the banner widths (as the member site's banners carry). */
  sources: z.array(z.object({ type: z.string().max(40), srcset: z.string().max(2000) })).max(4),
});
export type TBannerImage = z.infer<typeof ZBannerImage>;

/** `:file` of an uploaded image: its hash name, with the version's suffix and extension. */
export const ZUploadedFileParam = z.object({ file: z.string().max(80) });

// ---------- endpoints ----------

/** The edit calls of one collection: replace an item (rich text may span lines), put the list in order. */
const updateOf = <C extends TContentCollection>(collection: C) =>
  defineEndpoint({
    method: 'PUT',
    path: `/ops/content/${collection}/:id`,
    tag: 'ops',
    summary: `Replace one of ${collection} (rich text is sanitised before it is stored)`,
    auth: operator('config.write', `${collection}.update`),
    params: z.object({ id: z.coerce.number().int().positive().max(2147483647) }),
    body: CONTENT_UPDATE_INPUT[collection],
    response: OPS_COLLECTION_ROW[collection],
  });
const orderOf = <C extends TContentCollection>(collection: C) =>
  defineEndpoint({
    method: 'POST',
    path: `/ops/content/${collection}/order`,
    tag: 'ops',
    summary: `Put ${collection} in this display order`,
    auth: operator('config.write', `${collection}.reorder`),
    body: ZContentOrder,
    response: ZContentOrdered,
  });

/** PUT /ops/content/<collection>/:id, by collection. */
export const updateContent = {
  banners: updateOf('banners'),
  notices: updateOf('notices'),
  help: updateOf('help'),
} satisfies Record<TContentCollection, AnyEndpoint>;
/** POST /ops/content/<collection>/order, by collection. */
export const orderContent = {
  banners: orderOf('banners'),
  notices: orderOf('notices'),
  help: orderOf('help'),
} satisfies Record<TContentCollection, AnyEndpoint>;

export const uploadContentImage = defineEndpoint({
  method: 'POST',
  path: '/ops/content/images',
  tag: 'ops',
  summary: 'Upload banner artwork (png, jpeg, webp or avif by content, at most 5 MB); stored with AVIF/WebP versions',
  auth: operator('config.write', 'content.image.upload'),
  body: ZBannerImageUpload,
  response: ZBannerImage,
});

export const getContentImage = defineEndpoint({
  method: 'GET',
  path: '/ops/content/images/:file',
  tag: 'ops',
  summary: 'An uploaded image (for the console, on the operator listener)',
  auth: operator('read'),
  params: ZUploadedFileParam,
  file: 'image',
});

/** The member site's side of the same images: what a banner's imageUrl names (ZBannerImage.url). */
export const getUploadedImage = defineEndpoint({
  method: 'GET',
  path: '/media/uploads/:file',
  tag: 'media',
  summary: 'An uploaded banner image or one of its versions',
  auth: 'public',
  params: ZUploadedFileParam,
  file: 'image',
});
