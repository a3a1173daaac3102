/**
 * Failure throttles (docs/adr/0020): pure rules over a failure count, unit-tested beside this file.
 * A count restarts after a quiet period with no failure (`resetAfterMs`); the first `freeFailures`
 * cost nothing, then each further attempt waits `baseDelayMs * 2^(failures - freeFailures)`, at most
 * `maxDelayMs`; from `lockAt` failures every attempt waits `lockMs` after the last failure.
 */
export type ThrottlePolicy = {
  resetAfterMs: number;
  freeFailures: number;
  baseDelayMs: number;
  maxDelayMs: number;
  lockAt?: number;
  lockMs?: number;
};

export type ThrottleState = { failures: number; lastFailureAt: Date } | null;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Password logins for one username from one address (#10): delays, never a lock. */
export const LOGIN_SOURCE_POLICY: ThrottlePolicy = {
  resetAfterMs: HOUR,
  freeFailures: 3,
  baseDelayMs: 30_000,
  maxDelayMs: 15 * MINUTE,
};
/** Password logins for one username from anywhere (#10): drives the captcha for every source and the owner's alert. */
export const LOGIN_ACCOUNT_POLICY: ThrottlePolicy = {
  resetAfterMs: HOUR,
  freeFailures: Number.MAX_SAFE_INTEGER,
  baseDelayMs: 0,
  maxDelayMs: 0,
};
/** From this many failures for a username (any source), every source needs a captcha. */
export const ACCOUNT_CAPTCHA_AT = 10;
/** From this many failures for a username (any source), the owner is told (at most once a day). */
export const ACCOUNT_NOTIFY_AT = 5;

/** Second-factor codes of one member, across login tickets (#3): delays, then a lock. */
export const SECOND_FACTOR_POLICY: ThrottlePolicy = {
  resetAfterMs: 24 * HOUR,
  freeFailures: 3,
  baseDelayMs: 15_000,
  maxDelayMs: 5 * MINUTE,
  lockAt: 10,
  lockMs: HOUR,
};

/**
 * Payment (withdrawal) passwords of one member (docs/adr/0028): like the second factor, growing
 * waits after 3 free failures, then a lock of an hour from the 5th failure within a day.
 */
export const PAYMENT_PASSWORD_POLICY: ThrottlePolicy = {
  resetAfterMs: 24 * HOUR,
  freeFailures: 3,
  baseDelayMs: 15_000,
  maxDelayMs: 5 * MINUTE,
  lockAt: 5,
  lockMs: HOUR,
};

/** Wrong current passwords of one member on signed-in calls (#12, #13): the session ends at `revokeAt`. */
export const CURRENT_PASSWORD_POLICY = { resetAfterMs: HOUR, revokeAt: 5 } as const;

/** Wrong slider answers from one address (#15): delays, and a captcha with every answer from `captchaAt`. */
export const SLIDER_POLICY: ThrottlePolicy & { captchaAt: number } = {
  resetAfterMs: HOUR,
  freeFailures: 3,
  baseDelayMs: 5_000,
  maxDelayMs: 5 * MINUTE,
  captchaAt: 5,
};

/** How often the owner is told about the same kind of trouble at most. */
export const NOTIFY_EVERY_MS = 24 * HOUR;

/** The failures that still count at `now` (0 after the quiet period). */
export function liveFailures(
  state: ThrottleState,
  policy: Pick<ThrottlePolicy, 'resetAfterMs'>,
  now: number,
): number {
  if (!state) return 0;
  return state.lastFailureAt.getTime() + policy.resetAfterMs > now ? state.failures : 0;
}

/** The wait after `failures` failures (from the last one). */
export function delayAfter(failures: number, policy: ThrottlePolicy): number {
  if (policy.lockAt !== undefined && failures >= policy.lockAt) return policy.lockMs ?? 0;
  if (failures < policy.freeFailures) return 0;
  const exponent = Math.min(failures - policy.freeFailures, 30);
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** exponent);
}

/** Milliseconds until the next attempt is allowed (0: now). */
export function waitMs(state: ThrottleState, policy: ThrottlePolicy, now: number): number {
  const failures = liveFailures(state, policy, now);
  if (!state || failures === 0) return 0;
  return Math.max(0, state.lastFailureAt.getTime() + delayAfter(failures, policy) - now);
}

/** Whether the subject is locked (not merely delayed) at `now`. */
export function isLocked(state: ThrottleState, policy: ThrottlePolicy, now: number): boolean {
  return (
    policy.lockAt !== undefined &&
    liveFailures(state, policy, now) >= policy.lockAt &&
    waitMs(state, policy, now) > 0
  );
}

export const toSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * Operator console sign-ins of one username (docs/adr/0043): wrong passwords and wrong TOTP codes
 * count together; delays after 3 free failures, then a lock of an hour from the 10th within the
 * hour (an operator account is worth more than a member's, so it locks where a member's login
 * only slows down).
 */
export const OPS_SIGN_IN_POLICY: ThrottlePolicy = {
  resetAfterMs: HOUR,
  freeFailures: 3,
  baseDelayMs: 15_000,
  maxDelayMs: 5 * MINUTE,
  lockAt: 10,
  lockMs: HOUR,
};
