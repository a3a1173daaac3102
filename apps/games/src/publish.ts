import { randomBytes } from 'node:crypto';
import type { CompiledGame } from './compile';
import type { TitleFigures } from './figures';
import { betLevelsOf } from './house-service';
import type { VendorAnswer } from './wallet-client';

/**
 * Publishes the house titles to the platform's catalogue: `POST /vendor/v1/games/sync`, signed like
 * every protocol call (docs/vendor-protocol.md). At start (a changed definition means a restart), retried
 * with exponential backoff until the platform answers OK; play never waits for it (ADR 0050).
 */

export type SyncGame = {
  gameCode: string;
  gameType: 'RNG' | 'LOTT' | 'ELOTT';
  names: { th: string; en: string };
  classification: string;
  minBet: string;
  lines: number;
  thumbnailUrl: string;
  isHot: boolean;
  freePlay: boolean;
  status: 'ACTIVE' | 'MAINTENANCE';
  /** Optional fields (protocol v1.2, docs/adr/0083): exact RTP in percent ("96.23") and volatility (SD per unit bet). */
  rtp?: string;
  volatility?: string;
};

/** The classification a title is listed under: its volatility class (LOW, MEDIUM, HIGH, VERY_HIGH). */
export const classificationOf = (game: CompiledGame) =>
  game.definition.volatility.toUpperCase().replace('-', '_');

/**
 * The catalogue entries of the titles; thumbnails at `<base>/house/thumbs/<code>.svg` (base '' = a path); each
 * title's RTP and volatility when `figures` has them (figures.ts: a title without current figures goes without).
 */
export function catalogueOf(
  titles: ReadonlyMap<string, CompiledGame>,
  base = '',
  figures: ReadonlyMap<string, TitleFigures> = new Map(),
): SyncGame[] {
  return [...titles.values()].map((game) => ({
    gameCode: game.definition.code,
    gameType: 'RNG',
    names: { th: game.definition.name.th, en: game.definition.name.en },
    classification: classificationOf(game),
    minBet: String(Math.min(...betLevelsOf(game)) * game.lines),
    lines: game.lines,
    thumbnailUrl: `${base.replace(/\/$/, '')}/house/thumbs/${game.definition.code}.svg`,
    isHot: false,
    freePlay: true,
    status: 'ACTIVE',
    ...figures.get(game.definition.code),
  }));
}

export const PUBLISH_BACKOFF = { firstMs: 1_000, maxMs: 5 * 60_000 };

/**
 * Sends the catalogue until the platform answers OK (or `stopped()`): waits firstMs, 2x, 4x... capped at
 * maxMs between attempts. Answers the platform's OK answer, or null when stopped first.
 */
export async function publishGames(deps: {
  call: (path: string, payload: Record<string, unknown>) => Promise<VendorAnswer>;
  games: SyncGame[];
  sleep?: (ms: number) => Promise<void>;
  stopped?: () => boolean;
  log?: { warn(obj: unknown, msg: string): void };
}): Promise<Record<string, unknown> | null> {
  const sleep = deps.sleep ?? ((ms) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref()));
  const stopped = deps.stopped ?? (() => false);
  let wait = PUBLISH_BACKOFF.firstMs;
  for (let attempt = 1; !stopped(); attempt++) {
    try {
      const answer = await deps.call('games/sync', {
        requestId: `sync-${randomBytes(9).toString('base64url')}`,
        games: deps.games,
      });
      if (answer.status === 'OK') return answer as Record<string, unknown>;
      // Logged at attempts 1, 2, 4, 8...: a platform without the catalogue yet does not flood the log.
      if ((attempt & (attempt - 1)) === 0)
        deps.log?.warn({ attempt, code: answer.code }, 'house game list refused by the platform; retrying');
    } catch (error) {
      if ((attempt & (attempt - 1)) === 0)
        deps.log?.warn(
          { attempt, detail: (error as Error).message },
          'house game list not published yet; retrying',
        );
    }
    if (stopped()) break;
    await sleep(wait);
    wait = Math.min(wait * 2, PUBLISH_BACKOFF.maxMs);
  }
  return null;
}
