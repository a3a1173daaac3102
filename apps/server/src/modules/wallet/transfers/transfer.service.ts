import { randomUUID } from 'node:crypto';
import { AppError } from '@lotus/contracts/app-error';
import { parseMinor } from '@lotus/contracts/money';
import type { TWalletTransferQuery } from '@lotus/contracts/wallet';
import { accounts } from '@lotus/ledger/accounts';
import type { Database } from '../../../db/client';
import type { Executor } from '../../../db/tx';
import { stableUuid, type JobEngine } from '../../../platform/jobs/engine';
import type { WalletRepository } from '../wallet.repository';
import type { WalletService } from '../wallet.service';
import type { TransferRepository, TransferRow, TransferStatus } from './transfer.repository';
import {
  playerIdOf,
  type FundTransferProvider,
  type TransferAnswer,
  type TransferStatusAnswer,
  type TransferVendor,
  type TransferVendorSource,
} from './transfer.types';

export const TRANSFER_RESOLVE_JOB = 'wallet-transfer-resolve';
export const TRANSFER_SWEEP_JOB = 'wallet-transfer-sweep';
/** A pending transfer older than this is handed to the resolve job again by the sweep (lost hand-off). */
export const SWEEP_AFTER_MS = 2 * 60_000;

export type TransferOptions = {
  /** Seconds between a vendor call without a usable answer and the first status check. */
  resolveDelaySeconds: number;
};

type Member = { id: number; trial: boolean };
type Settled = { row: TransferRow; refusal: string | null };
/** Reports a settlement to the caller (an operator's audit row), inside the settlement's transaction. */
type SettleNote = (change: { before: TransferRow; after: TransferRow }) => Promise<void>;
/**
 * What one status check did: `settled` (the vendor's word applied), `unknown` (the vendor could not tell; one
 * more attempt recorded, still pending), `not_pending` (unknown ref or settled before), `no_vendor` (the
 * vendor is no longer a transfer-mode vendor).
 */
export type TransferCheck =
  | { outcome: 'settled'; row: TransferRow }
  | { outcome: 'unknown'; row: TransferRow }
  | { outcome: 'not_pending' }
  | { outcome: 'no_vendor' };

/**
 * Transfer-mode vendor wallets (docs/adr/0029-transfer-mode-vendors.md): two-phase moves main <-> vendor
 * wallet. The ledger moves in the same transaction as the transfer row changes; the vendor is called only
 * after a commit (here, or by the resolve job), never inside a transaction.
 */
export function createTransferService(deps: {
  database: Pick<Database, 'tx' | 'db'>;
  repo: TransferRepository;
  wallet: Pick<WalletService, 'post' | 'funds'>;
  ledger: Pick<WalletRepository, 'lockBalances'>;
  vendors: TransferVendorSource;
  provider: FundTransferProvider;
  jobs: Pick<JobEngine, 'send' | 'getJob'>;
  options: TransferOptions;
  now: () => number;
}) {
  const { database, repo, wallet, vendors, provider, jobs } = deps;
  const at = () => new Date(deps.now());

  async function activeVendor(code: string | undefined): Promise<TransferVendor> {
    const vendor = code ? await vendors.find(code) : null;
    if (!vendor) throw new AppError('transfer_vendor_unknown', 404);
    if (vendor.status !== 'active') throw new AppError('transfer_vendor_unavailable', 503);
    return vendor;
  }

  const actor = (row: TransferRow) => ({ kind: 'member' as const, id: row.memberId });
  const input = (row: TransferRow) => ({
    ref: row.id,
    memberId: row.memberId,
    vendor: row.vendor,
    amount: row.amount,
    direction: row.direction,
  });

  // ---------- ledger steps (each inside the caller's transaction) ----------

  /** Money back from the vendor wallet to main after a refused deposit. */
  async function reverseOut(row: TransferRow, vendorName: string, tx: Executor) {
    await wallet.post(
      {
        op: 'transfer',
        key: `${row.id}:reverse`,
        input: input(row),
        actor: actor(row),
        groupKey: row.id,
        memo: vendorName.slice(0, 120),
        entries: [
          { account: accounts.vendorWallet(row.memberId, row.vendor), amount: -row.amount },
          { account: accounts.main(row.memberId), amount: row.amount },
        ],
      },
      tx,
    );
  }

  /**
   * The withdrawal's money into main. The ledger's vendor wallet holds what was transferred; the vendor's
   * balance also holds the play since then. Before the move the ledger wallet is brought to the vendor's
   * balance before the withdrawal (`vendor_sync` against the vendor's settlement, `s:vendor:<V>`) when the
   * vendor told it and no other transfer of this wallet is in flight; otherwise only a shortfall is covered.
   */
  async function creditIn(
    row: TransferRow,
    vendorName: string,
    vendorBalanceAfter: bigint | null,
    tx: Executor,
  ) {
    const walletCode = accounts.vendorWallet(row.memberId, row.vendor);
    const held =
      (await deps.ledger.lockBalances([accounts.main(row.memberId), walletCode], tx)).get(walletCode) ?? 0n;
    const others = await repo.countOtherPending(row.memberId, row.vendor, row.id, tx);
    const target =
      vendorBalanceAfter !== null && others === 0
        ? vendorBalanceAfter + row.amount
        : held < row.amount
          ? row.amount
          : held;
    const delta = target - held;
    if (delta !== 0n) {
      await wallet.post(
        {
          op: 'vendor_sync',
          key: `${row.id}:sync`,
          input: { ...input(row), held, target },
          actor: { kind: 'vendor', id: row.vendor },
          groupKey: row.id,
          memo: `Play at ${vendorName}`.slice(0, 120),
          entries: [
            { account: accounts.vendorSettlement(row.vendor), amount: -delta },
            { account: walletCode, amount: delta },
          ],
        },
        tx,
      );
    }
    await wallet.post(
      {
        op: 'transfer',
        key: `${row.id}:in`,
        input: input(row),
        actor: actor(row),
        groupKey: row.id,
        memo: vendorName.slice(0, 120),
        entries: [
          { account: walletCode, amount: -row.amount },
          { account: accounts.main(row.memberId), amount: row.amount },
        ],
      },
      tx,
    );
  }

  /**
   * Settles a pending transfer from the vendor's word: `done` (applied), `refused` (never applied), or
   * null (no usable answer: stays pending). One transaction; a transfer settled meanwhile is left alone.
   */
  async function settle(
    ref: string,
    vendor: TransferVendor,
    word: { done: true; balance: bigint | null } | { done: false; reason: string } | null,
    error: string | null,
    note?: SettleNote,
  ): Promise<Settled & { applied: boolean }> {
    return database.tx(async (tx) => {
      const row = await repo.lockPending(ref, tx);
      if (!row) return { row: (await repo.get(ref, tx))!, refusal: null, applied: false };
      await repo.recordAttempt(ref, word ? null : error, at(), tx);
      const attempted = { ...row, attempts: row.attempts + 1, lastError: word ? null : (error?.slice(0, 500) ?? null) };
      if (word === null) {
        await note?.({ before: row, after: attempted });
        return { row: attempted, refusal: null, applied: true };
      }
      let status: TransferStatus;
      if (row.direction === 'to_vendor') {
        if (word.done) status = 'confirmed';
        else {
          await reverseOut(row, vendor.name, tx);
          status = 'reversed';
        }
      } else if (word.done) {
        await creditIn(row, vendor.name, word.balance, tx);
        status = 'confirmed';
      } else status = 'failed';
      await repo.setStatus(ref, status, at(), tx);
      await note?.({ before: row, after: { ...attempted, status } });
      return { row: { ...row, status }, refusal: word.done ? null : word.reason, applied: true };
    });
  }

  /** Hands a transfer without a usable answer to the resolve job (job id = ref: once). */
  async function handOver(ref: string) {
    const delay = deps.options.resolveDelaySeconds;
    await jobs.send(
      TRANSFER_RESOLVE_JOB,
      { ref },
      delay > 0 ? { id: ref, startAfter: new Date(Date.now() + delay * 1000) } : { id: ref },
    );
  }

  /** The first vendor call, after the commit that made the transfer. */
  async function firstCall(row: TransferRow, vendor: TransferVendor): Promise<Settled> {
    const player = playerIdOf(row.memberId);
    const answer: TransferAnswer =
      row.direction === 'to_vendor'
        ? await provider.deposit(vendor, row.id, player, row.amount)
        : await provider.withdraw(vendor, row.id, player, row.amount);
    if (answer.outcome === 'unknown') {
      const settled = await settle(row.id, vendor, null, answer.error);
      // A lost hand-off is found by the sweep.
      await handOver(row.id).catch(() => undefined);
      return settled;
    }
    return settle(
      row.id,
      vendor,
      answer.outcome === 'ok'
        ? { done: true, balance: answer.balance }
        : { done: false, reason: answer.reason },
      null,
    );
  }

  /**
   * One status check: asks the vendor what became of a pending transfer and settles it by the vendor's word
   * (`settle`: one transaction, a transfer settled meanwhile is left alone). `note` is told of the change
   * inside that transaction (the operator's audit row, docs/adr/0083). The resolve job and the operator's
   * "check now" both run this.
   */
  async function check(ref: string, note?: SettleNote): Promise<TransferCheck> {
    const row = await repo.get(ref);
    if (!row || row.status !== 'pending') return { outcome: 'not_pending' };
    const vendor = await vendors.find(row.vendor);
    if (!vendor) return { outcome: 'no_vendor' };
    const answer: TransferStatusAnswer = await provider.status(vendor, ref);
    const settled =
      answer.outcome === 'unknown'
        ? await settle(ref, vendor, null, `status: ${answer.error}`, note)
        : await settle(
            ref,
            vendor,
            answer.outcome === 'done'
              ? { done: true, balance: answer.balance }
              : { done: false, reason: answer.outcome },
            null,
            note,
          );
    if (!settled.applied) return { outcome: 'not_pending' };
    return answer.outcome === 'unknown' ? { outcome: 'unknown', row: settled.row } : { outcome: 'settled', row: settled.row };
  }

  /**
   * The resolve job: asks the vendor what became of a pending transfer. Throws while the vendor cannot
   * tell (the job engine retries with backoff); a settled transfer is left alone.
   */
  async function resolve(ref: string) {
    const r = await check(ref);
    if (r.outcome === 'no_vendor') throw new Error(`transfer ${ref}: its vendor is not a transfer vendor any more`);
    if (r.outcome === 'unknown') throw new Error(`transfer ${ref}: vendor status unknown (${r.row.lastError ?? ''})`);
  }

  /**
   * The sweep (every minute): pending transfers older than 2 minutes go to the resolve job again, so a
   * crash between the commit and the vendor call or the hand-off loses nothing. The job ids of a transfer
   * are the ref, then ids derived from (ref, 1), (ref, 2)...: a transfer whose jobs all ended (retries
   * spent) gets the next one; one with a job still waiting or running is left to it.
   */
  async function sweep(): Promise<number> {
    const rows = await repo.pendingBefore(new Date(deps.now() - SWEEP_AFTER_MS), 200);
    const ended = new Set(['completed', 'failed', 'cancelled']);
    let sent = 0;
    for (const row of rows) {
      for (let generation = 0; generation < 100; generation++) {
        const id = generation === 0 ? row.id : stableUuid(`${TRANSFER_RESOLVE_JOB}:${row.id}:${generation}`);
        const job = await jobs.getJob(TRANSFER_RESOLVE_JOB, id);
        if (job && ended.has(job.state)) continue;
        if (!job && (await jobs.send(TRANSFER_RESOLVE_JOB, { ref: row.id }, { id }))) sent += 1;
        break;
      }
    }
    return sent;
  }

  /**
   * The vendor holds nothing for the member: the ledger's vendor wallet goes to zero against the vendor's
   * settlement (play lost there), unless a transfer of that wallet is in flight.
   */
  async function emptyWallet(memberId: number, vendor: TransferVendor, requestKey: string) {
    await database.tx(async (tx) => {
      const code = accounts.vendorWallet(memberId, vendor.code);
      const held = (await deps.ledger.lockBalances([code], tx)).get(code) ?? 0n;
      if (held <= 0n || (await repo.countOtherPending(memberId, vendor.code, '', tx)) > 0) return;
      await wallet.post(
        {
          op: 'vendor_sync',
          key: `${memberId}:${requestKey}:${vendor.code}`,
          input: { memberId, vendor: vendor.code, held, target: 0 },
          actor: { kind: 'vendor', id: vendor.code },
          memo: `Play at ${vendor.name}`.slice(0, 120),
          entries: [
            { account: accounts.vendorSettlement(vendor.code), amount: held },
            { account: code, amount: -held },
          ],
        },
        tx,
      );
    });
  }

  // ---------- member calls ----------

  async function balances(memberId: number) {
    const funds = await wallet.funds(memberId, false);
    return { main: funds.main, total: funds.total, wallets: funds.vendors };
  }

  const view = (row: TransferRow) => ({
    ref: row.id,
    vendor: row.vendor,
    direction: row.direction === 'to_vendor' ? ('in' as const) : ('out' as const),
    amount: row.amount,
    status: row.status as TransferStatus,
  });

  /** A refused single transfer answers an error (nothing moved); the member may try again. */
  function refusalError(row: TransferRow, refusal: string | null): never {
    if (row.direction === 'from_vendor' && refusal === 'INSUFFICIENT_FUNDS')
      throw new AppError('insufficient_funds', 400);
    throw new AppError('transfer_refused', 409);
  }

  /** One transfer in (main -> vendor wallet) or out (vendor wallet -> main). */
  async function one(
    member: Member,
    q: {
      vendor: string | undefined;
      direction: 'in' | 'out';
      amount: string | undefined;
      requestKey: string;
      batchKey: string | null;
    },
  ) {
    const vendor = await activeVendor(q.vendor);
    const amount = parseMinor(q.amount);
    if (amount === null || amount <= 0n) throw new AppError('validation_failed', 400);
    const direction = q.direction === 'in' ? 'to_vendor' : 'from_vendor';
    const existing = await repo.findByRequest(member.id, q.requestKey);
    if (existing) {
      if (existing.vendor !== vendor.code || existing.direction !== direction || existing.amount !== amount) {
        throw new AppError('idempotency_conflict', 409);
      }
      return { row: existing, refusal: null, replay: true };
    }
    const ref = randomUUID();
    const created = await database.tx(async (tx) => {
      const row: TransferRow = {
        id: ref,
        memberId: member.id,
        vendor: vendor.code,
        direction,
        amount,
        status: 'pending',
        attempts: 0,
        lastError: null,
        requestKey: q.requestKey,
        batchKey: q.batchKey,
        createdAt: at(),
        updatedAt: at(),
      };
      if (!(await repo.insert(row, tx))) return null;
      if (direction === 'to_vendor') {
        await wallet.post(
          {
            op: 'transfer',
            key: `${ref}:out`,
            input: input(row),
            actor: actor(row),
            groupKey: ref,
            memo: vendor.name.slice(0, 120),
            entries: [
              { account: accounts.main(member.id), amount: -amount },
              { account: accounts.vendorWallet(member.id, vendor.code), amount },
            ],
          },
          tx,
        );
      }
      return row;
    });
    // A concurrent request with the same requestId won the insert: answer its transfer.
    if (!created) return one(member, q);
    const settled = await firstCall(created, vendor);
    return { ...settled, replay: false };
  }

  /** GCS_walletTransfer: in, out, or every vendor wallet back to main (7.RELAY.03). */
  async function transfer(member: Member, q: TWalletTransferQuery) {
    if (member.trial) throw new AppError('in_need_true_account', 403);
    if (q.direction !== 'all') {
      const r = await one(member, {
        vendor: q.vendor,
        direction: q.direction,
        amount: q.amount,
        requestKey: q.requestId,
        batchKey: null,
      });
      if (r.row.status === 'reversed' || r.row.status === 'failed') refusalError(r.row, r.refusal);
      return {
        status: r.row.status as TransferStatus,
        ref: r.row.id,
        transfers: [view(r.row)],
        balances: await balances(member.id),
      };
    }
    let rows = await repo.findBatch(member.id, q.requestId);
    if (rows.length === 0) {
      const held = (await wallet.funds(member.id, false)).vendors.filter((v) => v.balance > 0n);
      for (const { vendor: code } of held) {
        const vendor = await vendors.find(code);
        if (!vendor || vendor.status !== 'active') continue;
        const live = await provider.balance(vendor, playerIdOf(member.id));
        if (live === null) continue;
        if (live === 0n) {
          // Everything was lost at the vendor: nothing to bring back; the ledger's wallet follows the vendor.
          await emptyWallet(member.id, vendor, q.requestId);
          continue;
        }
        const r = await one(member, {
          vendor: code,
          direction: 'out',
          amount: `${live / 100n}.${String(live % 100n).padStart(2, '0')}`,
          requestKey: `${q.requestId}:${code}`,
          batchKey: q.requestId,
        });
        rows.push(r.row);
      }
      rows = rows.length > 0 ? await repo.findBatch(member.id, q.requestId) : rows;
    }
    const statuses = new Set(rows.map((r) => r.status as TransferStatus));
    // Pending wins (something is still moving); else one shared outcome, or confirmed when some went through.
    const status: TransferStatus | 'none' =
      rows.length === 0
        ? 'none'
        : statuses.has('pending')
          ? 'pending'
          : statuses.size === 1
            ? [...statuses][0]!
            : 'confirmed';
    return { status, ref: null, transfers: rows.map(view), balances: await balances(member.id) };
  }

  /** Live balances of the member at these vendors, read in parallel (null: no answer in time or not active). */
  async function liveBalances(memberId: number, list: TransferVendor[]) {
    const player = playerIdOf(memberId);
    const read = await Promise.all(
      list.map(
        async (v) =>
          [
            v.code,
            v.status === 'active' ? await provider.balance(v, player).catch(() => null) : null,
          ] as const,
      ),
    );
    return new Map(read);
  }

  /** GCS_merchantWallet (7.RELAY.20): the member's wallet at each transfer-mode vendor. */
  async function merchantWallets(member: Member) {
    const list = member.trial ? [] : await vendors.list();
    const funds = await wallet.funds(member.id, member.trial);
    const live = await liveBalances(member.id, list);
    return {
      currency: funds.currency,
      wallets: list.map((v) => ({
        vendor: v.code,
        name: v.name,
        status: v.status,
        balance: funds.vendors.find((w) => w.vendor === v.code)?.balance ?? 0n,
        liveBalance: live.get(v.code) ?? null,
      })),
    };
  }

  /**
   * Consolidated funds (7.WAL.02): the ledger's main and vendor wallets (the money), and for transfer-mode
   * vendors their name and the vendor's live balance (information: play since the last transfer).
   */
  async function consolidated(member: Member) {
    const funds = await wallet.funds(member.id, member.trial);
    const known = (await Promise.all(funds.vendors.map((w) => vendors.find(w.vendor)))).filter(
      (v): v is TransferVendor => v !== null,
    );
    const live = await liveBalances(member.id, known);
    return {
      currency: funds.currency,
      main: funds.main,
      total: funds.total,
      wallets: funds.vendors.map((w) => {
        const v = known.find((k) => k.code === w.vendor);
        return v
          ? { vendor: w.vendor, balance: w.balance, name: v.name, liveBalance: live.get(v.code) ?? null }
          : { vendor: w.vendor, balance: w.balance };
      }),
    };
  }

  return { transfer, resolve, check, sweep, merchantWallets, consolidated, get: (ref: string) => repo.get(ref) };
}

export type TransferService = ReturnType<typeof createTransferService>;
