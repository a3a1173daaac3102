import { randomBytes } from 'node:crypto';
import { asc, eq, gt, sql } from 'drizzle-orm';
import type { HouseDb } from '../db/client';
import { houseLottoDraws, houseLottoGames, houseLottoResults } from '../db/schema';
import type { SyncGame } from '../publish';
import type { VendorAnswer } from '../wallet-client';
import type { LottoSchedule } from './games';

/**
 * What the platform knows of the lottery (ADR 0094), sent over the signed vendor protocol as the lottery's
 * own vendor: its games into the catalogue (`games/sync`, gameType LOTT or ELOTT, so the site sends them to
 * /lottery) and its draws into the platform's mirror (`lotto/sync`), each draw pushed again whenever its
 * version moves (planned, moved, resulted, settled, voided) until the platform acknowledges that version.
 */

/** Draws per push (the platform's limit). */
export const DRAWS_PER_PUSH = 2_000;

type Call = (path: string, payload: Record<string, unknown>) => Promise<VendorAnswer>;

/** The catalogue entries of the lottery's games (thumbnails drawn by the house, minimum bet = minimum stake). */
export function lottoCatalogue(games: Array<typeof houseLottoGames.$inferSelect>, base = ''): SyncGame[] {
  return games.map((g) => ({
    gameCode: g.code,
    gameType: g.region === 'ELECTRONIC' ? 'ELOTT' : 'LOTT',
    names: { th: (g.names as { th: string }).th, en: (g.names as { en: string }).en },
    classification: g.region,
    minBet: g.minStake.toString(),
    lines: 0,
    thumbnailUrl: `${base.replace(/\/$/, '')}/house/lotto/thumbs/${g.code}.svg`,
    isHot: g.region === 'TH' || g.region === 'VN_NORTH',
    freePlay: false,
    status: g.enabled ? 'ACTIVE' : 'MAINTENANCE',
  }));
}

/** The weekdays a game draws on (1 = Sunday), for the lobby's weekday filter; none for date-based games. */
const drawDays = (schedule: LottoSchedule): number[] =>
  schedule.kind === 'weekly' ? [...schedule.days] : schedule.kind === 'interval' ? [1, 2, 3, 4, 5, 6, 7] : [];

export function createLottoPublisher(deps: { db: HouseDb; call: Call }) {
  const { db, call } = deps;

  /** Pushes the draws whose version the platform has not acknowledged, a batch at a time; answers how many. */
  async function pushDraws(): Promise<number> {
    const games = await db.select().from(houseLottoGames).orderBy(asc(houseLottoGames.sort));
    let pushed = 0;
    for (;;) {
      const rows = await db
        .select({ draw: houseLottoDraws, result: houseLottoResults })
        .from(houseLottoDraws)
        .leftJoin(houseLottoResults, eq(houseLottoResults.drawId, houseLottoDraws.id))
        .where(gt(houseLottoDraws.version, houseLottoDraws.publishedVersion))
        .orderBy(asc(houseLottoDraws.id))
        .limit(DRAWS_PER_PUSH);
      if (rows.length === 0) return pushed;
      const answer = await call('lotto/sync', {
        requestId: `lotto-${randomBytes(9).toString('base64url')}`,
        games: games.map((g) => ({
          gameCode: g.code,
          region: g.region,
          format: g.format,
          timeZone: g.timeZone,
          names: g.names,
          drawDays: drawDays(g.schedule as LottoSchedule),
          enabled: g.enabled,
          sort: g.sort,
        })),
        draws: rows.map(({ draw, result }) => {
          // Only a confirmed result leaves the house (an entered one waits for its second operator).
          const confirmed = result?.status === 'confirmed' ? result : null;
          return {
            gameCode: draw.gameCode,
            drawNo: draw.drawNo,
            lockAt: draw.lockAt.toISOString(),
            closeAt: draw.closeAt.toISOString(),
            drawAt: draw.drawAt.toISOString(),
            status: draw.status,
            result: confirmed?.result ?? null,
            resultSource: confirmed?.source ?? null,
            beaconChain: draw.beaconChain,
            beaconRound: draw.beaconRound,
            beaconSignature: confirmed?.beaconSignature ?? null,
            version: draw.version,
          };
        }),
      });
      if (answer.status !== 'OK') return pushed;
      // Acknowledged as pushed: a draw changed meanwhile keeps its newer version and goes out again.
      const values = sql.join(
        rows.map(({ draw }) => sql`(${draw.id}::int, ${draw.version}::int)`),
        sql`, `,
      );
      await db.execute(sql`
        update ${houseLottoDraws} as d set published_version = v.version
          from (values ${values}) as v(id, version)
         where d.id = v.id and d.published_version < v.version`);
      pushed += rows.length;
    }
  }

  return { pushDraws };
}
