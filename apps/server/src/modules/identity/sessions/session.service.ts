import { AppError } from '@lotus/contracts/app-error';
import type { Database } from '../../../db/client';
import type { Executor } from '../../../db/tx';
import { randomToken, sha256Hex } from '../../../platform/keys/secrets';
import { withTransaction } from '../../../platform/tx';
import type { SessionRepository } from './session.repository';

/**
 * Sessions (docs/sessions.md): opaque bearer tokens of 32 random bytes (base64url) carried in the
 * `Authorization` header; only their SHA-256 is stored. A session ends when revoked, when idle for
 * longer than its idle timeout, or at its absolute end. Every login creates a new one.
 */
export type SessionPolicy = {
  /** Idle timeout: a session unused for this long is over (default 2 hours). */
  idleMs: number;
  /** Absolute lifetime of a member session (default 7 days). */
  absoluteMs: number;
  /** Absolute lifetime of a trial (free play) session (default 24 hours). */
  trialAbsoluteMs: number;
};

export const DEFAULT_SESSION_POLICY: SessionPolicy = {
  idleMs: 2 * 60 * 60_000,
  absoluteMs: 7 * 24 * 60 * 60_000,
  trialAbsoluteMs: 24 * 60 * 60_000,
};

/** last_seen_at is written at most this often (one write per minute of activity, not per request). */
const TOUCH_EVERY_MS = 60_000;

export type AuthenticatedMember = {
  id: number;
  username: string;
  type: number;
  isAgent: number;
  status: string;
  sessionId: string;
  /** A restricted session (forced password change, docs/adr/0020). */
  restricted: boolean;
};

/** "Bearer <token>" or the bare token (the platform's `Authorization: <token>`). */
export function tokenFromHeader(header: string | null | undefined): string | null {
  if (!header) return null;
  const value = header.trim().replace(/^Bearer\s+/i, '');
  return /^[A-Za-z0-9_-]{20,128}$/.test(value) ? value : null;
}

type Deps = {
  repo: Pick<
    SessionRepository,
    | 'insertSession'
    | 'findSessionByTokenHash'
    | 'touchSession'
    | 'revokeSession'
    | 'revokeMemberSessions'
    | 'listLiveSessions'
    | 'liftRestriction'
  >;
  database: Pick<Database, 'tx'>;
  policy?: SessionPolicy;
  now?: () => number;
};

export function createSessionService({ database, repo, policy = DEFAULT_SESSION_POLICY, now = Date.now }: Deps) {
  async function create(
    memberId: number,
    client: { ip: string; userAgent: string },
    options: { trial?: boolean; restricted?: boolean } = {},
    tx?: Executor,
  ): Promise<{ token: string; id: string }> {
    const token = randomToken(32);
    const id = randomToken(12);
    const t = now();
    await withTransaction(database, tx, (tx) =>
      repo.insertSession(
      {
        id,
        tokenHash: sha256Hex(token),
        memberId,
        createdAt: new Date(t),
        lastSeenAt: new Date(t),
        expiresAt: new Date(t + (options.trial ? policy.trialAbsoluteMs : policy.absoluteMs)),
        idleSeconds: Math.round(policy.idleMs / 1000),
        ip: client.ip,
        userAgent: client.userAgent.slice(0, 300),
        mustChangePassword: options.restricted ?? false,
      },
      tx,
    ));
    return { token, id };
  }

  /**
   * The member behind a token. No or unknown token: 401 unauthorized; a session that was revoked,
   * went idle or reached its end: 401 session_expired; a member no longer allowed in: 401 too.
   * A restricted session (issued with forceChangePassword) answers 403 password_change_required
   * unless the call is one of the few it may make (`allowRestricted`: change password, log out).
   */
  async function authenticate(
    header: string | null | undefined,
    options: { allowRestricted?: boolean } = {},
  ): Promise<AuthenticatedMember> {
    const token = tokenFromHeader(header);
    if (!token) throw new AppError('unauthorized', 401);
    const found = await repo.findSessionByTokenHash(sha256Hex(token));
    if (!found) throw new AppError('unauthorized', 401);
    const { session, member } = found;
    const t = now();
    const idleEnds = session.lastSeenAt.getTime() + session.idleSeconds * 1000;
    if (
      session.revokedAt ||
      session.expiresAt.getTime() <= t ||
      idleEnds <= t ||
      member.status !== 'active'
    ) {
      throw new AppError('session_expired', 401);
    }
    if (session.mustChangePassword && !options.allowRestricted)
      throw new AppError('password_change_required', 403);
    if (t - session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) await database.tx((tx) => repo.touchSession(session.id, new Date(t), tx));
    return { ...member, sessionId: session.id, restricted: session.mustChangePassword };
  }

  /** The member of a token when its session is live (restricted or not), otherwise null (never throws). */
  async function peek(header: string | null | undefined): Promise<AuthenticatedMember | null> {
    try {
      return await authenticate(header, { allowRestricted: true });
    } catch {
      return null;
    }
  }

  const revoke = (sessionId: string, memberId: number, reason: string, tx?: Executor) =>
    withTransaction(database, tx, (tx) => repo.revokeSession(sessionId, memberId, reason, new Date(now()), tx));

  const revokeAll = (memberId: number, exceptId: string | null, reason: string, tx?: Executor) =>
    withTransaction(database, tx, (tx) => repo.revokeMemberSessions(memberId, exceptId, reason, new Date(now()), tx));

  const liftRestriction = (sessionId: string, tx?: Executor) =>
    withTransaction(database, tx, (tx) => repo.liftRestriction(sessionId, tx));

  /** Live sessions of a member for GET /wps/member/sessions (idle ones left out). */
  async function list(memberId: number, currentId: string) {
    const t = now();
    const rows = await repo.listLiveSessions(memberId, new Date(t));
    return rows
      .filter((s) => s.lastSeenAt.getTime() + s.idleSeconds * 1000 > t)
      .map((s) => ({
        id: s.id,
        current: s.id === currentId,
        createdAt: s.createdAt.toISOString(),
        lastSeenAt: s.lastSeenAt.toISOString(),
        ip: s.ip,
        userAgent: s.userAgent,
      }));
  }

  return { create, authenticate, peek, revoke, revokeAll, liftRestriction, list, policy };
}

export type SessionService = ReturnType<typeof createSessionService>;
