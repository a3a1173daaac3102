import { AppError } from '@lotus/contracts/app-error';
import { addDays, bangkokDay } from '@lotus/contracts/calendar';
import {
  LOTTO_MENU_ORDER,
  ZLottoSyncRequest,
  type TLottoDraw,
  type TLottoGame,
  type TLottoMenuQuery,
  type TLottoNumeros,
  type TLottoNumerosQuery,
  type TLottoOpenedQuery,
  type TLottoRecentQuery,
  type TLottoRegion,
  type TLottoSyncDraw,
  type TLottoSyncGame,
  type TLottoSyncResult,
} from '@lotus/contracts/lottery';
import type { Database } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { LotteryRepository, LottoDrawRow, LottoGameRow } from './lottery.repository';
import { drawDaysOf, drawTimes, gameTypeOf, onWeekday } from './lottery.rules';

/** Tunables of the lottery mirror and lobby (docs/adr/0093-lottery-lobby-calls.md states them). */
export const LOTTERY_OPTIONS = {
  /** Draws written per statement (15 parameters a row: well under PostgreSQL's limit). */
  drawBatch: 500,
  /** The recent list reads the member's rounds of the last this many Bangkok days (the betting record's longest range). */
  recentDays: 90,
  /** ...a page of this many rounds at a time, at most `recentMaxPages` pages per lottery vendor. */
  recentPageSize: 200,
  recentMaxPages: 10,
};

/** What the lottery asks of the game-vendors module: a vendor's registry status (cached there 5 s; null: unknown). */
export type LotteryVendors = { status: (code: string) => Promise<string | null> };
export type LotteryMember = { id: number; trial: boolean };
/**
 * What it asks of the wallet: the member's game rounds as the ledger knows them, newest first (the betting record's
 * read, wallet.service `bettingRounds`; docs/adr/0058).
 */
export type LotteryRounds = (
  member: LotteryMember,
  q: {
    vendor?: string | undefined;
    startDate?: string | undefined;
    endDate?: string | undefined;
    pageNo: number;
    pageSize: number;
  },
) => Promise<{ rows: { vendor: string; gameCode: string; at: Date }[]; totalPages: number }>;
/** What a push answers the vendor protocol: the counts, or the draws' game codes it does not know (nothing written). */
export type LottoPushOutcome =
  ({ status: 'OK' } & TLottoSyncResult) | { status: 'UNKNOWN_GAME'; gameCodes: string[] };

const keyOf = (vendor: string, gameCode: string) => `${vendor}\u0000${gameCode}`;

/**
 * The lottery mirror (docs/adr/0093): the games and draws each lottery vendor pushes (`syncDraws`, the vendor-protocol
 * module's `POST /vendor/v1/lotto/sync`), and the lobby calls answered from them. Nothing is cached in this process:
 * every call reads the mirror (a few hundred rows), so every instance answers the same at the same time.
 */
export function createLotteryService(deps: {
  database: Pick<Database, 'tx'>;
  repo: LotteryRepository;
  vendors: LotteryVendors;
  rounds: { bettingRounds: LotteryRounds };
  now: Clock;
}) {
  const { database, repo, vendors, now } = deps;
  const o = LOTTERY_OPTIONS;

  // ---------- the push (POST /vendor/v1/lotto/sync) ----------

  /**
   * Stores a vendor's push in one transaction: games upserted per (vendor, game code), draws per (vendor, game code,
   * number) only where the pushed version is greater than the stored one. A draw of a game neither in the push nor
   * stored for this vendor refuses the whole push (nothing written). Pushes of one vendor run one at a time.
   */
  async function syncDraws(
    vendor: string,
    push: { games: TLottoSyncGame[]; draws: TLottoSyncDraw[] },
  ): Promise<LottoPushOutcome> {
    // The vendor service validated the body; this service is the rule (the same schema, the same refusals).
    const { games, draws } = ZLottoSyncRequest.pick({ games: true, draws: true }).parse(push);
    const at = new Date(now());
    const gameRows = games.map((g) => ({
      vendorCode: vendor,
      gameCode: g.gameCode,
      region: g.region,
      format: g.format,
      timeZone: g.timeZone,
      nameTh: g.names.th,
      nameEn: g.names.en,
      nameVi: g.names.vi ?? null,
      drawDays: [...g.drawDays].sort((a, b) => a - b),
      enabled: g.enabled,
      sort: g.sort,
      createdAt: at,
      updatedAt: at,
    }));
    const drawRows = draws.map((d) => ({
      vendorCode: vendor,
      gameCode: d.gameCode,
      drawNo: d.drawNo,
      lockAt: new Date(d.lockAt),
      closeAt: new Date(d.closeAt),
      drawAt: new Date(d.drawAt),
      status: d.status,
      result: d.result,
      resultSource: d.resultSource,
      beaconChain: d.beaconChain,
      beaconRound: d.beaconRound,
      beaconSignature: d.beaconSignature,
      version: d.version,
      createdAt: at,
      updatedAt: at,
    }));
    const pushed = new Set(games.map((g) => g.gameCode));
    const named = [...new Set(draws.map((d) => d.gameCode))].filter((code) => !pushed.has(code));
    return database.tx(async (tx): Promise<LottoPushOutcome> => {
      await repo.lockVendorPush(vendor, tx);
      const stored = new Set(await repo.storedGameCodes(vendor, named, tx));
      const unknown = named.filter((code) => !stored.has(code));
      if (unknown.length > 0) return { status: 'UNKNOWN_GAME', gameCodes: unknown };
      const gamesWritten = await repo.upsertGames(gameRows, at, tx);
      let drawsWritten = 0;
      for (let i = 0; i < drawRows.length; i += o.drawBatch)
        drawsWritten += await repo.upsertDraws(drawRows.slice(i, i + o.drawBatch), at, tx);
      return { status: 'OK', games: gamesWritten, draws: drawsWritten };
    });
  }

  // ---------- the lobby ----------

  /** A game as the lobby calls answer it, with its open draw at `at` (3.GAME.04). */
  function gameView(game: LottoGameRow, open: LottoDrawRow | null, at: number): TLottoGame {
    const region = game.region as TLottoRegion;
    const times = open ? drawTimes(open, at) : null;
    return {
      gameCode: game.gameCode,
      vassalage: game.vendorCode,
      gameType: gameTypeOf(region),
      gameGroupCode: region,
      names: { th: game.nameTh, en: game.nameEn, ...(game.nameVi ? { vi: game.nameVi } : {}) },
      numero: open?.drawNo ?? null,
      remainTime: times?.remainTime ?? null,
      lockTime: times?.lockTime ?? null,
      drawDayOfWeek: drawDaysOf(game, open?.drawAt ?? null),
      winningTime: open ? open.drawAt.toISOString() : null,
    };
  }

  /** Enabled games of vendors the registry does not have disabled (of one code, and one vendor, when given). */
  async function visibleGames(f: {
    gameCode?: string | undefined;
    vendor?: string | undefined;
  }): Promise<LottoGameRow[]> {
    const rows = await repo.enabledGames(f);
    const codes = [...new Set(rows.map((r) => r.vendorCode))];
    const states = new Map(
      await Promise.all(codes.map(async (code) => [code, await vendors.status(code)] as const)),
    );
    return rows.filter((r) => {
      const state = states.get(r.vendorCode);
      return state !== null && state !== undefined && state !== 'disabled';
    });
  }

  /** The lobby's games with their open draws at `at`, in menu order. */
  async function lobby(
    at: number,
    f: { gameCode?: string | undefined; vendor?: string | undefined } = {},
  ): Promise<TLottoGame[]> {
    const [games, open] = await Promise.all([
      visibleGames(f),
      repo.openDraws(new Date(at), { gameCode: f.gameCode }),
    ]);
    const openOf = new Map(open.map((d) => [keyOf(d.vendorCode, d.gameCode), d] as const));
    return games.map((g) => gameView(g, openOf.get(keyOf(g.vendorCode, g.gameCode)) ?? null, at));
  }

  /**
   * /lotto/lgw/games/opened/numero (7.GAME.07): every enabled game, or the one named (lottery_game_not_found when
   * none is), each with its open draw or numero null; the weekday filter applied (2.LOB.03).
   */
  async function openedNumeros(q: TLottoOpenedQuery): Promise<{ list: TLottoGame[] }> {
    const games = await lobby(now(), { gameCode: q.gameCode, vendor: q.vassalage });
    if (q.gameCode !== undefined && games.length === 0) throw new AppError('lottery_game_not_found', 404);
    return { list: games.filter((g) => onWeekday(q.drawDayOfWeek, g)) };
  }

  /**
   * /lgw/vn/games/game_menu (7.GAME.04): one menu per region that has enabled games, in the lobby's order
   * (VN_NORTH, VN_SOUTH, VN_CENTRAL, TH, ELECTRONIC); the weekday filter narrows the games, never the menus.
   */
  async function gameMenu(q: TLottoMenuQuery): Promise<{ menu: TLottoRegion; games: TLottoGame[] }[]> {
    const games = await lobby(now());
    return LOTTO_MENU_ORDER.flatMap((menu) => {
      const inMenu = games.filter((g) => g.gameGroupCode === menu);
      return inMenu.length === 0
        ? []
        : [{ menu, games: inMenu.filter((g) => onWeekday(q.drawDayOfWeek, g)) }];
    });
  }

  /**
   * /lgw/vn/games/game_menu/recent (7.GAME.05): the enabled lottery games the member played most recently, newest
   * first: the member's rounds at each lottery vendor in the platform's ledger (the betting record's read), the last
   * `recentDays` Bangkok days, at most `recentPageSize` x `recentMaxPages` rounds per vendor.
   */
  async function recentGames(member: LotteryMember, q: TLottoRecentQuery): Promise<{ list: TLottoGame[] }> {
    const at = now();
    const games = await lobby(at);
    const gameOf = new Map(games.map((g) => [keyOf(g.vassalage, g.gameCode), g] as const));
    const endDate = bangkokDay(at);
    const startDate = addDays(endDate, -(o.recentDays - 1));
    const lastPlayed = new Map<string, number>();
    for (const vendor of new Set(games.map((g) => g.vassalage))) {
      const wanted = Math.min(q.recentCount, games.filter((g) => g.vassalage === vendor).length);
      let found = 0;
      for (let pageNo = 1; pageNo <= o.recentMaxPages && found < wanted; pageNo += 1) {
        const page = await deps.rounds.bettingRounds(member, {
          vendor,
          startDate,
          endDate,
          pageNo,
          pageSize: o.recentPageSize,
        });
        // Rounds come newest first: a game's first round seen is its latest.
        for (const round of page.rows) {
          const key = keyOf(vendor, round.gameCode);
          if (gameOf.has(key) && !lastPlayed.has(key)) {
            lastPlayed.set(key, round.at.getTime());
            found += 1;
          }
        }
        if (pageNo >= page.totalPages) break;
      }
    }
    const list = [...lastPlayed]
      .sort((a, b) => b[1] - a[1])
      .slice(0, q.recentCount)
      .map(([key]) => gameOf.get(key)!);
    return { list };
  }

  /** A draw in the results history: the result only once the draw is resulted or settled. */
  const drawView = (d: LottoDrawRow): TLottoDraw => ({
    numero: d.drawNo,
    drawAt: d.drawAt.toISOString(),
    status: d.status as TLottoDraw['status'],
    result: d.status === 'resulted' || d.status === 'settled' ? (d.result ?? null) : null,
    resultSource: d.resultSource,
    beaconChain: d.beaconChain as TLottoDraw['beaconChain'],
    beaconRound: d.beaconRound,
    beaconSignature: d.beaconSignature,
  });

  /**
   * /lgw/vn/numeros/opened/game (7.GAME.06): a game's draws up to its open one, newest first (its results history);
   * lottery_game_not_found for a code no enabled game has. Where two vendors publish the code, `vassalage` picks one,
   * else the first vendor in code order.
   */
  async function numeros(q: TLottoNumerosQuery): Promise<TLottoNumeros> {
    const at = now();
    const [game] = (await visibleGames({ gameCode: q.gameCode, vendor: q.vassalage })).sort((a, b) =>
      a.vendorCode.localeCompare(b.vendorCode),
    );
    if (!game) throw new AppError('lottery_game_not_found', 404);
    const draws = await repo.latestDraws(game.vendorCode, game.gameCode, new Date(at), q.count);
    return {
      gameCode: game.gameCode,
      vassalage: game.vendorCode,
      format: game.format as TLottoNumeros['format'],
      list: draws.map(drawView),
    };
  }

  return { syncDraws, openedNumeros, gameMenu, recentGames, numeros };
}

export type LotteryService = ReturnType<typeof createLotteryService>;
