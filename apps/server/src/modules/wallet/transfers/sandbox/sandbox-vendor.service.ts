import { formatMinor, parseMinor } from '@lotus/contracts/money';
import type { Database } from '../../../../db/client';
import type { SandboxVendorRepository } from './sandbox-vendor.repository';

/**
 * The sandbox transfer vendor (docs/adr/0029-transfer-mode-vendors.md): the vendor side of
 * docs/vendor-protocol.md (section 9), served by the platform under /sandbox/transfer-vendor/ in the embedded
 * demo or with ALLOW_SANDBOX_PSP=1. It keeps its own player balances and transfers by ref, and can
 * be told to misbehave for refs or players (tests drive the timeout and refusal paths with it).
 */
export const SANDBOX_VENDOR_CODE = 'SBX';
export const SANDBOX_VENDOR_NAME = 'Sandbox Casino';
/** The sandbox vendor's API under this server's base URL. */
export const SANDBOX_VENDOR_PATH = '/sandbox/transfer-vendor';

export type SandboxBehaviour =
  /** Refuse deposits and withdrawals (ERROR PLAYER_BLOCKED; the ref is recorded as failed). */
  | 'refuse'
  /** Hang past the caller's timeout without applying anything (the ref stays unknown here). */
  | 'timeout'
  /** Apply the transfer, then hang past the caller's timeout (the answer is lost). */
  | 'timeout_after_apply'
  /** Answer status checks with HTTP 503 (the caller cannot tell yet). */
  | 'status_unavailable';

export type SandboxRule = { refPrefix?: string; playerId?: string; behaviour: SandboxBehaviour };

type Body = Record<string, unknown>;
type Answer = { code: number; body: Body; hangMs?: number };

export function createSandboxVendorService(deps: {
  database: Pick<Database, 'tx'>;
  repo: SandboxVendorRepository;
  vendor: string;
  /** How long a "timeout" hangs before answering (longer than the platform's vendor timeout). */
  hangMs: number;
  now: () => number;
}) {
  const { database, repo, vendor } = deps;
  let rules: SandboxRule[] = [];
  const at = () => new Date(deps.now());

  const behaviourFor = (ref: string | null, playerId: string | null): SandboxBehaviour | null =>
    rules.find(
      (r) =>
        (r.refPrefix === undefined || (ref !== null && ref.startsWith(r.refPrefix))) &&
        (r.playerId === undefined || r.playerId === playerId),
    )?.behaviour ?? null;

  const text = (v: unknown, max: number) =>
    typeof v === 'string' && v.length > 0 && v.length <= max ? v : null;
  const invalid: Answer = { code: 200, body: { status: 'ERROR', code: 'INVALID_REQUEST' } };

  /** A deposit or withdrawal by ref: applied once; the same ref again answers what happened the first time. */
  async function move(kind: 'deposit' | 'withdraw', body: Body): Promise<Answer> {
    const ref = text(body.ref, 64);
    const playerId = text(body.playerId, 64);
    const amount =
      typeof body.amount === 'string' && /^\d{1,13}\.\d{2}$/.test(body.amount)
        ? parseMinor(body.amount)
        : null;
    if (!ref || !playerId || amount === null || amount <= 0n) return invalid;
    const behaviour = behaviourFor(ref, playerId);
    if (behaviour === 'timeout')
      return { code: 200, body: { status: 'ERROR', code: 'TIMEOUT' }, hangMs: deps.hangMs };
    const answer = await database.tx(async (tx): Promise<Answer> => {
      const balance = await repo.lockPlayer(vendor, playerId, at(), tx);
      const seen = await repo.getTransfer(vendor, ref, tx);
      if (seen) {
        if (seen.kind !== kind || seen.amount !== amount || seen.playerId !== playerId) {
          return { code: 200, body: { status: 'ERROR', code: 'DUPLICATE_REF_CONFLICT' } };
        }
        return seen.status === 'done'
          ? { code: 200, body: { status: 'OK', ref, balance: formatMinor(seen.balanceAfter) } }
          : { code: 200, body: { status: 'ERROR', code: 'PLAYER_BLOCKED' } };
      }
      const refuse =
        behaviour === 'refuse'
          ? 'PLAYER_BLOCKED'
          : kind === 'withdraw' && balance < amount
            ? 'INSUFFICIENT_FUNDS'
            : null;
      if (refuse) {
        await repo.insertTransfer(
          { vendor, ref, playerId, kind, amount, status: 'failed', balanceAfter: balance, createdAt: at() },
          tx,
        );
        return { code: 200, body: { status: 'ERROR', code: refuse } };
      }
      const after = await repo.addBalance(vendor, playerId, kind === 'deposit' ? amount : -amount, at(), tx);
      await repo.insertTransfer(
        { vendor, ref, playerId, kind, amount, status: 'done', balanceAfter: after, createdAt: at() },
        tx,
      );
      return { code: 200, body: { status: 'OK', ref, balance: formatMinor(after) } };
    });
    return behaviour === 'timeout_after_apply' ? { ...answer, hangMs: deps.hangMs } : answer;
  }

  /** What became of a ref. A ref never seen is closed here as failed, so a late request can never apply it. */
  async function status(body: Body): Promise<Answer> {
    const ref = text(body.ref, 64);
    if (!ref) return invalid;
    if (behaviourFor(ref, null) === 'status_unavailable')
      return { code: 503, body: { status: 'ERROR', code: 'UNAVAILABLE' } };
    return database.tx(async (tx): Promise<Answer> => {
      const seen = await repo.getTransfer(vendor, ref, tx);
      if (seen) {
        return {
          code: 200,
          body: {
            status: 'OK',
            ref,
            state: seen.status === 'done' ? 'DONE' : 'FAILED',
            balance: formatMinor(seen.balanceAfter),
          },
        };
      }
      await repo.insertTransfer(
        {
          vendor,
          ref,
          playerId: '-',
          kind: 'none',
          amount: 0n,
          status: 'failed',
          balanceAfter: 0n,
          createdAt: at(),
        },
        tx,
      );
      return { code: 200, body: { status: 'OK', ref, state: 'NOT_FOUND' } };
    });
  }

  async function balance(body: Body): Promise<Answer> {
    const playerId = text(body.playerId, 64);
    if (!playerId) return invalid;
    return {
      code: 200,
      body: { status: 'OK', playerId, balance: formatMinor(await repo.balance(vendor, playerId)) },
    };
  }

  return {
    move,
    status,
    balance,
    /** Misbehaviours, first match wins (tests, demo). */
    setRules: (next: SandboxRule[]) => void (rules = [...next]),
    /** Play at the sandbox vendor: a win (positive) or a loss (negative) changes the player's balance. */
    async play(playerId: string, delta: bigint) {
      return database.tx(async (tx) => {
        const balance = await repo.lockPlayer(vendor, playerId, at(), tx);
        if (balance + delta < 0n) throw new Error('the sandbox balance cannot go below zero');
        return repo.addBalance(vendor, playerId, delta, at(), tx);
      });
    },
  };
}

export type SandboxVendorService = ReturnType<typeof createSandboxVendorService>;
