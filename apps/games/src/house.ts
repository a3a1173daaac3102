import type { FastifyInstance } from 'fastify';
import { houseRoutes } from './app';
import type { CompiledGame } from './compile';
import { openHouseDatabase } from './db/client';
import { storedFigures, type TitleFigures } from './figures';
import { createHouseService, type HouseService } from './house-service';
import { catalogueOf, publishGames } from './publish';
import { createSeedVault, type SeedKeys } from './seed-vault';
import { loadTitles } from './titles';
import { createWalletClient, type Transport } from './wallet-client';
import type { BeaconSource } from './lottery/beacon';
import type { OfficialResultsSource } from './lottery/official-results';
import { createHouseLottery, type HouseLottery } from './lottery/lottery';
import { lottoVerifier } from './lottery/routes';
import { lottoPlayRoutes } from './lottery/play';
import { lottoCatalogue } from './lottery/publish';
import { seedDemoHistory } from './lottery/history';
import { lottoOpsRoutes } from './lottery/ops';
import { lottoMessagePage, lottoPage } from './page/lotto';

export { fetchTransport, type Transport } from './wallet-client';

/** How often the sweeper looks for unsettled rounds (ADR 0049). */
export const SWEEP_EVERY_MS = 30_000;
/** How often the lottery draws what is due (an electronic draw is drawn within this of its beacon round). */
export const LOTTERY_TICK_MS = 5_000;
/** How often it plans draws ahead (planning inserts nothing new most of the time). */
export const LOTTERY_PLAN_EVERY_MS = 60_000;

export type HouseConfig = {
  /** The vendor code and secret the platform's registry knows the house by. */
  vendorCode: string;
  secret: () => string | Promise<string>;
  /** How signed calls reach the platform's /vendor/v1 (fetchTransport(HOUSE_PLATFORM_URL), or in process). */
  transport: Transport;
  /**
   * The house seed key (and the one before a rotation) its server seeds are derived under; never in
   * the database (ADR 0068): derived from the platform's master key in the one-process mode,
   * HOUSE_SEED_KEY or `<HOUSE_DATA_DIR>/seed.key` when the house runs alone.
   */
  seedKeys: SeedKeys;
  /** Its own database: a PGlite folder ('memory://' in tests) or a PostgreSQL URL. */
  database: { dataDir: string } | { url: string };
  titles?: ReadonlyMap<string, CompiledGame>;
  /** The titles' published RTP and volatility (default: figures.json, for the titles whose mathematics it matches). */
  figures?: ReadonlyMap<string, TitleFigures>;
  /** Cookies marked Secure (the site is served over https). */
  secureCookie?: boolean;
  /**
   * Where the house's pages are served from, for the published thumbnails' absolute URLs (a separate
   * process); unset: paths on the platform's own origin (the one-process mode).
   */
  publicUrl?: string;
  /**
   * Where electronic lottery draws get their randomness (ADR 0092): drand quicknet in production, the
   * sandbox beacon in the embedded demo; unset: no electronic draw is planned.
   */
  lotteryBeacon?: BeaconSource;
  /** Where official lottery results are proposed from (ADR 0098): the sandbox feed in the embedded demo; unset: none. */
  lotteryOfficialResults?: OfficialResultsSource;
  /**
   * The lottery's own vendor identity in the platform's registry (ADR 0094: code LOTT, so the site routes its
   * games to /lottery): its tickets are bets signed with this secret. Unset: draws run, no ticket is sold.
   */
  lottery?: { vendorCode: string; secret: () => string | Promise<string> };
  /** The embedded demo: real published past draws as the lottery's results history (lottery/history.ts). */
  lotteryDemoHistory?: boolean;
  now?: () => number;
  log?: { warn(obj: unknown, msg: string): void; error(obj: unknown, msg: string): void };
};

export type House = {
  service: HouseService;
  /** The lottery (draws, results); resolves once the database is open. */
  lottery: Promise<HouseLottery>;
  titles: ReadonlyMap<string, CompiledGame>;
  /** Resolves once its database is open and migrated (the service's calls wait for it anyway). */
  ready: Promise<void>;
  /** Registers the house routes on `app` under /house. */
  register(app: FastifyInstance): Promise<void>;
  /** The sweeper (once now, then every SWEEP_EVERY_MS until close) and the game list's publishing. */
  start(): void;
  close(): Promise<void>;
};

/** The stored figures of the titles; a title whose mathematics changed since is published without them (logged). */
function figuresOf(titles: ReadonlyMap<string, CompiledGame>, log: HouseConfig['log']): ReadonlyMap<string, TitleFigures> {
  const { figures, stale } = storedFigures(titles);
  if (stale.length > 0) log?.warn({ titles: stale }, 'house titles without current RTP figures (npm run games -- figures --write); published without them');
  return figures;
}

/**
 * The house vendor with play: its database (opened and migrated in the background), the signed wallet
 * client and the service. The
 * one entry point both the separate process (server.ts) and the platform's one-process mode use.
 */
export async function createHouse(config: HouseConfig): Promise<House> {
  const titles = config.titles ?? loadTitles();
  // Read, never computed here: the full-cycle RTP takes 4-13 s a title (figures.ts, docs/adr/0083).
  const figures = config.figures ?? figuresOf(titles, config.log);
  const seeds = createSeedVault(config.seedKeys);
  const wallet = createWalletClient({
    vendorCode: config.vendorCode,
    secret: config.secret,
    transport: config.transport,
    now: config.now,
  });
  // The database opens in the background (a new PGlite folder takes seconds): the platform listens
  // without waiting, and the house's routes wait for it on their first use.
  const lotteryWallet = config.lottery
    ? createWalletClient({ vendorCode: config.lottery.vendorCode, secret: config.lottery.secret, transport: config.transport, now: config.now })
    : null;
  const opened = openHouseDatabase(config.database).then((database) => ({
    database,
    service: createHouseService({ db: database.db, wallet, titles, seeds, now: config.now, log: config.log }),
    lottery: createHouseLottery({
      db: database.db,
      ...(config.now ? { now: config.now } : {}),
      ...(config.lotteryBeacon ? { beacon: config.lotteryBeacon } : {}),
      ...(config.lotteryOfficialResults ? { officialResults: config.lotteryOfficialResults } : {}),
      wallet: lotteryWallet,
      ...(config.log ? { log: config.log } : {}),
    }),
  }));
  opened.catch((error: unknown) => config.log?.error({ err: error }, 'the house database did not open'));
  const use = async () => (await opened).service;
  const service: HouseService = {
    launch: async (input) => (await use()).launch(input),
    sessionOf: async (cookie) => (await use()).sessionOf(cookie),
    state: async (session) => (await use()).state(session),
    spin: async (session, lineBet) => (await use()).spin(session, lineBet),
    settle: async (round, retry) => (await use()).settle(round, retry),
    sweep: async () => (await use()).sweep(),
    rotate: async (session, clientSeed, expectedNextHash) => (await use()).rotate(session, clientSeed, expectedNextHash),
    rounds: async (session, limit) => (await use()).rounds(session, limit),
    fairRound: async (id) => (await use()).fairRound(id),
    findRound: async (id) => (await use()).findRound(id),
    jackpot: async (currency) => (await use()).jackpot(currency),
  };
  const lottery = opened.then(async (o) => {
    // The games a new database does not have yet (an operator's edits of the others are kept).
    await o.lottery.draws.seedGames();
    if (config.lotteryDemoHistory) await seedDemoHistory(o.database.db, (config.now ?? Date.now)());
    return o.lottery;
  });
  lottery.catch(() => undefined);
  let timer: NodeJS.Timeout | null = null;
  let lotteryTimer: NodeJS.Timeout | null = null;
  let closed = false;
  let sweeping: Promise<unknown> = Promise.resolve();
  let lotteryWork: Promise<unknown> = Promise.resolve();
  let plannedAt = -Infinity;
  const lotteryOnce = () => {
    // One pass at a time in this process (others may tick too: every step is idempotent in the database).
    lotteryWork = lotteryWork
      .then(async () => {
        const l = await lottery;
        const at = (config.now ?? Date.now)();
        if (at - plannedAt >= LOTTERY_PLAN_EVERY_MS) {
          await l.draws.plan();
          await l.ops.prune();
          plannedAt = at;
        }
        await l.drawElectronic();
        await l.tickets.sweep();
        // The platform's mirror of the draws (a failure only delays it: the versions say what is left).
        await l.publisher?.pushDraws().catch((error: unknown) => config.log?.warn({ err: error }, 'lottery draws not pushed yet'));
      })
      .catch((error: unknown) => config.log?.error({ err: error }, 'house lottery tick failed'));
  };
  const sweepOnce = () => {
    sweeping = service
      .sweep()
      .catch((error: unknown) => config.log?.error({ err: error }, 'house sweep failed'));
  };
  return {
    service,
    lottery,
    titles,
    ready: lottery.then(() => undefined),
    register: async (app) => {
      await app.register(houseRoutes, {
        prefix: '/house',
        titles,
        play: { service, secureCookie: config.secureCookie ?? false },
        lottoVerify: lottoVerifier(config.lotteryBeacon?.info),
      });
      await app.register(
        async (scope) =>
          lottoPlayRoutes(scope, {
            lottery: () => lottery,
            secureCookie: config.secureCookie ?? false,
            page: lottoPage,
            messagePage: lottoMessagePage,
          }),
        { prefix: '/house' },
      );
      await app.register(
        async (scope) =>
          lottoOpsRoutes(scope, {
            ops: async () => (await lottery).ops,
            secret: async () => (config.lottery ? await config.lottery.secret() : null),
          }),
        { prefix: '/house' },
      );
    },
    start() {
      if (timer || closed) return;
      sweepOnce();
      timer = setInterval(sweepOnce, SWEEP_EVERY_MS);
      timer.unref();
      lotteryOnce();
      lotteryTimer = setInterval(lotteryOnce, LOTTERY_TICK_MS);
      lotteryTimer.unref();
      // Never awaited: play does not wait for the catalogue.
      void publishGames({
        call: wallet.call,
        games: catalogueOf(titles, config.publicUrl, figures),
        stopped: () => closed,
        ...(config.log ? { log: config.log } : {}),
      }).catch((error: unknown) => config.log?.error({ err: error }, 'house game list publishing failed'));
      // The lottery's games, into the catalogue as the lottery's own vendor (gameType LOTT / ELOTT).
      if (lotteryWallet)
        void lottery
          .then(async (l) =>
            publishGames({
              call: lotteryWallet.call,
              games: lottoCatalogue(await l.draws.games(), config.publicUrl),
              stopped: () => closed,
              ...(config.log ? { log: config.log } : {}),
            }),
          )
          .catch((error: unknown) => config.log?.error({ err: error }, 'lottery game list publishing failed'));
    },
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      if (lotteryTimer) clearInterval(lotteryTimer);
      timer = null;
      lotteryTimer = null;
      await sweeping;
      await lotteryWork;
      const done = await opened.catch(() => null);
      await done?.database.close();
    },
  };
}
