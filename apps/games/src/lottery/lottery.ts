import { and, asc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { HouseDb } from '../db/client';
import { houseLottoDraws, houseLottoResults } from '../db/schema';
import { commitRound, verifyElectronicDraw, type BeaconSource } from './beacon';
import { createLottoDraws } from './draws';
import { createLottoOps } from './ops';
import { createLottoPlay } from './play';
import { createLottoPublisher } from './publish';
import type { OfficialResultsSource } from './official-results';
import { createLottoTickets } from './tickets';
import type { WalletClient } from '../wallet-client';

/**
 * The house lottery at run time (ADR 0092): draws planned ahead, electronic draws drawn from their
 * committed beacon round once it is published, and voided when it cannot be had. Every step is
 * idempotent in the database (insert once, update from the expected status), so any number of instances
 * may tick together and any of them may die between two steps.
 */

/** An electronic draw whose round is still missing this long after its draw time is voided (and refunded). */
export const ELECTRONIC_VOID_AFTER_MS = 10 * 60_000;
/** Draws handled per tick: a tick stays short; the next one goes on. */
const DRAWS_PER_TICK = 100;

/** The draw id an electronic result's digits are derived under (the HMAC message's prefix). */
export const electronicDrawId = (gameCode: string, drawNo: string) => `${gameCode}-${drawNo}`;

export type HouseLottery = ReturnType<typeof createHouseLottery>;

export function createHouseLottery(deps: {
  db: HouseDb;
  now?: () => number;
  /** Where electronic draws get their randomness; without one, no electronic draw is planned. */
  beacon?: BeaconSource;
  /** The signed wallet of the lottery's vendor identity (LOTT); without one, no ticket is sold. */
  wallet?: WalletClient | null;
  /** Where official results are proposed from (ADR 0098); without one, operators enter every result. */
  officialResults?: OfficialResultsSource | null;
  log?: { warn(obj: unknown, msg: string): void };
}) {
  const { db, beacon } = deps;
  const now = deps.now ?? Date.now;
  const draws = createLottoDraws({
    db,
    now,
    ...(beacon
      ? {
          beacon: {
            chain: beacon.info.chain,
            // The draw commits to the first round published at or after its draw time (close + margin).
            commitRound: (closeAt: number, drawAt: number) =>
              commitRound(beacon.info, closeAt, drawAt - closeAt),
          },
        }
      : {}),
  });

  /**
   * Draws the electronic draws whose time has come: the committed round's signature, verified, gives the
   * randomness and the result (stored confirmed, source `drand:<chain>:<round>`, the draw `resulted`).
   * A round missing ELECTRONIC_VOID_AFTER_MS after the draw voids it: never a local random number.
   */
  async function drawElectronic(): Promise<{ drawn: number; voided: number }> {
    if (!beacon) return { drawn: 0, voided: 0 };
    const at = now();
    const due = await db
      .select()
      .from(houseLottoDraws)
      .where(
        and(
          eq(houseLottoDraws.status, 'scheduled'),
          eq(houseLottoDraws.beaconChain, beacon.info.chain),
          isNotNull(houseLottoDraws.beaconRound),
          lte(houseLottoDraws.drawAt, new Date(at)),
        ),
      )
      .orderBy(asc(houseLottoDraws.drawAt))
      .limit(DRAWS_PER_TICK);
    let drawn = 0;
    let voided = 0;
    for (const draw of due) {
      const round = draw.beaconRound!;
      const got = await beacon.fetchRound(round, at);
      const check = got
        ? verifyElectronicDraw(beacon.info, {
            round,
            signatureHex: got.signatureHex,
            drawId: electronicDrawId(draw.gameCode, draw.drawNo),
          })
        : null;
      if (got && check?.valid && check.result) {
        const stored = await db.transaction(async (tx) => {
          const [moved] = await tx
            .update(houseLottoDraws)
            .set({ version: sql`${houseLottoDraws.version} + 1`, status: 'resulted' })
            .where(and(eq(houseLottoDraws.id, draw.id), eq(houseLottoDraws.status, 'scheduled')))
            .returning({ id: houseLottoDraws.id });
          if (!moved) return false; // another instance drew it, or an operator voided it
          await tx.insert(houseLottoResults).values({
            drawId: draw.id,
            result: check.result,
            source: `drand:${beacon.info.chain}:${round}`,
            beaconSignature: got.signatureHex,
            status: 'confirmed',
            enteredBy: 'beacon',
            enteredAt: new Date(at),
            confirmedBy: 'beacon',
            confirmedAt: new Date(at),
          });
          return true;
        });
        if (stored) drawn += 1;
      } else if (at - draw.drawAt.getTime() >= ELECTRONIC_VOID_AFTER_MS) {
        const [gone] = await db
          .update(houseLottoDraws)
          .set({
            version: sql`${houseLottoDraws.version} + 1`,
            status: 'void',
            voidReason: 'beacon_unavailable',
            changedBy: 'beacon',
            changedAt: new Date(at),
          })
          .where(and(eq(houseLottoDraws.id, draw.id), eq(houseLottoDraws.status, 'scheduled')))
          .returning({ id: houseLottoDraws.id });
        if (gone) {
          voided += 1;
          deps.log?.warn(
            { game: draw.gameCode, draw: draw.drawNo, round },
            'electronic draw voided: its beacon round could not be had',
          );
        }
      }
    }
    return { drawn, voided };
  }

  const tickets = createLottoTickets({
    db,
    wallet: deps.wallet ?? null,
    now,
    ...(deps.log ? { log: deps.log } : {}),
  });
  const play = createLottoPlay({ db, wallet: deps.wallet ?? null, tickets, now });
  const publisher = deps.wallet ? createLottoPublisher({ db, call: deps.wallet.call }) : null;
  const ops = createLottoOps({ db, draws, now });

  /** One pass of the lottery's work: plan ahead, draw what is due, propose official results, then settle and refund. */
  async function tick() {
    const planned = await draws.plan();
    const electronic = await drawElectronic();
    const proposed = deps.officialResults ? await draws.proposeOfficialResults(deps.officialResults, undefined, deps.log) : 0;
    const settlement = await tickets.sweep();
    const published = publisher ? await publisher.pushDraws() : 0;
    return { planned, ...electronic, proposed, ...settlement, published };
  }

  return { draws, tickets, play, publisher, ops, drawElectronic, tick, beaconInfo: beacon?.info ?? null };
}
