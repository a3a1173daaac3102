import { z } from 'zod';
import type { CompiledGame } from './compile';
import { playBet, type BetOutcome } from './engine';
import { createFloatStream, FLOATS_PER_ROUND, generateFloats, hashServerSeed } from './fair';

/**
 * The verifier: recomputes a past bet from its revealed seeds (GET /house/fair/verify). Pure: the
 * route validates the query with ZVerifyQuery and answers verifyBet's result.
 */

export const MAX_FLOATS = 1000;

/** Each field's error code, so a caller knows which parameter to fix. */
export const VERIFY_ERRORS = {
  serverSeed: 'invalid_server_seed',
  clientSeed: 'invalid_client_seed',
  nonce: 'invalid_nonce',
  count: 'invalid_count',
  game: 'invalid_game',
} as const;
export type TVerifyError = (typeof VERIFY_ERRORS)[keyof typeof VERIFY_ERRORS] | 'unknown_game';

export const ZVerifyQuery = z.object({
  /** Any seed another site revealed may be checked: printable ASCII, no spaces. */
  serverSeed: z
    .string()
    .min(1)
    .max(128)
    .regex(/^[\x21-\x7e]+$/),
  clientSeed: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[\x20-\x7e]+$/),
  nonce: z
    .string()
    .regex(/^(0|[1-9][0-9]{0,14})$/)
    .transform(Number),
  count: z
    .string()
    .regex(/^[1-9][0-9]{0,3}$/)
    .transform(Number)
    .refine((n) => n <= MAX_FLOATS, `at most ${MAX_FLOATS}`)
    .optional(),
  game: z
    .string()
    .regex(/^[a-z][a-z0-9-]{1,31}$/)
    .optional(),
});
export type TVerifyQuery = z.infer<typeof ZVerifyQuery>;

export type VerifyResult = {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  floats: number[];
  game?: {
    code: string;
    reels: number;
    rows: number;
    lines: number;
    /** In line bets: money = line bet x these. */
    totalBet: number;
    win: number;
    freeSpins: number;
    spins: BetOutcome['spins'];
  };
};

export function verifyBet(
  query: TVerifyQuery,
  titles: ReadonlyMap<string, CompiledGame>,
): VerifyResult | 'unknown_game' {
  const { serverSeed, clientSeed, nonce } = query;
  const head = { serverSeed, serverSeedHash: hashServerSeed(serverSeed), clientSeed, nonce };
  if (query.game === undefined)
    return {
      ...head,
      floats: generateFloats(serverSeed, clientSeed, nonce, query.count ?? FLOATS_PER_ROUND),
    };
  const game = titles.get(query.game);
  if (!game) return 'unknown_game';
  const outcome = playBet(game, createFloatStream(serverSeed, clientSeed, nonce));
  const used = outcome.spins.length * game.reels;
  return {
    ...head,
    floats: generateFloats(serverSeed, clientSeed, nonce, query.count ?? Math.min(used, MAX_FLOATS)),
    game: {
      code: game.definition.code,
      reels: game.reels,
      rows: game.rows,
      lines: game.lines,
      totalBet: outcome.totalBet,
      win: outcome.win,
      freeSpins: outcome.spins.length - 1,
      spins: outcome.spins,
    },
  };
}
