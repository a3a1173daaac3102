import type { Executor } from '../../db/tx';

/**
 * What other modules may ask of the wallet (docs/adr/0026-ledger-and-wallet.md). The wallet module is
 * the only writer of the ledger; every movement goes through `post` or `gameOperation`.
 */

/** Who caused a movement (recorded on the ledger transaction). */
export type Actor =
  | { kind: 'member'; id: number }
  | { kind: 'vendor'; id: string }
  | { kind: 'operator'; id: string; reason: string }
  | { kind: 'system'; id: string };

/** An account of the ledger, by code: made by packages/ledger `accounts` (docs/ledger.md lists the forms). */
export type { AccountCode } from '@lotus/ledger/accounts';
import type { AccountCode } from '@lotus/ledger/accounts';

export type Posting = {
  /** Operation type: the idempotency scope (`deposit`, `withdrawal_hold`, `transfer`, ...). */
  op: string;
  /** Idempotency key within `op` (a deposit id, a withdrawal id, a client request id...). */
  key: string;
  /** The operation's input, canonicalised and hashed by the wallet: same key + other input = conflict. */
  input: Record<string, string | number | bigint | boolean | null>;
  actor: Actor;
  /** Entries: non-zero minor units per account, summing to zero; member accounts never go below zero. */
  entries: { account: AccountCode; amount: bigint }[];
  /** Groups movements of one thing (a withdrawal id, a game round) for lookups and the account record. */
  groupKey?: string;
  /** A short description shown in the account record (e.g. the channel name), at most 120 characters. */
  memo?: string;
  /** What the movement does to the wagering outstanding (docs/adr/0070-wagering-outstanding.md); none if absent. */
  wagering?: PostingWagering;
};

/**
 * The wagering outstanding a member must stake before a withdrawal, kept by the ledger beside the balance
 * (docs/adr/0070-wagering-outstanding.md). Stakes reduce it on their own (the game operations).
 */
export type PostingWagering = {
  /**
   * A credit that needs turnover (a deposit, a share received, a bonus): each credited member account must
   * stake this multiple of its credit (at most two decimals; rounded up to the minor unit).
   */
  creditMultiple?: number;
  /** The one debited member account's outstanding moves with the money, pro rata, to the one credited. */
  carry?: boolean;
  /**
   * A withdrawal: refused with `withdrawal_turnover_not_met` (the outstanding amount in the error's details)
   * while the debited member account has any outstanding, checked under the posting's own lock.
   */
  requireClear?: boolean;
};

export type PostResult = {
  /** `created`: applied now; `replayed`: the same (op, key, input) was applied before; nothing changed. */
  outcome: 'created' | 'replayed';
  /** Ledger transaction id (the platform transaction id). */
  transactionId: string;
  /** Balance after the movement of every member account it touched (current balance on a replay). */
  balances: Record<AccountCode, bigint>;
};

/**
 * Errors `post` throws as AppError with these catalogue keys (nothing written):
 * - `insufficient_funds`: a member account would go below zero;
 * - `idempotency_conflict`: (op, key) was applied with another input;
 * - `invalid_posting`: entries do not balance, zero amount, mixed classes or currencies.
 */
export type WalletPost = (posting: Posting, tx?: Executor) => Promise<PostResult>;

/** Vendor protocol v1 operations (docs/vendor-protocol.md); amounts in minor units. */
export type GameOperation =
  | { kind: 'bet'; transactionId: string; roundId: string; gameCode: string; amount: bigint }
  | {
      kind: 'win';
      transactionId: string;
      roundId: string;
      gameCode: string;
      amount: bigint;
      betTransactionId?: string;
    }
  | { kind: 'rollback'; transactionId: string; referenceTransactionId: string; roundId?: string };

export type GameOperationInput = GameOperation & {
  vendor: string;
  memberId: number;
  /** True for a trial (type 4) member: the operation uses the trial account class. */
  trial: boolean;
  /** The request body's hash (SHA-256 hex of the canonical operation): same id + other body = conflict. */
  requestHash: string;
};

export type GameOperationResult =
  | { status: 'OK'; balance: bigint; platformTransactionId: string }
  | {
      status: 'ERROR';
      /** INVALID_REQUEST: a rollback naming a win or another rollback (only bets can be rolled back). */
      code:
        | 'INSUFFICIENT_FUNDS'
        | 'DUPLICATE_TRANSACTION_CONFLICT'
        | 'TRANSACTION_ROLLED_BACK'
        | 'ROUND_CLOSED'
        | 'INVALID_REQUEST';
      balance: bigint;
    };

export type WalletGameOperation = (input: GameOperationInput) => Promise<GameOperationResult>;

/** Main balance (real or trial class, by the member's type) in minor units. */
export type WalletBalanceOf = (member: { id: number; trial: boolean }) => Promise<bigint>;
