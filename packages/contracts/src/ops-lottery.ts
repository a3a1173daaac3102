import { z } from 'zod';
import { defineEndpoint, operator } from './endpoint';
import { LOTTO_DRAW_NO_PATTERN, LOTTO_DRAW_STATUSES, LOTTO_FORMATS, LOTTO_REGIONS } from './lottery';
import { ZOpsApprovalRequested, ZOpsReason } from './ops-operators';

/**
 * The lottery's operator calls (issue 27; docs/adr/0095, docs/adr/0096): the console and `npm run ops -- lottery ...`
 * call these `/ops/lottery/*` routes (permission, audit row, four-eyes for a void), and the platform forwards each
 * to the lottery vendor's own operator API, `POST /house/lotto/ops/<group>/<verb>`, signed with that vendor's
 * secret. Games, draws, results and exposure live in the lottery vendor: the platform keeps none of them here.
 */

const str = (max: number) => z.string().max(max);

// ---------- the lottery vendor's operator API (what the platform calls; docs/adr/0095) ----------

/** Where a lottery vendor takes its operator calls, under the origin of its launch URL. */
export const LOTTO_VENDOR_OPS_PATH = '/house/lotto/ops';
/** The lottery vendor's operator calls (`<group>/<verb>`). */
export const LOTTO_VENDOR_OPS_ACTIONS = [
  'results/enter',
  'results/confirm',
  'results/discard',
  'draws/move',
  'draws/void',
  'draws/list',
  'draws/exposure',
  'games/list',
  'games/set',
  'restricted/set',
] as const;
export type TLottoVendorOpsAction = (typeof LOTTO_VENDOR_OPS_ACTIONS)[number];
/** The path of one vendor operator call: what its signature covers. */
export const lottoVendorOpsPath = (action: TLottoVendorOpsAction) => `${LOTTO_VENDOR_OPS_PATH}/${action}`;

// ---------- bet types and result formats (docs/lottery.md) ----------

/** Bet types (docs/lottery.md "Bet types and default rates"), in the order the lottery lists them. */
export const LOTTO_BET_TYPES = [
  '3top',
  '3tod',
  '3front',
  '3bottom',
  '2top',
  '2bottom',
  'runtop',
  'runbottom',
  'lo2',
  'lo3',
  'de',
  '3cang',
  'xien2',
  'xien3',
  'xien4',
] as const;
export type TLottoBetType = (typeof LOTTO_BET_TYPES)[number];
export type TLottoFormat = (typeof LOTTO_FORMATS)[number];

const THAI_TYPES = ['3top', '3tod', '3bottom', '2top', '2bottom', 'runtop', 'runbottom'] as const;
const VN_TYPES = ['lo2', 'lo3', 'de', '3cang', 'xien2', 'xien3', 'xien4'] as const;
/** The bet types each result format offers (3front needs the front-3 prizes, missing before September 2015). */
export const LOTTO_BET_TYPES_OF: Record<TLottoFormat, readonly TLottoBetType[]> = {
  thai: ['3top', '3tod', '3front', '3bottom', '2top', '2bottom', 'runtop', 'runbottom'],
  'thai-2015': THAI_TYPES,
  elott: ['3top', '3tod', '3front', '3bottom', '2top', '2bottom', 'runtop', 'runbottom'],
  'vn-north': VN_TYPES,
  'vn-south': VN_TYPES,
};

/** One prize of a result format: its key, the digits of each number, and how many numbers (null: one, a string). */
export type TLottoPrizeShape = { key: string; digits: number; count: number | null };
/** The result formats' prizes (docs/lottery.md "Result formats"); the lottery checks them itself as well. */
export const LOTTO_RESULT_SHAPES: Record<TLottoFormat, readonly TLottoPrizeShape[]> = {
  thai: [
    { key: 'first', digits: 6, count: null },
    { key: 'front3', digits: 3, count: 2 },
    { key: 'last3', digits: 3, count: 2 },
    { key: 'last2', digits: 2, count: null },
    { key: 'near1', digits: 6, count: 2 },
    { key: 'second', digits: 6, count: 5 },
    { key: 'third', digits: 6, count: 10 },
    { key: 'fourth', digits: 6, count: 50 },
    { key: 'fifth', digits: 6, count: 100 },
  ],
  'thai-2015': [
    { key: 'first', digits: 6, count: null },
    { key: 'last3', digits: 3, count: 4 },
    { key: 'last2', digits: 2, count: null },
    { key: 'near1', digits: 6, count: 2 },
    { key: 'second', digits: 6, count: 5 },
    { key: 'third', digits: 6, count: 10 },
    { key: 'fourth', digits: 6, count: 50 },
    { key: 'fifth', digits: 6, count: 100 },
  ],
  elott: [
    { key: 'first', digits: 6, count: null },
    { key: 'front3', digits: 3, count: 2 },
    { key: 'last3', digits: 3, count: 2 },
    { key: 'last2', digits: 2, count: null },
  ],
  'vn-north': [
    { key: 'special', digits: 5, count: null },
    { key: 'g1', digits: 5, count: null },
    { key: 'g2', digits: 5, count: 2 },
    { key: 'g3', digits: 5, count: 6 },
    { key: 'g4', digits: 4, count: 4 },
    { key: 'g5', digits: 4, count: 6 },
    { key: 'g6', digits: 3, count: 3 },
    { key: 'g7', digits: 2, count: 4 },
  ],
  'vn-south': [
    { key: 'special', digits: 6, count: null },
    { key: 'g1', digits: 5, count: null },
    { key: 'g2', digits: 5, count: null },
    { key: 'g3', digits: 5, count: 2 },
    { key: 'g4', digits: 5, count: 7 },
    { key: 'g5', digits: 4, count: null },
    { key: 'g6', digits: 4, count: 3 },
    { key: 'g7', digits: 3, count: null },
    { key: 'g8', digits: 2, count: null },
  ],
};

/** Why a result does not fit its format: an issue per prize, for the console to say before anything is sent. */
export type TLottoResultIssue =
  | { code: 'not_object' }
  | { code: 'unknown_prize'; prize: string }
  | { code: 'missing_prize'; prize: string }
  | { code: 'one_number'; prize: string; digits: number }
  | { code: 'numbers'; prize: string; digits: number; count: number };

/**
 * The shape check of a result against its format (docs/lottery.md): every prize there, none unknown, each number a
 * string of exactly its digits, a one-number prize a string (never an array of one). The lottery's own check is the
 * rule; this one lets a page point at the prize before the call.
 */
export function lottoResultIssues(format: TLottoFormat, value: unknown): TLottoResultIssue[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [{ code: 'not_object' }];
  const shapes = LOTTO_RESULT_SHAPES[format];
  const record = value as Record<string, unknown>;
  const issues: TLottoResultIssue[] = Object.keys(record)
    .filter((key) => !shapes.some((s) => s.key === key))
    .map((prize) => ({ code: 'unknown_prize' as const, prize }));
  for (const { key, digits, count } of shapes) {
    const given = record[key];
    const number = (v: unknown) => typeof v === 'string' && v.length === digits && /^[0-9]+$/.test(v);
    if (given === undefined) issues.push({ code: 'missing_prize', prize: key });
    else if (count === null) {
      if (!number(given)) issues.push({ code: 'one_number', prize: key, digits });
    } else if (!Array.isArray(given) || given.length !== count || !given.every(number)) {
      issues.push({ code: 'numbers', prize: key, digits, count });
    }
  }
  return issues;
}

// ---------- shared fields ----------

/** A game code of the lottery vendor (`VN_MB`, `TH_GLO`, `VN_MN_HCM`). */
export const LOTTO_OPS_GAME_CODE = /^[A-Z0-9_]{2,32}$/;
const gameCode = z.string().regex(LOTTO_OPS_GAME_CODE);
const drawNo = z.string().regex(LOTTO_DRAW_NO_PATTERN);
const instant = str(40);
/** An amount as the platform answers it: two decimals ("1000.00"). */
const ZMoney = str(24).regex(/^\d+\.\d{2}$/);
/** An amount as an operator types it: digits with at most two decimals ("100", "0.50"). */
export const ZLottoAmountInput = z
  .string()
  .trim()
  .regex(/^\d{1,13}(\.\d{1,2})?$/);
/** A pay rate: integer hundredths of a multiplier of the stake per hit (90000 = x900.00; docs/lottery.md). */
export const LOTTO_RATE_MAX = 10_000_000;
const rate = z.number().int().min(0).max(LOTTO_RATE_MAX);
const ZRates = z.partialRecord(z.enum(LOTTO_BET_TYPES), rate);
/** A restricted number's key: `<type>:<number>`, xiên numbers sorted and joined by `-` (`xien2:12-34`). */
export const LOTTO_BET_KEY_PATTERN = /^[a-z0-9]{2,10}:[0-9]{1,3}(-[0-9]{2}){0,3}$/;
/** Most restricted numbers one game may hold. */
export const MAX_LOTTO_RESTRICTED = 1000;
/** A result as the lottery stores and answers it: each prize one number or a list of them. */
export const ZLottoResultNumbers = z
  .record(str(32), z.union([str(32), z.array(str(32)).max(200)]))
  .refine((r) => Object.keys(r).length <= 20, 'at most 20 prizes');

export const ZOpsLottoGameParam = z.object({ gameCode });
export const ZOpsLottoDrawParam = z.object({ gameCode, drawNo });

// ---------- games ----------

export const ZOpsLottoGame = z.object({
  gameCode: str(32),
  region: z.enum(LOTTO_REGIONS),
  format: z.enum(LOTTO_FORMATS),
  names: z.object({ th: str(100), en: str(100), vi: str(100).optional() }),
  enabled: z.boolean(),
  /** The bet types its format offers (LOTTO_BET_TYPES_OF). */
  betTypes: z.array(z.enum(LOTTO_BET_TYPES)).max(LOTTO_BET_TYPES.length),
  /** The operators' rates per bet type (hundredths of a multiplier); a type not here pays the lottery's default. */
  rates: ZRates,
  /** What each bet type pays without an operator's rate: the lottery's defaults (hundredths of a multiplier). */
  defaultRates: ZRates,
  /** A bet's stake bounds (a lô bet: per lot). */
  minStake: ZMoney,
  maxStake: ZMoney,
  /** The most the lottery may owe on one number of one bet type in one draw. */
  exposureCap: ZMoney,
  /** Restricted numbers (pay half): their bet keys. */
  restricted: z.array(str(40)).max(MAX_LOTTO_RESTRICTED),
});
export type TOpsLottoGame = z.infer<typeof ZOpsLottoGame>;
export const ZOpsLottoGames = z.object({
  /** The lottery vendor's registry code (LOTT). */
  vendor: str(16),
  games: z.array(ZOpsLottoGame).max(500),
});
export type TOpsLottoGames = z.infer<typeof ZOpsLottoGames>;

/** PUT /ops/lottery/games/:gameCode: what changes (at least one field); `rates` replaces the operators' rates whole. */
export const ZOpsLottoGameChange = z
  .strictObject({
    enabled: z.boolean().optional(),
    minStake: ZLottoAmountInput.optional(),
    maxStake: ZLottoAmountInput.optional(),
    exposureCap: ZLottoAmountInput.optional(),
    rates: ZRates.optional(),
  })
  .refine((c) => Object.values(c).some((v) => v !== undefined), 'nothing to change');
export type TOpsLottoGameChange = z.infer<typeof ZOpsLottoGameChange>;

/** PUT /ops/lottery/games/:gameCode/restricted: the game's whole list of restricted numbers. */
export const ZOpsLottoRestrictedInput = z.strictObject({
  betKeys: z.array(z.string().trim().regex(LOTTO_BET_KEY_PATTERN)).max(MAX_LOTTO_RESTRICTED),
});
export type TOpsLottoRestrictedInput = z.infer<typeof ZOpsLottoRestrictedInput>;

// ---------- draws ----------

export const ZOpsLottoDrawsQuery = z.object({
  status: z.enum(LOTTO_DRAW_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const ZOpsLottoResult = z.object({
  /** `entered` waits for a second operator; `confirmed` is the result the draw is settled by. */
  status: z.enum(['entered', 'confirmed']),
  /** The operator who entered it, as the lottery knows them (`op-<operator id>`). */
  enteredBy: str(64),
  /** Their username on this platform (null: not an operator of this platform). */
  enteredByName: str(80).nullable(),
  /** Whether the caller entered it (then the caller cannot confirm it). */
  enteredByYou: z.boolean(),
  numbers: ZLottoResultNumbers,
  source: str(200),
});
export const ZOpsLottoDraw = z.object({
  gameCode: str(32),
  drawNo: str(11),
  lockAt: instant,
  closeAt: instant,
  drawAt: instant,
  status: z.enum(LOTTO_DRAW_STATUSES),
  /** Whether its sales closed (by the platform's clock): a scheduled closed draw waits for its result. */
  closed: z.boolean(),
  voidReason: str(200).nullable(),
  result: ZOpsLottoResult.nullable(),
  tickets: z.object({
    /** Tickets sold (open, accepted or paid) and their stakes. */
    count: z.number().int(),
    stakes: ZMoney,
    /** What the paid tickets won. */
    wins: ZMoney,
    /** Sold tickets not paid yet (waiting for the result or for settlement). */
    unsettled: z.number().int(),
    /** Tickets rolled back (a void draw's refunds). */
    refunded: z.number().int(),
  }),
});
export type TOpsLottoDraw = z.infer<typeof ZOpsLottoDraw>;
export const ZOpsLottoDraws = z.object({ gameCode: str(32), draws: z.array(ZOpsLottoDraw).max(200) });
export type TOpsLottoDraws = z.infer<typeof ZOpsLottoDraws>;

export const ZOpsLottoExposureQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });
export const ZOpsLottoExposure = z.object({
  gameCode: str(32),
  drawNo: str(11),
  /** The game's exposure cap: the most it may owe on one bet key. */
  cap: ZMoney,
  /** The bet keys with the most liability, most first (stake x rate summed over every ticket). */
  numbers: z.array(z.object({ betKey: str(40), liability: ZMoney })).max(200),
});
export type TOpsLottoExposure = z.infer<typeof ZOpsLottoExposure>;

/** POST .../result: the result JSON of docs/lottery.md (checked by the lottery against the game's format) and its source. */
export const ZOpsLottoResultInput = z.strictObject({
  result: z.record(z.string().max(32), z.unknown()),
  /** Where the numbers come from: the official source's URL or name. */
  source: z.string().trim().min(1).max(200),
});
export type TOpsLottoResultInput = z.infer<typeof ZOpsLottoResultInput>;
export const ZOpsLottoMoveInput = z.strictObject({ drawAt: z.iso.datetime({ offset: true }) });
export const ZOpsLottoVoidInput = z.strictObject({ reason: ZOpsReason.pipe(z.string().max(200)) });

export const LOTTO_DRAW_CHANGES = ['result.enter', 'result.confirm', 'result.discard', 'draw.move', 'draw.void'] as const;
export const ZOpsLottoDrawChange = z.object({
  gameCode: str(32),
  drawNo: str(11),
  change: z.enum(LOTTO_DRAW_CHANGES),
  /** A moved draw's new draw time. */
  drawAt: instant.optional(),
});
export type TOpsLottoDrawChange = z.infer<typeof ZOpsLottoDrawChange>;

// ---------- endpoints ----------

const gamePath = '/ops/lottery/games/:gameCode';
const drawPath = '/ops/lottery/games/:gameCode/draws/:drawNo';

export const listLottoGames = defineEndpoint({
  method: 'GET',
  path: '/ops/lottery/games',
  tag: 'ops',
  summary: "The lottery's games: enabled, stakes, exposure cap, the operators' rates and the restricted numbers",
  auth: operator('lottery.read'),
  response: ZOpsLottoGames,
});

export const setLottoGame = defineEndpoint({
  method: 'PUT',
  path: gamePath,
  tag: 'ops',
  summary: "Change a lottery game: enabled, stake bounds, exposure cap, the operators' rates (replaced whole)",
  auth: operator('lottery.manage', 'lottery.game.set'),
  params: ZOpsLottoGameParam,
  body: ZOpsLottoGameChange,
  response: ZOpsLottoGame,
});

export const setLottoRestricted = defineEndpoint({
  method: 'PUT',
  path: `${gamePath}/restricted`,
  tag: 'ops',
  summary: "Set a lottery game's restricted numbers (the whole list; a bet on one pays half its rate)",
  auth: operator('lottery.manage', 'lottery.restricted.set'),
  params: ZOpsLottoGameParam,
  body: ZOpsLottoRestrictedInput,
  response: ZOpsLottoGame,
});

export const listLottoDraws = defineEndpoint({
  method: 'GET',
  path: `${gamePath}/draws`,
  tag: 'ops',
  summary: "A lottery game's draws (by status): times, the result and who entered it, ticket counts, stakes and wins",
  auth: operator('lottery.read'),
  params: ZOpsLottoGameParam,
  query: ZOpsLottoDrawsQuery,
  response: ZOpsLottoDraws,
});

export const getLottoExposure = defineEndpoint({
  method: 'GET',
  path: `${drawPath}/exposure`,
  tag: 'ops',
  summary: "A draw's exposure: the bet keys the lottery owes most on, and the game's cap",
  auth: operator('lottery.read'),
  params: ZOpsLottoDrawParam,
  query: ZOpsLottoExposureQuery,
  response: ZOpsLottoExposure,
});

export const enterLottoResult = defineEndpoint({
  method: 'POST',
  path: `${drawPath}/result`,
  tag: 'ops',
  summary: "Enter a closed draw's official result (JSON of docs/lottery.md) and its source; another operator confirms it",
  auth: operator('lottery.manage', 'lottery.result.enter'),
  params: ZOpsLottoDrawParam,
  body: ZOpsLottoResultInput,
  response: ZOpsLottoDrawChange,
});

export const confirmLottoResult = defineEndpoint({
  method: 'POST',
  path: `${drawPath}/result/confirm`,
  tag: 'ops',
  summary: 'Confirm an entered result (never by the operator who entered it): the draw is resulted and settles',
  auth: operator('lottery.manage', 'lottery.result.confirm'),
  params: ZOpsLottoDrawParam,
  response: ZOpsLottoDrawChange,
});

export const discardLottoResult = defineEndpoint({
  method: 'POST',
  path: `${drawPath}/result/discard`,
  tag: 'ops',
  summary: 'Discard an entered, unconfirmed result so that it can be entered again',
  auth: operator('lottery.manage', 'lottery.result.discard'),
  params: ZOpsLottoDrawParam,
  response: ZOpsLottoDrawChange,
});

export const moveLottoDraw = defineEndpoint({
  method: 'POST',
  path: `${drawPath}/move`,
  tag: 'ops',
  summary: 'Move a scheduled draw to a new draw time in the future (its close and lock follow)',
  auth: operator('lottery.manage', 'lottery.draw.move'),
  params: ZOpsLottoDrawParam,
  body: ZOpsLottoMoveInput,
  response: ZOpsLottoDrawChange,
});

export const voidLottoDraw = defineEndpoint({
  method: 'POST',
  path: `${drawPath}/void`,
  tag: 'ops',
  summary:
    "Void a scheduled draw with a reason: every ticket is refunded; a four-eyes request a second operator applies (docs/adr/0096)",
  auth: operator('lottery.manage', 'lottery.draw.void'),
  params: ZOpsLottoDrawParam,
  body: ZOpsLottoVoidInput,
  response: z.union([ZOpsLottoDrawChange, ZOpsApprovalRequested]),
});
