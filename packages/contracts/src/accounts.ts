// Zod-free on purpose: the web app's guards import it on the first load.
/**
 * Kinds of accounts (spec 3.MEM.02, 5.GATE.03, 6.ROLE.07-09; docs/adr/0016): the one place the server and the
 * web app read them from.
 * - `isAgent` 0 is a plain member; 1, 2, 41 and 42 are agent levels (they open the agent centre);
 * - 4, in `type` or in `isAgent`, is a trial (free play) account: it plays on trial credit only and never
 *   reaches real money or the agent centre.
 */
export const AGENT_LEVELS: readonly number[] = [1, 2, 41, 42];
export const TRIAL_ACCOUNT = 4;
/** `type` of a real account (1) and of a trial account (4). */
export const ACCOUNT_TYPE = { real: 1, trial: TRIAL_ACCOUNT } as const;

/** A trial account: `type` 4 or `isAgent` 4. */
export const isTrialAccount = (account: { type?: number | null | undefined; isAgent?: number | null | undefined }): boolean =>
  account.type === TRIAL_ACCOUNT || account.isAgent === TRIAL_ACCOUNT;

/** An agent: a real account whose `isAgent` is one of the agent levels. */
export const isAgentAccount = (account: { type?: number | null | undefined; isAgent?: number | null | undefined }): boolean =>
  !isTrialAccount(account) && account.isAgent !== null && account.isAgent !== undefined && AGENT_LEVELS.includes(account.isAgent);
