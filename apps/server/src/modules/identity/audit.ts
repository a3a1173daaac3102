import type { Database } from '../../db/client';
import type { Executor } from '../../db/tx';
import { withTransaction } from '../../platform/tx';
import type { SessionRepository } from './sessions/session.repository';

/** Events written to auth_events (the audit trail of accounts and access). */
export type AuthEventName =
  | 'login'
  | 'login_2fa'
  | 'logout'
  | 'lockout'
  | 'unlock'
  | 'register'
  | 'freeplay'
  | 'password_change'
  | 'password_reset_request'
  | 'password_reset'
  | 'payment_password_change'
  | 'real_name_set'
  | 'payment_password_check'
  | 'withdrawal_2fa'
  | '2fa_enable'
  | '2fa_disable'
  | 'session_revoke';

export type AuditClient = { ip: string; userAgent: string };
export type Audit = (
  event: AuthEventName,
  outcome: string,
  who: { memberId?: number | null; username?: string | null },
  client: AuditClient,
  tx?: Executor,
) => Promise<void>;

export function createAudit(
  database: Pick<Database, 'tx'>,
  repo: Pick<SessionRepository, 'insertAuthEvent'>,
  now: () => number = Date.now,
): Audit {
  // Written in the caller's transaction when it has one (the event commits with the change).
  return (event, outcome, who, client, tx) =>
    withTransaction(database, tx, (tx) =>
      repo.insertAuthEvent(
      {
        event,
        outcome: outcome.slice(0, 60),
        memberId: who.memberId ?? null,
        username: who.username?.slice(0, 60) ?? null,
        ip: client.ip,
        userAgent: client.userAgent.slice(0, 300),
        createdAt: new Date(now()),
      },
      tx,
    ));
}
