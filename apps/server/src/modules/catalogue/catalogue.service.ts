import { API_AREAS } from '@lotus/contracts/areas';
import { randomInt } from 'node:crypto';
import { AppError } from '@lotus/contracts/app-error';
import {
  MAX_FAVORITES,
  ZGameList,
  ZGamesSyncRequest,
  type TBetRecord,
  type TBetRecordQuery,
  type TCatalogueGame,
  type TFavoriteChange,
  type TGameListQuery,
  type TGamesSyncResult,
  type TLaunchGameRequest,
  type TSyncGame,
} from '@lotus/contracts/catalogue';
import { GAME_TYPES, type TGameType } from '@lotus/contracts/constants';
import { formatMinor, parseMinor } from '@lotus/contracts/money';
import type { TVendorCard } from '@lotus/contracts/relay';
import type { TSiteConfig } from '@lotus/contracts/site-config';
import type { Executor } from '../../db/tx';
import type { Database } from '../../db/client';
import { createTtlCache } from '../../lib/ttl-cache';
import type { ConfigBus } from '../../lib/config-bus';
import type { Clock } from '../../platform/clock';
import type { CatalogueRepository, GameFilter, GameRow } from './catalogue.repository';

/** Tunables of the catalogue (docs/adr/0037-game-catalogue.md states them). */
export const CATALOGUE_OPTIONS = {
  /** A cached list lives this long on an instance (a sync or operator change drops it at once, everywhere with Redis). */
  cacheMs: 5_000,
  /** A list read in the last second of its cache life is reloaded in the background, still answered from the cache. */
  refreshAheadMs: 1_000,
  /** The winner board is recomputed at most this often. */
  rankCacheMs: 60_000,
  /** Wins and launches older than this are left out of the winner board and the popular list. */
  windowMs: 7 * 24 * 60 * 60_000,
  /** Recent games kept per member. */
  recentKeep: 50,
  /** Ledger ids read again below the last copied win (a win committed late, out of id order, is not missed). */
  winOverlapIds: 1_000,
  // A batch is one statement: on PGlite it runs on the server's thread, so it stays small.
  winBatch: 1_000,
};

/** The message on the configuration bus that drops every instance's catalogue cache. */
export const CATALOGUE_BUS_KEY = 'catalogue';

/** What the catalogue asks of the vendor module (composition root): registry states and the launch. */
export type CatalogueVendors = {
  /** Every registered vendor and its status (active | maintenance | disabled); its registry name. */
  list: () => Promise<{ code: string; status: string; name?: string; launchUrl?: string | null }[]>;
  /** One vendor's status now (null: not registered). */
  status: (code: string) => Promise<string | null>;
  /** A one-time launch token and the vendor's launch URL (the vendor module's /wps/game/vendorLaunch logic). */
  launch: (
    memberId: number,
    input: { vendor: string; gameCode: string; language: string; returnUrl?: string | undefined; options?: Record<string, string> | undefined },
  ) => Promise<{ url: string }>;
};
export type CatalogueMember = { id: number; trial: boolean };
/** The wallet's betting-record read (wallet.service bettingRounds). */
export type BettingRounds = (
  member: CatalogueMember,
  q: { vendor?: string | undefined; startDate?: string | undefined; endDate?: string | undefined; pageNo: number; pageSize: number },
) => Promise<{
  rows: { roundId: string; vendor: string; gameCode: string; at: Date; bet: bigint; win: bigint; refunded: bigint; wins: number; rollbacks: number }[];
  /** Every vendor with a round in the range, whatever the vendor filter. */
  vendors: string[];
  total: number;
  totalPages: number;
  pageNo: number;
  totals: { bet: bigint; win: bigint; refunded: bigint };
}>;
type Page = { pageNo: number; pageSize: number };

/**
 * A round's provably fair page (docs/adr/0075): a vendor served by the house app (apps/games; its launch
 * URL is `<base>/house/play`) has it at `<base>/house/fair?round=<roundId>`; other vendors publish none.
 */
export function fairPageOf(launchUrl: string | null | undefined): ((roundId: string, language: string) => string) | null {
  if (!launchUrl) return null;
  let url: URL;
  try {
    url = new URL(launchUrl);
  } catch {
    return null;
  }
  const play = `${API_AREAS.house}/play`;
  if (!/^https?:$/.test(url.protocol) || !url.pathname.endsWith(play)) return null;
  const base = `${url.origin}${url.pathname.slice(0, -play.length)}${API_AREAS.house}/fair`;
  return (roundId, language) => `${base}?${new URLSearchParams({ round: roundId, lang: language.startsWith('en') ? 'en' : 'th' })}`;
}

/** Masks a username for the winner board: first two characters, ***, last character. */
export function maskAccount(username: string): string {
  if (username.length <= 3) return `${username.slice(0, 1)}***`;
  return `${username.slice(0, 2)}***${username.slice(-1)}`;
}

/** One entry of a list picked at random (CDNs: 7.PAR.19); null when the list is empty. */
const pick = (list: readonly string[]): string | null => (list.length === 0 ? null : list[randomInt(list.length)]!);
const base = (url: string) => url.replace(/\/+$/, '');

/**
 * The game catalogue (docs/adr/0037-game-catalogue.md): the vendors' published lists (sync, replace
 * semantics, retire), the lists members see (cached per instance, dropped on every instance by a
 * change), favourites, recent games, the popular list, the winner board and the launch.
 */
export function createCatalogueService(deps: {
  database: Pick<Database, 'tx'>;
  repo: CatalogueRepository;
  config: { get<K extends keyof TSiteConfig>(key: K): Promise<TSiteConfig[K]> };
  vendors: CatalogueVendors;
  vendorCards: () => Promise<TVendorCard[]>;
  wins: {
    settledWins: (
      afterId: number,
      limit: number,
    ) => Promise<{ wins: { transactionId: number; vendor: string; gameCode: string; memberId: number; amount: bigint; at: Date }[]; scannedTo: number; more: boolean }>;
  };
  usernameOf: (memberId: number) => Promise<string | null>;
  /** The member's game rounds from the wallet's ledger (the betting record; docs/adr/0058). */
  rounds: { bettingRounds: BettingRounds };
  bus?: Pick<ConfigBus, 'publish' | 'onInvalidate'> | undefined;
  now: Clock;
}) {
  const { database, repo, vendors, now } = deps;
  const o = CATALOGUE_OPTIONS;

  // ---------- cache ----------
  const newCache = () => createTtlCache<string, unknown>({ ttlMs: o.cacheMs, refreshAheadMs: o.refreshAheadMs, max: 5_000, now });
  let cache = newCache();
  let rankCache = createTtlCache<string, unknown>({ ttlMs: o.rankCacheMs, max: 50, now });
  const cached = <T>(key: string, load: () => Promise<T>) => cache.get(key, load) as Promise<T>;
  const dropLocal = () => {
    cache = newCache();
  };
  deps.bus?.onInvalidate((key) => {
    if (key === CATALOGUE_BUS_KEY) dropLocal();
  });
  /** After a change committed: this instance at once, the others through the bus (Redis). */
  async function invalidate() {
    dropLocal();
    await deps.bus?.publish(CATALOGUE_BUS_KEY);
  }

  /** Registry states, cached like the lists: disabled vendors' games are left out, maintenance shows. */
  const vendorCards = () => cached('cards', deps.vendorCards);
  const vendorStates = () =>
    cached('vendors', async () => new Map((await vendors.list()).map((v) => [v.code, v.status] as const)));
  const disabledVendors = async () => [...(await vendorStates()).entries()].filter(([, s]) => s === 'disabled').map(([c]) => c);

  // ---------- views ----------
  const isEnglish = (language: string) => (language.split('-')[0] ?? '').toLowerCase() === 'en';
  const nameIn = (row: GameRow, language: string) => (isEnglish(language) ? row.nameEn : row.nameTh);

  async function viewer(language: string) {
    const [domains, states] = await Promise.all([deps.config.get('domains'), vendorStates()]);
    return viewOf(language, states, (url) => {
      if (!url.startsWith('/')) return url;
      const cdn = pick(domains.imageCDNs);
      return cdn ? `${base(cdn)}${url}` : url;
    });
  }

  function viewOf(language: string, states: Map<string, string>, image: (url: string) => string) {
    return (row: GameRow): TCatalogueGame => ({
      nodeId: row.nodeId,
      gameId: row.gameCode,
      gameCode: row.gameCode,
      vassalage: row.vendorCode,
      gameType: row.gameType as TGameType,
      gameName: nameIn(row, language),
      gameClassify: row.classification,
      remark: '',
      gameMenuTag: row.classification,
      minBet: formatMinor(row.minBet),
      lines: row.lines,
      imageUrl: image(row.thumbnailUrl),
      isHot: (row.opsHot ?? row.isHot) ? 1 : 0,
      freePlay: row.freePlay,
      status:
        row.status === 'MAINTENANCE' || row.opsStatus === 'MAINTENANCE' || states.get(row.vendorCode) !== 'active' ? 'MAINTENANCE' : 'ACTIVE',
      isGame: 'GAME',
    });
  }

  const paging = (p: Page) => ({ limit: p.pageSize, offset: (p.pageNo - 1) * p.pageSize });
  const totalPages = (total: number, p: Page) => Math.ceil(total / p.pageSize);

  // ---------- sync (POST /vendor/v1/games/sync) ----------

  /**
   * Replaces the vendor's published list: listed games are created or updated (a retired one comes
   * back), the vendor's other games are RETIRED (never deleted). One transaction; syncs of one vendor
   * run one at a time.
   */
  async function sync(vendor: string, list: TSyncGame[]): Promise<TGamesSyncResult> {
    ZGamesSyncRequest.shape.games.parse(list); // the vendor service validated it; this service is the rule
    const at = new Date(now());
    const rows = list.map((g, i) => ({
      vendorCode: vendor,
      gameCode: g.gameCode,
      gameType: g.gameType,
      nameTh: g.names.th,
      nameEn: g.names.en,
      classification: g.classification,
      minBet: BigInt(g.minBet),
      lines: g.lines,
      thumbnailUrl: g.thumbnailUrl,
      isHot: g.isHot,
      freePlay: g.freePlay,
      status: g.status,
      sort: i,
      // Optional fields (v1.2): a vendor that does not send them leaves them null.
      rtp: g.rtp ?? null,
      volatility: g.volatility ?? null,
      createdAt: at,
      updatedAt: at,
    }));
    const result = await database.tx(async (tx) => {
      await repo.lockVendorSync(vendor, tx);
      const changed: { nodeId: number; inserted: boolean }[] = [];
      // Batches keep each statement under PostgreSQL's parameter limit.
      for (let i = 0; i < rows.length; i += 500) changed.push(...(await repo.upsertGames(rows.slice(i, i + 500), at, tx)));
      const retired = await repo.retireOthers(
        vendor,
        rows.map((r) => r.gameCode),
        at,
        tx,
      );
      const created = changed.filter((c) => c.inserted).length;
      return { created, updated: changed.length - created, retired };
    });
    await invalidate();
    return result;
  }

  // ---------- lists ----------

  /** The filter of a GCSGAME_gameList query and its cache key (the same rows for every language). */
  function listFilter(q: TGameListQuery) {
    const maxMinBet = q.minBet === undefined ? undefined : (parseMinor(q.minBet) ?? undefined);
    const filter: GameFilter = {
      gameType: q.gameType,
      vendor: q.vassalage,
      classification: q.gameClassify,
      name: q.gameName || undefined,
      maxMinBet,
      minLines: q.minLineNum,
    };
    return { filter, key: JSON.stringify([{ ...filter, maxMinBet: maxMinBet?.toString() }, q.pageNo, q.pageSize]) };
  }

  /** GCSGAME_gameList (7.PAR.02): the filters, paged; names in the request language. */
  async function gameList(q: TGameListQuery, language: string) {
    const { filter, key } = listFilter(q);
    const { rows, total } = await cached(`list:${key}`, async () =>
      repo.listGames({ ...filter, excludeVendors: await disabledVendors() }, paging(q)),
    );
    const view = await viewer(q.language ?? language);
    return { games: rows.map(view), total, totalPages: totalPages(total, q), pageNo: q.pageNo };
  }

  /** A number per set of registry states (the same states, the same number): part of a page's key. */
  const stateIds = new WeakMap<Map<string, string>, number>();
  const idOfSignature = new Map<string, number>();
  const statesId = (states: Map<string, string>) => {
    let id = stateIds.get(states);
    if (id === undefined) {
      const signature = [...states].map(([code, state]) => `${code}=${state}`).sort().join(',');
      id = idOfSignature.get(signature) ?? idOfSignature.size;
      idOfSignature.set(signature, id);
      stateIds.set(states, id);
    }
    return id;
  };

  /**
   * GCSGAME_gameList as the JSON text of its answer (what the relay sends; ADR 0059): the same value
   * as `gameList`, read and checked against the contract once per cached page, language and registry
   * states, then served as text (a state change shows as soon as the lists' registry view has it).
   * Image paths are slots, each filled per answer with an image CDN picked at random (7.PAR.19).
   */
  async function gameListJson(q: TGameListQuery, language: string): Promise<{ text: string; shared: object | null }> {
    const { filter, key } = listFilter(q);
    const english = isEnglish(q.language ?? language);
    const states = await vendorStates();
    const [page, domains] = await Promise.all([
      cached(`json:${english ? 'en' : 'th'}:${statesId(states)}:${key}`, () => serializedPage(filter, english, q, states)),
      deps.config.get('domains'),
    ]);
    const { segments } = page;
    if (segments.length === 1 || domains.imageCDNs.length === 0) return { text: page.plain, shared: page };
    const cdns = domains.imageCDNs.map((c) => JSON.stringify(base(c)).slice(1, -1));
    if (cdns.length === 1) {
      // One CDN: the same text for every answer, made once.
      const cdn = cdns[0]!;
      const one = page.oneCdn?.cdn === cdn ? page.oneCdn : (page.oneCdn = { cdn, text: segments.join(cdn) });
      return { text: one.text, shared: one };
    }
    let text = segments[0]!;
    for (let i = 1; i < segments.length; i++) text += pick(cdns)! + segments[i]!;
    return { text, shared: null };
  }

  /** One page as JSON text, cut before each relative image path (the CDN slots). */
  async function serializedPage(
    filter: GameFilter,
    english: boolean,
    q: TGameListQuery,
    states: Map<string, string>,
  ): Promise<{ plain: string; segments: string[]; oneCdn?: { cdn: string; text: string } }> {
    const { imageCDNs } = await deps.config.get('domains');
    const disabled = [...states].filter(([, s]) => s === 'disabled').map(([c]) => c);
    const page = await repo.listGames({ ...filter, excludeVendors: disabled }, paging(q));
    const view = viewOf(english ? 'en' : 'th', states, (url) => url);
    // The contract is checked here, once per page, instead of on every answer; imageUrl with the
    // longest configured CDN in front (the longest an answer can carry).
    const longest = imageCDNs.map(base).reduce((a, b) => (b.length > a.length ? b : a), '');
    const value = ZGameList.parse({
      games: page.rows.map(view).map((g) => ({ ...g, imageUrl: g.imageUrl.startsWith('/') ? `${longest}${g.imageUrl}` : g.imageUrl })),
      total: page.total,
      totalPages: totalPages(page.total, q),
      pageNo: q.pageNo,
    });
    const segments: string[] = [];
    let text = '{"games":[';
    value.games.forEach((g, i) => {
      const thumbnail = page.rows[i]!.thumbnailUrl;
      // imageUrl last: the game's fields up to its opening quote, the slot, then the path.
      const { imageUrl: _image, ...rest } = g;
      text += `${i === 0 ? '' : ','}${JSON.stringify(rest).slice(0, -1)},"imageUrl":"`;
      if (thumbnail.startsWith('/')) {
        segments.push(text);
        text = '';
      }
      text += `${JSON.stringify(thumbnail).slice(1, -1)}"}`;
    });
    text += `],"total":${value.total},"totalPages":${value.totalPages},"pageNo":${value.pageNo}}`;
    segments.push(text);
    return { plain: segments.join(''), segments };
  }

  /** GCSGAME_hotGamesV2 (7.PAR.01): hot games and, as the footer, their vendors. */
  async function hotGames(q: { vassalage?: string | undefined; language?: string | undefined }, language: string) {
    const [rows, cards] = await Promise.all([
      cached(`hot:${q.vassalage ?? ''}`, async () =>
        (await repo.listGames({ vendor: q.vassalage, hotOnly: true, excludeVendors: await disabledVendors() }, { limit: 100, offset: 0 })).rows,
      ),
      vendorCards(),
    ]);
    const view = await viewer(q.language ?? language);
    const byCode = new Map(cards.flatMap((c) => c.cards).map((v) => [v.vassalage, v] as const));
    const footer = [...new Map(rows.map((r) => [r.vendorCode, r] as const)).values()].map((r) => {
      const card = byCode.get(r.vendorCode);
      return { vassalage: r.vendorCode, displayName: card?.displayName ?? r.vendorCode, logoUrl: card?.logoUrl ?? '', gameType: r.gameType as TGameType };
    });
    return { list: rows.map(view), footer };
  }

  /** GCSGAME_getVassGameType: per vendor and game type, the classifications (the list screens' filter). */
  async function vendorGameTypes(q: { vassalage?: string | undefined; gameType?: string | undefined }) {
    const rows = await cached(`types:${q.vassalage ?? ''}:${q.gameType ?? ''}`, async () =>
      repo.vendorGameTypes({ vendor: q.vassalage, gameType: q.gameType, excludeVendors: await disabledVendors() }),
    );
    return rows.map((r) => ({ vassalage: r.vendor, gameType: r.gameType as TGameType, gameClassify: r.classifications, gameCount: Number(r.n) }));
  }

  /** /lgw/games/game_menus: HOT (hot vendors) then each game type with vendors (2.LGN.01, 2.HDR.06). */
  async function gameMenus() {
    const [cards, counts] = await Promise.all([vendorCards(), vendorGameTypes({})]);
    const countOf = new Map(counts.map((c) => [`${c.vassalage}:${c.gameType}`, c.gameCount] as const));
    const vendorsOf = (card: TVendorCard) =>
      card.cards.map((v) => ({
        vassalage: v.vassalage,
        displayName: v.displayName,
        gameType: v.gameType,
        isHot: v.isHot,
        gameCount: countOf.get(`${v.vassalage}:${v.gameType}`) ?? 0,
      }));
    const typed = cards.filter((c) => c.cards.length > 0).map((c) => ({ menu: c.title, vendors: vendorsOf(c) }));
    const hot = [...new Map(typed.flatMap((m) => m.vendors).filter((v) => v.isHot === 1).map((v) => [v.vassalage, v] as const)).values()];
    return [{ menu: 'HOT' as const, vendors: hot }, ...typed];
  }

  /**
   * /lgw/games/categories (the home page; docs/adr/0074): per game type, the providers with a game a player
   * can open now (registry state active, the game ACTIVE and not in maintenance) and how many such games; a
   * type with none is left out, so no card invites a tap to an empty page.
   */
  async function categories() {
    return cached('categories', async () => {
      const active = [...(await vendorStates()).entries()].filter(([, s]) => s === 'active').map(([c]) => c);
      const rows = await repo.playableByType(active);
      const order = new Map<string, number>(GAME_TYPES.map((type, i) => [type, i]));
      return {
        list: rows
          .map((r) => ({ gameType: r.gameType as TGameType, vendorCount: Number(r.vendors), gameCount: Number(r.n) }))
          .sort((a, b) => (order.get(a.gameType) ?? 99) - (order.get(b.gameType) ?? 99)),
      };
    });
  }

  /** /lgw/games/popular: the games most members launched in the last 7 days (count 20). */
  async function popular(q: { count: number; gameType?: string | undefined; language?: string | undefined }, language: string) {
    const rows = await cached(`popular:${q.count}:${q.gameType ?? ''}`, async () =>
      repo.popularGames({ gameType: q.gameType, excludeVendors: await disabledVendors() }, new Date(now() - o.windowMs), q.count),
    );
    const view = await viewer(q.language ?? language);
    return { list: rows.map(view) };
  }

  // ---------- favourites (member) ----------

  async function favoriteIds(member: CatalogueMember, gameType?: string) {
    return { ids: await repo.favoriteIds(member.id, gameType) };
  }

  async function favoriteList(member: CatalogueMember, q: Page & { gameType?: string | undefined; language?: string | undefined }, language: string) {
    const { rows, total } = await repo.favoriteGames(member.id, { gameType: q.gameType }, paging(q));
    const view = await viewer(q.language ?? language);
    return { content: rows.map(view), total, totalPages: totalPages(total, q), pageNo: q.pageNo };
  }

  /** The game a favourite change names: it must exist with this vendor and type (else game_not_found). */
  async function gameOf(change: TFavoriteChange) {
    const game = await repo.findGame(change.nodeId);
    if (!game || game.vendorCode !== change.vendor || game.gameType !== change.gameType) throw new AppError('game_not_found', 404);
    return game;
  }

  /** Adds a favourite (idempotent; at most MAX_FAVORITES, the oldest stay); answers the member's ids. */
  async function addFavorite(member: CatalogueMember, change: TFavoriteChange) {
    const game = await gameOf(change);
    if (game.status === 'RETIRED' || game.opsStatus === 'HIDDEN') throw new AppError('game_not_found', 404);
    await database.tx(async (tx) => {
      if ((await repo.countFavorites(member.id, tx)) >= MAX_FAVORITES) throw new AppError('validation_failed', 400, { nodeId: 'too_many' });
      await repo.addFavorite(member.id, game.nodeId, new Date(now()), tx);
    });
    return favoriteIds(member);
  }

  /** Removes a favourite (idempotent; a retired game can still be removed). */
  async function removeFavorite(member: CatalogueMember, change: TFavoriteChange) {
    const game = await gameOf(change);
    await database.tx((tx) => repo.removeFavorite(member.id, game.nodeId, tx));
    return favoriteIds(member);
  }

  // ---------- recent games (member) ----------

  async function recentGames(member: CatalogueMember, q: Page & { vassalage?: string | undefined; language?: string | undefined }, language: string) {
    const { rows, total } = await repo.recentGames(member.id, { vendor: q.vassalage }, paging(q));
    const view = await viewer(q.language ?? language);
    return { list: rows.map(view), total, totalPages: totalPages(total, q), pageNo: q.pageNo };
  }

  // ---------- launch ----------

  /**
   * Launches a game for a member (/wps/game/launchGame, GCS_gameLaunchFB): the vendor must be
   * registered and active and the game listed and not in maintenance ('Game maintenance'
   * otherwise); a trial account only where the game offers free play. The vendor module issues the
   * one-time token; the game becomes the member's most recent; the launch host is picked at random
   * among the configured launch CDNs when the vendor is served behind them.
   */
  async function launch(member: CatalogueMember, input: TLaunchGameRequest, language: string) {
    const state = await vendors.status(input.vendor);
    // Unknown (no credentials here), in maintenance or disabled: the spec's message, whatever the reason.
    if (state !== 'active') throw new AppError('game_maintenance', 503);
    const game = await repo.findGameByCode(input.vendor, input.gameCode);
    if (!game || game.status === 'RETIRED' || game.opsStatus === 'HIDDEN' || (input.gameType && game.gameType !== input.gameType)) {
      throw new AppError('game_not_found', 404);
    }
    if (game.status === 'MAINTENANCE' || game.opsStatus === 'MAINTENANCE') throw new AppError('game_maintenance', 503);
    if (member.trial && !game.freePlay) throw new AppError('in_need_true_account', 403);
    // The lottery lobby launch's options (7.PAR.15) travel to the vendor's launch URL as they came.
    const options = Object.fromEntries(
      (['lottoArea', 'launchMode', 'prizeMode', 'view', 'device'] as const).flatMap((key) => (input[key] ? [[key, input[key]]] : [])),
    );
    const launched = await vendors
      .launch(member.id, {
        vendor: game.vendorCode,
        gameCode: game.gameCode,
        language: input.language ?? language,
        returnUrl: input.returnUrl ?? input.backUrl,
        options,
      })
      .catch((error: unknown) => {
        // Disabled between the check and the launch: the same answer as above.
        throw error instanceof AppError && error.code === 'vendor_not_found' ? new AppError('game_maintenance', 503) : error;
      });
    await database.tx(async (tx) => {
      await repo.touchRecent(member.id, game.nodeId, new Date(now()), tx);
      await repo.pruneRecents(member.id, o.recentKeep, tx);
    });
    const { launchGameCDNs } = await deps.config.get('domains');
    return {
      url: rebase(launched.url, launchGameCDNs),
      nodeId: game.nodeId,
      gameType: game.gameType as TGameType,
      gameName: nameIn(game, input.language ?? language),
    };
  }

  /**
   * Launch CDNs are mirrors of the same launch host: a launch URL whose origin is one of them moves
   * to one picked at random; any other URL is left as the vendor registered it.
   */
  function rebase(url: string, cdns: readonly string[]): string {
    const u = new URL(url);
    const mirrors = cdns.flatMap((c) => {
      try {
        return [new URL(c)];
      } catch {
        return [];
      }
    });
    if (!mirrors.some((m) => m.origin === u.origin)) return url;
    const chosen = mirrors[randomInt(mirrors.length)]!;
    return new URL(`${u.pathname}${u.search}`, chosen.origin).toString();
  }

  // ---------- winner board ----------

  /** Copies new settled wins from the ledger (job catalogue-wins, every minute); answers how many were read. */
  async function collectWins(): Promise<number> {
    let after = Math.max(0, (await repo.lastWinId()) - o.winOverlapIds);
    let read = 0;
    for (;;) {
      const { wins, scannedTo, more } = await deps.wins.settledWins(after, o.winBatch);
      read += wins.length;
      if (wins.length > 0) {
        await database.tx((tx) =>
          repo.insertWins(
            wins.map((w) => ({ ledgerTxId: w.transactionId, vendorCode: w.vendor, gameCode: w.gameCode, memberId: w.memberId, amount: w.amount, wonAt: w.at })),
            tx,
          ),
        );
      }
      after = scannedTo;
      if (!more) break;
    }
    rankCache = createTtlCache<string, unknown>({ ttlMs: o.rankCacheMs, max: 50, now });
    return read;
  }

  /** GCSGAME_getRankList (7.PAR.12): the largest settled real-money wins of the last 7 days. */
  async function rankList(q: { gameCategory: string; limitNum: number; language?: string | undefined }, language: string) {
    const lang = q.language ?? language;
    const load = async () => {
      const rows = await repo.topWins(new Date(now() - o.windowMs), q.gameCategory === 'ALL' ? undefined : q.gameCategory, q.limitNum);
      const names = new Map<number, string>();
      await Promise.all(
        [...new Set(rows.map((r) => r.win.memberId))].map(async (id) => names.set(id, maskAccount((await deps.usernameOf(id)) ?? '***'))),
      );
      return rows.map((r, i) => ({
        rank: i + 1,
        account: names.get(r.win.memberId) ?? '***',
        gameName: r.game ? nameIn(r.game, lang) : r.win.gameCode,
        vassalage: r.win.vendorCode,
        gameType: (r.game?.gameType ?? 'RNG') as TGameType,
        amount: formatMinor(r.win.amount),
        winTime: r.win.wonAt.toISOString(),
      }));
    };
    return { list: (await rankCache.get(`${q.gameCategory}:${q.limitNum}:${lang}`, load)) as Awaited<ReturnType<typeof load>> };
  }

  /**
   * The members with the most settled winnings at these vendors in [since, until), usernames masked as on the winner
   * board (the lottery's leaderboard, docs/adr/0097). Read from the winner board's copy of the ledger's wins.
   */
  async function topWinners(q: { vendors: string[]; since: Date; until: Date; limit: number }) {
    const rows = await repo.topWinners(q);
    return Promise.all(
      rows.map(async (r, i) => ({
        rank: i + 1,
        memberId: r.memberId,
        account: maskAccount((await deps.usernameOf(r.memberId)) ?? '***'),
        total: BigInt(r.total),
        wins: Number(r.wins),
      })),
    );
  }

  // ---------- the betting record (2.MC.08 personalHistoryCopy; docs/adr/0058-betting-record.md) ----------

  /**
   * The member's rounds as the platform's ledger knows them, with the catalogue's game names (in the
   * request language) and the vendors' display names; never read from a vendor's own records.
   */
  async function betRecord(member: CatalogueMember, q: TBetRecordQuery, language: string): Promise<TBetRecord> {
    const lang = q.language ?? language;
    const r = await deps.rounds.bettingRounds(member, {
      vendor: q.vassalage,
      startDate: q.startDate,
      endDate: q.endDate,
      pageNo: q.pageNo,
      pageSize: q.pageSize,
    });
    const pairs = [...new Map(r.rows.map((x) => [`${x.vendor}\u0000${x.gameCode}`, { vendor: x.vendor, gameCode: x.gameCode }])).values()];
    const [found, cards, registry] = await Promise.all([
      repo.gamesByCodes(pairs),
      vendorCards(),
      cached('vendor-registry', async () => new Map((await vendors.list()).map((v) => [v.code, { name: v.name ?? v.code, fairPage: fairPageOf(v.launchUrl) }] as const))),
    ]);
    const gameByKey = new Map(found.map((g) => [`${g.vendorCode}\u0000${g.gameCode}`, g] as const));
    const cardByCode = new Map(cards.flatMap((c) => c.cards).map((v) => [v.vassalage, v] as const));
    const net = (x: { bet: bigint; win: bigint; refunded: bigint }) => x.win + x.refunded - x.bet;
    const nameOf = (code: string) => cardByCode.get(code)?.displayName ?? registry.get(code)?.name ?? code;
    // The filter's choices: the range's vendors, each once by one name; the filtered vendor stays a choice.
    const vendorCodes = new Set(r.vendors);
    if (q.vassalage) vendorCodes.add(q.vassalage);
    const vendorList = [...vendorCodes]
      .map((code) => ({ vassalage: code, vendorName: nameOf(code) }))
      .sort((a, b) => a.vendorName.localeCompare(b.vendorName, lang) || a.vassalage.localeCompare(b.vassalage));
    return {
      list: r.rows.map((x) => {
        const game = gameByKey.get(`${x.vendor}\u0000${x.gameCode}`);
        const fairPage = registry.get(x.vendor)?.fairPage;
        return {
          roundId: x.roundId,
          vassalage: x.vendor,
          vendorName: nameOf(x.vendor),
          gameCode: x.gameCode,
          gameName: game ? nameIn(game, lang) : x.gameCode,
          time: x.at.toISOString(),
          bet: formatMinor(x.bet),
          win: formatMinor(x.win),
          net: formatMinor(net(x)),
          status: x.rollbacks > 0 ? 'rolled_back' : x.wins > 0 ? 'settled' : 'open',
          fairUrl: fairPage ? fairPage(x.roundId, lang) : null,
        };
      }),
      vendors: vendorList,
      total: r.total,
      totalPages: r.totalPages,
      pageNo: r.pageNo,
      totals: { bet: formatMinor(r.totals.bet), win: formatMinor(r.totals.win), net: formatMinor(net(r.totals)) },
    };
  }

  /**
   * The Thai and English names of games by vendor and game code (the account record, issue 25); a game
   * the catalogue does not know is missing from the map. Keys are `<vendor>\u0000<gameCode>`.
   */
  async function gameNames(pairs: { vendor: string; gameCode: string }[]): Promise<Map<string, { th: string; en: string }>> {
    const unique = [...new Map(pairs.map((p) => [`${p.vendor}\u0000${p.gameCode}`, p] as const)).values()];
    const rows = await repo.gamesByCodes(unique);
    return new Map(rows.map((g) => [`${g.vendorCode}\u0000${g.gameCode}`, { th: g.nameTh, en: g.nameEn }] as const));
  }

  /** The game type of each (vendor, game code), keyed `vendor\u0000gameCode` (the agents' team figures per game type). */
  async function gameTypes(pairs: { vendor: string; gameCode: string }[], tx?: Executor): Promise<Map<string, string>> {
    const unique = [...new Map(pairs.map((p) => [`${p.vendor}\u0000${p.gameCode}`, p] as const)).values()];
    if (unique.length === 0) return new Map();
    // Inside the caller's transaction when it gives one (the agents' rollup: one connection on PGlite).
    const rows = await repo.gamesByCodes(unique, tx);
    return new Map(rows.map((g) => [`${g.vendorCode}\u0000${g.gameCode}`, g.gameType] as const));
  }

  return {
    sync,
    gameList,
    gameNames,
    gameTypes,
    gameListJson,
    hotGames,
    vendorGameTypes,
    gameMenus,
    categories,
    popular,
    favoriteIds,
    favoriteList,
    addFavorite,
    removeFavorite,
    recentGames,
    launch,
    collectWins,
    rankList,
    topWinners,
    betRecord,
    invalidate,
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
