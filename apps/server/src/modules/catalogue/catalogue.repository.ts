import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, lte, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { gameFavorites, gameRecents, games, gameWins } from '../../db/schema';
import type { Db, Executor } from '../../db/tx';

export type GameRow = typeof games.$inferSelect;
export type GameInsert = typeof games.$inferInsert;
export type WinRow = typeof gameWins.$inferSelect;

/** What a list asks for (the service has validated and normalised it). */
export type GameFilter = {
  gameType?: string | undefined;
  vendor?: string | undefined;
  classification?: string | undefined;
  /** Matched as a literal substring of either name, case-insensitively. */
  name?: string | undefined;
  /** Minor units: games whose minimum bet is at most this. */
  maxMinBet?: bigint | undefined;
  minLines?: number | undefined;
  hotOnly?: boolean | undefined;
  /** Vendors whose games are left out (disabled in the registry). */
  excludeVendors?: string[] | undefined;
};

/** A game every list may show: not retired, not hidden by an operator. */
const visible = and(ne(games.status, 'RETIRED'), or(isNull(games.opsStatus), ne(games.opsStatus, 'HIDDEN')))!;
const effectiveHot = sql`coalesce(${games.opsHot}, ${games.isHot})`;

/** A LIKE pattern that matches `text` literally (\, % and _ escaped). */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function conditions(f: GameFilter): SQL {
  const parts: (SQL | undefined)[] = [visible];
  if (f.gameType) parts.push(eq(games.gameType, f.gameType));
  if (f.vendor) parts.push(eq(games.vendorCode, f.vendor));
  if (f.classification) parts.push(eq(games.classification, f.classification));
  if (f.name) {
    const p = containsPattern(f.name);
    parts.push(sql`(${games.nameTh} ilike ${p} or ${games.nameEn} ilike ${p})`);
  }
  if (f.maxMinBet !== undefined) parts.push(lte(games.minBet, f.maxMinBet));
  if (f.minLines !== undefined) parts.push(gte(games.lines, f.minLines));
  if (f.hotOnly) parts.push(sql`${effectiveHot} = true`);
  if (f.excludeVendors && f.excludeVendors.length > 0) parts.push(notInArray(games.vendorCode, f.excludeVendors));
  return and(...parts)!;
}

/** The operator's sort position wins over the vendor's (docs/adr/0083); on a tie the operator's placed game first. */
const effectiveSort = sql`coalesce(${games.opsSort}, ${games.sort})`;
const listOrder = [desc(effectiveHot), asc(games.vendorCode), asc(effectiveSort), sql`${games.opsSort} is null`, asc(games.nodeId)];

/** SQL of the game catalogue: games, favourites, recents, wins. No rules here. */
export function createCatalogueRepository(db: Db) {
  return {
    // ---------- sync ----------

    /** Serialises syncs of one vendor (released at commit). */
    async lockVendorSync(vendor: string, tx: Executor) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`catalogue-sync:${vendor}`}))`);
    },

    /**
     * Inserts or replaces the vendor's fields of these games (a RETIRED game listed again comes back);
     * answers the games inserted and those whose fields changed (unchanged games are not returned).
     */
    async upsertGames(rows: GameInsert[], at: Date, tx: Executor): Promise<{ nodeId: number; inserted: boolean }[]> {
      if (rows.length === 0) return [];
      const changed = sql`(${games.gameType}, ${games.nameTh}, ${games.nameEn}, ${games.classification}, ${games.minBet}, ${games.lines},
        ${games.thumbnailUrl}, ${games.isHot}, ${games.freePlay}, ${games.status}, ${games.sort}, ${games.rtp}, ${games.volatility})
        is distinct from (excluded.game_type, excluded.name_th, excluded.name_en, excluded.classification, excluded.min_bet,
        excluded.lines, excluded.thumbnail_url, excluded.is_hot, excluded.free_play, excluded.status, excluded.sort,
        excluded.rtp, excluded.volatility)`;
      return tx
        .insert(games)
        .values(rows)
        .onConflictDoUpdate({
          target: [games.vendorCode, games.gameCode],
          set: {
            gameType: sql`excluded.game_type`,
            nameTh: sql`excluded.name_th`,
            nameEn: sql`excluded.name_en`,
            classification: sql`excluded.classification`,
            minBet: sql`excluded.min_bet`,
            lines: sql`excluded.lines`,
            thumbnailUrl: sql`excluded.thumbnail_url`,
            isHot: sql`excluded.is_hot`,
            freePlay: sql`excluded.free_play`,
            status: sql`excluded.status`,
            sort: sql`excluded.sort`,
            rtp: sql`excluded.rtp`,
            volatility: sql`excluded.volatility`,
            updatedAt: at,
            retiredAt: null,
          },
          setWhere: changed,
        })
        .returning({ nodeId: games.nodeId, inserted: sql<boolean>`(xmax = 0)` });
    },

    /** Retires the vendor's games not in `keep` (never deletes); answers how many. */
    async retireOthers(vendor: string, keep: string[], at: Date, tx: Executor): Promise<number> {
      const rows = await tx
        .update(games)
        .set({ status: 'RETIRED', retiredAt: at, updatedAt: at })
        .where(
          and(
            eq(games.vendorCode, vendor),
            ne(games.status, 'RETIRED'),
            keep.length > 0 ? notInArray(games.gameCode, keep) : undefined,
          ),
        )
        .returning({ nodeId: games.nodeId });
      return rows.length;
    },

    // ---------- lists ----------

    async listGames(f: GameFilter, page: { limit: number; offset: number }, tx: Executor = db) {
      const where = conditions(f);
      const [rows, [total]] = await Promise.all([
        tx.select().from(games).where(where).orderBy(...listOrder).limit(page.limit).offset(page.offset),
        tx.select({ n: count() }).from(games).where(where),
      ]);
      return { rows, total: Number(total?.n ?? 0) };
    },

    async findGame(nodeId: number, tx: Executor = db): Promise<GameRow | null> {
      const [row] = await tx.select().from(games).where(eq(games.nodeId, nodeId));
      return row ?? null;
    },

    async findGameByCode(vendor: string, gameCode: string, tx: Executor = db): Promise<GameRow | null> {
      const [row] = await tx.select().from(games).where(and(eq(games.vendorCode, vendor), eq(games.gameCode, gameCode)));
      return row ?? null;
    },

    /** The games of (vendor, game code) pairs (the betting record's names); unknown pairs are left out. */
    async gamesByCodes(pairs: { vendor: string; gameCode: string }[], tx: Executor = db): Promise<GameRow[]> {
      if (pairs.length === 0) return [];
      return tx
        .select()
        .from(games)
        .where(or(...pairs.map((p) => and(eq(games.vendorCode, p.vendor), eq(games.gameCode, p.gameCode)))));
    },

    async gamesByNodeIds(ids: number[], tx: Executor = db): Promise<GameRow[]> {
      if (ids.length === 0) return [];
      return tx.select().from(games).where(inArray(games.nodeId, ids));
    },

    /** Per vendor and game type: the classifications and the number of visible games. */
    async vendorGameTypes(f: GameFilter, tx: Executor = db) {
      return tx
        .select({
          vendor: games.vendorCode,
          gameType: games.gameType,
          classifications: sql<string[]>`array_agg(distinct ${games.classification} order by ${games.classification})`,
          n: count(),
        })
        .from(games)
        .where(conditions(f))
        .groupBy(games.vendorCode, games.gameType)
        .orderBy(asc(games.gameType), asc(games.vendorCode));
    },

    /**
     * Per game type: the vendors among `vendors` with a game open to play (visible, ACTIVE, not put in
     * maintenance by an operator) and the number of such games. Types with none are not returned.
     */
    async playableByType(vendors: string[], tx: Executor = db) {
      if (vendors.length === 0) return [];
      return tx
        .select({ gameType: games.gameType, vendors: sql<number>`count(distinct ${games.vendorCode})::int`, n: count() })
        .from(games)
        .where(
          and(
            visible,
            eq(games.status, 'ACTIVE'),
            or(isNull(games.opsStatus), ne(games.opsStatus, 'MAINTENANCE')),
            inArray(games.vendorCode, vendors),
          ),
        )
        .groupBy(games.gameType)
        .orderBy(asc(games.gameType));
    },

    /** The visible games launched by the most members since `since`, most first. */
    async popularGames(f: GameFilter, since: Date, limit: number, tx: Executor = db): Promise<GameRow[]> {
      const launches = tx
        .select({ nodeId: gameRecents.nodeId, players: count().as('players') })
        .from(gameRecents)
        .where(gt(gameRecents.launchedAt, since))
        .groupBy(gameRecents.nodeId)
        .as('launches');
      const rows = await tx
        .select({ game: games })
        .from(games)
        .leftJoin(launches, eq(launches.nodeId, games.nodeId))
        .where(conditions(f))
        .orderBy(sql`coalesce(${launches.players}, 0) desc`, ...listOrder)
        .limit(limit);
      return rows.map((r) => r.game);
    },

    // ---------- favourites ----------

    async favoriteIds(memberId: number, gameType: string | undefined, tx: Executor = db): Promise<number[]> {
      const rows = await tx
        .select({ nodeId: gameFavorites.nodeId })
        .from(gameFavorites)
        .innerJoin(games, eq(games.nodeId, gameFavorites.nodeId))
        .where(and(eq(gameFavorites.memberId, memberId), gameType ? eq(games.gameType, gameType) : undefined))
        .orderBy(desc(gameFavorites.createdAt), desc(gameFavorites.nodeId));
      return rows.map((r) => r.nodeId);
    },

    async favoriteGames(memberId: number, f: GameFilter, page: { limit: number; offset: number }, tx: Executor = db) {
      const where = and(eq(gameFavorites.memberId, memberId), conditions(f));
      const [rows, [total]] = await Promise.all([
        tx
          .select({ game: games })
          .from(gameFavorites)
          .innerJoin(games, eq(games.nodeId, gameFavorites.nodeId))
          .where(where)
          .orderBy(desc(gameFavorites.createdAt), desc(gameFavorites.nodeId))
          .limit(page.limit)
          .offset(page.offset),
        tx.select({ n: count() }).from(gameFavorites).innerJoin(games, eq(games.nodeId, gameFavorites.nodeId)).where(where),
      ]);
      return { rows: rows.map((r) => r.game), total: Number(total?.n ?? 0) };
    },

    async countFavorites(memberId: number, tx: Executor = db): Promise<number> {
      const [row] = await tx.select({ n: count() }).from(gameFavorites).where(eq(gameFavorites.memberId, memberId));
      return Number(row?.n ?? 0);
    },

    async addFavorite(memberId: number, nodeId: number, at: Date, tx: Executor) {
      await tx.insert(gameFavorites).values({ memberId, nodeId, createdAt: at }).onConflictDoNothing();
    },

    async removeFavorite(memberId: number, nodeId: number, tx: Executor) {
      await tx.delete(gameFavorites).where(and(eq(gameFavorites.memberId, memberId), eq(gameFavorites.nodeId, nodeId)));
    },

    // ---------- recent games ----------

    /** Records a launch: the game moves to the top of the member's recent games. */
    async touchRecent(memberId: number, nodeId: number, at: Date, tx: Executor) {
      await tx
        .insert(gameRecents)
        .values({ memberId, nodeId, launchedAt: at, launches: 1 })
        .onConflictDoUpdate({
          target: [gameRecents.memberId, gameRecents.nodeId],
          set: { launchedAt: sql`greatest(${gameRecents.launchedAt}, excluded.launched_at)`, launches: sql`${gameRecents.launches} + 1` },
        });
    },

    /** Keeps the member's `keep` most recent games. */
    async pruneRecents(memberId: number, keep: number, tx: Executor) {
      await tx.execute(sql`delete from ${gameRecents} where ${gameRecents.memberId} = ${memberId} and ${gameRecents.nodeId} not in (
        select ${gameRecents.nodeId} from ${gameRecents} where ${gameRecents.memberId} = ${memberId}
        order by ${gameRecents.launchedAt} desc limit ${keep})`);
    },

    async recentGames(memberId: number, f: GameFilter, page: { limit: number; offset: number }, tx: Executor = db) {
      const where = and(eq(gameRecents.memberId, memberId), conditions(f));
      const [rows, [total]] = await Promise.all([
        tx
          .select({ game: games })
          .from(gameRecents)
          .innerJoin(games, eq(games.nodeId, gameRecents.nodeId))
          .where(where)
          .orderBy(desc(gameRecents.launchedAt), desc(gameRecents.nodeId))
          .limit(page.limit)
          .offset(page.offset),
        tx.select({ n: count() }).from(gameRecents).innerJoin(games, eq(games.nodeId, gameRecents.nodeId)).where(where),
      ]);
      return { rows: rows.map((r) => r.game), total: Number(total?.n ?? 0) };
    },

    // ---------- wins (winner board) ----------

    /** The highest ledger transaction id copied so far (0: none). */
    async lastWinId(tx: Executor = db): Promise<number> {
      const [row] = await tx.select({ id: sql<string | null>`max(${gameWins.ledgerTxId})` }).from(gameWins);
      return Number(row?.id ?? 0);
    },

    async insertWins(rows: WinRow[], tx: Executor) {
      if (rows.length === 0) return;
      await tx.insert(gameWins).values(rows).onConflictDoNothing();
    },

    /** The largest wins since `since` (of one game type when given), with their game when it is known. */
    async topWins(since: Date, gameType: string | undefined, limit: number, tx: Executor = db) {
      return tx
        .select({ win: gameWins, game: games })
        .from(gameWins)
        .leftJoin(games, and(eq(games.vendorCode, gameWins.vendorCode), eq(games.gameCode, gameWins.gameCode)))
        .where(and(gt(gameWins.wonAt, since), gameType ? eq(games.gameType, gameType) : undefined))
        .orderBy(desc(gameWins.amount), desc(gameWins.wonAt))
        .limit(limit);
    },

    /**
     * The members with the most winnings at these vendors in [since, until) (the lottery's leaderboard, docs/adr/0097):
     * the sum of their settled wins, the earliest to reach it first on a tie.
     */
    async topWinners(q: { vendors: string[]; since: Date; until: Date; limit: number }, tx: Executor = db) {
      if (q.vendors.length === 0) return [];
      return tx
        .select({ memberId: gameWins.memberId, total: sql<string>`sum(${gameWins.amount})`, wins: sql<number>`count(*)::int` })
        .from(gameWins)
        .where(and(inArray(gameWins.vendorCode, q.vendors), gte(gameWins.wonAt, q.since), lt(gameWins.wonAt, q.until)))
        .groupBy(gameWins.memberId)
        .orderBy(sql`sum(${gameWins.amount}) desc`, sql`max(${gameWins.wonAt}) asc`, asc(gameWins.memberId))
        .limit(q.limit);
    },

    // ---------- operators ----------

    async opsList(f: { vendor?: string | undefined; status?: string | undefined; name?: string | undefined; limit: number }, tx: Executor = db) {
      const p = f.name ? containsPattern(f.name) : null;
      return tx
        .select()
        .from(games)
        .where(
          and(
            f.vendor ? eq(games.vendorCode, f.vendor) : undefined,
            f.status ? eq(games.status, f.status) : undefined,
            p ? sql`(${games.nameTh} ilike ${p} or ${games.nameEn} ilike ${p} or ${games.gameCode} ilike ${p})` : undefined,
          ),
        )
        .orderBy(asc(games.vendorCode), asc(effectiveSort), sql`${games.opsSort} is null`, asc(games.nodeId))
        .limit(f.limit);
    },

    async lockGame(nodeId: number, tx: Executor): Promise<GameRow | null> {
      const [row] = await tx.select().from(games).where(eq(games.nodeId, nodeId)).for('update');
      return row ?? null;
    },

    async setOverrides(
      nodeId: number,
      change: { opsStatus?: string | null; opsHot?: boolean | null; opsSort?: number | null; updatedAt: Date },
      tx: Executor,
    ) {
      const [row] = await tx.update(games).set(change).where(eq(games.nodeId, nodeId)).returning();
      return row ?? null;
    },
  };
}

export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;
