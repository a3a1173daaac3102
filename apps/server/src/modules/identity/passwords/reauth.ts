import { AppError } from '@lotus/contracts/app-error';
import type { TErrorCode } from '@lotus/contracts/errors';
import type { Database } from '../../../db/client';
import type { Audit, AuditClient, AuthEventName } from '../audit';
import { usernameKey } from '../identity.rules';
import type { PasswordHasher } from '../../../lib/password-hasher';
import type { SessionService } from '../sessions/session.service';
import type { ThrottleRepository } from '../../../platform/throttles/throttle.repository';
import { CURRENT_PASSWORD_POLICY, LOGIN_ACCOUNT_POLICY } from '../../../platform/throttles/throttle.rules';

type Deps = {
  database: Pick<Database, 'tx'>;
  hasher: Pick<PasswordHasher, 'verify'>;
  throttles: Pick<ThrottleRepository, 'record' | 'clear'>;
  sessions: Pick<SessionService, 'revoke'>;
  audit: Audit;
  now?: () => number;
};

/**
 * The current password as proof on a signed-in call (#12, #13: password change, payment password,
 * two-factor on/off). Wrong answers are counted per member across sessions and also as failed
 * logins of the username; the 5th within an hour (CURRENT_PASSWORD_POLICY) ends the session that
 * sent it: 401 password_attempts_exceeded, and the member logs in again.
 */
export function createPasswordConfirmation({
  database,
  hasher,
  throttles,
  sessions,
  audit,
  now = Date.now,
}: Deps) {
  return async function confirmPassword(
    member: { id: number; username: string; passwordHash: string },
    password: string,
    auth: { sessionId: string },
    client: AuditClient,
    context: { event: AuthEventName; field: string; error: TErrorCode },
  ): Promise<void> {
    if (await hasher.verify(member.passwordHash, password)) {
      await database.tx((tx) => throttles.clear('password', String(member.id), '', tx));
      return;
    }
    const at = new Date(now());
    const revoked = await database.tx(async (tx) => {
      const row = await throttles.record(
        'password',
        String(member.id),
        '',
        at,
        CURRENT_PASSWORD_POLICY.resetAfterMs,
        tx,
      );
      await throttles.record(
        'login',
        usernameKey(member.username),
        '',
        at,
        LOGIN_ACCOUNT_POLICY.resetAfterMs,
        tx,
      );
      await audit(
        context.event,
        'bad_password',
        { memberId: member.id, username: member.username },
        client,
        tx,
      );
      if (row.failures < CURRENT_PASSWORD_POLICY.revokeAt) return false;
      await sessions.revoke(auth.sessionId, member.id, 'password_attempts', tx);
      await audit(
        'session_revoke',
        `password_attempts:${row.failures}`,
        { memberId: member.id, username: member.username },
        client,
        tx,
      );
      return true;
    });
    if (revoked) throw new AppError('password_attempts_exceeded', 401);
    throw new AppError(context.error, 400, { [context.field]: context.error });
  };
}

export type ConfirmPassword = ReturnType<typeof createPasswordConfirmation>;
