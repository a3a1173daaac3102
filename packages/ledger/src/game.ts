/**
 * The vendor wallet protocol's decision table (docs/vendor-protocol.md "Semantics"), as a pure function
 * of what the ledger already holds for one (vendor, player). The database function `ledger_game_op`
 * implements the same table; tests drive both with the same sequences and compare.
 *
 * Every game movement of one (vendor, player) shares one idempotency namespace: the transaction id.
 */
export type GameKind = 'bet' | 'win' | 'rollback';

export type GameRequest = {
  kind: GameKind;
  transactionId: string;
  /** SHA-256 of the canonical request: the same id with another hash is a conflict. */
  hash: string;
  amount: bigint;
  roundId?: string | undefined;
  /** Win: the bet it pays (optional); rollback: the transaction it cancels (required). */
  referenceId?: string | undefined;
};

/**
 * What the ledger holds about one recorded game transaction. A refused request is recorded too (`refused`, with
 * its answer's code): the same request again answers the same refusal, another request with its id conflicts.
 */
export type RecordedGameTransaction = {
  kind: GameKind | 'refused';
  /** The refusal's code (kind `refused`). */
  code?: GameErrorCode;
  hash: string;
  amount: bigint;
  roundId: string | null;
  referenceId: string | null;
  /** The balance change it made to the player's account (0 when it moved nothing). */
  delta: bigint;
};

/** The questions the rules ask; the in-memory model and the database answer them. */
export type GameState = {
  balance: bigint;
  find(transactionId: string): RecordedGameTransaction | undefined;
  /** A rollback naming this transaction id is recorded (before or after it). */
  isRolledBack(transactionId: string): boolean;
  /** A win is recorded in this round. */
  roundHasWin(roundId: string): boolean;
  /** A win naming this bet (betTransactionId) is recorded, in any round. */
  hasWinFor(transactionId: string): boolean;
};

export type GameErrorCode =
  | 'INSUFFICIENT_FUNDS'
  | 'DUPLICATE_TRANSACTION_CONFLICT'
  | 'TRANSACTION_ROLLED_BACK'
  | 'ROUND_CLOSED'
  | 'INVALID_REQUEST';

export type GameDecision =
  /** Nothing to write: the same request was applied before (answer its first result). */
  | { type: 'replay'; of: string }
  /**
   * Refused: no movement. A refusal of a new transaction id is recorded with its code (`refused`); a replayed
   * refusal and a conflict write nothing.
   */
  | { type: 'error'; code: GameErrorCode }
  /** Record the transaction and move `delta` (possibly 0) on the player's account. */
  | { type: 'apply'; delta: bigint };

export function decideGameOperation(state: GameState, req: GameRequest): GameDecision {
  const existing = state.find(req.transactionId);
  if (existing) {
    if (existing.hash !== req.hash) return { type: 'error', code: 'DUPLICATE_TRANSACTION_CONFLICT' };
    return existing.kind === 'refused' ? { type: 'error', code: existing.code! } : { type: 'replay', of: req.transactionId };
  }
  switch (req.kind) {
    case 'bet': {
      // A rollback that arrived first leaves a tombstone: the late bet is refused.
      if (state.isRolledBack(req.transactionId)) return { type: 'error', code: 'TRANSACTION_ROLLED_BACK' };
      if (req.amount > state.balance) return { type: 'error', code: 'INSUFFICIENT_FUNDS' };
      return { type: 'apply', delta: -req.amount };
    }
    case 'win': {
      if (req.referenceId !== undefined && state.isRolledBack(req.referenceId)) {
        return { type: 'error', code: 'TRANSACTION_ROLLED_BACK' };
      }
      return { type: 'apply', delta: req.amount };
    }
    case 'rollback': {
      if (req.referenceId === undefined) return { type: 'error', code: 'INVALID_REQUEST' };
      const target = state.find(req.referenceId);
      // Unknown, or refused (it moved nothing): recorded as a tombstone (answers OK, moves nothing).
      if (!target || target.kind === 'refused') return { type: 'apply', delta: 0n };
      if (target.kind !== 'bet') return { type: 'error', code: 'INVALID_REQUEST' };
      // Already cancelled by another rollback: OK, nothing more to refund.
      if (state.isRolledBack(req.referenceId)) return { type: 'apply', delta: 0n };
      // Settled: a win in its round, or a win naming it in any round (issue 23 #6).
      if ((target.roundId !== null && state.roundHasWin(target.roundId)) || state.hasWinFor(req.referenceId)) {
        return { type: 'error', code: 'ROUND_CLOSED' };
      }
      return { type: 'apply', delta: -target.delta };
    }
  }
}
