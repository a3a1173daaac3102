import { isProductionServer, type Env } from './env';
import { dataDirProblem } from './lib/data-dir';

/**
 * Start checks (docs/adr/0024-deployment-modes-and-demo-data.md): each answers the problem in
 * words an operator can act on, or null. server.ts runs them before it opens the database; a
 * failed check stops the start with every problem listed. Add a check here, not in server.ts.
 */
export type StartupCheck = { name: string; problem: (env: Env) => string | null };

export const STARTUP_CHECKS: StartupCheck[] = [
  {
    // Security #1: mail links come from a configured origin, never from the request's Host.
    name: 'canonical origin',
    problem: (env) =>
      isProductionServer(env) && !env.PUBLIC_URL
        ? 'PUBLIC_URL is required in production (NODE_ENV=production with DATABASE_URL): links in mails ' +
          '(password reset) are built from it and never from the request. Set e.g. PUBLIC_URL=https://www.example.com'
        : null,
  },
  {
    // Security #20: the server keys are wrapped under a key that does not live beside the data.
    name: 'master key',
    problem: (env) =>
      isProductionServer(env) && !env.LOTUS_MASTER_KEY
        ? 'LOTUS_MASTER_KEY is required in production (NODE_ENV=production with DATABASE_URL): it wraps the ' +
          'server keys. Create one with `openssl rand -base64 32` and keep it in your secret store.'
        : null,
  },
  {
    // Security #21: the sandbox mail transport keeps reset links in the database instead of mailing them.
    name: 'mail transport',
    problem: (env) =>
      isProductionServer(env) && !env.SMTP_URL && !env.ALLOW_SANDBOX_TRANSPORTS
        ? 'SMTP_URL is not set: production would keep mails (password reset links) in the sandbox outbox instead of sending them. Set SMTP_URL (and SMTP_FROM), or ALLOW_SANDBOX_TRANSPORTS=1 to run with the sandbox on purpose.'
        : null,
  },
  {
    // Security #21: the SMS outbox provider keeps verification codes in the database instead of sending them.
    name: 'SMS transport',
    problem: (env) =>
      isProductionServer(env) && !env.SMS_GATEWAY_URL && !env.ALLOW_SANDBOX_TRANSPORTS
        ? 'SMS_GATEWAY_URL is not set: production would keep SMS codes in the outbox instead of sending them. Set SMS_GATEWAY_URL (and SMS_GATEWAY_KEY), or ALLOW_SANDBOX_TRANSPORTS=1 to run with the outbox on purpose.'
        : null,
  },
  {
    // Security #8: the data folder holds the embedded database, the master key and ops.json.
    name: 'data folder permissions',
    problem: (env) => dataDirProblem(env.DATA_DIR),
  },
];

/** Throws one readable error listing every failed check. */
export function checkStartup(env: Env, checks: readonly StartupCheck[] = STARTUP_CHECKS): void {
  const problems = checks.flatMap((c) => {
    const problem = c.problem(env);
    return problem ? [`  - ${problem}`] : [];
  });
  if (problems.length > 0) {
    throw new Error(`The server cannot start:\n${problems.join('\n')}`);
  }
}
