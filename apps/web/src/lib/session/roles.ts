import { AGENT_LEVELS, isTrialAccount as isTrialKind, TRIAL_ACCOUNT } from '@lotus/contracts/accounts';
import type { TMemberInfo } from '@lotus/contracts/auth';

/**
 * Roles and permissions (spec 6), as pure rules the guards and tests share.
 *
 * Decisions 6.ROLE.07/08: the kinds of accounts are the server's (contracts/accounts.ts): isAgent 0 is a
 * plain member; 1, 2, 41 and 42 are agent levels that open the agent centre; 4 is a trial (free play)
 * account, never an agent level. `type` 4 also marks a trial account (3.MEM.02).
 */
export { AGENT_LEVELS };
export const TRIAL_LEVEL = TRIAL_ACCOUNT;

export type TRoleSubject = {
  token: string | null;
  isAgent: number | null;
  member: Pick<TMemberInfo, 'type' | 'isAgent'> | null;
};

/** 6.ROLE.01/03: a member holds a session token; a visitor does not. */
export const isMember = (s: Pick<TRoleSubject, 'token'>) => s.token !== null;

/** 6.ROLE.09: isAgent 4 or type 4 is a non-real (trial) account. */
export function isTrialAccount(s: Pick<TRoleSubject, 'isAgent' | 'member'>): boolean {
  return isTrialKind({ type: s.member?.type, isAgent: s.member?.isAgent ?? s.isAgent });
}

/** 6.ROLE.04: the member-centre panel needs a token and isAgent not equal to 4. */
export function canOpenMemberCentre(s: TRoleSubject): boolean {
  const isAgent = s.member?.isAgent ?? s.isAgent;
  return isMember(s) && isAgent !== TRIAL_LEVEL;
}

/** 6.ROLE.05/06: the agent-centre panel opens for isAgent 1, 2, 41 and 42 only. */
export function canOpenAgentCentre(s: TRoleSubject): boolean {
  const isAgent = s.member?.isAgent ?? s.isAgent;
  return isMember(s) && isAgent !== null && AGENT_LEVELS.includes(isAgent);
}
