import { z } from 'zod';
import { GAME_TYPES } from './constants';
import { defineEndpoint, operator } from './endpoint';
import { GAME_CATEGORIES, GAME_MENUS } from './first-load';

/**
 * The game catalogue (issue 9, spec 3.GAME, 7.RELAY, 7.GAME, 7.PAR; docs/adr/0037-game-catalogue.md):
 * the relay calls that list, filter, favourite and launch games, the /lgw/games calls, the vendors'
 * `POST /vendor/v1/games/sync` body (docs/vendor-protocol.md section 10) and the operator API
 * (/ops/catalogue/games).
 */

const str = (max: number) => z.string().max(max);
export const ZCatalogueGameType = z.enum(GAME_TYPES);

/** A game's status as its vendor publishes it. */
export const GAME_SYNC_STATUSES = ['ACTIVE', 'MAINTENANCE'] as const;
/** A game's status in the catalogue: what the vendor published, or RETIRED (no longer listed). */
export const GAME_STATUSES = ['ACTIVE', 'MAINTENANCE', 'RETIRED'] as const;
/** The operator's override of a game's status (null: the vendor's). HIDDEN keeps the game out of every list. */
export const GAME_OPS_STATUSES = ['MAINTENANCE', 'HIDDEN'] as const;

/** Most games one sync call may publish (docs/vendor-protocol.md section 10). */
export const MAX_SYNC_GAMES = 2000;

// ---------- POST /vendor/v1/games/sync (signed; validated by the vendor service after the signature) ----------

const vendorId = z.string().min(1).max(100).regex(/^[\x21-\x7e]+$/);
/** A game code: 1-64 letters, digits, '_' or '-'. */
export const GAME_CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const gameName = z.string().trim().min(1).max(100).regex(/^[^\p{Cc}]+$/u);
/** A return to player in percent: 0-100 with at most 4 decimals ("96.23", "100"). */
export const GAME_RTP_PATTERN = /^(?:100(?:\.0{1,4})?|[0-9]{1,2}(?:\.[0-9]{1,4})?)$/;
/** A volatility (standard deviation per unit bet): at most 4 digits, at most 3 decimals ("3.649"). */
export const GAME_VOLATILITY_PATTERN = /^[0-9]{1,4}(?:\.[0-9]{1,3})?$/;
export const ZSyncGame = z.object({
  gameCode: z.string().regex(GAME_CODE_PATTERN),
  gameType: ZCatalogueGameType,
  names: z.object({ th: gameName, en: gameName }),
  classification: z.string().regex(/^[A-Z0-9_]{1,32}$/),
  /** Minor units as a string of decimal digits, like wallet amounts (vendor-protocol.rules parseAmount). */
  minBet: z.string().regex(/^[0-9]{1,16}$/),
  lines: z.number().int().min(0).max(1024),
  /** An absolute http(s) URL, or a path on the platform's image hosts starting with '/'. */
  thumbnailUrl: z.union([z.url({ protocol: /^https?$/ }).max(1000), z.string().regex(/^\/[\x21-\x7e]{0,999}$/)]),
  isHot: z.boolean(),
  freePlay: z.boolean(),
  status: z.enum(GAME_SYNC_STATUSES),
  /** Optional (v1.2, docs/adr/0083): the title's return to player in percent, a decimal string ("96.23"). */
  rtp: z.string().regex(GAME_RTP_PATTERN).optional(),
  /** Optional (v1.2): its volatility, the standard deviation of a bet's win per unit bet ("3.649"). */
  volatility: z.string().regex(GAME_VOLATILITY_PATTERN).optional(),
});
export type TSyncGame = z.infer<typeof ZSyncGame>;
/** Strict like every vendor protocol body (issue 23 #1): an unknown top-level field is INVALID_REQUEST. */
export const ZGamesSyncRequest = z.strictObject({
  requestId: vendorId,
  games: z
    .array(ZSyncGame)
    .max(MAX_SYNC_GAMES)
    .refine((games) => new Set(games.map((g) => g.gameCode)).size === games.length, 'duplicate gameCode'),
});
export const ZGamesSyncAnswer = z.object({
  status: z.literal('OK'),
  /** The request's requestId, echoed (vendor protocol v1.1). */
  requestId: z.string().optional(),
  created: z.number().int(),
  updated: z.number().int(),
  retired: z.number().int(),
});
export type TGamesSyncResult = Omit<z.infer<typeof ZGamesSyncAnswer>, 'status' | 'requestId'>;

// ---------- shared query fields ----------

/** A language tag (th, en, en-US...): names fall back th -> en when the language has none. */
/** A `language` query parameter (th, en, zh-CN...): optional, the request's Language header otherwise. */
export const ZLanguageParam = z.string().regex(/^[A-Za-z]{2,3}(-[A-Za-z]{2,4})?$/).optional();
const language = ZLanguageParam;
const vassalage = z.string().regex(/^[A-Z0-9]{2,16}$/);
const pageNo = z.coerce.number().int().min(1).max(10_000).default(1);
/** Page size: 15 by default (9.C page size), at most 100. */
const pageSize = z.coerce.number().int().min(1).max(100).default(15);
const clientType = z.coerce.number().int().pipe(z.literal(3)).default(3);
const platform = z.enum(['html5-desktop', 'html5']).default('html5-desktop');
/** An amount in major units as the filter offers it ("0.05"): at most 2 decimals. */
const majorAmount = z.string().regex(/^[0-9]{1,12}(\.[0-9]{1,2})?$/);

// ---------- a game as the lists answer it (3.GAME.03) ----------

export const ZCatalogueGame = z.object({
  nodeId: z.number().int(),
  /** The vendor's game code (gameId and gameCode carry the same value: 3.GAME.05/06). */
  gameId: str(64),
  gameCode: str(64),
  vassalage: str(16),
  gameType: ZCatalogueGameType,
  gameName: str(100),
  gameClassify: str(32),
  remark: str(200),
  gameMenuTag: str(32),
  /** Minimum bet in major units ("0.20"). */
  minBet: str(24),
  lines: z.number().int(),
  imageUrl: str(1600),
  isHot: z.union([z.literal(0), z.literal(1)]),
  freePlay: z.boolean(),
  status: z.enum(['ACTIVE', 'MAINTENANCE']),
  /** Launch fields (3.GAME.05): GAME launches this game; VASSALAGE would open the vendor's game list. */
  isGame: z.enum(['GAME', 'VASSALAGE']),
});
export type TCatalogueGame = z.infer<typeof ZCatalogueGame>;
const games = z.array(ZCatalogueGame).max(100);

// ---------- GCSGAME_gameList (7.RELAY.06, 7.PAR.02/03) ----------

export const ZGameListQuery = z.object({
  clientType,
  platform,
  channel: str(40).optional(),
  merchant: str(40).optional(),
  gameType: ZCatalogueGameType.optional(),
  vassalage: vassalage.optional(),
  gameClassify: z.string().regex(/^[A-Z0-9_]{1,32}$/).optional(),
  /** Part of the name, in any language; matched literally (no pattern characters). */
  gameName: z.string().trim().max(50).optional(),
  /** 0.01, 0.05, 0.1, 0.5, 0.75 (2.GL.06): games playable at this stake (minimum bet at most this). */
  minBet: majorAmount.optional(),
  /** Games with at least this many lines. */
  minLineNum: z.coerce.number().int().min(0).max(1024).optional(),
  language,
  pageNo,
  pageSize,
});
export type TGameListQuery = z.output<typeof ZGameListQuery>;
export const ZGameList = z.object({
  games,
  total: z.number().int(),
  totalPages: z.number().int(),
  pageNo: z.number().int(),
});
export type TGameList = z.infer<typeof ZGameList>;

// ---------- GCSGAME_hotGamesV2 (7.RELAY.05, 7.PAR.01) ----------

export const ZHotGamesQuery = z.object({
  merchantCode: str(40).optional(),
  isPlatform: z.coerce.number().int().pipe(z.literal(2)).default(2),
  vassalage: vassalage.optional(),
  platform,
  language,
});
export const ZFooterVendor = z.object({ vassalage: str(16), displayName: str(80), logoUrl: str(1000), gameType: ZCatalogueGameType });
export const ZHotGames = z.object({
  list: games,
  /** The vendors of the hot games, for the footer's logos (7.PAR.01 decision, ADR 0037). */
  footer: z.array(ZFooterVendor).max(100),
});

// ---------- GCSGAME_getVassGameType (7.RELAY.08) ----------

export const ZVassGameTypeQuery = z.object({ vassalage: vassalage.optional(), gameType: ZCatalogueGameType.optional() });
export const ZVassGameTypes = z
  .array(z.object({ vassalage: str(16), gameType: ZCatalogueGameType, gameClassify: z.array(str(32)).max(100), gameCount: z.number().int() }))
  .max(500);

// ---------- favourites (7.RELAY.10/11, 7.PAR.04-07) ----------

export const ZFavoriteIdsQuery = z.object({ gameType: ZCatalogueGameType.optional() });
export const ZFavoriteIds = z.object({ ids: z.array(z.number().int()).max(500) });
export const ZFavoriteListQuery = z.object({ pageNo, pageSize, gameType: ZCatalogueGameType.optional(), language });
export const ZFavoriteList = z.object({ content: games, total: z.number().int(), totalPages: z.number().int(), pageNo: z.number().int() });
/** POST /wps/game/favorites/add and /remove (7.PAR.06/07): idempotent; the answer is the new id list. */
export const ZFavoriteChange = z.object({
  nodeId: z.coerce.number().int().min(1).max(2_147_483_647),
  vendor: vassalage,
  gameType: ZCatalogueGameType,
});
export type TFavoriteChange = z.infer<typeof ZFavoriteChange>;
/** Most favourites a member keeps. */
export const MAX_FAVORITES = 500;

// ---------- GCS_recentGame (7.RELAY.12, 7.PAR.08) ----------

export const ZRecentGamesQuery = z.object({ clientType, vassalage: vassalage.optional(), language, pageNo, pageSize });
export const ZRecentGames = z.object({ list: games, total: z.number().int(), totalPages: z.number().int(), pageNo: z.number().int() });

// ---------- /lgw/games/game_menus and /lgw/games/popular (7.GAME.01/02) ----------

export const ZGameMenusQuery = z.object({ language, device: str(10).optional() });
export const ZGameMenu = z.object({
  /** HOT (hot vendors) then each game type that has vendors (2.LGN.01). */
  menu: z.union([z.literal('HOT'), ZCatalogueGameType]),
  vendors: z
    .array(z.object({ vassalage: str(16), displayName: str(80), gameType: ZCatalogueGameType, isHot: z.union([z.literal(0), z.literal(1)]), gameCount: z.number().int() }))
    .max(200),
});
export const ZGameMenus = z.array(ZGameMenu).max(20);
/**
 * /lgw/games/categories (issue 25, docs/adr/0074): the game types a player can play now, each with the number
 * of providers that have a game open to play and the number of such games. A type with none is left out.
 */
export const ZGameCategories = z.object({
  list: z
    .array(z.object({ gameType: ZCatalogueGameType, vendorCount: z.number().int().min(1), gameCount: z.number().int().min(1) }))
    .max(GAME_TYPES.length),
});
export type TGameCategories = z.infer<typeof ZGameCategories>;
export const ZPopularQuery = z.object({
  count: z.coerce.number().int().min(1).max(50).default(20),
  gameType: ZCatalogueGameType.optional(),
  prizeMode: str(20).optional(),
  device: str(10).optional(),
  language,
});
export const ZPopularGames = z.object({ list: games });

// ---------- GCSGAME_getRankList (7.RELAY.21, 7.PAR.12) ----------

export const ZRankListQuery = z.object({
  gameCategory: z.union([z.literal('ALL'), ZCatalogueGameType]).default('ALL'),
  language,
  limitNum: z.coerce.number().int().min(1).max(50).default(50),
});
export const ZRankList = z.object({
  list: z
    .array(
      z.object({
        rank: z.number().int(),
        /** The winner's username, masked (first two and last characters). */
        account: str(40),
        gameName: str(100),
        vassalage: str(16),
        gameType: ZCatalogueGameType,
        /** Major units ("1250.00"). */
        amount: str(24),
        winTime: str(40),
      }),
    )
    .max(50),
});

// ---------- launch: POST /wps/game/launchGame and GCS_gameLaunchFB (7.GAME.03, 7.RELAY.04, 3.GAME.05/06) ----------

const launchFields = {
  /** Canonical names `vendor` and `gameCode`; `accountTypeName` and `code` are accepted aliases (3.GAME.06). */
  vendor: vassalage.optional(),
  accountTypeName: vassalage.optional(),
  gameCode: z.string().regex(GAME_CODE_PATTERN).optional(),
  code: z.string().regex(GAME_CODE_PATTERN).optional(),
  gameType: ZCatalogueGameType.optional(),
  defaultPlayType: str(40).optional(),
  language,
  platform,
  /** Where the game sends the player back (http or https). */
  returnUrl: z.url({ protocol: /^https?$/ }).max(1000).optional(),
  /**
   * The lottery lobby launch (7.PAR.15, docs/adr/0093): area, launch mode, prize mode, the view the vendor opens
   * (its lobby or a game's betting page), the device and the back URL (an alias of returnUrl). Passed on to the
   * vendor's launch URL; other vendors ignore them.
   */
  lottoArea: z.string().regex(/^[A-Z]{2,8}$/).optional(),
  launchMode: z.string().regex(/^[A-Z]{2,16}$/).optional(),
  prizeMode: z.string().regex(/^[A-Za-z]{2,8}$/).optional(),
  view: z.enum(['lobby', 'betting']).optional(),
  device: str(10).optional(),
  backUrl: z.url({ protocol: /^https?$/ }).max(1000).optional(),
};
const canonical = <T extends { vendor?: string | undefined; accountTypeName?: string | undefined; gameCode?: string | undefined; code?: string | undefined }>(
  v: T,
  ctx: z.RefinementCtx,
) => {
  const vendor = v.vendor ?? v.accountTypeName;
  const gameCode = v.gameCode ?? v.code;
  if (!vendor) ctx.addIssue({ code: 'custom', path: ['vendor'], message: 'required' });
  if (!gameCode) ctx.addIssue({ code: 'custom', path: ['gameCode'], message: 'required' });
  return { ...v, vendor: vendor ?? '', gameCode: gameCode ?? '' };
};
export const ZLaunchGameRequest = z.object(launchFields).transform(canonical);
export const ZLaunchGameQuery = z
  .object({ ...launchFields, clientType: clientType.optional() })
  .transform(canonical);
export type TLaunchGameRequest = z.output<typeof ZLaunchGameRequest>;
export const ZLaunchGame = z.object({
  url: str(4000),
  nodeId: z.number().int(),
  gameType: ZCatalogueGameType,
  /** The game's name in the request language: the game page's title bar names it (issue 25, ADR 0074). */
  gameName: str(200).optional(),
});

// ---------- operator API (/ops/catalogue/games) ----------

export const ZOpsGamesQuery = z.object({
  vendor: vassalage.optional(),
  status: z.enum(GAME_STATUSES).optional(),
  /** Part of the Thai or English name or of the game code; matched literally, case-insensitively. */
  name: z.string().trim().max(50).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});
/** The highest sort position an operator may give a game (0 is first). */
export const OPS_GAME_SORT_MAX = 9999;
export const ZOpsGameRow = z.object({
  nodeId: z.number().int(),
  vendor: str(16),
  gameCode: str(64),
  gameType: ZCatalogueGameType,
  nameTh: str(100),
  nameEn: str(100),
  classification: str(32),
  minBet: str(24),
  lines: z.number().int(),
  status: z.enum(GAME_STATUSES),
  isHot: z.boolean(),
  freePlay: z.boolean(),
  opsStatus: z.enum(GAME_OPS_STATUSES).nullable(),
  opsHot: z.boolean().nullable(),
  /** The position in the vendor's published list, and the operator's (used instead while set). */
  sort: z.number().int(),
  opsSort: z.number().int().nullable(),
  /** As the vendor published them (the house vendor does), else null: RTP in percent, volatility as SD per unit bet. */
  rtp: str(12).nullable(),
  volatility: str(12).nullable(),
  updatedAt: str(40),
});
export type TOpsGameRow = z.infer<typeof ZOpsGameRow>;
export const ZOpsGameList = z.array(ZOpsGameRow).max(1000);
export const ZOpsGameParam = z.object({ nodeId: z.coerce.number().int().min(1).max(2_147_483_647) });
/** null puts the vendor's value back. */
export const ZOpsGameOverride = z.object({
  opsStatus: z.enum(GAME_OPS_STATUSES).nullable().optional(),
  opsHot: z.boolean().nullable().optional(),
  /** The game's place in the lists (0 first, at most OPS_GAME_SORT_MAX), instead of the vendor's. */
  opsSort: z.number().int().min(0).max(OPS_GAME_SORT_MAX).nullable().optional(),
});
export type TOpsGameOverride = z.infer<typeof ZOpsGameOverride>;

// ---------- the betting record (2.MC.08 personalHistoryCopy; docs/adr/0058-betting-record.md) ----------

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** Longest date range of the betting record, in days (the account record's bound). */
export const BET_RECORD_MAX_DAYS = 90;
/**
 * GET /wps/game/betRecord (member): the member's game rounds as the platform's ledger knows them (the
 * vendors' bet, win and rollback calls grouped by roundId), newest first, by vendor and a range of
 * Bangkok calendar days (inclusive; default the last 7 days), paged (15 by default).
 */
export const ZBetRecordQuery = z
  .object({
    vassalage: vassalage.optional(),
    startDate: day.optional(),
    endDate: day.optional(),
    language,
    pageNo,
    pageSize,
  })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, {
    message: 'startDate after endDate',
    path: ['startDate'],
  });
export type TBetRecordQuery = z.infer<typeof ZBetRecordQuery>;
/**
 * A round's state: `settled` (the vendor paid its win, 0 included), `open` (bet taken, no win yet),
 * `rolled_back` (the stake was refunded).
 */
export const BET_ROUND_STATUSES = ['settled', 'open', 'rolled_back'] as const;
const signedAmount = str(30).regex(/^-?\d+\.\d{2}$/);
export const ZBetRecordRow = z.object({
  /** The vendor's roundId. */
  roundId: str(200),
  vassalage: str(16),
  vendorName: str(100),
  gameCode: str(120),
  /** The catalogue's name in the request language; the game code when the catalogue does not know it. */
  gameName: str(120),
  /** ISO 8601 time of the round's first movement (its bet). */
  time: str(40),
  bet: signedAmount,
  win: signedAmount,
  /** win - bet + refunded stake (what the round did to the balance). */
  net: signedAmount,
  status: z.enum(BET_ROUND_STATUSES),
  /**
   * The round's provably fair page at its vendor (docs/adr/0075): the house app's `/house/fair?round=`,
   * where the round is recomputed from its seeds and compared with what was recorded; null for a
   * vendor that publishes none.
   */
  fairUrl: z.string().max(600).nullable(),
});
export type TBetRecordRow = z.infer<typeof ZBetRecordRow>;
export const ZBetRecord = z.object({
  list: z.array(ZBetRecordRow).max(100),
  total: z.number().int(),
  totalPages: z.number().int(),
  pageNo: z.number().int(),
  /** Totals of the whole filtered range (every page): stakes, wins and net. */
  totals: z.object({ bet: signedAmount, win: signedAmount, net: signedAmount }),
  /**
   * The vendor filter's choices (docs/adr/0075): each vendor the member has rounds with in the range
   * (whatever the vendor filter), once, by its display name, in name order; the filtered vendor too.
   */
  vendors: z.array(z.object({ vassalage: str(16), vendorName: str(100) })).max(200),
});
export type TBetRecord = z.infer<typeof ZBetRecord>;

// ---------- endpoints ----------

export const getGameMenus = defineEndpoint({
  ...GAME_MENUS,
  summary: 'Game menus: HOT (hot vendors) then each game type with its vendors and game counts (7.GAME.01, 2.LGN.01)',
  query: ZGameMenusQuery,
  response: ZGameMenus,
});

export const getGameCategories = defineEndpoint({
  ...GAME_CATEGORIES,
  summary: 'The game types with a game open to play, each with its number of such providers and games (home page; docs/adr/0074)',
  response: ZGameCategories,
});

export const getPopularGames = defineEndpoint({
  method: 'GET',
  path: '/lgw/games/popular',
  tag: 'game',
  summary: 'The games most members launched in the last 7 days (count 20 by default; 7.GAME.02, 7.PAR.10)',
  auth: 'public',
  query: ZPopularQuery,
  response: ZPopularGames,
});

export const launchGame = defineEndpoint({
  method: 'POST',
  path: '/wps/game/launchGame',
  tag: 'game',
  summary:
    "Launch a game: the vendor's launch URL with a one-time token; 'Game maintenance' when the vendor or game is in maintenance or the vendor has no credentials; trial accounts only for free-play games (7.GAME.03, 4.GS)",
  auth: 'member',
  body: ZLaunchGameRequest,
  response: ZLaunchGame,
});

export const addFavorite = defineEndpoint({
  method: 'POST',
  path: '/wps/game/favorites/add',
  tag: 'game',
  summary: "Add a game to the member's favourites (idempotent); answers the favourite ids (7.PAR.06/07)",
  auth: 'member',
  body: ZFavoriteChange,
  response: ZFavoriteIds,
});

export const removeFavorite = defineEndpoint({
  method: 'POST',
  path: '/wps/game/favorites/remove',
  tag: 'game',
  summary: "Remove a game from the member's favourites (idempotent); answers the favourite ids (7.PAR.06/07)",
  auth: 'member',
  body: ZFavoriteChange,
  response: ZFavoriteIds,
});

export const getBetRecord = defineEndpoint({
  method: 'GET',
  path: '/wps/game/betRecord',
  tag: 'game',
  summary:
    "Betting record: the member's game rounds from the platform's ledger (bet, win, net, status), by vendor and a range of Bangkok days, paged (2.MC.08; docs/adr/0058)",
  auth: 'member',
  query: ZBetRecordQuery,
  response: ZBetRecord,
});

/** Answered from JSON text serialized once per cached page (docs/adr/0059). */
export const getGameList = defineEndpoint({
  method: 'GET',
  path: '/wps/relay/GCSGAME_gameList',
  tag: 'relay',
  summary:
    'Games by type, vendor, classification, name, minimum bet and lines, paged (15 by default); platform defaults to html5-desktop (7.RELAY.06, 7.PAR.02/03)',
  auth: 'public',
  query: ZGameListQuery,
  response: ZGameList,
});

export const getHotGames = defineEndpoint({
  method: 'GET',
  path: '/wps/relay/GCSGAME_hotGamesV2',
  tag: 'relay',
  summary: 'Hot games (of one vendor when given) and, as the footer, their vendors (7.RELAY.05, 7.PAR.01)',
  auth: 'public',
  query: ZHotGamesQuery,
  response: ZHotGames,
});

export const getVendorGameTypes = defineEndpoint({
  method: 'GET',
  path: '/wps/relay/GCSGAME_getVassGameType',
  tag: 'relay',
  summary: "Each vendor's game types with their classifications and game counts (7.RELAY.08)",
  auth: 'public',
  query: ZVassGameTypeQuery,
  response: ZVassGameTypes,
});

export const getFavoriteIds = defineEndpoint({
  method: 'GET',
  path: '/wps/relay/MCSFE_getFavoriteGames',
  tag: 'relay',
  summary: "The member's favourite game ids, newest first (7.RELAY.10, 7.PAR.04)",
  auth: 'member',
  query: ZFavoriteIdsQuery,
  response: ZFavoriteIds,
});

export const getFavoriteList = defineEndpoint({
  method: 'GET',
  path: '/wps/relay/MCSFE_getFavoriteGamesList',
  tag: 'relay',
  summary: "The member's favourite games, paged, of one game type when given (7.RELAY.11, 7.PAR.05)",
  auth: 'member',
  query: ZFavoriteListQuery,
  response: ZFavoriteList,
});

export const getRecentGames = defineEndpoint({
  method: 'GET',
  path: '/wps/relay/GCS_recentGame',
  tag: 'relay',
  summary: "The member's recently launched games, newest first, paged (7.RELAY.12, 7.PAR.08)",
  auth: 'member',
  query: ZRecentGamesQuery,
  response: ZRecentGames,
});

export const launchGameByRelay = defineEndpoint({
  method: 'GET',
  path: '/wps/relay/GCS_gameLaunchFB',
  tag: 'relay',
  summary: "Launch a game (as POST /wps/game/launchGame): the vendor's launch URL with a one-time token (7.RELAY.04, 4.GS)",
  auth: 'member',
  query: ZLaunchGameQuery,
  response: ZLaunchGame,
});

export const getRankList = defineEndpoint({
  method: 'GET',
  path: '/wps/relay/GCSGAME_getRankList',
  tag: 'relay',
  summary: 'Winner board: the largest settled real-money wins of the last 7 days (7.RELAY.21, 7.PAR.12)',
  auth: 'public',
  query: ZRankListQuery,
  response: ZRankList,
});

export const listCatalogueGames = defineEndpoint({
  method: 'GET',
  path: '/ops/catalogue/games',
  tag: 'ops',
  summary: 'Games of the catalogue (by vendor, status, name), with the overrides and published RTP',
  auth: operator('vendors.read'),
  query: ZOpsGamesQuery,
  response: ZOpsGameList,
});

export const setGameOverrides = defineEndpoint({
  method: 'PUT',
  path: '/ops/catalogue/games/:nodeId',
  tag: 'ops',
  summary: "Override a game's status (MAINTENANCE, HIDDEN), hot flag or sort position; null gives the vendor's value back",
  auth: operator('vendors.write', 'catalogue.game'),
  params: ZOpsGameParam,
  body: ZOpsGameOverride,
  response: ZOpsGameRow,
});
