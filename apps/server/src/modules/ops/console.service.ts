import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '@lotus/contracts/app-error';
import { OPS_ROLE_PERMISSIONS, type TOpsRole } from '@lotus/contracts/ops-operators';
import type { TConsoleMe, TConsoleSignInStep } from '@lotus/contracts/ops-console';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Database } from '../../db/client';
import type { Tx } from '../../db/tx';
import type { OpsActor, OpsAudit, OpsAuditNote } from '../../platform/audit/ops.audit';
import type { ServerKeys } from '../../platform/keys/server-keys';
import type { PasswordHasher } from '../../lib/password-hasher';
import type { ThrottleRepository } from '../../platform/throttles/throttle.repository';
import { isLocked, OPS_SIGN_IN_POLICY, toSeconds, waitMs } from '../../platform/throttles/throttle.rules';
import type { ConsoleSessionRepository, ConsoleSessionRow } from './console.repository';
import type { OperatorRow, OpsRepository } from './ops.repository';

const MINUTE = 60_000;
/** A signed-in console ends after this long without a call (docs/adr/0043). */
export const CONSOLE_IDLE_MS = 15 * MINUTE;
/** ... and at the latest this long after sign-in. */
export const CONSOLE_ABSOLUTE_MS = 12 * 60 * MINUTE;
/** The password step is good for this long: the code (or enrolment) must follow within it. */
export const CONSOLE_SECOND_FACTOR_MS = 5 * MINUTE;
/** last_seen_at is written at most this often (every call would be a write). */
const TOUCH_EVERY_MS = 15_000;
const TOTP_PERIOD_S = 30;

const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
/** Console session tokens: "loc_" + 32 random bytes (base64url); only the SHA-256 is stored. */
const newSessionToken = () => `loc_${randomBytes(32).toString('base64url')}`;

/** Where a console call comes from (audit rows, session rows). */
export type ConsoleClient = { ip: string; userAgent: string; requestId: string };

/** The operator of a console session (what the /ops auth hook puts on the request). */
export type ConsoleOperator = {
  id: number;
  username: string;
  role: TOpsRole;
  tokenId: null;
  sessionId: number;
};

const totpFor = (secretBase32: string, username: string) =>
  new TOTP({
    issuer: 'Lotus operators',
    label: username,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_S,
    secret: Secret.fromBase32(secretBase32),
  });

type Deps = {
  database: Pick<Database, 'tx'>;
  repo: OpsRepository;
  sessions: ConsoleSessionRepository;
  audit: Pick<OpsAudit, 'append'>;
  hasher: Pick<PasswordHasher, 'hash' | 'verify' | 'verifyDummy'>;
  keys: Pick<ServerKeys, 'seal' | 'open'>;
  throttles: Pick<ThrottleRepository, 'find' | 'record' | 'clear'>;
  now: () => number;
};

/**
 * Operator console sign-in and sessions (docs/adr/0043): password (argon2id) then a TOTP code,
 * TOTP enrolment at the first sign-in (or after a credential reset), opaque session tokens in an
 * HttpOnly cookie with idle and absolute expiry, a new token at each step (rotation), sign-out,
 * password change. Failures of both steps count in one throttle per username (delays, then a lock).
 */
export function createConsoleService({ database, repo, sessions, audit, hasher, keys, throttles, now }: Deps) {
  const actorOf = (o: Pick<OperatorRow, 'id' | 'username'> | null, username: string, client: ConsoleClient): OpsActor => ({
    operatorId: o?.id ?? null,
    username: o?.username ?? username,
    ip: client.ip,
    userAgent: client.userAgent,
    requestId: client.requestId,
  });

  async function checkThrottle(username: string) {
    const state = await throttles.find('ops_login', username, '');
    const t = now();
    if (isLocked(state, OPS_SIGN_IN_POLICY, t)) {
      throw new AppError('account_locked', 423, undefined, { retryAfterSeconds: toSeconds(waitMs(state, OPS_SIGN_IN_POLICY, t)) });
    }
    const wait = waitMs(state, OPS_SIGN_IN_POLICY, t);
    if (wait > 0) throw new AppError('login_throttled', 429, undefined, { retryAfterSeconds: toSeconds(wait) });
  }

  async function recordFailure(username: string) {
    await database.tx((tx) => throttles.record('ops_login', username, '', new Date(now()), OPS_SIGN_IN_POLICY.resetAfterMs, tx));
  }

  async function issueSession(
    operatorId: number,
    stage: 'second_factor' | 'active',
    client: ConsoleClient,
    extra: { pendingTotpSecret?: string | null },
    tx: Tx,
  ): Promise<string> {
    const token = newSessionToken();
    const t = new Date(now());
    await sessions.insert(
      {
        operatorId,
        tokenHash: hashToken(token),
        stage,
        pendingTotpSecret: extra.pendingTotpSecret ?? null,
        createdAt: t,
        lastSeenAt: t,
        expiresAt: new Date(t.getTime() + (stage === 'active' ? CONSOLE_ABSOLUTE_MS : CONSOLE_SECOND_FACTOR_MS)),
        ip: client.ip.slice(0, 64),
        userAgent: client.userAgent.slice(0, 300),
      },
      tx,
    );
    return token;
  }

  /** Step 1: the password. Answers what the second step needs and a token for it (the cookie). */
  async function signIn(
    input: { username: string; password: string },
    client: ConsoleClient,
  ): Promise<{ token: string; step: TConsoleSignInStep }> {
    const username = input.username;
    await checkThrottle(username);
    const o = await repo.findByUsername(username);
    let passwordOk = false;
    if (o?.passwordHash) passwordOk = await hasher.verify(o.passwordHash, input.password);
    else await hasher.verifyDummy(input.password);
    if (!o || !passwordOk || o.status !== 'active') {
      await recordFailure(username);
      await audit.append(actorOf(o ?? null, username, client), 'console.sign_in_failed', {
        target: `operator:${username}`,
        after: { step: 'password' },
      });
      throw new AppError('ops_sign_in_failed', 401);
    }
    const enrol = !o.totpSecret || !o.totpConfirmedAt;
    let enrolment: TConsoleSignInStep['enrolment'] = null;
    let pendingTotpSecret: string | null = null;
    if (enrol) {
      const secret = new Secret({ size: 20 });
      const otpauthUri = totpFor(secret.base32, o.username).toString();
      enrolment = {
        secret: secret.base32,
        otpauthUri,
        qrDataUrl: await QRCode.toDataURL(otpauthUri, { errorCorrectionLevel: 'M', margin: 2, width: 220 }),
      };
      pendingTotpSecret = await keys.seal(secret.base32);
    }
    const token = await database.tx((tx) => issueSession(o.id, 'second_factor', client, { pendingTotpSecret }, tx));
    return { token, step: { next: enrol ? 'enrol' : 'totp', enrolment, mustChangePassword: o.passwordMustChange } };
  }

  async function liveSession(token: string | undefined, stage: ConsoleSessionRow['stage']): Promise<ConsoleSessionRow | null> {
    if (!token || token.length > 200) return null;
    const s = await sessions.findByTokenHash(hashToken(token));
    const t = now();
    if (!s || s.stage !== stage || s.revokedAt || s.expiresAt.getTime() <= t) return null;
    if (stage === 'active' && s.lastSeenAt.getTime() + CONSOLE_IDLE_MS <= t) return null;
    return s;
  }

  /** Step 2: the TOTP code (confirming the enrolment when there is one), and a new password when due. */
  async function secondFactor(
    token: string | undefined,
    input: { code: string; newPassword?: string | undefined },
    client: ConsoleClient,
  ): Promise<{ token: string }> {
    const pending = await liveSession(token, 'second_factor');
    if (!pending) throw new AppError('unauthorized', 401);
    const o = await repo.findById(pending.operatorId);
    if (!o || o.status !== 'active') throw new AppError('unauthorized', 401);
    await checkThrottle(o.username);
    if (o.passwordMustChange && !input.newPassword) throw new AppError('password_change_required', 403);
    const sealed = pending.pendingTotpSecret ?? o.totpSecret;
    if (!sealed) throw new AppError('unauthorized', 401);
    const secret = await keys.open(sealed);
    const t = now();
    const delta = totpFor(secret, o.username).validate({ token: input.code, timestamp: t, window: 1 });
    const step = delta === null ? null : Math.floor(t / 1000 / TOTP_PERIOD_S) + delta;
    // A code is accepted once: a step at or before the last accepted one is a replay.
    if (step === null || (o.totpLastStep !== null && step <= o.totpLastStep)) {
      await recordFailure(o.username);
      await audit.append(actorOf(o, o.username, client), 'console.sign_in_failed', {
        target: `operator:${o.username}`,
        after: { step: pending.pendingTotpSecret ? 'enrolment' : 'totp' },
      });
      throw new AppError('totp_invalid', 401);
    }
    const passwordHash = input.newPassword ? await hasher.hash(input.newPassword) : null;
    const at = new Date(t);
    const fresh = await database.tx(async (tx) => {
      await sessions.revoke(pending.id, at, tx);
      await repo.updateOperator(
        o.id,
        {
          totpLastStep: step,
          ...(pending.pendingTotpSecret ? { totpSecret: pending.pendingTotpSecret, totpConfirmedAt: at } : {}),
          ...(passwordHash ? { passwordHash, passwordMustChange: false } : {}),
          updatedAt: at,
        },
        tx,
      );
      await throttles.clear('ops_login', o.username, undefined, tx);
      const created = await issueSession(o.id, 'active', client, {}, tx);
      await audit.append(actorOf(o, o.username, client), 'console.sign_in', {
        target: `operator:${o.username}`,
        after: { enrolled: pending.pendingTotpSecret !== null, passwordChanged: passwordHash !== null },
      });
      return created;
    });
    return { token: fresh };
  }

  /** The operator of a live console session, or null (unknown, revoked, idle or past its end; disabled operator). */
  async function authenticate(token: string | undefined): Promise<ConsoleOperator | null> {
    const s = await liveSession(token, 'active');
    if (!s) return null;
    const o = await repo.findById(s.operatorId);
    if (!o || o.status !== 'active' || o.passwordMustChange) return null;
    const t = now();
    if (t - s.lastSeenAt.getTime() >= TOUCH_EVERY_MS) await database.tx((tx) => sessions.touch(s.id, new Date(t), tx));
    return { id: o.id, username: o.username, role: o.role as TOpsRole, tokenId: null, sessionId: s.id };
  }

  async function me(operatorId: number): Promise<TConsoleMe> {
    const o = await repo.findById(operatorId);
    if (!o) throw new AppError('unauthorized', 401);
    const role = o.role as TOpsRole;
    return {
      id: o.id,
      username: o.username,
      displayName: o.displayName,
      role,
      permissions: [...OPS_ROLE_PERMISSIONS[role]],
      idleSeconds: CONSOLE_IDLE_MS / 1000,
    };
  }

  async function signOut(caller: ConsoleOperator, note: OpsAuditNote) {
    await database.tx(async (tx) => {
      await sessions.revoke(caller.sessionId, new Date(now()), tx);
      await note({ target: `operator:${caller.username}`, after: { sessionId: caller.sessionId } });
    });
  }

  /** Changes the caller's password: every other console session ends, this one gets a new token. */
  async function changePassword(
    caller: ConsoleOperator,
    input: { currentPassword: string; newPassword: string },
    client: ConsoleClient,
    note: OpsAuditNote,
  ): Promise<{ token: string }> {
    await checkThrottle(caller.username);
    const o = await repo.findById(caller.id);
    if (!o?.passwordHash || !(await hasher.verify(o.passwordHash, input.currentPassword))) {
      await recordFailure(caller.username);
      throw new AppError('old_password_incorrect', 400);
    }
    const passwordHash = await hasher.hash(input.newPassword);
    const at = new Date(now());
    return database.tx(async (tx) => {
      await repo.updateOperator(o.id, { passwordHash, passwordMustChange: false, updatedAt: at }, tx);
      const ended = await sessions.revokeAllOf(o.id, null, at, tx);
      const token = await issueSession(o.id, 'active', client, {}, tx);
      await note({ target: `operator:${o.username}`, before: { hasPassword: true }, after: { hasPassword: true, sessionsEnded: ended } });
      return { token };
    });
  }

  /**
   * An admin resets an operator's console credentials: a one-time password (shown once), the TOTP
   * is enrolled again at the next sign-in, every console session ends.
   */
  async function resetCredentials(username: string, note: OpsAuditNote): Promise<{ username: string; temporaryPassword: string }> {
    const o = await repo.findByUsername(username);
    if (!o) throw new AppError('not_found', 404);
    const temporaryPassword = randomBytes(12).toString('base64url');
    const passwordHash = await hasher.hash(temporaryPassword);
    const at = new Date(now());
    return database.tx(async (tx) => {
      await repo.updateOperator(
        o.id,
        { passwordHash, passwordMustChange: true, totpSecret: null, totpConfirmedAt: null, totpLastStep: null, updatedAt: at },
        tx,
      );
      const ended = await sessions.revokeAllOf(o.id, null, at, tx);
      await throttles.clear('ops_login', o.username, undefined, tx);
      // Never the password itself.
      await note({
        target: `operator:${o.username}`,
        before: { hasPassword: o.passwordHash !== null, hasTotp: o.totpSecret !== null },
        after: { hasPassword: true, hasTotp: false, mustChangePassword: true, sessionsEnded: ended },
      });
      return { username: o.username, temporaryPassword };
    });
  }

  /** Ends an operator's console sessions (disabled, role changed). */
  const endSessionsOf = (operatorId: number, tx: Tx) =>
    sessions.revokeAllOf(operatorId, null, new Date(now()), tx);

  return { signIn, secondFactor, authenticate, me, signOut, changePassword, resetCredentials, endSessionsOf };
}

export type ConsoleService = ReturnType<typeof createConsoleService>;
