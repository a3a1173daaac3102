import { z } from 'zod';
import { ANNOUNCEMENT_TYPES, GAME_TYPES } from './constants';
import { defineEndpoint } from './endpoint';
import { ANNOUNCEMENTS, VENDOR_CARDS } from './first-load';

export { RELAY_NAMES, ANNOUNCEMENT_TYPES, GAME_TYPES, type TRelayName, type TGameType } from './constants';

const str = (max: number) => z.string().max(max);

// ---------- MCSFE_getListAnnouncements (7.RELAY.07, 7.PAR.09, 3.ANN) ----------
export const ZAnnouncementType = z.enum(ANNOUNCEMENT_TYPES);
const csvTypes = z
  .string()
  .max(100)
  .transform((s) =>
    s
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  )
  .pipe(z.array(ZAnnouncementType).min(1).max(10));
export const ZAnnouncementsQuery = z.object({
  types: csvTypes.default(['B', 'PL', 'PU', 'PR']),
  platform: z.literal('W').default('W'),
  executionType: z.literal('B').default('B'),
});
export const ZAnnouncement = z.object({
  id: z.number().int(),
  type: ZAnnouncementType,
  title: str(200),
  /** HTML body (decision 2.NOT.05); sanitised on the server and again before rendering. */
  content: str(20000),
  startTime: str(40),
});
export type TAnnouncement = z.infer<typeof ZAnnouncement>;
export const ZAnnouncementList = z.array(ZAnnouncement).max(100);

// ---------- GCSGAME_newGameVendor (7.RELAY.09, 3.GAME.01/02, 7.PAR.03) ----------
export const ZGameType = z.enum(GAME_TYPES);
export const ZVendorQuery = z.object({
  platform: z.enum(['html5-desktop', 'html5']).default('html5-desktop'),
});
export const ZGameVendor = z.object({
  gameType: ZGameType,
  vassalage: str(40),
  displayName: str(80),
  accountTypeId: z.number().int(),
  isHot: z.union([z.literal(0), z.literal(1)]),
  logoUrl: str(1000),
});
export type TGameVendor = z.infer<typeof ZGameVendor>;
/** One card per game type, vendors in display order. */
export const ZVendorCard = z.object({
  title: ZGameType,
  cards: z.array(ZGameVendor).max(200),
});
export type TVendorCard = z.infer<typeof ZVendorCard>;
export const ZVendorCards = z.array(ZVendorCard).max(20);

// ---------- endpoints (GET /wps/relay/<NAME>; first-load calls spread their heads: contracts/first-load.ts) ----------

export const listAnnouncements = defineEndpoint({
  ...ANNOUNCEMENTS,
  summary: 'Active notices of the given types in the request language (7.RELAY.07, 7.PAR.09)',
  query: ZAnnouncementsQuery,
  response: ZAnnouncementList,
});

export const getVendorCards = defineEndpoint({
  ...VENDOR_CARDS,
  summary: 'Vendor cards grouped by game type, in GAME_TYPES order (7.RELAY.09, 7.PAR.03)',
  query: ZVendorQuery,
  response: ZVendorCards,
});

/**
 * Every other name under /wps/relay/ (one optional '/' as in passwordCheck/...): 404 unknown_call. A name of
 * the spec that no module answers yet is unknown too. Hidden: it is not a call.
 */
export const unknownRelayCall = defineEndpoint({
  method: 'GET',
  path: '/wps/relay/*',
  tag: 'relay',
  summary: 'Any relay name no module answers: 404 unknown_call (7.RELAY.01)',
  auth: 'public',
  hidden: true,
  response: z.null(),
});
