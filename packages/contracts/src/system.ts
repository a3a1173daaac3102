import { z } from 'zod';
import {
  WHITELABEL_FLAGS,
  REGISTER_FIELDS,
  BANNER_GROUPS,
  CS_TYPES,
  FEEDBACK_TYPES,
  type TWhitelabelFlag,
  type TRegisterField,
} from './constants';

export {
  SYSTEM_STATUS,
  WHITELABEL_FLAGS,
  REGISTER_FIELDS,
  BANNER_GROUPS,
  CS_TYPES,
  FEEDBACK_TYPES,
  type TWhitelabelFlag,
  type TRegisterField,
  type TBannerGroup,
  type TCsType,
} from './constants';
import { defineEndpoint } from './endpoint';
import * as firstLoad from './first-load';
import { ZLanguageCode, ZRouterDevice } from './headers';

const str = (max: number) => z.string().max(max);

// ---------- /wps/system/status (7.SYS.03, 4.SYS.01) ----------
export const ZSystemStatus = z.object({
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  /** Maintenance end (ISO 8601) when status is 1 and an end is known. */
  endTime: z.string().max(40).nullable(),
  /** Info text for the maintenance or region-blocked page, in the request language. */
  info: str(2000).nullable(),
  /** The visitor's address as the server resolved it (behind the trusted proxy). */
  ip: str(64),
});
export type TSystemStatus = z.infer<typeof ZSystemStatus>;

// ---------- /wps/system/whitelabel (7.SYS.01, 3.FLAG) ----------
export const ZWhitelabelFlag = z.enum(WHITELABEL_FLAGS);
export const ZWhitelabel = z.object(
  Object.fromEntries(WHITELABEL_FLAGS.map((f) => [f, z.boolean()])) as Record<TWhitelabelFlag, z.ZodBoolean>,
);
export type TWhitelabel = z.infer<typeof ZWhitelabel>;

// ---------- /wps/system/setting/register (7.SYS.02, 3.REG.12) ----------
export const ZFieldRule = z
  .object({
    enabled: z.boolean(),
    required: z.boolean(),
    acceptedPattern: str(200),
    /** One of the 24 patterns (register-patterns FIELD_PATTERNS). */
    patternId: z.number().int().min(0, 'pattern_unknown').max(23, 'pattern_unknown'),
    minLength: z.number().int().min(0).max(200),
    maxLength: z.number().int().min(1).max(200),
  })
  // The message is the catalogue key the server answers for the field (config service).
  .refine((r) => r.minLength <= r.maxLength, { message: 'length_range_invalid', path: ['maxLength'] });
export const ZRegisterSettings = z.object(
  Object.fromEntries(REGISTER_FIELDS.map((f) => [f, ZFieldRule])) as Record<
    TRegisterField,
    typeof ZFieldRule
  >,
);
export type TRegisterSettings = z.infer<typeof ZRegisterSettings>;

// ---------- /wps/system/domainRoute (7.SYS.04, 7.PAR.16) ----------
export const ZDomainRouteQuery = z.object({ device: ZRouterDevice.default(0) });
export const ZDomain = z.object({ domainName: str(253), speed: z.number().int().min(0).max(100000) });
export const ZDomainRoute = z.object({
  domainList: z.array(ZDomain).max(200),
  imageCDNs: z.array(str(500)).max(50),
  launchGameCDNs: z.array(str(500)).max(50),
});
export type TDomainRoute = z.infer<typeof ZDomainRoute>;

// ---------- /wps/system/helpCenter (7.SYS.05) ----------
export const ZHelpArticle = z.object({
  id: z.number().int(),
  slug: str(80),
  title: str(200),
  /** Sanitised on the server and again on the client before rendering. */
  content: str(100000),
});
export const ZHelpCategory = z.object({
  key: str(80),
  title: str(200),
  articles: z.array(ZHelpArticle).max(200),
});
export const ZHelpCenter = z.object({ categories: z.array(ZHelpCategory).max(50) });
export type THelpCenter = z.infer<typeof ZHelpCenter>;

// ---------- languages (1.I18N.01, decision 9.C.01) ----------
export const ZLanguage = z.object({
  code: ZLanguageCode,
  /** The language's own name, e.g. ไทย, English. */
  name: str(60),
  /** Whether the web app ships a complete translation (TH and EN do). */
  complete: z.boolean(),
});
export const ZLanguages = z.object({ default: ZLanguageCode, languages: z.array(ZLanguage).max(60) });
export type TLanguages = z.infer<typeof ZLanguages>;

// ---------- banners (2.BAN, 3.ENT.01, decision 2.BAN.09) ----------
export const ZBannerGroup = z.enum(BANNER_GROUPS);
/** linkageType: null no link; INTERNAL a site path; EXTERNAL an absolute http(s) URL opened in a new tab. */
export const ZLinkageType = z.enum(['INTERNAL', 'EXTERNAL']);
export const ZBanner = z.object({
  bannerId: z.number().int(),
  groupName: ZBannerGroup,
  url: str(1000),
  linkageType: ZLinkageType.nullable(),
  linkage: str(1000).nullable(),
  title: str(200),
  /**
   * Raster versions of the artwork, best format first (AVIF, WebP), each a srcset of widths
   * (issue 10, ADR 0042); empty when the image has none (an external URL): then `url` is shown.
   */
  sources: z.array(z.object({ type: z.enum(['image/avif', 'image/webp']), srcset: str(2000) })).max(4).default([]),
});
export type TBanner = z.infer<typeof ZBanner>;
export const ZBannersQuery = z.object({ group: ZBannerGroup });
export const ZBannerList = z.array(ZBanner).max(50);

// ---------- customer service (3.CS, 4.CS, decision 3.CS.04/4.CS.07) ----------
export const ZCsType = z.enum(CS_TYPES);
/** Where an entry appears: RIGHT the side right bar, FORGET the forgot-password contact list, BOTH. */
export const ZCsPosition = z.enum(['RIGHT', 'FORGET', 'BOTH']);
export const ZCsEntry = z.object({
  csType: ZCsType,
  csPosition: ZCsPosition,
  title: str(120),
  /** Encrypted link: ciphertext followed by its 8-character key (see csCrypto). */
  path: str(4000),
});
export type TCsEntry = z.infer<typeof ZCsEntry>;
export const ZCsEntries = z.array(ZCsEntry).max(50);
export const ZCsLinkQuery = z.object({ csType: ZCsType });
/** The service-link answer (3.CS.01): the entry of type 3 carries the encrypted link. */
export const ZCsLink = z.object({
  version: z.object({
    pathList: z.array(z.object({ type: z.number().int().min(1).max(9), path: str(4000) })).max(10),
  }),
});
export type TCsLink = z.infer<typeof ZCsLink>;

// ---------- resources (3.SITE.02) ----------
export const ZResource = z.object({
  resourceType: str(40),
  url: str(1000),
  qrCodeUrl: str(1000).nullable(),
  labelNameEn: str(120),
});

// ---------- site permission info (3.SITE.03, 7.PAR.23, decision 3.SITE.04) ----------
export const ZPermissionQuery = z.object({ url: str(253).regex(/^[A-Za-z0-9.-]+(:\d{1,5})?$/) });
export const ZPermissionInfo = z.object({
  whitelabel: ZWhitelabel,
  register: ZRegisterSettings,
  resources: z.array(ZResource).max(50),
  customerService: z.array(z.object({ csType: ZCsType, path: str(4000) })).max(50),
  analytics: z.object({ gtagId: str(40).nullable() }),
  domainRoute: ZDomainRoute,
  imageCDNs: z.array(str(500)).max(50),
  launchGameCDNs: z.array(str(500)).max(50),
  location: z.object({ ip: str(64), country: str(2).nullable() }),
  /** Present while a maintenance window is active (status 1 is derived from the same window). */
  maintenance: z.object({ endTime: str(40).nullable(), info: str(2000).nullable() }).nullable(),
  /** Present when the visitor is region-restricted (status 2 is derived from the same rule). */
  regionRestriction: z.object({ ip: str(64), info: str(2000).nullable() }).nullable(),
  languages: ZLanguages,
});
export type TPermissionInfo = z.infer<typeof ZPermissionInfo>;

// ---------- /wps/feedback (7.SYS.06, 5.UPL.05/06) ----------
export const FEEDBACK_MAX = 140;
export const FEEDBACK_MIN = 5;
export const ZFeedbackRequest = z.object({
  content: z.string().trim().min(FEEDBACK_MIN).max(FEEDBACK_MAX),
  type: z.enum(FEEDBACK_TYPES).default('SUGGESTION'),
});
export type TFeedbackRequest = z.infer<typeof ZFeedbackRequest>;
export const ZFeedbackResult = z.object({ id: z.number().int() });

// ---------- endpoints (first-load calls spread their heads: contracts/first-load.ts) ----------

export const getSystemStatus = defineEndpoint({
  ...firstLoad.SYSTEM_STATUS,
  summary: 'System status: 0 normal, 1 maintenance, 2 region-restricted (7.SYS.03)',
  response: ZSystemStatus,
});

export const getWhitelabel = defineEndpoint({
  ...firstLoad.WHITELABEL,
  summary: 'Site flags (7.SYS.01)',
  response: ZWhitelabel,
});

export const getRegisterSettings = defineEndpoint({
  ...firstLoad.REGISTER_SETTINGS,
  summary: 'Registration field rules (7.SYS.02)',
  response: ZRegisterSettings,
});

export const getDomainRoute = defineEndpoint({
  method: 'GET',
  path: '/wps/system/domainRoute',
  tag: 'system',
  summary: 'Domain routes for device 0 (desktop) or 3 (mobile) (7.SYS.04)',
  auth: 'public',
  query: ZDomainRouteQuery,
  response: ZDomainRoute,
});

export const getHelpCenter = defineEndpoint({
  ...firstLoad.HELP_CENTER,
  summary: 'Help centre in the request language (7.SYS.05)',
  response: ZHelpCenter,
});

export const getLanguages = defineEndpoint({
  ...firstLoad.LANGUAGES,
  summary: 'Enabled languages and the default (9.C.01)',
  response: ZLanguages,
});

export const listBanners = defineEndpoint({
  ...firstLoad.BANNERS,
  summary: 'Banners of a group in the request language (2.BAN)',
  query: ZBannersQuery,
  response: ZBannerList,
});

export const listCsEntries = defineEndpoint({
  ...firstLoad.CS_ENTRIES,
  summary: 'Customer-service entries, links encrypted (3.CS.02)',
  response: ZCsEntries,
});

export const getCsLink = defineEndpoint({
  ...firstLoad.CS_LINK,
  summary: 'Service link of a channel: pathList type 3 is the encrypted link (3.CS.01)',
  query: ZCsLinkQuery,
  response: ZCsLink,
});

export const getPermissionInfo = defineEndpoint({
  method: 'GET',
  path: '/wps/system/permission',
  tag: 'system',
  summary: 'Site permission info for the host in `url` (3.SITE.03, 7.PAR.23)',
  auth: 'public',
  query: ZPermissionQuery,
  response: ZPermissionInfo,
});

/** A logged-in member's feedback carries the member id (the route identifies the session); visitors stay anonymous. */
export const submitFeedback = defineEndpoint({
  method: 'PUT',
  path: '/wps/feedback',
  tag: 'feedback',
  summary: 'Leave feedback, 5 to 140 characters (7.SYS.06)',
  auth: 'public',
  body: ZFeedbackRequest,
  response: ZFeedbackResult,
});
