import { and, asc, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { lottoDraws, lottoGames, lottoMissions } from '../../db/schema';
import type { Db, Executor } from '../../db/tx';

export type LottoGameRow = typeof lottoGames.$inferSelect;
export type LottoGameInsert = typeof lottoGames.$inferInsert;
export type LottoDrawRow = typeof lottoDraws.$inferSelect;
export type LottoDrawInsert = typeof lottoDraws.$inferInsert;

/** The menu order within a region: the vendor's position, then the code (then the vendor, for equal codes). */
const gameOrder = [asc(lottoGames.sort), asc(lottoGames.gameCode), asc(lottoGames.vendorCode)];

/** SQL of the lottery mirror: games and draws as the vendors pushed them. No rules here. */
export function createLotteryRepository(db: Db) {
  return {
    // ---------- the push ----------

    /** Serialises pushes of one vendor (released at commit): two pushes never interleave their rows. */
    async lockVendorPush(vendor: string, tx: Executor) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lotto-sync:${vendor}`}))`);
    },

    /** Which of these game codes the vendor has stored (in the transaction of the push). */
    async storedGameCodes(vendor: string, codes: string[], tx: Executor): Promise<string[]> {
      if (codes.length === 0) return [];
      const rows = await tx
        .select({ gameCode: lottoGames.gameCode })
        .from(lottoGames)
        .where(and(eq(lottoGames.vendorCode, vendor), inArray(lottoGames.gameCode, codes)));
      return rows.map((r) => r.gameCode);
    },

    /** Inserts or replaces the vendor's games; answers how many were inserted or changed (unchanged rows are not). */
    async upsertGames(rows: LottoGameInsert[], at: Date, tx: Executor): Promise<number> {
      if (rows.length === 0) return 0;
      const changed = sql`(${lottoGames.region}, ${lottoGames.format}, ${lottoGames.timeZone}, ${lottoGames.nameTh}, ${lottoGames.nameEn},
        ${lottoGames.nameVi}, ${lottoGames.drawDays}, ${lottoGames.enabled}, ${lottoGames.sort})
        is distinct from (excluded.region, excluded.format, excluded.time_zone, excluded.name_th, excluded.name_en,
        excluded.name_vi, excluded.draw_days, excluded.enabled, excluded.sort)`;
      const written = await tx
        .insert(lottoGames)
        .values(rows)
        .onConflictDoUpdate({
          target: [lottoGames.vendorCode, lottoGames.gameCode],
          set: {
            region: sql`excluded.region`,
            format: sql`excluded.format`,
            timeZone: sql`excluded.time_zone`,
            nameTh: sql`excluded.name_th`,
            nameEn: sql`excluded.name_en`,
            nameVi: sql`excluded.name_vi`,
            drawDays: sql`excluded.draw_days`,
            enabled: sql`excluded.enabled`,
            sort: sql`excluded.sort`,
            updatedAt: at,
          },
          setWhere: changed,
        })
        .returning({ gameCode: lottoGames.gameCode });
      return written.length;
    },

    /**
     * Inserts these draws, or replaces a stored draw when the row's version is greater than the stored one (atomic
     * per row: a concurrent or late push with an older version changes nothing); answers how many were written.
     */
    async upsertDraws(rows: LottoDrawInsert[], at: Date, tx: Executor): Promise<number> {
      if (rows.length === 0) return 0;
      const written = await tx
        .insert(lottoDraws)
        .values(rows)
        .onConflictDoUpdate({
          target: [lottoDraws.vendorCode, lottoDraws.gameCode, lottoDraws.drawNo],
          set: {
            lockAt: sql`excluded.lock_at`,
            closeAt: sql`excluded.close_at`,
            drawAt: sql`excluded.draw_at`,
            status: sql`excluded.status`,
            result: sql`excluded.result`,
            resultSource: sql`excluded.result_source`,
            beaconChain: sql`excluded.beacon_chain`,
            beaconRound: sql`excluded.beacon_round`,
            beaconSignature: sql`excluded.beacon_signature`,
            version: sql`excluded.version`,
            updatedAt: at,
          },
          setWhere: sql`excluded.version > ${lottoDraws.version}`,
        })
        .returning({ drawNo: lottoDraws.drawNo });
      return written.length;
    },

    // ---------- the lobby ----------

    /** Enabled games (of one code, and one vendor, when given), in menu order. */
    async enabledGames(
      f: { gameCode?: string | undefined; vendor?: string | undefined },
      tx: Executor = db,
    ): Promise<LottoGameRow[]> {
      return tx
        .select()
        .from(lottoGames)
        .where(
          and(
            eq(lottoGames.enabled, true),
            f.gameCode === undefined ? undefined : eq(lottoGames.gameCode, f.gameCode),
            f.vendor === undefined ? undefined : eq(lottoGames.vendorCode, f.vendor),
          ),
        )
        .orderBy(...gameOrder);
    },

    /**
     * Each game's open draw at `at`: its soonest scheduled draw whose lock is after `at` (games without one are
     * missing). Of one game when given.
     */
    async openDraws(
      at: Date,
      f: { gameCode?: string | undefined } = {},
      tx: Executor = db,
    ): Promise<LottoDrawRow[]> {
      return tx
        .selectDistinctOn([lottoDraws.vendorCode, lottoDraws.gameCode])
        .from(lottoDraws)
        .where(
          and(
            eq(lottoDraws.status, 'scheduled'),
            gt(lottoDraws.lockAt, at),
            f.gameCode === undefined ? undefined : eq(lottoDraws.gameCode, f.gameCode),
          ),
        )
        .orderBy(lottoDraws.vendorCode, lottoDraws.gameCode, asc(lottoDraws.lockAt), asc(lottoDraws.drawNo));
    },

    /**
     * A game's draws up to its open one at `at` (every draw whose lock is not after the open draw's, or not after
     * `at` when there is no open draw), newest draw time first, at most `limit`.
     */
    async latestDraws(
      vendor: string,
      gameCode: string,
      at: Date,
      limit: number,
      tx: Executor = db,
    ): Promise<LottoDrawRow[]> {
      const open = sql`(select min(o.lock_at) from ${lottoDraws} o
        where o.vendor_code = ${vendor} and o.game_code = ${gameCode} and o.status = 'scheduled' and o.lock_at > ${at.toISOString()}::timestamptz)`;
      return tx
        .select()
        .from(lottoDraws)
        .where(
          and(
            eq(lottoDraws.vendorCode, vendor),
            eq(lottoDraws.gameCode, gameCode),
            lte(lottoDraws.lockAt, sql`coalesce(${open}, ${at.toISOString()}::timestamptz)`),
          ),
        )
        .orderBy(desc(lottoDraws.drawAt), desc(lottoDraws.drawNo))
        .limit(limit);
    },

    // ---------- missions (docs/adr/0097) ----------

    /** The active missions, in their order. */
    async activeMissions(tx: Executor = db) {
      return tx.select().from(lottoMissions).where(eq(lottoMissions.active, true)).orderBy(asc(lottoMissions.sort), asc(lottoMissions.code));
    },

    /** Every vendor with a lottery game in the mirror: whose rounds and wins are lottery play. */
    async lotteryVendors(tx: Executor = db): Promise<string[]> {
      const rows = await tx.selectDistinct({ vendorCode: lottoGames.vendorCode }).from(lottoGames);
      return rows.map((r) => r.vendorCode).sort();
    },
  };
}

export type LotteryRepository = ReturnType<typeof createLotteryRepository>;
