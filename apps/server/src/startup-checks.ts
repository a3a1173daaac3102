import { isProductionServer, type Env } from './env';

/**
 * Start checks: settings that are unsafe for the deployment mode stop the server before it
 * listens, with a message that says what to change. A simple list; each check returns its problem
 * or null.
 */
type StartupCheck = (env: Env) => string | null;

export const STARTUP_CHECKS: StartupCheck[] = [
  // Finding 21: the sandbox mail transport keeps reset links in the database instead of mailing them.
  (env) =>
    isProductionServer(env) && !env.SMTP_URL && !env.ALLOW_SANDBOX_TRANSPORTS
      ? 'SMTP_URL is not set: production would keep mails (password reset links) in the sandbox outbox instead of sending them. Set SMTP_URL (and SMTP_FROM), or ALLOW_SANDBOX_TRANSPORTS=1 to run with the sandbox on purpose.'
      : null,
  // Finding 21: the SMS outbox provider keeps verification codes in the database instead of sending them.
  (env) =>
    isProductionServer(env) && !env.SMS_GATEWAY_URL && !env.ALLOW_SANDBOX_TRANSPORTS
      ? 'SMS_GATEWAY_URL is not set: production would keep SMS codes in the outbox instead of sending them. Set SMS_GATEWAY_URL (and SMS_GATEWAY_KEY), or ALLOW_SANDBOX_TRANSPORTS=1 to run with the outbox on purpose.'
      : null,
];

/** Throws one readable error listing every failed check. */
export function checkStartup(env: Env): void {
  const problems = STARTUP_CHECKS.map((check) => check(env)).filter((p): p is string => p !== null);
  if (problems.length > 0) {
    throw new Error(`Refusing to start:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}
