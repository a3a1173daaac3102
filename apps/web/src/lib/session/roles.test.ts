import { describe, expect, it } from 'vitest';
import { canOpenAgentCentre, canOpenMemberCentre, isMember, isTrialAccount } from './roles';

const subject = (token: string | null, isAgent: number | null, type = 1) => ({
  token,
  isAgent,
  member: isAgent === null ? null : { isAgent, type },
});

describe('roles (6.ROLE)', () => {
  it('6.ROLE.01/03 a member holds a token, a visitor does not', () => {
    expect(isMember({ token: null })).toBe(false);
    expect(isMember({ token: 't' })).toBe(true);
  });

  it('6.ROLE.04 the member centre needs a token and isAgent not 4', () => {
    expect(canOpenMemberCentre(subject(null, null))).toBe(false);
    expect(canOpenMemberCentre(subject('t', 0))).toBe(true);
    expect(canOpenMemberCentre(subject('t', 1))).toBe(true);
    expect(canOpenMemberCentre(subject('t', 4))).toBe(false);
    // Before member info loads, the stored isAgent decides.
    expect(canOpenMemberCentre({ token: 't', isAgent: 4, member: null })).toBe(false);
  });

  it.each([1, 2, 41, 42])('6.ROLE.05 isAgent %i opens the agent centre', (level) => {
    expect(canOpenAgentCentre(subject('t', level))).toBe(true);
  });

  it.each([0, 3, 4, 5, 40, 43])('6.ROLE.06/08 isAgent %i does not open the agent centre', (level) => {
    expect(canOpenAgentCentre(subject('t', level))).toBe(false);
  });

  it('6.ROLE.06 a visitor never opens the agent centre', () => {
    expect(canOpenAgentCentre({ token: null, isAgent: 1, member: null })).toBe(false);
  });

  it('6.ROLE.09 3.MEM.02 isAgent 4 or type 4 is a trial account', () => {
    expect(isTrialAccount(subject('t', 4, 4))).toBe(true);
    expect(isTrialAccount(subject('t', 0, 4))).toBe(true);
    expect(isTrialAccount(subject('t', 4, 1))).toBe(true);
    expect(isTrialAccount(subject('t', 0, 1))).toBe(false);
  });
});
