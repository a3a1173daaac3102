import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '@lotus/contracts/app-error';
import {
  OPS_TOKEN_DEFAULT_DAYS,
  type TOpsOperatorRow,
  type TOpsRole,
  type TOpsTokenCreated,
} from '@lotus/contracts/ops-operators';
import { Secret, TOTP } from 'otpauth';
import type { z } from 'zod';
import type { ZOpsTokenRow } from '@lotus/contracts/ops-operators';
import type { Database } from '../../db/client';
import type { Tx } from '../../db/tx';
import type { PasswordHasher } from '../../lib/password-hasher';
import type { ServerKeys } from '../../platform/keys/server-keys';
import type { AuthenticatedOperator, OpsActor, OpsAudit, OpsAuditNote } from '../../platform/audit/ops.audit';
import type { OperatorRow, OpsRepository } from './ops.repository';

export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
/** A new operator API token: "lop_" + 32 random bytes, base64url (the prefix helps secret scanners). */
export const newToken = () => `lop_${randomBytes(32).toString('base64url')}`;

/** The operator an API token belongs to (what the /ops auth hook puts on the request). */
export type { AuthenticatedOperator };

/** Rows the server writes on its own (bootstrap at start, test set-up). */
export const SYSTEM_ACTOR: OpsActor = {
  operatorId: null,
  username: 'system',
  ip: 'local',
  userAgent: 'lotus server',
  requestId: 'start',
};

const DAY = 86_400_000;

type Deps = {
  database: Pick<Database, 'tx'>;
  repo: OpsRepository;
  audit: Pick<OpsAudit, 'audited'>;
  hasher: Pick<PasswordHasher, 'hash'>;
  keys: Pick<ServerKeys, 'seal'>;
  now?: () => number;
};

/** Operator identities and their API tokens (docs/adr/0019). */
export function createOperatorsService({ database, repo, audit, hasher, keys, now = Date.now }: Deps) {
  const publicRow = (o: OperatorRow, activeTokens: number): TOpsOperatorRow => ({
    id: o.id,
    username: o.username,
    displayName: o.displayName,
    role: o.role as TOpsRole,
    status: o.status as 'active' | 'disabled',
    hasPassword: o.passwordHash !== null,
    hasTotp: o.totpSecret !== null,
    activeTokens,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  });

  async function findOrFail(username: string, tx?: Tx): Promise<OperatorRow> {
    const o = await repo.findByUsername(username, tx);
    if (!o) throw new AppError('not_found', 404);
    return o;
  }

  /**
   * The operator a bearer token belongs to, or null: unknown, revoked or expired token, or a
   * disabled operator. Records the use (last used, at most once a minute).
   */
  async function authenticate(token: string | undefined | null): Promise<AuthenticatedOperator | null> {
    if (!token || token.length > 200) return null;
    const found = await repo.findToken(hashToken(token));
    if (!found) return null;
    const at = new Date(now());
    if (found.token.revokedAt || found.token.expiresAt <= at || found.operator.status !== 'active') return null;
    await database.tx((tx) => repo.touchToken(found.token.id, at, tx));
    return {
      id: found.operator.id,
      username: found.operator.username,
      role: found.operator.role as TOpsRole,
      tokenId: found.token.id,
    };
  }

  async function listOperators(): Promise<TOpsOperatorRow[]> {
    const rows = await repo.listOperators(new Date(now()));
    return rows.map((r) => publicRow(r.operator, Number(r.activeTokens)));
  }

  async function addOperator(
    input: { username: string; displayName?: string | undefined; role: TOpsRole },
    note: OpsAuditNote,
  ): Promise<TOpsOperatorRow> {
    return database.tx(async (tx) => {
      const created = await repo.insertOperator(
        { username: input.username, displayName: input.displayName ?? input.username, role: input.role, status: 'active' },
        tx,
      );
      if (!created) throw new AppError('operator_exists', 409);
      const row = publicRow(created, 0);
      await note({ target: `operator:${created.username}`, before: null, after: row });
      return row;
    });
  }

  async function setStatus(username: string, status: 'active' | 'disabled', note: OpsAuditNote): Promise<TOpsOperatorRow> {
    return database.tx(async (tx) => {
      const o = await findOrFail(username, tx);
      await repo.lockOperator(o.id, tx);
      if (status === 'disabled' && o.role === 'admin' && o.status === 'active' && (await repo.countActiveAdmins(tx)) <= 1) {
        throw new AppError('operator_last_admin', 409);
      }
      const updated = await repo.updateOperator(o.id, { status, updatedAt: new Date(now()) }, tx);
      await note({ target: `operator:${o.username}`, before: { status: o.status }, after: { status } });
      return publicRow(updated!, 0);
    });
  }

  /**
   * Changes an operator's role (applied by an approved four-eyes request, docs/adr/0044): the last
   * active admin keeps the role; the operator's console sessions end (the new role applies at the
   * next sign-in).
   */
  async function setRole(username: string, role: TOpsRole, note: OpsAuditNote, endSessions?: (operatorId: number, tx: Tx) => Promise<number>): Promise<TOpsOperatorRow> {
    return database.tx(async (tx) => {
      const o = await findOrFail(username, tx);
      await repo.lockOperator(o.id, tx);
      if (o.role === 'admin' && role !== 'admin' && o.status === 'active' && (await repo.countActiveAdmins(tx)) <= 1) {
        throw new AppError('operator_last_admin', 409);
      }
      const updated = await repo.updateOperator(o.id, { role, updatedAt: new Date(now()) }, tx);
      const ended = endSessions ? await endSessions(o.id, tx) : 0;
      await note({ target: `operator:${o.username}`, before: { role: o.role }, after: { role, sessionsEnded: ended } });
      return publicRow(updated!, 0);
    });
  }

  async function issueToken(
    username: string,
    options: { days?: number; name?: string },
    note: OpsAuditNote,
  ): Promise<TOpsTokenCreated> {
    return database.tx(async (tx) => {
      const o = await findOrFail(username, tx);
      const token = newToken();
      const days = options.days ?? OPS_TOKEN_DEFAULT_DAYS;
      const row = await repo.insertToken(
        {
          operatorId: o.id,
          name: options.name ?? 'cli',
          tokenHash: hashToken(token),
          createdAt: new Date(now()),
          expiresAt: new Date(now() + days * DAY),
        },
        tx,
      );
      const result = { id: row.id, username: o.username, name: row.name, token, expiresAt: row.expiresAt.toISOString() };
      // The token itself is never written to the audit log: only its id, name and expiry.
      await note({ target: `operator:${o.username}`, before: null, after: { tokenId: row.id, name: row.name, expiresAt: result.expiresAt } });
      return result;
    });
  }

  async function revokeToken(id: number, note: OpsAuditNote): Promise<{ id: number; revoked: boolean }> {
    return database.tx(async (tx) => {
      const t = await repo.findTokenById(id, tx);
      if (!t) throw new AppError('not_found', 404);
      const revoked = await repo.revokeToken(id, new Date(now()), tx);
      await note({
        target: `token:${id}`,
        before: { revokedAt: t.revokedAt?.toISOString() ?? null },
        after: { revokedAt: revoked ? new Date(now()).toISOString() : (t.revokedAt?.toISOString() ?? null) },
      });
      return { id, revoked };
    });
  }

  /** Replaces the caller's own token: a new one with the same name and lifetime rules; the old one is revoked. */
  async function rotateToken(
    caller: { id: number; tokenId: number },
    options: { days?: number },
    note: OpsAuditNote,
  ): Promise<TOpsTokenCreated> {
    return database.tx(async (tx) => {
      const o = await repo.findById(caller.id, tx);
      const old = await repo.findTokenById(caller.tokenId, tx);
      if (!o || !old) throw new AppError('unauthorized', 401);
      await repo.revokeToken(old.id, new Date(now()), tx);
      return issueToken(o.username, { ...options, name: old.name }, (e) =>
        note({ target: e.target, before: { tokenId: old.id }, after: e.after }),
      );
    });
  }

  async function listTokens(): Promise<z.infer<typeof ZOpsTokenRow>[]> {
    const rows = await repo.listTokens();
    return rows.map(({ token: t, username }) => ({
      id: t.id,
      username,
      name: t.name,
      createdAt: t.createdAt.toISOString(),
      expiresAt: t.expiresAt.toISOString(),
      lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
      revokedAt: t.revokedAt?.toISOString() ?? null,
    }));
  }

  /** Sets an operator's console password (argon2id, the members' hasher). */
  async function setPassword(username: string, password: string, note: OpsAuditNote): Promise<void> {
    if (password.length < 12 || password.length > 128) throw new AppError('invalid_password_format', 400);
    const o = await findOrFail(username);
    const passwordHash = await hasher.hash(password);
    await database.tx((tx) => repo.updateOperator(o.id, { passwordHash, updatedAt: new Date(now()) }, tx));
    await note({ target: `operator:${o.username}`, before: { hasPassword: o.passwordHash !== null }, after: { hasPassword: true } });
  }

  /**
   * Starts TOTP enrolment for the console to come: a new secret, stored sealed with the server
   * secret; returns the otpauth URI once (for the authenticator app).
   */
  async function enrolTotp(username: string, note: OpsAuditNote): Promise<{ otpauthUri: string }> {
    const o = await findOrFail(username);
    const secret = new Secret({ size: 20 });
    const totp = new TOTP({ issuer: 'Lotus operators', label: o.username, algorithm: 'SHA1', digits: 6, period: 30, secret });
    const totpSecret = await keys.seal(secret.base32);
    await database.tx((tx) => repo.updateOperator(o.id, { totpSecret, updatedAt: new Date(now()) }, tx));
    await note({ target: `operator:${o.username}`, before: { hasTotp: o.totpSecret !== null }, after: { hasTotp: true } });
    return { otpauthUri: totp.toString() };
  }

  /**
   * An operator with a fresh API token, written to the audit log as the system (bootstrap at start,
   * test set-up). Reuses an existing operator of that username.
   */
  async function createOperator(
    username: string,
    options: { role?: TOpsRole; days?: number } = {},
  ): Promise<{ id: number; token: string; tokenId: number; expiresAt: string }> {
    const role = options.role ?? 'admin';
    const existing = await repo.findByUsername(username);
    if (!existing) await audit.audited(SYSTEM_ACTOR, 'operator.create', (note) => addOperator({ username, role }, note));
    const created = await audit.audited(SYSTEM_ACTOR, 'operator.token.create', (note) =>
      issueToken(username, { days: options.days ?? OPS_TOKEN_DEFAULT_DAYS, name: 'bootstrap' }, note),
    );
    const o = await findOrFail(username);
    return { id: o.id, token: created.token, tokenId: created.id, expiresAt: created.expiresAt };
  }

  const countOperators = () => repo.countOperators();

  /**
   * The single-operator bootstrap (docs/adr/0080): no admin but `requesterId` can act (a console
   * password or a live API token), so nobody could approve a request. It ends as soon as a second
   * admin can act.
   */
  const inBootstrap = async (requesterId: number) => Number(await repo.countOtherAdminsWhoCanAct(requesterId, new Date(now()))) === 0;

  /** Refuses a request that could never be applied: the operator must exist, or must not. */
  async function assertExists(username: string, expected: boolean) {
    const found = await repo.findByUsername(username);
    if (expected && !found) throw new AppError('not_found', 404);
    if (!expected && found) throw new AppError('operator_exists', 409);
  }

  return {
    authenticate,
    listOperators,
    addOperator,
    setStatus,
    setRole,
    issueToken,
    revokeToken,
    rotateToken,
    listTokens,
    setPassword,
    enrolTotp,
    createOperator,
    countOperators,
    inBootstrap,
    assertExists,
  };
}

export type OperatorsService = ReturnType<typeof createOperatorsService>;
