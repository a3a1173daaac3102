/** Account type 4 (or agent flag 4) is a trial account (spec 5.GATE.03): it plays on trial credit only. */
const TRIAL = 4;

export const isTrialMember = (member: { type: number; isAgent: number }) =>
  member.type === TRIAL || member.isAgent === TRIAL;
