import { isTrialAccount } from '@lotus/contracts/accounts';
import { formatMinor } from '@lotus/contracts/money';
import {
  getAccountRecord,
  getConsolidatedFunds,
  getMerchantWallets,
  getWalletBalance,
  getWalletTransfer,
  type RECORD_KINDS,
} from '@lotus/contracts/wallet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { memberOf } from '../../plugins/member-auth';
import { route } from '../../plugins/route';
import type { TransferService } from './transfers/transfer.service';
import type { WalletService } from './wallet.service';

type TRecordKind = (typeof RECORD_KINDS)[number];

/** The member whose wallet a call reads: trial accounts play on trial credit. */
const holderOf = (req: FastifyRequest) => {
  const m = memberOf(req);
  return { id: m.id, trial: isTrialAccount(m) };
};

/**
 * The member's balances (7.WAL.01, 7.WAL.02), the account record and the transfer-mode vendor wallets
 * (relay calls ODSFE2_MemTransDet, GCS_walletTransfer, GCS_merchantWallet; docs/adr/0029).
 */
/** A record row as the names are looked up: its kind, the ledger's op and key, who moved it (a vendor), its memo. */
export type RecordSource = { kind: string; op: string; key: string; actorId: string; memo: string | null };
/**
 * The Thai and English names of the record's rows (deposit channel, game), null where none: filled by the
 * modules that own them (services.ts: deposit channels, the game catalogue), so the wallet reads no other
 * module's tables.
 */
export type RecordNames = (rows: RecordSource[]) => Promise<({ th: string; en: string } | null)[]>;

export async function walletRoutes(
  app: FastifyInstance,
  {
    wallet,
    transfers,
    recordNames = async () => [],
  }: {
    wallet: Pick<WalletService, 'funds' | 'accountRecord'>;
    transfers: Pick<TransferService, 'consolidated' | 'transfer' | 'merchantWallets'>;
    /** The channel or game names of the record's rows, in row order (wallet.module RecordNames). */
    recordNames?: RecordNames;
  },
) {
  route(app, getWalletBalance, async (req) => {
    const holder = holderOf(req);
    const funds = await wallet.funds(holder.id, holder.trial);
    return {
      sumBalance: formatMinor(funds.total),
      isSingle: funds.vendors.every((v) => v.balance === 0n),
    };
  });

  route(app, getConsolidatedFunds, async (req) => {
    const funds = await transfers.consolidated(holderOf(req));
    return {
      currency: funds.currency,
      main: formatMinor(funds.main),
      total: formatMinor(funds.total),
      wallets: funds.wallets.map((v) => ({
        vendor: v.vendor,
        balance: formatMinor(v.balance),
        ...('name' in v
          ? {
              name: v.name,
              liveBalance: v.liveBalance === null || v.liveBalance === undefined ? null : formatMinor(v.liveBalance),
            }
          : {}),
      })),
    };
  });

  route(app, getAccountRecord, async (req) => {
    const record = await wallet.accountRecord(holderOf(req), req.query);
    const names = await recordNames(record.list.map((r) => ({ kind: r.type, ...r.source })));
    return {
      ...record,
      // The ledger's kinds are the record's kinds (RECORD_KINDS); the response schema checks each one.
      list: record.list.map(({ source: _source, ...r }, i) => ({
        ...r,
        type: r.type as TRecordKind,
        amount: formatMinor(r.amount),
        balance: formatMinor(r.balance),
        names: names[i] ?? null,
      })),
    };
  });

  route(app, getWalletTransfer, async (req) => {
    const r = await transfers.transfer(holderOf(req), req.query);
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
  });

  route(app, getMerchantWallets, async (req) => {
    const r = await transfers.merchantWallets(holderOf(req));
    return {
      currency: r.currency,
      wallets: r.wallets.map((w) => ({
        ...w,
        balance: formatMinor(w.balance),
        liveBalance: w.liveBalance === null ? null : formatMinor(w.liveBalance),
      })),
    };
  });
}
