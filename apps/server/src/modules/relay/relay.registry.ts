import type { TRelayName } from '@lotus/contracts/relay';
import type { z } from 'zod';
import { formatMinor } from '@lotus/contracts/money';
import {
  ZAccountRecord,
  ZAccountRecordQuery,
  ZMerchantWalletQuery,
  ZMerchantWallets,
  ZWalletTransferQuery,
  ZWalletTransferResult,
} from '@lotus/contracts/wallet';
import type { RequestMember } from '../../plugins/member-auth';
import type { RequestContext } from '../../plugins/request-context';
import type { TransferService, WalletService } from '../wallet/wallet.module';
import { isTrialMember } from '../wallet/wallet.rules';
import type { CatalogueService } from '../catalogue/catalogue.service';
import {
  ZFavoriteIds,
  ZFavoriteIdsQuery,
  ZFavoriteList,
  ZFavoriteListQuery,
  ZGameList,
  ZGameListQuery,
  ZHotGames,
  ZHotGamesQuery,
  ZLaunchGame,
  ZLaunchGameQuery,
  ZRankList,
  ZRankListQuery,
  ZRecentGames,
  ZRecentGamesQuery,
  ZVassGameTypeQuery,
  ZVassGameTypes,
} from '@lotus/contracts/catalogue';

/** One relay call: its query schema, its response schema (the contract) and the service call. */
export type RelayEntry<Q extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> = {
  summary: string;
  query: Q;
  response: R;
  /** `member`: the call needs a signed-in member (401 otherwise), passed to `handle`. */
  access?: 'public' | 'member';
  handle: (ctx: RequestContext, query: z.output<Q>, member: RequestMember | null) => Promise<z.output<R>>;
  /**
   * When set, the route answers with this instead of `handle`: the JSON text of the same value, already
   * checked against `response` (a hot list serves text it serialized once per cached page; ADR 0059),
   * and `shared`, an object that stands for this exact text while it lives (null: made for this answer).
   */
  json?: (ctx: RequestContext, query: z.output<Q>) => Promise<{ text: string; shared: object | null }>;
};

const defineRelay = <Q extends z.ZodType, R extends z.ZodType>(entry: RelayEntry<Q, R>) => entry;

type Deps = {
  wallet: Pick<WalletService, 'accountRecord'>;
  transfers: Pick<TransferService, 'transfer' | 'merchantWallets'>;
  catalogue: Pick<
    CatalogueService,
    'gameList' | 'gameListJson' | 'hotGames' | 'vendorGameTypes' | 'favoriteIds' | 'favoriteList' | 'recentGames' | 'launch' | 'rankList'
  >;
};

const playerOf = (member: RequestMember | null) => ({ id: member!.id, trial: isTrialMember(member!) });

/**
 * The relay registry (7.RELAY.01): `GET /wps/relay/<NAME>?<params>` dispatches here by name. A name
 * of the spec that is not in this map yet (owned by a later module) answers 404 unknown_call, like
 * any unknown name. Modules add their entries here as they arrive.
 */
export function createRelayRegistry({ wallet, transfers, catalogue }: Deps) {
  return {
    ODSFE2_MemTransDet: defineRelay({
      summary: 'Account record: the member wallet movements with the running balance, by type and date range (7.RELAY.28, 2.MC.09)',
      query: ZAccountRecordQuery,
      response: ZAccountRecord,
      access: 'member',
      handle: async (_ctx, query, member) => {
        const record = await wallet.accountRecord({ id: member!.id, trial: isTrialMember(member!) }, query);
        return {
          ...record,
          list: record.list.map((r) => ({ ...r, type: r.type as never, amount: formatMinor(r.amount), balance: formatMinor(r.balance) })),
        };
      },
    }),
    GCS_walletTransfer: defineRelay({
      summary:
        'Transfer between the main wallet and a transfer-mode vendor wallet: in, out, or all back; requestId makes it idempotent; trial accounts refused (7.RELAY.03, 5.GATE.04)',
      query: ZWalletTransferQuery,
      response: ZWalletTransferResult,
      access: 'member',
      handle: async (_ctx, query, member) => {
        const r = await transfers.transfer({ id: member!.id, trial: isTrialMember(member!) }, query);
        return {
          status: r.status,
          ref: r.ref,
          transfers: r.transfers.map((x) => ({ ...x, amount: formatMinor(x.amount) })),
          balances: {
            main: formatMinor(r.balances.main),
            total: formatMinor(r.balances.total),
            wallets: r.balances.wallets.map((w) => ({ vendor: w.vendor, balance: formatMinor(w.balance) })),
          },
        };
      },
    }),
    GCS_merchantWallet: defineRelay({
      summary: "The member's wallet at each transfer-mode vendor: name, status, ledger balance and the vendor's live balance (7.RELAY.20)",
      query: ZMerchantWalletQuery,
      response: ZMerchantWallets,
      access: 'member',
      handle: async (_ctx, _query, member) => {
        const r = await transfers.merchantWallets({ id: member!.id, trial: isTrialMember(member!) });
        return {
          currency: r.currency,
          wallets: r.wallets.map((w) => ({
            ...w,
            balance: formatMinor(w.balance),
            liveBalance: w.liveBalance === null ? null : formatMinor(w.liveBalance),
          })),
        };
      },
    }),
    // ---------- the game catalogue (issue 9; docs/adr/0037-game-catalogue.md) ----------
    GCSGAME_gameList: defineRelay({
      summary:
        'Games by type, vendor, classification, name, minimum bet and lines, paged (15 by default); platform defaults to html5-desktop (7.RELAY.06, 7.PAR.02/03)',
      query: ZGameListQuery,
      response: ZGameList,
      handle: (ctx, query) => catalogue.gameList(query, ctx.language),
      json: (ctx, query) => catalogue.gameListJson(query, ctx.language),
    }),
    GCSGAME_hotGamesV2: defineRelay({
      summary: 'Hot games (of one vendor when given) and, as the footer, their vendors (7.RELAY.05, 7.PAR.01)',
      query: ZHotGamesQuery,
      response: ZHotGames,
      handle: (ctx, query) => catalogue.hotGames(query, ctx.language),
    }),
    GCSGAME_getVassGameType: defineRelay({
      summary: "Each vendor's game types with their classifications and game counts (7.RELAY.08)",
      query: ZVassGameTypeQuery,
      response: ZVassGameTypes,
      handle: (_ctx, query) => catalogue.vendorGameTypes(query),
    }),
    MCSFE_getFavoriteGames: defineRelay({
      summary: "The member's favourite game ids, newest first (7.RELAY.10, 7.PAR.04)",
      query: ZFavoriteIdsQuery,
      response: ZFavoriteIds,
      access: 'member',
      handle: (_ctx, query, member) => catalogue.favoriteIds(playerOf(member), query.gameType),
    }),
    MCSFE_getFavoriteGamesList: defineRelay({
      summary: "The member's favourite games, paged, of one game type when given (7.RELAY.11, 7.PAR.05)",
      query: ZFavoriteListQuery,
      response: ZFavoriteList,
      access: 'member',
      handle: (ctx, query, member) => catalogue.favoriteList(playerOf(member), query, ctx.language),
    }),
    GCS_recentGame: defineRelay({
      summary: "The member's recently launched games, newest first, paged (7.RELAY.12, 7.PAR.08)",
      query: ZRecentGamesQuery,
      response: ZRecentGames,
      access: 'member',
      handle: (ctx, query, member) => catalogue.recentGames(playerOf(member), query, ctx.language),
    }),
    GCS_gameLaunchFB: defineRelay({
      summary: "Launch a game (as POST /wps/game/launchGame): the vendor's launch URL with a one-time token (7.RELAY.04, 4.GS)",
      query: ZLaunchGameQuery,
      response: ZLaunchGame,
      access: 'member',
      handle: (ctx, query, member) => catalogue.launch(playerOf(member), query, ctx.language),
    }),
    GCSGAME_getRankList: defineRelay({
      summary: 'Winner board: the largest settled real-money wins of the last 7 days (7.RELAY.21, 7.PAR.12)',
      query: ZRankListQuery,
      response: ZRankList,
      handle: (ctx, query) => catalogue.rankList(query, ctx.language),
    }),
  } satisfies Partial<Record<TRelayName, RelayEntry>>;
}

export type RelayRegistry = ReturnType<typeof createRelayRegistry>;
