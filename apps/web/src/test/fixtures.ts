import type { TAgentBill, TAgentContract, TTeamDays, TTeamMembers, TTeamOverview, TTeamProfit } from '@lotus/contracts/agent';
import type { TLoginResult, TMemberInfo } from '@lotus/contracts/auth';
import type { TFieldRule } from '@lotus/contracts/register-patterns';
import { WHITELABEL_FLAGS, type TRegisterSettings, type TWhitelabel } from '@lotus/contracts/system';

/**
 * The one module of web test data (imported by *.test.ts(x) only): member info and login answers
 * with overrides, the demo site's registration rules and whitelabel flags (server seed). Take a
 * builder and override what the test is about: `memberInfo({ isAgent: 4 })`.
 */

export const memberInfo = (over: Partial<TMemberInfo> = {}): TMemberInfo => ({
  id: 1001,
  account: 'demo',
  nickname: 'DEMO MEMBER',
  customerId: '1001',
  type: 1,
  isAgent: 0,
  toUpline: false,
  clubLabel: { labelName: 'VIP 0', rankLevel: 0 },
  memberLabel: [],
  balance: '1234.50',
  currencySymbol: '฿',
  unreadMessage: 2,
  availablePromoCount: 1,
  vipRankLevel: 0,
  twoFactorEnabled: false,
  mobileNum: null,
  email: null,
  lastLoginAt: null,
  ...over,
});

export const loginResult = (over: Partial<TLoginResult> = {}): TLoginResult => ({
  token: 'tok-1',
  firstTimeLogin: false,
  passwordExpired: false,
  forceChangePassword: false,
  twoFactorRequired: false,
  twoFactorTicket: null,
  userInfo: memberInfo(),
  ...over,
});

/** A registration field rule (decision 4.REG, 24 patterns). */
export const rule = (enabled: boolean, required: boolean, patternId: number, minLength: number, maxLength: number, acceptedPattern = ''): TFieldRule => ({
  enabled,
  required,
  patternId,
  minLength,
  maxLength,
  acceptedPattern,
});

export const RULES: TRegisterSettings = {
  username: rule(true, true, 2, 2, 15),
  password: rule(true, true, 12, 6, 20),
  confirmPassword: rule(true, true, 12, 6, 20),
  payeeName: rule(true, false, 13, 2, 50),
  email: rule(true, false, 17, 5, 100),
  qqNum: rule(false, false, 3, 5, 12),
  mobileNum: rule(true, false, 18, 8, 15),
  line: rule(true, false, 23, 3, 30),
  whatsapp: rule(false, false, 18, 8, 15),
  facebook: rule(false, false, 23, 3, 50),
  wechat: rule(false, false, 19, 6, 20),
  idNumber: rule(false, false, 3, 13, 13),
  paymentPassword: rule(false, false, 3, 6, 6),
  birthday: rule(false, false, 6, 10, 10),
  affiliateCode: rule(true, false, 19, 4, 20),
  referralCode: rule(true, false, 19, 4, 20),
  recommenderId: rule(false, false, 19, 2, 20),
};

/** The demo site's whitelabel flags (site configuration). */
export const FLAGS: TWhitelabel = {
  USERNAMEREG3: true,
  MOBILENUMREG3: true,
  MOBILENUMPASSREG3: true,
  REGMOBVERF3: true,
  FREEPLAY3: true,
  PWDEXPFORCECHANGE3: true,
  MOBILEVERCODELOGIN3: true,
  CHNGPASSVERIF3: true,
  showCaptcha: false,
  LOGINREQHOME3: false,
  REGBUTTON3: true,
  PWDLOGIN3: true,
  GOOGLELOGIN3: false,
  FACEBOOKLOGIN3: false,
};


/** Whitelabel flags all off, then the given ones (a login form with only what the test turns on). */
export const whitelabelFlags = (over: Partial<TWhitelabel> = {}): TWhitelabel => ({
  ...(Object.fromEntries(WHITELABEL_FLAGS.map((f) => [f, false])) as TWhitelabel),
  ...over,
});

/** The member info answer of the registration and recovery tests (3.MEM). */
export const MEMBER: TMemberInfo = memberInfo({
  id: 7,
  account: 'alice01',
  nickname: 'alice01',
  customerId: 'C7',
  clubLabel: { labelName: '', rankLevel: 0 },
  balance: '0.00',
  unreadMessage: 0,
  availablePromoCount: 0,
});

// ---------- the agent centre (issue 28) ----------

/** A team overview answer (today, every contract flag 0 unless given). */
export const teamOverview = (over: Partial<TTeamOverview> = {}): TTeamOverview => ({
  range: 'today',
  from: '2026-12-06T17:00:00.000Z',
  to: '2026-12-07T17:00:00.000Z',
  asOf: '2026-12-07T05:25:00.000Z',
  members: 1234,
  directMembers: 12,
  agents: 3,
  newMembers: 4,
  activeMembers: 57,
  firstDeposits: 2,
  deposits: '15000.00',
  withdrawals: '4200.50',
  stakes: '98765.43',
  wins: '90000.00',
  net: '8765.43',
  income: '321.09',
  affiliateCode: 'AG12345',
  contracts: { divtypereq: 0, dailysalreqtype: 0, contracthoursalreq: 0, realtimesalreqtype: 0 },
  ...over,
});

/** A contract (an active daily wage paid by the platform unless given). */
export const agentContract = (over: Partial<TAgentContract> = {}): TAgentContract => ({
  id: 1,
  kind: 'daily',
  cycle: 'day',
  agent: 'demo',
  upline: null,
  tiers: [{ minBase: '10000.00', minActive: 5, rateBp: 45 }],
  minPayout: '0.00',
  status: 'active',
  offeredAt: '2026-12-01T03:00:00.000Z',
  decidedAt: '2026-12-01T04:00:00.000Z',
  ...over,
});

/** A bill of my income (a paid daily wage unless given). */
export const agentBill = (over: Partial<TAgentBill> = {}): TAgentBill => ({
  id: 1,
  kind: 'daily',
  contractId: 1,
  periodStart: '2026-12-05T17:00:00.000Z',
  periodEnd: '2026-12-06T17:00:00.000Z',
  agent: 'demo',
  payer: null,
  amount: '45.00',
  status: 'paid',
  calculation: {
    base: '10000.00',
    stakes: '10200.00',
    wins: '9000.00',
    activeMembers: 6,
    tier: 1,
    rateBp: 45,
    carriedIn: '0.00',
    amount: '45.00',
    carriedOut: '0.00',
  },
  paidAt: '2026-12-06T17:01:00.000Z',
  transactionId: 'T991',
  revision: 0,
  dispute: null,
  resolution: null,
  ...over,
});

/** One level of the team tree. */
export const teamMembers = (list: TTeamMembers['list'], over: Partial<TTeamMembers> = {}): TTeamMembers => ({
  path: ['demo'],
  list,
  total: list.length,
  totalPages: 1,
  ...over,
});

type TTeamDay = TTeamDays['list'][number];
/** One day of Team betting (a day of play, net = stakes - wins). */
export const teamDay = (over: Partial<TTeamDay> = {}): TTeamDay => ({
  day: '2026-11-24',
  newMembers: 3,
  activeMembers: 41,
  firstDeposits: 2,
  deposits: '12000.00',
  withdrawals: '3500.50',
  stakes: '45678.90',
  wins: '40000.00',
  net: '5678.90',
  ...over,
});

/** Team betting's answer: the days given, with totals and the rollup's time. */
export const teamDays = (list: TTeamDays['list'], over: Partial<TTeamDays> = {}): TTeamDays => ({
  list,
  totals: { deposits: '0.00', withdrawals: '0.00', stakes: '0.00', wins: '0.00', net: '0.00' },
  byGameType: [],
  asOf: '2026-11-23T19:55:00.000Z',
  ...over,
});

type TTeamProfitRow = TTeamProfit['list'][number];
/** One member of User profit and loss (profit = wins - stakes). */
export const teamProfitRow = (over: Partial<TTeamProfitRow> = {}): TTeamProfitRow => ({
  username: 'player1',
  level: 1,
  stakes: '1000.00',
  wins: '1200.00',
  profit: '200.00',
  ...over,
});

/** User profit and loss's answer: one page of members, with the whole list's totals. */
export const teamProfit = (list: TTeamProfit['list'], over: Partial<TTeamProfit> = {}): TTeamProfit => ({
  list,
  total: list.length,
  totalPages: 1,
  totals: { stakes: '0.00', wins: '0.00', profit: '0.00' },
  asOf: '2026-11-23T19:55:00.000Z',
  ...over,
});
