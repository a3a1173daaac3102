import { endpointUrl } from '@lotus/contracts/call';
import { getDepositSlip, getDepositSlipForOps } from '@lotus/contracts/cashier';
import { accounts } from '@lotus/ledger/accounts';
import { AppError } from '@lotus/contracts/app-error';
import {
  DEPOSIT_PSP_EXPIRY_MINUTES,
  SLIP_MAX_COUNT,
  type TCashierChannel,
  type TDeposit,
  type TDepositCreate,
  type TDepositStatus,
  type TOpsDepositRow,
} from '@lotus/contracts/cashier';
import { formatMinor, parseMinor } from '@lotus/contracts/money';
import { createHash, randomUUID } from 'node:crypto';
import type { Database } from '../../db/client';
import type { Tx } from '../../db/tx';
import type { Outbox } from '../../platform/outbox/outbox';
import type { OpsAuditNote } from '../../platform/audit/ops.audit';
import { MEMBER_MESSAGE, type MemberMessagePayload } from '../inbox/inbox.module';
import type { Actor, WalletPost } from '../wallet/wallet.types';
import type { ChannelRow, DepositRepository, DepositRow, SlipInfo } from './deposit.repository';
import { bangkokDay } from '@lotus/contracts/calendar';
import {
  channelOpenAt,
  COUNTED_STATUSES,
  CREDITABLE,
  FAILABLE,
  hoursView,
  limitError,
  REJECTABLE,
  remainingToday,
} from './deposit.rules';
import type { CallbackHeaders, PaymentProvider } from './psp/payment-provider';
import { decodeSlip } from './slip-image';
import { assertWithinDailyLimit, bangkokDayOf } from '../../platform/approvals/operator-limits';
import type { ConfigService } from '../../platform/config/config.service';
import { checkImage } from '../../platform/media/image-check';
import type { UploadQuota } from '../../platform/media/upload-quota';

/** The currency of deposits (the site's; THB for Thai players first). */
export const DEPOSIT_CURRENCY = 'THB';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** A slip's address for the member (their deposit) or the operator (contracts/cashier.ts). */
const slipUrl = (endpoint: typeof getDepositSlip | typeof getDepositSlipForOps, s: SlipInfo) =>
  endpointUrl(endpoint, { params: { id: s.depositId, slipId: s.id } });

export function toDeposit(row: DepositRow, channel: Pick<ChannelRow, 'nameTh' | 'nameEn'>, slips: SlipInfo[]): TDeposit {
  return {
    id: row.id,
    channel: row.channelCode,
    channelName: { th: channel.nameTh, en: channel.nameEn },
    kind: row.kind as TDeposit['kind'],
    amount: formatMinor(row.amountMinor),
    status: row.status as TDepositStatus,
    reference: row.memberReference,
    transferredAt: iso(row.transferredAt),
    reason: row.reason,
    slips: slips.map((s) => ({ id: s.id, url: slipUrl(getDepositSlip, s) })),
    createdAt: row.createdAt.toISOString(),
    decidedAt: iso(row.decidedAt),
  };
}

export function toOpsDeposit(
  row: DepositRow,
  username: string | null,
  slips: SlipInfo[],
  callbacks: { status: string; receivedAt: Date }[] = [],
): TOpsDepositRow {
  return {
    id: row.id,
    memberId: row.memberId,
    username,
    channel: row.channelCode,
    kind: row.kind as TOpsDepositRow['kind'],
    amount: formatMinor(row.amountMinor),
    status: row.status as TDepositStatus,
    reference: row.memberReference,
    payerName: row.payerName,
    transferredAt: iso(row.transferredAt),
    pspReference: row.pspReference,
    decidedBy: row.decidedBy,
    reason: row.reason,
    slips: slips.map((s) => ({ id: s.id, url: slipUrl(getDepositSlipForOps, s) })),
    callbacks: callbacks.map((c) => ({ status: c.status, receivedAt: c.receivedAt.toISOString() })),
    createdAt: row.createdAt.toISOString(),
    decidedAt: iso(row.decidedAt),
  };
}

/** The operator queue's filters and searches (contracts ZOpsDepositListQuery, parsed). */
export type TOpsDepositFilter = {
  status?: TDepositStatus | undefined;
  kind?: TDeposit['kind'] | undefined;
  memberId?: number | undefined;
  username?: string | undefined;
  reference?: string | undefined;
  amount?: string | undefined;
  q?: string | undefined;
  channel?: string | undefined;
  limit: number;
};

/** Deposits still open (a PSP payment not yet paid, a transfer awaiting approval). */
const OPEN_STATUSES: TDepositStatus[] = ['pending', 'awaiting_approval'];
/** At most this many open deposits a member (issue 23 #4). */
export const MAX_OPEN_DEPOSITS = 3;

type Deps = {
  database: Pick<Database, 'tx'>;
  repo: DepositRepository;
  /** The wallet's one write path (docs/adr/0026): the deposit is credited inside our transaction. */
  wallet: { post: WalletPost };
  outbox: Pick<Outbox, 'enqueue'>;
  config: Pick<ConfigService, 'get'>;
  uploadQuota: Pick<UploadQuota, 'reserve'>;
  /** PSP adapters by name (the sandbox only when allowed). */
  providers: ReadonlyMap<string, PaymentProvider>;
  /** Usernames for the operator views (identity). */
  usernameOf: (memberId: number) => Promise<string | null>;
  /** The member of a username, any case (identity; the operator's search by member). */
  memberIdOf: (username: string) => Promise<number | null>;
  /** The turnover multiple a credited deposit must be staked (site configuration; docs/adr/0070). */
  wageringMultiple: () => Promise<number>;
  now: () => number;
};

/** Deposits (2.MC.04 depositv2): channels for members, create, pay, credit exactly once, decide. */
export function createDepositService({
  database,
  repo,
  wallet,
  outbox,
  config,
  uploadQuota,
  providers,
  usernameOf,
  memberIdOf,
  wageringMultiple,
  now,
}: Deps) {
  const available = (c: ChannelRow) =>
    c.status === 'active' && (c.kind === 'bank_transfer' || (c.adapter !== null && providers.has(c.adapter)));

  async function channelsFor(memberId: number): Promise<TCashierChannel[]> {
    const at = now();
    const day = bangkokDay(at);
    const channels = (await repo.listChannels()).filter(available);
    return Promise.all(
      channels.map(async (c) => {
        const used = await repo.sumOfDay(memberId, c.id, day, COUNTED_STATUSES);
        return {
          code: c.code,
          kind: c.kind as TCashierChannel['kind'],
          name: { th: c.nameTh, en: c.nameEn },
          bank:
            c.kind === 'bank_transfer'
              ? { bankCode: c.bankCode ?? '', accountNumber: c.accountNumber ?? '', accountName: c.accountName ?? '' }
              : null,
          min: formatMinor(c.minMinor),
          max: formatMinor(c.maxMinor),
          dailyLimit: formatMinor(c.dailyLimitMinor),
          remainingToday: formatMinor(remainingToday(c, used)),
          open: channelOpenAt(c, at),
          hours: hoursView(c),
        };
      }),
    );
  }

  async function view(row: DepositRow): Promise<TDeposit> {
    const channel = await repo.findChannelById(row.channelId);
    return toDeposit(row, channel ?? { nameTh: row.channelCode, nameEn: row.channelCode }, await repo.slipsOf([row.id]));
  }

  /** The slip's bytes once its type, its size from the header and a full decode accepted it (issue 23 #4). */
  async function decodeOrRefuse(image: string) {
    const slip = decodeSlip(image);
    if (!slip.ok) throw new AppError(slip.error);
    const checked = await checkImage(slip.bytes, slip.mime);
    if (!checked.ok) throw new AppError(checked.error);
    return slip;
  }

  /** Counts the slip against the member's daily byte allowance, in the transaction that stores it. */
  async function reserveSlipBytes(memberId: number, bytes: number, at: number, tx: Tx) {
    const { dailyBytesPerMember } = await config.get('uploads');
    if (!(await uploadQuota.reserve(memberId, bangkokDay(at), bytes, dailyBytesPerMember, tx))) {
      throw new AppError('upload_daily_limit');
    }
  }

  const slipRow = (depositId: string, memberId: number, slip: { bytes: Buffer; mime: string }) => ({
    id: randomUUID(),
    depositId,
    memberId,
    mime: slip.mime,
    size: slip.bytes.length,
    sha256: createHash('sha256').update(slip.bytes).digest('hex'),
    data: slip.bytes,
    createdAt: new Date(now()),
  });

  /** POST /wps/cashier/deposits: checks the channel and the limits, records the deposit; a PSP payment is opened after. */
  async function create(memberId: number, input: TDepositCreate): Promise<{ deposit: TDeposit; paymentUrl: string | null }> {
    const channel = await repo.findChannelByCode(input.channel);
    if (!channel || !available(channel)) throw new AppError('payment_channel_unavailable', 400);
    const amountMinor = parseMinor(input.amount);
    if (amountMinor === null) throw new AppError('validation_failed', 400, { amount: 'validation_failed' });
    const bank = channel.kind === 'bank_transfer';
    if (bank) {
      const missing: Record<string, string> = {};
      if (!input.transferredAt) missing.transferredAt = 'content_required';
      if (!input.reference) missing.reference = 'content_required';
      if (Object.keys(missing).length > 0) throw new AppError('validation_failed', 400, missing);
    }
    // Decoded and checked before anything is written: a bad image stores nothing.
    const slip = bank && input.slipImage ? await decodeOrRefuse(input.slipImage) : null;
    const at = now();
    // Outside its opening hours (Bangkok time, docs/adr/0084) the channel takes nothing.
    if (!channelOpenAt(channel, at)) throw new AppError('deposit_channel_closed');
    const id = randomUUID();
    const row = await database.tx(async (tx) => {
      await repo.lockMember(memberId, tx);
      // Open deposits are bounded (issue 23 #4): each may carry slips, and a member has no reason
      // to keep more than a few transfers waiting at once.
      if ((await repo.countOfMember(memberId, OPEN_STATUSES, tx)) >= MAX_OPEN_DEPOSITS) {
        throw new AppError('deposit_pending_too_many');
      }
      const used = await repo.sumOfDay(memberId, channel.id, bangkokDay(at), COUNTED_STATUSES, tx);
      const refused = limitError(channel, amountMinor, used);
      if (refused) throw new AppError(refused, 400);
      const created = await repo.insertDeposit(
        {
          id,
          memberId,
          channelId: channel.id,
          channelCode: channel.code,
          kind: channel.kind,
          amountMinor,
          status: bank ? 'awaiting_approval' : 'pending',
          dayKey: bangkokDay(at),
          memberReference: bank ? (input.reference ?? null) : null,
          payerName: bank ? (input.payerName ?? null) : null,
          transferredAt: bank && input.transferredAt ? new Date(input.transferredAt) : null,
          adapter: bank ? null : channel.adapter,
          createdAt: new Date(at),
          updatedAt: new Date(at),
        },
        tx,
      );
      if (slip) {
        await reserveSlipBytes(memberId, slip.bytes.length, at, tx);
        await repo.insertSlip(slipRow(id, memberId, slip), tx);
      }
      return created;
    });
    if (bank) return { deposit: await view(row), paymentUrl: null };

    // PSP: the provider is called outside any transaction (it may be a network call).
    const provider = providers.get(channel.adapter!)!;
    let payment: { reference: string; redirectUrl: string };
    try {
      payment = await provider.createPayment({
        merchantReference: id,
        amountMinor,
        currency: DEPOSIT_CURRENCY,
        lang: input.lang ?? 'th',
        // The provider sends the payer back to the result page of this deposit (the member centre's deposit page).
        returnPath: `/member?page=depositv2&deposit=${encodeURIComponent(id)}`,
      });
    } catch (error) {
      await database.tx((tx) =>
        repo.transition(id, ['pending'], { status: 'failed', reason: 'provider_unavailable', updatedAt: new Date(now()) }, tx),
      );
      throw error instanceof AppError ? error : new AppError('payment_channel_unavailable', 400);
    }
    const updated = await database.tx((tx) =>
      repo.transition(id, ['pending', 'expired'], { pspReference: payment.reference, updatedAt: new Date(now()) }, tx),
    );
    return { deposit: await view(updated ?? row), paymentUrl: payment.redirectUrl };
  }

  /** POST /wps/cashier/deposits/:id/slips: one more slip while the transfer awaits approval (at most 3). */
  async function addSlip(memberId: number, depositId: string, image: string): Promise<TDeposit> {
    const slip = await decodeOrRefuse(image);
    const row = await database.tx(async (tx) => {
      const dep = await repo.findDepositForUpdate(depositId, tx);
      if (!dep || dep.memberId !== memberId) throw new AppError('not_found', 404);
      if (dep.kind !== 'bank_transfer' || dep.status !== 'awaiting_approval') throw new AppError('deposit_already_decided', 409);
      if ((await repo.countSlips(depositId, tx)) >= SLIP_MAX_COUNT) throw new AppError('upload_too_many', 400);
      await reserveSlipBytes(memberId, slip.bytes.length, now(), tx);
      await repo.insertSlip(slipRow(depositId, memberId, slip), tx);
      return dep;
    });
    return view(row);
  }

  /** GET /wps/cashier/deposits/:id: one of the member's deposits (another member's answers not_found, as a missing one). */
  async function oneOfMember(memberId: number, depositId: string): Promise<TDeposit> {
    const row = await repo.findDeposit(depositId);
    if (!row || row.memberId !== memberId) throw new AppError('not_found', 404);
    return view(row);
  }

  /** The Thai and English names of the channels of deposits, by deposit id (the account record, issue 25). */
  async function channelNamesOf(depositIds: string[]): Promise<Map<string, { th: string; en: string }>> {
    if (depositIds.length === 0) return new Map();
    const [found, channels] = await Promise.all([Promise.all([...new Set(depositIds)].map((id) => repo.findDeposit(id))), repo.listChannels()]);
    const byId = new Map(channels.map((c) => [c.id, { th: c.nameTh, en: c.nameEn }] as const));
    return new Map(found.flatMap((d) => (d && byId.has(d.channelId) ? [[d.id, byId.get(d.channelId)!] as const] : [])));
  }

  async function listOfMember(
    memberId: number,
    q: { page: number; pageSize: number; status?: TDepositStatus | undefined },
  ) {
    const { rows, total } = await repo.pageOfMember(memberId, {
      limit: q.pageSize,
      offset: (q.page - 1) * q.pageSize,
      status: q.status,
    });
    const channels = new Map((await repo.listChannels()).map((c) => [c.id, c]));
    const slips = await repo.slipsOf(rows.map((r) => r.id));
    const items = rows.map((r) =>
      toDeposit(
        r,
        channels.get(r.channelId) ?? { nameTh: r.channelCode, nameEn: r.channelCode },
        slips.filter((s) => s.depositId === r.id),
      ),
    );
    return { items, total, page: q.page, pageSize: q.pageSize };
  }

  /** A slip image: to its member (`memberId`), or to an operator (null). */
  async function slipImage(depositId: string, slipId: string, memberId: number | null) {
    const slip = await repo.findSlip(depositId, slipId);
    if (!slip || (memberId !== null && slip.memberId !== memberId)) throw new AppError('not_found', 404);
    return { mime: slip.mime, bytes: Buffer.from(slip.data) };
  }

  // ---------- deciding: credit exactly once, or fail ----------

  async function messageParams(dep: DepositRow, tx: Tx, reason?: string): Promise<Record<string, string>> {
    const channel = await repo.findChannelById(dep.channelId, tx);
    return {
      depositId: dep.id,
      amount: formatMinor(dep.amountMinor),
      channelTh: channel?.nameTh ?? dep.channelCode,
      channelEn: channel?.nameEn ?? dep.channelCode,
      ...(reason === undefined ? {} : { reason }),
    };
  }

  async function message(tx: Tx, dep: DepositRow, template: 'deposit_arrival' | 'deposit_failed', reason?: string) {
    const payload: MemberMessagePayload = { memberId: dep.memberId, template, params: await messageParams(dep, tx, reason) };
    await outbox.enqueue(tx, { kind: MEMBER_MESSAGE, key: `${template}:${dep.id}`, payload });
  }

  /**
   * Credits a locked deposit (its row held FOR UPDATE by the caller's transaction): the wallet
   * posting, the conditional status change and the member message commit together or not at all.
   * The wallet's idempotency key (`deposit`, <id>) is a second guard: a replay changes nothing.
   */
  async function creditLocked(dep: DepositRow, actor: Actor, decidedBy: string, tx: Tx): Promise<DepositRow> {
    const channel = await repo.findChannelById(dep.channelId, tx);
    const posted = await wallet.post(
      {
        op: 'deposit',
        key: dep.id,
        input: { depositId: dep.id, memberId: dep.memberId, channel: dep.channelCode, amount: dep.amountMinor },
        actor,
        entries: [
          { account: accounts.depositClearing(dep.channelCode), amount: -dep.amountMinor },
          { account: accounts.main(dep.memberId), amount: dep.amountMinor },
        ],
        groupKey: `deposit:${dep.id}`,
        memo: (channel?.nameEn ?? dep.channelCode).slice(0, 120),
        // The deposit must be staked multiple x before a withdrawal, whatever comes after it (docs/adr/0070).
        wagering: { creditMultiple: await wageringMultiple() },
      },
      tx,
    );
    const at = new Date(now());
    const updated = await repo.transition(
      dep.id,
      CREDITABLE,
      { status: 'credited', decidedBy, decidedAt: at, updatedAt: at, ledgerTransactionId: posted.transactionId },
      tx,
    );
    if (!updated) throw new AppError('deposit_already_decided', 409);
    await message(tx, updated, 'deposit_arrival');
    return updated;
  }

  async function failLocked(
    dep: DepositRow,
    from: TDepositStatus[],
    status: 'rejected' | 'failed',
    reason: string,
    decidedBy: string,
    tx: Tx,
  ): Promise<DepositRow> {
    const at = new Date(now());
    const updated = await repo.transition(dep.id, from, { status, reason, decidedBy, decidedAt: at, updatedAt: at }, tx);
    if (!updated) throw new AppError('deposit_already_decided', 409);
    await message(tx, updated, 'deposit_failed', reason);
    return updated;
  }

  /**
   * Why crediting this deposit by hand needs a second operator (docs/adr/0081), or null: a bank
   * transfer with no slip, or an amount above the site's `cashierControls.depositApprovalAbove`. A
   * manual approval is by definition one without the PSP's callback.
   */
  async function secondOperatorNeeded(id: string): Promise<{ because: 'no_slip' | 'above_threshold'; amount: string; member: number } | null> {
    const dep = await repo.findDeposit(id);
    if (!dep) throw new AppError('not_found', 404);
    if (!CREDITABLE.includes(dep.status as TDepositStatus)) throw new AppError('deposit_already_decided', 409);
    const controls = await config.get('cashierControls');
    const channel = await repo.findChannelById(dep.channelId);
    const facts = { amount: formatMinor(dep.amountMinor), member: dep.memberId };
    if (channel?.kind === 'bank_transfer' && (await repo.countSlips(id)) === 0) return { because: 'no_slip', ...facts };
    if (dep.amountMinor > (parseMinor(controls.depositApprovalAbove) ?? 0n)) return { because: 'above_threshold', ...facts };
    return null;
  }

  /**
   * Operator approval (`npm run ops -- deposit approve <id>`, or an approved four-eyes request, the
   * approver as `operator`): credited once; a second approval answers deposit_already_decided; the
   * operator's daily limit holds (docs/adr/0081).
   */
  async function approve(id: string, operator: string, note: string | undefined, audit: OpsAuditNote): Promise<TOpsDepositRow> {
    // Read before the transaction (PGlite is one session: a configuration reload waits for open transactions).
    const { dailyApprovedPerOperator } = await config.get('cashierControls');
    const row = await database.tx(async (tx) => {
      const dep = await repo.findDepositForUpdate(id, tx);
      if (!dep) throw new AppError('not_found', 404);
      if (!CREDITABLE.includes(dep.status as TDepositStatus)) throw new AppError('deposit_already_decided', 409);
      const today = bangkokDayOf(now());
      await assertWithinDailyLimit(
        tx,
        'approved',
        operator,
        () => repo.sumCreditedBy(operator, today.from, today.to, tx),
        dep.amountMinor,
        dailyApprovedPerOperator,
      );
      const credited = await creditLocked(dep, { kind: 'operator', id: operator, reason: note || 'deposit approved' }, operator, tx);
      await audit({
        target: `deposit:${id}`,
        before: { status: dep.status },
        after: { status: credited.status, amount: formatMinor(dep.amountMinor), member: dep.memberId, note: note ?? null },
      });
      return credited;
    });
    return opsView(row);
  }

  /** Operator rejection (reason required): the member gets the deposit-failed message. */
  async function reject(id: string, operator: string, reason: string, audit: OpsAuditNote): Promise<TOpsDepositRow> {
    const text = reason.trim();
    if (!text) throw new AppError('validation_failed', 400, { reason: 'content_required' });
    const row = await database.tx(async (tx) => {
      const dep = await repo.findDepositForUpdate(id, tx);
      if (!dep) throw new AppError('not_found', 404);
      if (!REJECTABLE.includes(dep.status as TDepositStatus)) throw new AppError('deposit_already_decided', 409);
      const rejected = await failLocked(dep, REJECTABLE, 'rejected', text, operator, tx);
      await audit({ target: `deposit:${id}`, before: { status: dep.status }, after: { status: 'rejected', reason: text } });
      return rejected;
    });
    return opsView(row);
  }

  /**
   * POST /wps/cashier/psp/:adapter/callback: authenticated by the adapter (signature, window), then
   * recorded once per (adapter, reference) in the transaction that acts on it. The same body again
   * is acknowledged and changes nothing; another body for the same reference is refused.
   */
  async function pspCallback(adapter: string, rawBody: string, headers: CallbackHeaders): Promise<{ received: true }> {
    const provider = providers.get(adapter);
    if (!provider) throw new AppError('not_found', 404);
    const cb = await provider.verifyCallback(rawBody, headers);
    const bodyHash = createHash('sha256').update(rawBody, 'utf8').digest('hex');
    await database.tx(async (tx) => {
      const dep = await repo.findByPspReferenceForUpdate(adapter, cb.reference, tx);
      if (!dep || dep.amountMinor !== cb.amountMinor) throw new AppError('psp_callback_invalid', 400);
      const recorded = await repo.recordCallback(
        { adapter, reference: cb.reference, bodyHash, status: cb.status, receivedAt: new Date(now()) },
        tx,
      );
      if (recorded.bodyHash !== bodyHash) throw new AppError('psp_callback_conflict', 409);
      if (!recorded.first) return; // a replay of the callback already acted on
      const status = dep.status as TDepositStatus;
      const by = `psp:${adapter}`;
      if (cb.status === 'paid' && CREDITABLE.includes(status)) {
        await creditLocked(dep, { kind: 'system', id: by }, by, tx);
      } else if (cb.status === 'failed' && FAILABLE.includes(status)) {
        await failLocked(dep, FAILABLE, 'failed', 'payment_failed', by, tx);
      }
      // Otherwise the deposit was decided already (an operator approved it first): nothing more.
    });
    return { received: true };
  }

  /** Job `deposit-expire`: PSP deposits not paid within DEPOSIT_PSP_EXPIRY_MINUTES expire. */
  async function expire(): Promise<number> {
    const t = now();
    return database.tx((tx) =>
      repo.expirePending(new Date(t - DEPOSIT_PSP_EXPIRY_MINUTES * 60_000), new Date(t), tx),
    );
  }

  /** The recorded PSP callbacks of some deposits, by deposit id. */
  async function callbacksByDeposit(rows: DepositRow[]): Promise<Map<string, { status: string; receivedAt: Date }[]>> {
    const paid = rows.filter((r) => r.adapter !== null && r.pspReference !== null);
    const found = await repo.callbacksOf(paid.map((r) => ({ adapter: r.adapter!, reference: r.pspReference! })));
    return new Map(
      paid.map((r) => [r.id, found.filter((c) => c.adapter === r.adapter && c.reference === r.pspReference)] as const),
    );
  }

  async function opsView(row: DepositRow): Promise<TOpsDepositRow> {
    const callbacks = await callbacksByDeposit([row]);
    return toOpsDeposit(row, await usernameOf(row.memberId), await repo.slipsOf([row.id]), callbacks.get(row.id));
  }

  /**
   * What the console's one search box may mean, each exact: a deposit id, either reference (any case),
   * a member's username (any case), an amount as typed or copied ("1,500.00", "฿1500").
   */
  async function quickSearch(q: string) {
    const text = q.trim();
    const amount = text.replace(/[\s,฿]/g, '');
    return {
      id: text,
      reference: text.toLowerCase(),
      memberId: await memberIdOf(text),
      amountMinor: /^\d{1,13}(\.\d{1,2})?$/.test(amount) ? parseMinor(amount) : null,
    };
  }

  /**
   * The operator's queue with its filters and searches (docs/adr/0084): exact matches, each served by
   * an index, newest first, at most `limit`. An unknown username finds nothing.
   */
  async function listForOps(filter: TOpsDepositFilter): Promise<TOpsDepositRow[]> {
    let memberId = filter.memberId;
    if (filter.username !== undefined) {
      const found = await memberIdOf(filter.username);
      if (found === null || (memberId !== undefined && memberId !== found)) return [];
      memberId = found;
    }
    const amountMinor = filter.amount === undefined ? undefined : parseMinor(filter.amount);
    if (amountMinor === null) throw new AppError('validation_failed', 400, { amount: 'validation_failed' });
    const rows = await repo.listForOps({
      status: filter.status,
      kind: filter.kind,
      memberId,
      channel: filter.channel,
      reference: filter.reference?.trim().toLowerCase(),
      amountMinor,
      any: filter.q === undefined ? undefined : await quickSearch(filter.q),
      limit: filter.limit,
    });
    const [slips, callbacks] = await Promise.all([repo.slipsOf(rows.map((r) => r.id)), callbacksByDeposit(rows)]);
    const names = new Map<number, string | null>();
    for (const r of rows) if (!names.has(r.memberId)) names.set(r.memberId, await usernameOf(r.memberId));
    return rows.map((r) =>
      toOpsDeposit(r, names.get(r.memberId) ?? null, slips.filter((s) => s.depositId === r.id), callbacks.get(r.id)),
    );
  }

  async function getForOps(id: string): Promise<TOpsDepositRow> {
    const row = await repo.findDeposit(id);
    if (!row) throw new AppError('not_found', 404);
    return opsView(row);
  }

  return {
    channelsFor,
    create,
    addSlip,
    channelNamesOf,
    listOfMember,
    oneOfMember,
    slipImage,
    secondOperatorNeeded,
    approve,
    reject,
    pspCallback,
    expire,
    listForOps,
    getForOps,
    /** Payer names of members' bank transfers since `since` (the payer-name risk flag, docs/adr/0085). */
    payerNamesSince: (memberIds: number[], since: Date) => repo.payerNamesSince(memberIds, since),
    /** The operators who credited a member's deposits by hand in (after, until] (docs/adr/0081). */
    operatorsWhoCredited: (memberId: number, after: Date | null, until: Date) => repo.operatorsWhoCredited(memberId, after, until),
  };
}

export type DepositService = ReturnType<typeof createDepositService>;
