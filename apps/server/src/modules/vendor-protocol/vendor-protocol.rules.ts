import { createHash } from 'node:crypto';
import type { GameOperation } from '../wallet/wallet.types';

/**
 * Pure rules of the vendor wallet protocol v1 (docs/vendor-protocol.md): amounts and the canonical
 * request hash that makes "same transaction id, other body" detectable. No I/O.
 */

/** Amounts are integer minor units, at most 2^53 - 1 (Number.MAX_SAFE_INTEGER). */
export const MAX_AMOUNT = 2n ** 53n - 1n;
const AMOUNT = /^[0-9]{1,16}$/;

/**
 * An amount as the protocol sends it ("1050" is 10.50 THB) -> bigint minor units; null when it is
 * not a string of 1-16 decimal digits or is above 2^53 - 1 (negative, fractional, exponent, spaces,
 * numbers instead of strings: all null).
 */
export function parseAmount(value: unknown): bigint | null {
  if (typeof value !== 'string' || !AMOUNT.test(value)) return null;
  const amount = BigInt(value);
  return amount <= MAX_AMOUNT ? amount : null;
}

/**
 * SHA-256 hex of the RFC 8785 canonical JSON of what an operation does: kind, vendor, playerId,
 * transactionId, roundId, gameCode, amount (canonical digits), currency and the referenced bet
 * (betTransactionId for a win, referenceTransactionId for a rollback). Not requestId (a retry may
 * carry a new one) and not sessionToken (a retry may come after the session was renewed).
 */
export function requestHash(
  op: GameOperation,
  context: { vendor: string; playerId: string; currency: string | null },
): string {
  // Every value is a string or null and every key plain ASCII, so JSON.stringify of the keys in sorted order
  // writes exactly the RFC 8785 text (canonicalize's output; the test checks both agree) without its generic
  // walk: this runs for every bet (docs/adr/0064). Keep the keys in code-unit order when adding one.
  const fields = {
    amount: op.kind === 'rollback' ? null : op.amount.toString(),
    betTransactionId: op.kind === 'win' ? (op.betTransactionId ?? null) : null,
    currency: op.kind === 'rollback' ? null : context.currency,
    gameCode: op.kind === 'rollback' ? null : op.gameCode,
    kind: op.kind,
    playerId: context.playerId,
    referenceTransactionId: op.kind === 'rollback' ? op.referenceTransactionId : null,
    roundId: op.roundId ?? null,
    transactionId: op.transactionId,
    vendor: context.vendor,
  };
  return createHash('sha256').update(JSON.stringify(fields), 'utf8').digest('hex');
}
