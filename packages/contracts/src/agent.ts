import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { GAME_TYPES } from './constants';

/**
 * Share profit with downline (page key transferUpline, 2.MC.06; decision 2.MC.07, docs/adr/0030): an agent
 * moves money from its main wallet to the main wallet of a DIRECT downline member (a member whose upline is
 * the agent), with the payment password and, when the agent has two-factor login, the authenticator code.
 * The menu entry shows for agents (isAgent != 0); `toUpline` in member info says whether the member has an
 * upline (it does not gate this entry).
 */
const amount = z.string().trim().max(20).regex(/^\d{1,13}(\.\d{1,2})?$/);

/** GET /wps/agent/downlines?search=&pageNo=&pageSize= : the agent's direct downlines. */
export const ZDownlineQuery = z.object({
  search: z.string().trim().max(30).regex(/^[A-Za-z0-9_]*$/).default(''),
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(15),
});
export const ZDownlineList = z.object({
  list: z.array(z.object({ id: z.number().int(), username: z.string().max(40), active: z.boolean() })).max(50),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type TDownlineList = z.infer<typeof ZDownlineList>;

/** POST /wps/agent/share: one transfer; `requestKey` makes a retry answer the first result. */
export const ZShareRequest = z.object({
  downline: z.string().trim().min(1).max(40),
  amount,
  paymentPassword: z.string().min(1).max(64),
  totpCode: z.string().trim().max(20).optional(),
  requestKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
});
export type TShareRequest = z.infer<typeof ZShareRequest>;
export const ZShareResult = z.object({
  transactionId: z.string().max(30),
  downline: z.string().max(40),
  amount: z.string().max(30),
  /** The agent's main wallet after the transfer. */
  balance: z.string().max(30),
});
export type TShareResult = z.infer<typeof ZShareResult>;

// ---------- endpoints ----------

export const getDownlines = defineEndpoint({
  method: 'GET',
  path: '/wps/agent/downlines',
  tag: 'agent',
  summary: "The agent's direct downlines, for Share profit with downline (2.MC.06)",
  auth: 'agent',
  query: ZDownlineQuery,
  response: ZDownlineList,
});

export const postShare = defineEndpoint({
  method: 'POST',
  path: '/wps/agent/share',
  tag: 'agent',
  summary: 'Share profit with downline: main wallet to a direct downline, with the payment password (2.MC.06, 2.MC.07)',
  auth: 'agent',
  enc: true,
  body: ZShareRequest,
  response: ZShareResult,
});

// ---------- contracts: dividends and salaries (issue 28; docs/adr/0100-agent-contracts.md) ----------

/**
 * The four kinds of agent contract (spec 1, 3.CON.01): `dividend` a share of the team's net loss per cycle,
 * `daily` a wage per Bangkok day on team turnover, `hourly` a salary per hour on team turnover, `realtime` a
 * salary every 5 minutes on the team's stakes (9.C.08).
 */
export const AGENT_CONTRACT_KINDS = ['dividend', 'daily', 'hourly', 'realtime'] as const;
export type TAgentContractKind = (typeof AGENT_CONTRACT_KINDS)[number];
/** The periods a contract settles in (9.C.09, decision 9.C.10): a dividend's cycle is chosen; the others are fixed. */
export const AGENT_CYCLES = ['5min', 'hour', 'day', 'week', 'halfmonth', 'month'] as const;
export type TAgentCycle = (typeof AGENT_CYCLES)[number];
export const DIVIDEND_CYCLES = ['week', 'halfmonth', 'month'] as const;
/** The cycle of each kind (a dividend's is its own choice among DIVIDEND_CYCLES). */
export const FIXED_CYCLE: Record<Exclude<TAgentContractKind, 'dividend'>, TAgentCycle> = { daily: 'day', hourly: 'hour', realtime: '5min' };
/** Basis points: 1 = 0.01 %, 10,000 = 100 %. */
export const RATE_BP_MAX = 10_000;
export const MAX_TIERS = 10;

/** A rate as people type it: a percent with at most two decimals ("0.45", "12", "12.5"; a comma for the point). */
const PERCENT_INPUT = /^(\d{1,3})(?:\.(\d{1,2}))?$/;

/**
 * A typed percent as integer basis points, read digit by digit so no float ever rounds it ("0.29" is 29, never 28):
 * "0.45" -> 45, "12.5" -> 1250, "100" -> 10000. Null for anything else, 0, or above 100 %. The web's and the console's
 * forms and the operator command line read rates with it.
 */
export function percentToBp(text: string): number | null {
  const match = PERCENT_INPUT.exec(text.trim().replace(',', '.'));
  if (!match) return null;
  const bp = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return bp >= 1 && bp <= RATE_BP_MAX ? bp : null;
}

/** Basis points as a percent with two decimals, without the sign: 45 -> "0.45", 1250 -> "12.50". */
export function bpToPercent(bp: number): string {
  const value = Math.trunc(bp);
  const abs = Math.abs(value);
  return `${value < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Whether tier `next` goes up from `prev` (docs/adr/0100; the server refuses otherwise with
 * agent_contract_tiers_not_increasing): at least as much of both thresholds, more of one, and a higher rate.
 * `minBase` in minor units.
 */
export function tierGoesUp(
  prev: { minBase: bigint; minActive: number; rateBp: number },
  next: { minBase: bigint; minActive: number; rateBp: number },
): boolean {
  const asksMore = next.minBase >= prev.minBase && next.minActive >= prev.minActive && (next.minBase > prev.minBase || next.minActive > prev.minActive);
  return asksMore && next.rateBp > prev.rateBp;
}

const money = z.string().trim().max(20).regex(/^\d{1,13}(\.\d{1,2})?$/);
/**
 * One tier: from `minBase` of team turnover (net loss for a dividend) and `minActive` active members on, the
 * contract pays `rateBp` of the base. Tiers go up in all three (decision in docs/adr/0100).
 */
export const ZAgentTier = z.object({
  minBase: money,
  minActive: z.number().int().min(0).max(1_000_000),
  rateBp: z.number().int().min(1).max(RATE_BP_MAX),
});
export type TAgentTier = z.infer<typeof ZAgentTier>;

export const ZAgentContractTerms = z.object({
  kind: z.enum(AGENT_CONTRACT_KINDS),
  /** Only for a dividend (week, halfmonth or month); the other kinds have their fixed cycle. */
  cycle: z.enum(DIVIDEND_CYCLES).optional(),
  tiers: z.array(ZAgentTier).min(1).max(MAX_TIERS),
  /** A period's amount below this is carried into the next period instead of paid (default 0). */
  minPayout: money.default('0'),
});
export type TAgentContractTerms = z.infer<typeof ZAgentContractTerms>;

/** POST /wps/agent/contracts: an agent offers a contract to an agent of its direct downline. */
export const ZAgentContractOffer = ZAgentContractTerms.extend({ downline: z.string().trim().min(1).max(40) });
export type TAgentContractOffer = z.infer<typeof ZAgentContractOffer>;

export const AGENT_CONTRACT_STATUSES = ['offered', 'active', 'refused', 'withdrawn', 'superseded'] as const;
export const ZAgentContract = z.object({
  id: z.number().int(),
  kind: z.enum(AGENT_CONTRACT_KINDS),
  cycle: z.enum(AGENT_CYCLES),
  /** Who receives the contract's pay. */
  agent: z.string().max(40),
  /** Who pays: the upline agent, or null when the platform pays (a top-level agent's contract). */
  upline: z.string().max(40).nullable(),
  tiers: z.array(ZAgentTier).max(MAX_TIERS),
  minPayout: z.string().max(30),
  status: z.enum(AGENT_CONTRACT_STATUSES),
  offeredAt: z.string().max(40),
  decidedAt: z.string().max(40).nullable(),
});
export type TAgentContract = z.infer<typeof ZAgentContract>;
export const ZAgentContracts = z.object({
  /** Offers made to me and my contracts (newest first). */
  received: z.array(ZAgentContract).max(200),
  /** What I offered my downline agents (newest first). */
  given: z.array(ZAgentContract).max(500),
});
export type TAgentContracts = z.infer<typeof ZAgentContracts>;

/**
 * The four process calls (7.RELAY.16-19): the downline answers an offer of that call's kind. GET with the data as
 * parameters like every relay call; `action` accept or refuse.
 */
export const ZAgentContractAnswer = z.object({
  contractId: z.coerce.number().int().min(1).max(2_147_483_647),
  action: z.enum(['accept', 'refuse']),
});
export type TAgentContractAnswer = z.infer<typeof ZAgentContractAnswer>;

/** pending -> paid | unpaid (payer short, retried) ; carried: nothing to pay, the amount carried into the next period. */
export const AGENT_BILL_STATUSES = ['pending', 'paid', 'unpaid', 'carried', 'refused', 'disputed', 'reversed'] as const;
/** How a bill's amount was found, line by line (shown in My income). */
export const ZAgentBillCalculation = z.object({
  /** The team's turnover (stakes less refunds) or, for a dividend, net loss (stakes - wins - bonuses). */
  base: z.string().max(30),
  stakes: z.string().max(30),
  wins: z.string().max(30),
  activeMembers: z.number().int(),
  /** The tier reached (1-based; 0 = none) and its rate. */
  tier: z.number().int(),
  rateBp: z.number().int(),
  /** Carried in from earlier periods (a negative net loss or an amount below the minimum payout). */
  carriedIn: z.string().max(30),
  /** base x rate, rounded down to the satang, plus what was carried in. */
  amount: z.string().max(30),
  carriedOut: z.string().max(30),
});
export const ZAgentBill = z.object({
  id: z.number().int(),
  kind: z.enum(AGENT_CONTRACT_KINDS),
  contractId: z.number().int(),
  periodStart: z.string().max(40),
  periodEnd: z.string().max(40),
  agent: z.string().max(40),
  /** The upline who pays, or null for the platform. */
  payer: z.string().max(40).nullable(),
  amount: z.string().max(30),
  status: z.enum(AGENT_BILL_STATUSES),
  calculation: ZAgentBillCalculation,
  paidAt: z.string().max(40).nullable(),
  transactionId: z.string().max(30).nullable(),
  /** 0, or the revision of a period settled again after a correction (docs/adr/0101). */
  revision: z.number().int(),
  /** Why the agent or the payer disputed it (its payment held until an operator decides). */
  dispute: z
    .object({ by: z.enum(['agent', 'payer']), reason: z.string().max(500), at: z.string().max(40) })
    .nullable(),
  /** How an operator closed the dispute, or why the period was settled again. */
  resolution: z.string().max(500).nullable(),
});
export type TAgentBill = z.infer<typeof ZAgentBill>;
export const ZAgentBillQuery = z.object({
  kind: z.enum(AGENT_CONTRACT_KINDS).optional(),
  /** `received` (my income) or `paid` (what I owe my downline). */
  side: z.enum(['received', 'paid']).default('received'),
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});
export const ZAgentBills = z.object({ list: z.array(ZAgentBill).max(50), total: z.number().int(), totalPages: z.number().int() });
export type TAgentBills = z.infer<typeof ZAgentBills>;

export const listAgentContracts = defineEndpoint({
  method: 'GET',
  path: '/wps/agent/contracts',
  tag: 'agent',
  summary: "The agent's contracts: offers received and contracts given to direct downline agents (2.OTH.02)",
  auth: 'agent',
  response: ZAgentContracts,
});

export const offerAgentContract = defineEndpoint({
  method: 'POST',
  path: '/wps/agent/contracts',
  tag: 'agent',
  summary: 'Offer a contract to a direct downline agent; its rates never above your own (issue 28)',
  auth: 'agent',
  body: ZAgentContractOffer,
  response: ZAgentContract,
});

export const listAgentBills = defineEndpoint({
  method: 'GET',
  path: '/wps/agent/bills',
  tag: 'agent',
  summary: "The agent's bills per contract and period, with the calculation (my income)",
  auth: 'agent',
  query: ZAgentBillQuery,
  response: ZAgentBills,
});

/** POST /wps/agent/bills/:id/dispute: the agent paid by a bill, or the agent who pays it, disputes it with a reason. */
export const ZAgentBillParam = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
export const ZAgentBillDispute = z.object({ reason: z.string().trim().min(1).max(500) });
/** A bill can be disputed while it is pending, unpaid, paid or carried; once, until an operator decides. */
export const DISPUTABLE_BILL_STATUSES = ['pending', 'unpaid', 'paid', 'carried'] as const;

export const disputeAgentBill = defineEndpoint({
  method: 'POST',
  path: '/wps/agent/bills/:id/dispute',
  tag: 'agent',
  summary: 'Dispute a bill you are paid or pay: its payment is held until an operator upholds it or settles its period again',
  auth: 'agent',
  params: ZAgentBillParam,
  body: ZAgentBillDispute,
  response: ZAgentBill,
});

const processCall = (name: string, kind: TAgentContractKind, relay: string) =>
  defineEndpoint({
    method: 'GET',
    path: `/wps/relay/${name}`,
    tag: 'relay',
    summary: `Accept or refuse a ${kind} contract offered to you (${relay})`,
    auth: 'agent',
    query: ZAgentContractAnswer,
    response: ZAgentContract,
  });
export const processDividendReq = processCall('MCS2_processDividendReq', 'dividend', '7.RELAY.16');
export const processDailySalContract = processCall('MCS2_processDailySalContract', 'daily', '7.RELAY.17');
export const processContractHourSalary = processCall('MCS2_processContractHourSalary', 'hourly', '7.RELAY.18');
export const processRealTimeSalaryContract = processCall('MCSFE_processRealTimeSalaryContract', 'realtime', '7.RELAY.19');
/** The process call of each kind. */
export const PROCESS_CALLS = {
  dividend: processDividendReq,
  daily: processDailySalContract,
  hourly: processContractHourSalary,
  realtime: processRealTimeSalaryContract,
} as const;

// ---------- the agent centre's team pages (2.AC.01-02, 2.AC.07) ----------

export const TEAM_RANGES = ['today', 'yesterday', 'week', 'month'] as const;
export type TTeamRange = (typeof TEAM_RANGES)[number];
export const ZTeamOverviewQuery = z.object({ range: z.enum(TEAM_RANGES).default('today') });
/**
 * Team overview (the agent centre's default page): the whole team below the agent over a Bangkok range (this week from
 * Monday, this month from the 1st), from the team rollups kept every few minutes (`asOf`), and the agent's income in
 * the range (its contract bills).
 */
export const ZTeamOverview = z.object({
  range: z.enum(TEAM_RANGES),
  from: z.string().max(40),
  to: z.string().max(40),
  /** The figures include the play and money written before this instant. */
  asOf: z.string().max(40).nullable(),
  members: z.number().int(),
  directMembers: z.number().int(),
  agents: z.number().int(),
  newMembers: z.number().int(),
  activeMembers: z.number().int(),
  firstDeposits: z.number().int(),
  deposits: z.string().max(30),
  withdrawals: z.string().max(30),
  stakes: z.string().max(30),
  wins: z.string().max(30),
  /** stakes - wins: what the team lost (negative: the team won). */
  net: z.string().max(30),
  income: z.string().max(30),
  /** The agent's own affiliate code, for registration links and the QR code. */
  affiliateCode: z.string().max(20),
  /** The contract flags (same as member info): 0 none, 1 an offer waits for my answer, 2 active. */
  contracts: z.object({ divtypereq: z.number().int(), dailysalreqtype: z.number().int(), contracthoursalreq: z.number().int(), realtimesalreqtype: z.number().int() }),
});
export type TTeamOverview = z.infer<typeof ZTeamOverview>;

/** GET /wps/agent/team/members: the direct downlines of `parent` (me by default; any member of my team). */
export const ZTeamMembersQuery = z.object({
  parent: z.string().trim().max(40).regex(/^[A-Za-z0-9_]*$/).default(''),
  search: z.string().trim().max(30).regex(/^[A-Za-z0-9_]*$/).default(''),
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});
export const ZTeamMember = z.object({
  username: z.string().max(40),
  isAgent: z.boolean(),
  /** 1 = my direct downline, 2 = theirs, ... */
  level: z.number().int(),
  teamSize: z.number().int(),
  createdAt: z.string().max(40),
  lastLoginAt: z.string().max(40).nullable(),
  /** Active contracts of this member, by kind (only for my direct downline agents). */
  contracts: z.array(z.enum(AGENT_CONTRACT_KINDS)).max(4),
  /** Its main wallet, when the site shows agents their team's balances (site configuration `agents`); else null. */
  balance: z.string().max(30).nullable(),
});
export const ZTeamMembers = z.object({
  /** From me down to `parent` (usernames), for the breadcrumb. */
  path: z.array(z.string().max(40)).max(50),
  list: z.array(ZTeamMember).max(50),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type TTeamMembers = z.infer<typeof ZTeamMembers>;

/** POST /wps/agent/team/members: an account created by the agent, placed directly under it (first login: a new password). */
export const ZCreateDownline = z.object({
  username: z.string().trim().min(4).max(20).regex(/^[A-Za-z0-9_]+$/),
  password: z.string().min(6).max(64),
  /** Make the new account an agent too (a sub-agent), to whom contracts can then be offered. */
  agent: z.boolean().default(false),
});
export const ZCreatedDownline = z.object({ username: z.string().max(40), isAgent: z.boolean() });

export const getTeamOverview = defineEndpoint({
  method: 'GET',
  path: '/wps/agent/team/overview',
  tag: 'agent',
  summary: "Team overview: the agent's team over today, yesterday, this week or this month, and its income (2.AC.02)",
  auth: 'agent',
  query: ZTeamOverviewQuery,
  response: ZTeamOverview,
});

export const listTeamMembers = defineEndpoint({
  method: 'GET',
  path: '/wps/agent/team/members',
  tag: 'agent',
  summary: "Team management: the downline tree one level at a time, from the agent or any member of its team",
  auth: 'agent',
  query: ZTeamMembersQuery,
  response: ZTeamMembers,
});

export const createDownline = defineEndpoint({
  method: 'POST',
  path: '/wps/agent/team/members',
  tag: 'agent',
  summary: 'Account/register centre: create a member or a sub-agent directly under the agent',
  auth: 'agent',
  enc: true,
  body: ZCreateDownline,
  response: ZCreatedDownline,
});

// ---------- team betting and user profit and loss (2.AC.01) ----------

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** A range of Bangkok days, both ends included, at most 62 days. */
export const ZTeamRangeQuery = z.object({ from: day, to: day });
export const TEAM_RANGE_MAX_DAYS = 62;

/** GET /wps/agent/team/days: the team's figures day by day (team betting), from the team rollup. */
export const ZTeamDay = z.object({
  day: z.string().max(10),
  newMembers: z.number().int(),
  activeMembers: z.number().int(),
  firstDeposits: z.number().int(),
  deposits: z.string().max(30),
  withdrawals: z.string().max(30),
  stakes: z.string().max(30),
  wins: z.string().max(30),
  net: z.string().max(30),
});
/** A game type of the catalogue (GAME_TYPES), or OTHER for a game it does not list. */
export const TEAM_GAME_TYPES = [...GAME_TYPES, 'OTHER'] as const;
export type TTeamGameType = (typeof TEAM_GAME_TYPES)[number];
/** The team's stakes and wins of one game type over the range (team betting per game type). */
export const ZTeamGameType = z.object({
  gameType: z.enum(TEAM_GAME_TYPES),
  stakes: z.string().max(30),
  wins: z.string().max(30),
  net: z.string().max(30),
});
export const ZTeamDays = z.object({
  /** Days with any figure, newest first. */
  list: z.array(ZTeamDay).max(TEAM_RANGE_MAX_DAYS),
  totals: z.object({ deposits: z.string().max(30), withdrawals: z.string().max(30), stakes: z.string().max(30), wins: z.string().max(30), net: z.string().max(30) }),
  /** The range's stakes and wins per game type, most staked first. */
  byGameType: z.array(ZTeamGameType).max(TEAM_GAME_TYPES.length),
  asOf: z.string().max(40).nullable(),
});
export type TTeamDays = z.infer<typeof ZTeamDays>;

/** GET /wps/agent/team/profit: each member of the team who played in the range, most staked first (user profit and loss). */
export const ZTeamProfitQuery = ZTeamRangeQuery.extend({
  search: z.string().trim().max(30).regex(/^[A-Za-z0-9_]*$/).default(''),
  /** One game type only ('' = every game). */
  gameType: z.enum(TEAM_GAME_TYPES).or(z.literal('')).default(''),
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});
export const ZTeamProfitRow = z.object({
  username: z.string().max(40),
  /** 1 = my direct downline, 2 = theirs, ... */
  level: z.number().int(),
  stakes: z.string().max(30),
  wins: z.string().max(30),
  /** wins - stakes: the member's own profit (negative: the member lost). */
  profit: z.string().max(30),
});
export const ZTeamProfit = z.object({
  list: z.array(ZTeamProfitRow).max(50),
  total: z.number().int(),
  totalPages: z.number().int(),
  totals: z.object({ stakes: z.string().max(30), wins: z.string().max(30), profit: z.string().max(30) }),
  asOf: z.string().max(40).nullable(),
});
export type TTeamProfit = z.infer<typeof ZTeamProfit>;

export const getTeamDays = defineEndpoint({
  method: 'GET',
  path: '/wps/agent/team/days',
  tag: 'agent',
  summary: "Team betting: the agent's team day by day over a range of Bangkok days (2.AC.01)",
  auth: 'agent',
  query: ZTeamRangeQuery,
  response: ZTeamDays,
});

export const getTeamProfit = defineEndpoint({
  method: 'GET',
  path: '/wps/agent/team/profit',
  tag: 'agent',
  summary: "User profit and loss: each member of the agent's team who played in a range of Bangkok days (2.AC.01)",
  auth: 'agent',
  query: ZTeamProfitQuery,
  response: ZTeamProfit,
});

// ---------- agent notices (the agent centre's Announcement) ----------

/** A notice operators wrote to agents (notice type `AG`): the active ones in the agent's language, in display order. */
export const ZAgentNotice = z.object({
  id: z.number().int(),
  title: z.string().max(200),
  /** HTML, sanitised on the server and again before rendering. */
  content: z.string().max(20000),
  startTime: z.string().max(40),
});
export type TAgentNotice = z.infer<typeof ZAgentNotice>;

export const listAgentNotices = defineEndpoint({
  method: 'GET',
  path: '/wps/agent/notices',
  tag: 'agent',
  summary: "Announcement: the operators' notices to agents (notice type AG), active and in the agent's language (2.AC.01)",
  auth: 'agent',
  response: z.array(ZAgentNotice).max(100),
});
