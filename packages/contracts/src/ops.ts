import { z } from 'zod';
import { defineEndpoint, operator, type AnyEndpoint } from './endpoint';
import { ZLanguageCode } from './headers';
import { ZOpsApprovalRequested, ZOpsReason } from './ops-console';
import { NOTICE_TYPES } from './constants';
import { ZGameType } from './relay';
import { FEEDBACK_TYPES, ZBannerGroup, ZCsPosition, ZCsType, ZLinkageType } from './system';
import { SITE_CONFIG_SCHEMAS, ZSiteConfigKey, type TSiteConfig, type TSiteConfigKey } from './site-config';

const str = (max: number) => z.string().max(max);
const id = z.coerce.number().int().positive().max(2147483647);

/**
 * Operator API (`/ops/*`), used by `npm run ops` now and the operator console later.
 * Authenticated by `Authorization: Bearer <operator credential>`.
 */
export const ZIdParam = z.object({ id });

export const ZBannerInput = z.object({
  groupName: ZBannerGroup,
  imageUrl: str(1000).min(1),
  title: str(200).default(''),
  linkageType: ZLinkageType.nullable().default(null),
  linkage: str(1000).nullable().default(null),
  language: ZLanguageCode.nullable().default(null),
  sort: z.number().int().min(0).max(100000).default(0),
  /** Shown from / until (null = always). */
  startTime: z.iso.datetime({ offset: true }).nullable().default(null),
  endTime: z.iso.datetime({ offset: true }).nullable().default(null),
});
export const ZBannerRow = ZBannerInput.extend({ id: z.number().int() });

export const ZNoticeInput = z.object({
  type: z.enum(NOTICE_TYPES),
  title: str(200).min(1),
  content: str(20000).default(''),
  language: ZLanguageCode.nullable().default(null),
  sort: z.number().int().min(0).max(100000).default(0),
  startTime: z.iso.datetime({ offset: true }).nullable().default(null),
  endTime: z.iso.datetime({ offset: true }).nullable().default(null),
});
export const ZNoticeRow = ZNoticeInput.extend({ id: z.number().int() });

export const ZCsChannelInput = z.object({
  csType: ZCsType,
  csPosition: ZCsPosition.default('BOTH'),
  title: str(120).min(1),
  /** The plain link (https:, mailto:, tg: ...); it is sent to browsers encrypted. */
  url: str(2000).regex(/^(https?:|mailto:|tg:|line:)/),
  sort: z.number().int().min(0).max(100000).default(0),
});
export const ZCsChannelRow = ZCsChannelInput.extend({ id: z.number().int() });

export const ZVendorInput = z.object({
  gameType: ZGameType,
  vassalage: str(40).regex(/^[A-Z0-9_]+$/),
  displayName: str(80).min(1),
  accountTypeId: z.number().int().min(0),
  isHot: z.union([z.literal(0), z.literal(1)]).default(0),
  logoUrl: str(1000).default(''),
  sort: z.number().int().min(0).max(100000).default(0),
  enabled: z.boolean().default(true),
});
export const ZVendorRow = ZVendorInput.extend({ id: z.number().int() });

export const ZHelpArticleInput = z.object({
  categoryKey: str(80).regex(/^[a-z0-9-]+$/),
  categoryTitle: str(200).min(1),
  slug: str(80).regex(/^[a-z0-9-]+$/),
  language: ZLanguageCode,
  title: str(200).min(1),
  content: str(100000),
  sort: z.number().int().min(0).max(100000).default(0),
});
export const ZHelpArticleRow = ZHelpArticleInput.extend({ id: z.number().int() });

export const ZFeedbackRow = z.object({
  id: z.number().int(),
  type: str(20),
  content: str(200),
  memberId: z.number().int().nullable(),
  ip: str(64),
  createdAt: str(40),
});

/** The collections the operator API manages, by URL segment. */
export const OPS_COLLECTIONS = ['banners', 'notices', 'cs', 'vendors', 'help'] as const;
export type TOpsCollection = (typeof OPS_COLLECTIONS)[number];
export const OPS_COLLECTION_INPUT = {
  banners: ZBannerInput,
  notices: ZNoticeInput,
  cs: ZCsChannelInput,
  vendors: ZVendorInput,
  help: ZHelpArticleInput,
} as const;

// ---------- operator API shapes beyond the collections (server side: apps/server/src/modules/ops) ----------
/** `:key` of `/ops/config/:key`. */
export const ZOpsConfigKeyParam = z.object({ key: ZSiteConfigKey });
/**
 * One site configuration document (any key). The schemas have distinct required fields, so the
 * union picks exactly the schema of the document's key; the server validates against that key's
 * schema before it stores anything.
 */
type TSiteConfigSchema = (typeof SITE_CONFIG_SCHEMAS)[TSiteConfigKey];
export const ZSiteConfigDocument = z.union(
  Object.values(SITE_CONFIG_SCHEMAS) as [TSiteConfigSchema, TSiteConfigSchema, ...TSiteConfigSchema[]],
);
/**
 * Each key's schema, typed by its key: what a caller of GET /ops/config/:key reads the answer with to have
 * that key's document (the endpoint's answer is any document).
 */
export const CONFIG_DOCUMENT_SCHEMAS: { readonly [K in TSiteConfigKey]: z.ZodType<TSiteConfig[K]> } = SITE_CONFIG_SCHEMAS;
/** GET /ops/config: every document, by key. */
export const ZSiteConfigAll = z.object(SITE_CONFIG_SCHEMAS);
export type TSiteConfigAll = z.infer<typeof ZSiteConfigAll>;

export const ZOpsDeleted = z.object({ id: z.number().int(), deleted: z.literal(true) });

export const ZFeedbackListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  /** Paging, newest first: only rows older than this id (the last id of the previous page). */
  beforeId: z.coerce.number().int().positive().max(2147483647).optional(),
  type: z.enum(FEEDBACK_TYPES).optional(),
});

/** GET /ops/status: what `npm run ops -- status` prints. */
export const ZOpsStatus = z.object({
  mode: z.enum(['api', 'direct']),
  database: str(300),
  serverTime: str(40),
  uptimeSeconds: z.number().int().min(0),
  maintenance: z.object({
    active: z.boolean(),
    startTime: str(40).nullable(),
    endTime: str(40).nullable(),
  }),
  region: z.object({
    blockedCountries: z.array(str(2)).max(250),
    blockedCidrs: z.number().int().min(0),
    allowedCidrs: z.number().int().min(0),
  }),
  languages: z.object({ default: str(10), enabled: z.array(str(10)).max(60) }),
  counts: z.object({
    banners: z.number().int().min(0),
    notices: z.number().int().min(0),
    cs: z.number().int().min(0),
    vendors: z.number().int().min(0),
    help: z.number().int().min(0),
    feedback: z.number().int().min(0),
  }),
});
export type TOpsStatus = z.infer<typeof ZOpsStatus>;

/** The row schema of each collection (what GET /ops/<collection> returns). */
export const OPS_COLLECTION_ROW = {
  banners: ZBannerRow,
  notices: ZNoticeRow,
  cs: ZCsChannelRow,
  vendors: ZVendorRow,
  help: ZHelpArticleRow,
} as const;
export type TOpsCollectionInput<C extends TOpsCollection> = z.input<(typeof OPS_COLLECTION_INPUT)[C]>;
export type TOpsCollectionRow<C extends TOpsCollection> = z.infer<(typeof OPS_COLLECTION_ROW)[C]>;
/** The rows of one collection: for a union of collections, the list of one of them (not a list of mixed rows). */
export type TOpsCollectionRows<C extends TOpsCollection> = C extends TOpsCollection ? TOpsCollectionRow<C>[] : never;

// ---------- endpoints ----------

export const getOpsStatus = defineEndpoint({
  method: 'GET',
  path: '/ops/status',
  tag: 'ops',
  summary: 'Platform status for operators',
  auth: operator('read'),
  response: ZOpsStatus,
});

export const getConfig = defineEndpoint({
  method: 'GET',
  path: '/ops/config',
  tag: 'ops',
  summary: 'Every site configuration document',
  auth: operator('read'),
  response: ZSiteConfigAll,
});

export const getConfigDocument = defineEndpoint({
  method: 'GET',
  path: '/ops/config/:key',
  tag: 'ops',
  summary: 'One site configuration document',
  auth: operator('read'),
  params: ZOpsConfigKeyParam,
  response: ZSiteConfigDocument,
});

export const setConfigDocument = defineEndpoint({
  method: 'PUT',
  path: '/ops/config/:key',
  tag: 'ops',
  summary:
    'Replace a site configuration document (validated against its schema; takes effect at once). Starting maintenance and region rules wait for a second operator (four-eyes; console and API tokens): the answer is then the pending request',
  auth: operator('config.write', 'config.set'),
  params: ZOpsConfigKeyParam,
  query: z.object({ reason: ZOpsReason.optional() }),
  body: z.unknown().describe('The full document for :key (contracts/site-config SITE_CONFIG_SCHEMAS)'),
  response: z.union([ZOpsApprovalRequested, ZSiteConfigDocument]),
});

export const listFeedback = defineEndpoint({
  method: 'GET',
  path: '/ops/feedback',
  tag: 'ops',
  summary: "Players' feedback (PUT /wps/feedback), newest first; paged by beforeId, filtered by type",
  auth: operator('read'),
  query: ZFeedbackListQuery,
  response: z.array(ZFeedbackRow).max(500),
});

/** The calls of one content collection: list, add (rich text may span lines), remove. */
const listOf = <C extends TOpsCollection>(collection: C) =>
  defineEndpoint({
    method: 'GET',
    path: `/ops/${collection}`,
    tag: 'ops',
    summary: `List ${collection}`,
    auth: operator('read'),
    response: z.array(OPS_COLLECTION_ROW[collection]).max(5000),
  });
const addTo = <C extends TOpsCollection>(collection: C) =>
  defineEndpoint({
    method: 'POST',
    path: `/ops/${collection}`,
    tag: 'ops',
    summary: `Add to ${collection}`,
    auth: operator('config.write', `${collection}.add`),
    body: OPS_COLLECTION_INPUT[collection],
    response: OPS_COLLECTION_ROW[collection],
  });
const removeFrom = <C extends TOpsCollection>(collection: C) =>
  defineEndpoint({
    method: 'DELETE',
    path: `/ops/${collection}/:id`,
    tag: 'ops',
    summary: `Remove from ${collection}`,
    auth: operator('config.write', `${collection}.remove`),
    params: ZIdParam,
    response: ZOpsDeleted,
  });

/** GET /ops/<collection>, by collection. */
export const listCollection = {
  banners: listOf('banners'),
  notices: listOf('notices'),
  cs: listOf('cs'),
  vendors: listOf('vendors'),
  help: listOf('help'),
} satisfies Record<TOpsCollection, AnyEndpoint>;
/** POST /ops/<collection>, by collection. */
export const addToCollection = {
  banners: addTo('banners'),
  notices: addTo('notices'),
  cs: addTo('cs'),
  vendors: addTo('vendors'),
  help: addTo('help'),
} satisfies Record<TOpsCollection, AnyEndpoint>;
/** DELETE /ops/<collection>/:id, by collection. */
export const removeFromCollection = {
  banners: removeFrom('banners'),
  notices: removeFrom('notices'),
  cs: removeFrom('cs'),
  vendors: removeFrom('vendors'),
  help: removeFrom('help'),
} satisfies Record<TOpsCollection, AnyEndpoint>;
