/**
 * The member-centre menu (2.MC.01-15): every entry has a page key; `securityCenter` (My account) is
 * the default page (2.MC.02). Decision 2.MC.17: the Messages badge counts member info's
 * unreadMessage, Rewards its availablePromoCount; Missions has no count until the missions issue.
 * Decision 5.GATE.05 (in part): the money pages are real-money actions (trial accounts refused).
 */
export const MEMBER_CENTRE_PAGES = [
  'securityCenter',
  'transferFund',
  'depositv2',
  'withdraw',
  'transferUpline',
  'personalHistoryCopy',
  'transactionHistory',
  'personalProfit',
  'bonusDetails',
  'rewardCenter',
  'referral',
  'missionLeaderboard',
  'messageV2',
] as const;

export type TMemberCentrePage = (typeof MEMBER_CENTRE_PAGES)[number];

export const DEFAULT_MEMBER_CENTRE_PAGE: TMemberCentrePage = 'securityCenter';

/** Entries for agents only (docs/adr/0030: share profit is an agent's action); hidden from members. */
export const AGENT_ONLY_PAGES: readonly TMemberCentrePage[] = ['transferUpline'];

/** The menu a member sees: agent-only entries only for agents (issue 11). */
export function getMenuPages(agent: boolean): TMemberCentrePage[] {
  return MEMBER_CENTRE_PAGES.filter((key) => agent || !AGENT_ONLY_PAGES.includes(key));
}

export const REAL_MONEY_PAGES: readonly TMemberCentrePage[] = ['transferFund', 'depositv2', 'withdraw', 'transferUpline'];

export type TBadgeCounts = { unreadMessage: number; availablePromoCount: number; missions: number };

/** The badge count of an entry, or 0 for entries without one. */
export function getBadgeCount(page: TMemberCentrePage, counts: TBadgeCounts): number {
  switch (page) {
    case 'messageV2':
      return counts.unreadMessage;
    case 'rewardCenter':
      return counts.availablePromoCount;
    case 'missionLeaderboard':
      return counts.missions;
    default:
      return 0;
  }
}

/** The page of a ?page= value: a known key, else the default (2.MC.02). */
export function parseMemberCentrePage(value: string | null | undefined): TMemberCentrePage {
  return (MEMBER_CENTRE_PAGES as readonly string[]).includes(value ?? '') ? (value as TMemberCentrePage) : DEFAULT_MEMBER_CENTRE_PAGE;
}
