import type { TAgentContractKind, TTeamOverview } from '@lotus/contracts/agent';

/**
 * The agent-centre menu (spec "Agent centre menu", 2.AC.01): the eight pages of the spec, then Contracts
 * (2.OTH.02), then one entry per contract kind the agent has been offered or holds (2.AC.03/04). Every entry
 * has a page key, addressed as /agentHome?page=<key>; Team overview is the default (2.AC.02).
 */
export const AGENT_CENTRE_PAGES = [
  'announcement',
  'teamOverview',
  'accountCentre',
  'teamManagement',
  'teamBetting',
  'userProfitLoss',
  'myIncome',
  'transactionDetails',
  'contracts',
  'dividend',
  'dailyWages',
  'hourlySalary',
  'realtimeSalary',
] as const;

export type TAgentCentrePage = (typeof AGENT_CENTRE_PAGES)[number];

export const DEFAULT_AGENT_CENTRE_PAGE: TAgentCentrePage = 'teamOverview';

/** The contract flags of the team overview answer (3.CON.01): 0 none, 1 an offer waits for my answer, 2 active. */
export type TContractFlags = TTeamOverview['contracts'];

/**
 * The contract entries and the flag of each (decision 2.AC.06, docs/adr/0100): an entry shows only when its own
 * flag is not 0 (3.CON.02). `divtypereq` is the dividend ("contract feature"), the three salary flags the salary
 * entries.
 */
export const CONTRACT_PAGES = {
  dividend: { kind: 'dividend', flag: 'divtypereq' },
  dailyWages: { kind: 'daily', flag: 'dailysalreqtype' },
  hourlySalary: { kind: 'hourly', flag: 'contracthoursalreq' },
  realtimeSalary: { kind: 'realtime', flag: 'realtimesalreqtype' },
} as const satisfies Partial<Record<TAgentCentrePage, { kind: TAgentContractKind; flag: keyof TContractFlags }>>;

export type TContractPage = keyof typeof CONTRACT_PAGES;

export const isContractPage = (page: TAgentCentrePage): page is TContractPage => page in CONTRACT_PAGES;

/** The pages no server call serves yet: an honest "not available yet" inside the centre (no made-up figures). */
export const UNAVAILABLE_PAGES: readonly TAgentCentrePage[] = [];

/** Whether an entry shows: every page of the spec and Contracts always; a contract entry by its flag. */
export function isPageShown(page: TAgentCentrePage, flags: TContractFlags | undefined): boolean {
  if (!isContractPage(page)) return true;
  return (flags?.[CONTRACT_PAGES[page].flag] ?? 0) !== 0;
}

/** The menu of an agent with these flags (unknown flags: no contract entries). */
export function getMenuPages(flags: TContractFlags | undefined): TAgentCentrePage[] {
  return AGENT_CENTRE_PAGES.filter((page) => isPageShown(page, flags));
}

/** The page of a ?page= value: a known key, else the default (2.AC.02). */
export function parseAgentCentrePage(value: string | null | undefined): TAgentCentrePage {
  return (AGENT_CENTRE_PAGES as readonly string[]).includes(value ?? '') ? (value as TAgentCentrePage) : DEFAULT_AGENT_CENTRE_PAGE;
}
