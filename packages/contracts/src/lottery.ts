import { z } from 'zod';
import { GAME_CODE_PATTERN, ZLanguageParam } from './catalogue';
import { defineEndpoint } from './endpoint';

/**
 * The lottery (issue 27; docs/adr/0092-house-lottery-draws-and-results.md, docs/adr/0093-lottery-lobby-calls.md):
 * the vendors' signed `POST /vendor/v1/lotto/sync` body (docs/vendor-protocol.md section 11), by which a lottery
 * vendor pushes its games and draws to the platform's mirror, and the lobby calls the platform answers from that
 * mirror (7.GAME.04-07, 7.PAR.11/13/14, 3.GAME.04).
 */

const str = (max: number) => z.string().max(max);

/** The lobby's menus (gameGroupCode), one per region. */
export const LOTTO_REGIONS = ['TH', 'VN_NORTH', 'VN_SOUTH', 'VN_CENTRAL', 'ELECTRONIC'] as const;
export type TLottoRegion = (typeof LOTTO_REGIONS)[number];
/** The order of the Vietnamese lobby's menus (2.LOB.01). */
export const LOTTO_MENU_ORDER: readonly TLottoRegion[] = [
  'VN_NORTH',
  'VN_SOUTH',
  'VN_CENTRAL',
  'TH',
  'ELECTRONIC',
];
/** Result formats (docs/lottery.md "Result formats"). */
export const LOTTO_FORMATS = ['thai', 'thai-2015', 'elott', 'vn-north', 'vn-south'] as const;
export const LOTTO_TIME_ZONES = ['Asia/Bangkok', 'Asia/Ho_Chi_Minh'] as const;
/** A draw's states (ADR 0092): scheduled (open until its lock, then waiting), resulted, settled, void. */
export const LOTTO_DRAW_STATUSES = ['scheduled', 'resulted', 'settled', 'void'] as const;
export type TLottoDrawStatus = (typeof LOTTO_DRAW_STATUSES)[number];
/** The randomness beacons of electronic draws (ADR 0092): drand quicknet, or the embedded demo's sandbox. */
export const LOTTO_BEACON_CHAINS = ['quicknet', 'sandbox'] as const;
/** A lottery game's game type in the lobby: ELOTT for the electronic region, LOTT otherwise. */
export const LOTTO_GAME_TYPES = ['LOTT', 'ELOTT'] as const;
/**
 * The prize modes' wire values (3.PRZ.04, ADR 0093): upper case as the rule of 3.PRZ.02/03 writes them; the list's
 * spellings (Lott, Elott) are the same values in another case and are accepted as such.
 */
export const PRIZE_MODES = ['LOTT', 'ELOTT', 'ZY', 'SEA'] as const;
export type TPrizeMode = (typeof PRIZE_MODES)[number];

/** Most games and draws one push may carry (docs/vendor-protocol.md section 11). */
export const MAX_LOTTO_SYNC_GAMES = 200;
export const MAX_LOTTO_SYNC_DRAWS = 2000;
/** A draw number (numero): YYYYMMDD, or YYYYMMDD and the day's 3-digit slot (electronic draws). */
export const LOTTO_DRAW_NO_PATTERN = /^(?:[0-9]{8}|[0-9]{11})$/;
/** Most numbers the results history answers (7.PAR.11: count 100). */
export const MAX_LOTTO_NUMEROS = 100;
/** Most games the recent list answers (7.PAR.13: recentCount 100). */
export const MAX_LOTTO_RECENT = 100;

// ---------- POST /vendor/v1/lotto/sync (signed; validated by the vendor service after the signature) ----------

const vendorId = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[\x21-\x7e]+$/);
const gameCode = z.string().regex(GAME_CODE_PATTERN);
const gameName = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[^\p{Cc}]+$/u);
const weekday = z.number().int().min(1).max(7);
const instant = z.iso.datetime({ offset: true });
const unique =
  <T>(key: (item: T) => string) =>
  (items: T[]) =>
    new Set(items.map(key)).size === items.length;

export const ZLottoSyncGame = z.strictObject({
  gameCode,
  region: z.enum(LOTTO_REGIONS),
  format: z.enum(LOTTO_FORMATS),
  timeZone: z.enum(LOTTO_TIME_ZONES),
  names: z.strictObject({ th: gameName, en: gameName, vi: gameName.optional() }),
  /** The weekdays it draws on, 1 = Sunday ... 7 = Saturday (2.LOB.02), each once; empty for a game drawn on dates. */
  drawDays: z.array(weekday).max(7).refine(unique(String), 'repeated weekday'),
  enabled: z.boolean(),
  sort: z.number().int().min(0).max(9999),
});
export type TLottoSyncGame = z.infer<typeof ZLottoSyncGame>;

export const ZLottoSyncDraw = z
  .strictObject({
    gameCode,
    drawNo: z.string().regex(LOTTO_DRAW_NO_PATTERN),
    lockAt: instant,
    closeAt: instant,
    drawAt: instant,
    status: z.enum(LOTTO_DRAW_STATUSES),
    /** The result JSON of docs/lottery.md, stored as given; null before there is one. */
    result: z.record(z.string().max(64), z.unknown()).nullable(),
    resultSource: z
      .string()
      .min(1)
      .max(200)
      .regex(/^[^\p{Cc}]+$/u)
      .nullable(),
    beaconChain: z.enum(LOTTO_BEACON_CHAINS).nullable(),
    beaconRound: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable(),
    /** A BLS signature on G1, compressed: 48 bytes in hexadecimal. */
    beaconSignature: z
      .string()
      .regex(/^[0-9a-fA-F]{96}$/)
      .nullable(),
    /** The vendor's version of the draw's state: a push replaces the stored draw only with a greater one. */
    version: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  })
  .refine(
    (d) => Date.parse(d.lockAt) <= Date.parse(d.closeAt) && Date.parse(d.closeAt) <= Date.parse(d.drawAt),
    {
      message: 'lockAt <= closeAt <= drawAt',
      path: ['closeAt'],
    },
  );
export type TLottoSyncDraw = z.infer<typeof ZLottoSyncDraw>;

/** Strict like every vendor protocol body: an unknown field, at any level, is INVALID_REQUEST. */
export const ZLottoSyncRequest = z.strictObject({
  requestId: vendorId,
  games: z
    .array(ZLottoSyncGame)
    .max(MAX_LOTTO_SYNC_GAMES)
    .refine(
      unique((g: TLottoSyncGame) => g.gameCode),
      'repeated gameCode',
    ),
  draws: z
    .array(ZLottoSyncDraw)
    .max(MAX_LOTTO_SYNC_DRAWS)
    .refine(
      unique((d: TLottoSyncDraw) => `${d.gameCode}\u0000${d.drawNo}`),
      'repeated draw',
    ),
});
export type TLottoSyncRequest = z.infer<typeof ZLottoSyncRequest>;
export const ZLottoSyncAnswer = z.object({
  status: z.literal('OK'),
  /** The request's requestId, echoed (vendor protocol v1.1). */
  requestId: z.string().optional(),
  /** Games created or changed by this push. */
  games: z.number().int(),
  /** Draws stored by this push: new ones, and stored ones it carried a greater version of. */
  draws: z.number().int(),
});
export type TLottoSyncResult = Omit<z.infer<typeof ZLottoSyncAnswer>, 'status' | 'requestId'>;

// ---------- the lobby calls' query fields ----------

/** Any case of a prize mode (Lott, LOTT), answered as its wire value; default LOTT (3.PRZ.03/04). */
const prizeMode = z
  .string()
  .max(10)
  .transform((value) => value.toUpperCase())
  .pipe(z.enum(PRIZE_MODES))
  .default('LOTT');
/** The caller's device (7.PAR.14 sends WEB). */
const device = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,16}$/)
  .optional();
const vassalage = z.string().regex(/^[A-Z0-9]{2,16}$/);
/** The lobby's weekday filter (2.LOB.02/03): 1 = Sunday ... 7 = Saturday, or ALL (the default). */
const drawDayOfWeek = z
  .string()
  .regex(/^(?:ALL|[1-7])$/)
  .default('ALL');

// ---------- a lottery game as the lobby calls answer it (3.GAME.04) ----------

export const ZLottoGame = z.object({
  gameCode: str(64),
  /** The vendor's code in the registry. */
  vassalage: str(16),
  gameType: z.enum(LOTTO_GAME_TYPES),
  /** The region: the menu the game is under. */
  gameGroupCode: z.enum(LOTTO_REGIONS),
  names: z.object({ th: str(100), en: str(100), vi: str(100).optional() }),
  /** The open draw's number (the soonest scheduled draw whose lock is still ahead); null when there is none. */
  numero: z.string().regex(LOTTO_DRAW_NO_PATTERN).nullable(),
  /** Whole seconds from now to the open draw's close (rounded down); null without an open draw (4.LOT.06). */
  remainTime: z.number().int().min(0).nullable(),
  /** Whole seconds between the open draw's lock and its close (rounded up); null without an open draw (4.LOT.06). */
  lockTime: z.number().int().min(0).nullable(),
  /** The weekdays the game draws on (1 = Sunday ... 7 = Saturday); for a game drawn on dates, its next draw's. */
  drawDayOfWeek: z.array(z.number().int().min(1).max(7)).max(7),
  /** The open draw's draw time (ISO 8601); null without an open draw. */
  winningTime: str(40).nullable(),
});
export type TLottoGame = z.infer<typeof ZLottoGame>;
const lottoGames = z.array(ZLottoGame).max(1000);

// ---------- /lotto/lgw/games/opened/numero (7.GAME.07) ----------

export const ZLottoOpenedQuery = z.object({
  prizeMode,
  /** One game (404 lottery_game_not_found when no enabled game has this code). */
  gameCode: gameCode.optional(),
  /** The vendor of the game, where two lottery vendors publish the same code. */
  vassalage: vassalage.optional(),
  device,
  drawDayOfWeek,
});
export type TLottoOpenedQuery = z.output<typeof ZLottoOpenedQuery>;
export const ZLottoOpened = z.object({ list: lottoGames });

// ---------- /lgw/vn/games/game_menu (7.GAME.04, 7.PAR.14) ----------

export const ZLottoMenuQuery = z.object({ prizeMode, device, drawDayOfWeek });
export type TLottoMenuQuery = z.output<typeof ZLottoMenuQuery>;
export const ZLottoMenus = z
  .array(z.object({ menu: z.enum(LOTTO_REGIONS), games: lottoGames }))
  .max(LOTTO_REGIONS.length);

// ---------- /lgw/vn/games/game_menu/recent (7.GAME.05, 7.PAR.13) ----------

export const ZLottoRecentQuery = z.object({
  prizeMode,
  device,
  recentCount: z.coerce.number().int().min(1).max(MAX_LOTTO_RECENT).default(MAX_LOTTO_RECENT),
});
export type TLottoRecentQuery = z.output<typeof ZLottoRecentQuery>;
export const ZLottoRecent = z.object({ list: z.array(ZLottoGame).max(MAX_LOTTO_RECENT) });

// ---------- /lgw/vn/numeros/opened/game (7.GAME.06, 7.PAR.11) ----------

export const ZLottoNumerosQuery = z.object({
  gameCode,
  vassalage: vassalage.optional(),
  count: z.coerce.number().int().min(1).max(MAX_LOTTO_NUMEROS).default(MAX_LOTTO_NUMEROS),
  prizeMode,
  device,
});
export type TLottoNumerosQuery = z.output<typeof ZLottoNumerosQuery>;
export const ZLottoDraw = z.object({
  numero: z.string().regex(LOTTO_DRAW_NO_PATTERN),
  /** ISO 8601. */
  drawAt: str(40),
  status: z.enum(LOTTO_DRAW_STATUSES),
  /** The result JSON of docs/lottery.md when the draw is resulted or settled; null otherwise. */
  result: z.record(z.string(), z.unknown()).nullable(),
  resultSource: str(200).nullable(),
  beaconChain: z.enum(LOTTO_BEACON_CHAINS).nullable(),
  beaconRound: z.number().int().nullable(),
  beaconSignature: str(96).nullable(),
});
export type TLottoDraw = z.infer<typeof ZLottoDraw>;
export const ZLottoNumeros = z.object({
  gameCode: str(64),
  vassalage: str(16),
  /** How `result` is laid out (docs/lottery.md "Result formats"). */
  format: z.enum(LOTTO_FORMATS),
  list: z.array(ZLottoDraw).max(MAX_LOTTO_NUMEROS),
});
export type TLottoNumeros = z.infer<typeof ZLottoNumeros>;

// ---------- endpoints ----------

export const getLottoOpenedNumeros = defineEndpoint({
  method: 'GET',
  path: '/lotto/lgw/games/opened/numero',
  tag: 'game',
  summary:
    'Every enabled lottery game (or one) with its open draw: numero, remainTime and lockTime in seconds, drawDayOfWeek, winningTime (7.GAME.07, 3.GAME.04, 4.LOT.06; docs/adr/0093)',
  auth: 'public',
  query: ZLottoOpenedQuery,
  response: ZLottoOpened,
});

export const getLottoMenus = defineEndpoint({
  method: 'GET',
  path: '/lgw/vn/games/game_menu',
  tag: 'game',
  summary:
    'The Vietnamese lottery lobby: one menu per region with enabled games (VN_NORTH, VN_SOUTH, VN_CENTRAL, TH, ELECTRONIC), each with its games and their open draws (7.GAME.04, 7.PAR.14)',
  auth: 'public',
  query: ZLottoMenuQuery,
  response: ZLottoMenus,
});

export const getLottoRecent = defineEndpoint({
  method: 'GET',
  path: '/lgw/vn/games/game_menu/recent',
  tag: 'game',
  summary:
    "The lottery games the member played most recently (the member's rounds at the lottery vendors in the platform's ledger), newest first; recentCount 100 (7.GAME.05, 7.PAR.13)",
  auth: 'member',
  query: ZLottoRecentQuery,
  response: ZLottoRecent,
});

export const getLottoNumeros = defineEndpoint({
  method: 'GET',
  path: '/lgw/vn/numeros/opened/game',
  tag: 'game',
  summary:
    "A lottery game's draws up to its open one, newest first, with the result of each resulted or settled draw and its evidence; count 100 (7.GAME.06, 7.PAR.11)",
  auth: 'public',
  query: ZLottoNumerosQuery,
  response: ZLottoNumeros,
});

// ---------- missions (1.CAT.03/04; docs/adr/0097) ----------

export const LOTTO_MISSION_PERIODS = ['DAILY', 'WEEKLY'] as const;
export type TLottoMissionPeriod = (typeof LOTTO_MISSION_PERIODS)[number];
export const LOTTO_MISSION_MEASURES = ['TICKETS', 'STAKE', 'GAMES'] as const;
/** The leaderboard's length when the call names none, and its most. */
export const MISSION_LEADERBOARD_DEFAULT = 20;
export const MISSION_LEADERBOARD_MAX = 50;

export const ZMissionSummaryQuery = z.object({ language: ZLanguageParam });
export const ZMissionSummary = z.object({
  list: z
    .array(
      z.object({
        missionCode: str(32),
        period: z.enum(LOTTO_MISSION_PERIODS),
        measure: z.enum(LOTTO_MISSION_MEASURES),
        title: str(100),
        /** A count, or major units for STAKE ("100.00"). */
        target: str(24),
        /** Toward the target, at most the target. */
        progress: str(24),
        completed: z.boolean(),
        /** When the period ends (the Bangkok midnight the mission starts again). */
        endsAt: str(40),
      }),
    )
    .max(50),
  completedCount: z.number().int().min(0),
});
export type TMissionSummary = z.infer<typeof ZMissionSummary>;

export const ZMissionLeaderboardQuery = z.object({
  period: z.enum(LOTTO_MISSION_PERIODS).default('WEEKLY'),
  limitNum: z.coerce.number().int().min(1).max(MISSION_LEADERBOARD_MAX).default(MISSION_LEADERBOARD_DEFAULT),
});
export const ZMissionLeaderboard = z.object({
  period: z.enum(LOTTO_MISSION_PERIODS),
  startsAt: str(40),
  endsAt: str(40),
  list: z
    .array(
      z.object({
        rank: z.number().int().min(1),
        /** The member's username, masked (first two and last characters). */
        account: str(40),
        /** Major units ("1250.00"): the settled lottery wins of the period. */
        winAmount: str(24),
        wins: z.number().int().min(0),
      }),
    )
    .max(MISSION_LEADERBOARD_MAX),
});
export type TMissionLeaderboard = z.infer<typeof ZMissionLeaderboard>;

export const getMissionSummary = defineEndpoint({
  method: 'GET',
  path: '/wps/relay/MCSFE_getMissionSummaryDetails',
  tag: 'relay',
  summary:
    "The VN lobby's mission summary: the lottery's daily and weekly play missions with the member's progress from the ledger (7.RELAY.14, 1.CAT.03; docs/adr/0097)",
  auth: 'member',
  query: ZMissionSummaryQuery,
  response: ZMissionSummary,
});

export const getMissionLeaderboard = defineEndpoint({
  method: 'GET',
  path: '/wps/relay/MCSFE_getMissionLeaderboard',
  tag: 'relay',
  summary:
    "The VN lobby's leaderboard: members ranked by their settled lottery winnings of the Bangkok day or week (7.RELAY.15, 1.CAT.04; docs/adr/0097)",
  auth: 'public',
  query: ZMissionLeaderboardQuery,
  response: ZMissionLeaderboard,
});
