import { accounts } from '@lotus/ledger/accounts';
import { createHash } from 'node:crypto';
import { AppError } from '@lotus/contracts/app-error';
import { formatMinor, parseMinor } from '@lotus/contracts/money';
import {
  MAX_BANK_ACCOUNTS,
  type TBankAccount,
  type TBankCode,
  type TBindBankAccount,
  type TOpsWithdrawalRow,
  type TWithdrawal,
  type TWithdrawalReceipt,
  type TWithdrawalRequest,
  type TWithdrawalStatus,
} from '@lotus/contracts/withdrawal';
import type { Database } from '../../db/client';
import type { Tx } from '../../db/tx';
import type { ConfigService } from '../../platform/config/config.service';
import { checkImage } from '../../platform/media/image-check';
import type { UploadQuota } from '../../platform/media/upload-quota';
import { assertWithinDailyLimit, bangkokDayOf } from '../../platform/approvals/operator-limits';
import type { OpsAuditNote } from '../../platform/audit/ops.audit';
import type { Outbox } from '../../platform/outbox/outbox';
import type { MemberStepUp } from '../identity/identity.module';
import type { WalletPost } from '../wallet/wallet.types';
import type { BankAccountRow, ProofMeta, WithdrawalRepository, WithdrawalRow } from './withdrawal.repository';
import {
  accountNameMatches,
  amountProblem,
  imageTypeOf,
  maskAccountNumber,
  normalizeAccountName,
  proofProblem,
  withinHours,
} from './withdrawal.rules';
import { bangkokDay, bangkokDayStart } from '@lotus/contracts/calendar';

/**
 * What the member must still stake before a withdrawal (REQUEST to the wallet: `wageringOutstanding(memberId)`;
 * docs/adr/0070-wagering-outstanding.md).
 */
export type WageringOutstanding = (memberId: number) => Promise<bigint>;

/** Who a member action comes from (audit trail of identity). */
export type CashierClient = { ip: string; userAgent: string };

/** The outbox kind of messages to the member's inbox (its handler is the inbox module's). */
export const MEMBER_MESSAGE = 'member-message';

type Deps = {
  database: Pick<Database, 'tx'>;
  repo: WithdrawalRepository;
  config: Pick<ConfigService, 'get'>;
  uploadQuota: Pick<UploadQuota, 'reserve'>;
  stepUp: MemberStepUp;
  wallet: { post: WalletPost };
  wageringOutstanding: WageringOutstanding;
  outbox: Pick<Outbox, 'enqueue'>;
  /**
   * From the deposits: the operators who credited a member's deposits by hand in (after, until]; none
   * of them may pay out the withdrawal those deposits funded (docs/adr/0081).
   */
  fundingApprovers: (memberId: number, after: Date | null, until: Date) => Promise<string[]>;
  now?: () => number;
};


const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** How far back a member's hand-credited deposits count as funding a withdrawal (docs/adr/0081). */
export const FUNDING_LOOKBACK_MS = 30 * 86_400_000;

/**
 * Withdrawals (docs/cashier.md "Withdrawals", docs/adr/0028): bank accounts, the request with its
 * step-up and limits, the operator's pay / reject, the member's receipt, the auto-receipt job.
 * Money moves only through `wallet.post` inside the transaction that changes the status.
 */
export function createWithdrawalService(deps: Deps) {
  const { database, repo, config, stepUp, wallet, outbox } = deps;
  const now = deps.now ?? Date.now;

  const toBankAccount = (row: BankAccountRow): TBankAccount => ({
    id: row.id,
    bankCode: row.bankCode as TBankCode,
    accountNumberMasked: maskAccountNumber(row.accountNumber),
    accountName: row.accountName,
    createdAt: row.createdAt.toISOString(),
  });

  function toWithdrawal(row: WithdrawalRow, autoReceiptMinutes: number, proofCount: number): TWithdrawal {
    return {
      id: row.id,
      amount: formatMinor(row.amount),
      status: row.status as TWithdrawalStatus,
      bankCode: row.bankCode as TBankCode,
      accountNumberMasked: maskAccountNumber(row.accountNumber),
      accountName: row.accountName,
      createdAt: row.createdAt.toISOString(),
      paidAt: iso(row.paidAt),
      confirmBy:
        row.status === 'awaiting_confirmation' && row.paidAt
          ? new Date(row.paidAt.getTime() + autoReceiptMinutes * 60_000).toISOString()
          : null,
      confirmedAt: iso(row.confirmedAt),
      rejectReason: row.rejectReason,
      remark: row.remark,
      proofCount,
      resolvedAt: iso(row.resolvedAt),
      resolution: row.resolution,
    };
  }

  async function present(row: WithdrawalRow): Promise<TWithdrawal> {
    const settings = await config.get('withdrawal');
    const proofs = await repo.proofMetaOf([row.id]);
    return toWithdrawal(row, settings.autoReceiptMinutes, proofs.length);
  }


  // ---------- bank accounts ----------

  async function listBankAccounts(memberId: number) {
    const rows = await repo.listActiveBankAccounts(memberId);
    return { items: rows.map(toBankAccount), max: MAX_BANK_ACCOUNTS };
  }

  /** Binds an account (payment password; the name is the real name in capitals; at most 3). */
  async function bindBankAccount(memberId: number, input: TBindBankAccount, client: CashierClient) {
    const profile = await stepUp.profile(memberId);
    if (!profile.realName)
      throw new AppError('real_name_required', 400, { accountName: 'real_name_required' });
    await stepUp.verifyPaymentPassword(memberId, input.paymentPassword, client);
    if (!accountNameMatches(profile.realName, input.accountName)) {
      throw new AppError('bank_account_name_mismatch', 400, { accountName: 'bank_account_name_mismatch' });
    }
    const row = await database.tx(async (tx) => {
      await repo.lockMember(memberId, tx);
      const active = await repo.listActiveBankAccounts(memberId, tx);
      if (active.some((a) => a.bankCode === input.bankCode && a.accountNumber === input.accountNumber)) {
        throw new AppError('bank_account_exists', 409, { accountNumber: 'bank_account_exists' });
      }
      if (active.length >= MAX_BANK_ACCOUNTS) throw new AppError('bank_account_limit', 409);
      return repo.insertBankAccount(
        {
          memberId,
          bankCode: input.bankCode,
          accountNumber: input.accountNumber,
          accountName: normalizeAccountName(profile.realName!),
          status: 'active',
          createdAt: new Date(now()),
        },
        tx,
      );
    });
    return toBankAccount(row);
  }

  async function removeBankAccount(
    memberId: number,
    id: number,
    paymentPassword: string,
    client: CashierClient,
  ) {
    if (!(await repo.findActiveBankAccount(memberId, id))) throw new AppError('not_found', 404);
    await stepUp.verifyPaymentPassword(memberId, paymentPassword, client);
    const removed = await database.tx((tx) => repo.removeBankAccount(memberId, id, new Date(now()), tx));
    if (!removed) throw new AppError('not_found', 404);
    return { done: true as const };
  }

  // ---------- settings ----------

  async function settingsView(memberId: number) {
    const settings = await config.get('withdrawal');
    const t = now();
    const [usedToday, profile, accounts, outstanding] = await Promise.all([
      repo.countSince(memberId, new Date(bangkokDayStart(t))),
      stepUp.profile(memberId),
      repo.listActiveBankAccounts(memberId),
      deps.wageringOutstanding(memberId),
    ]);
    return {
      minAmount: formatMinor(parseMinor(settings.minAmount) ?? 0n),
      maxAmount: formatMinor(parseMinor(settings.maxAmount) ?? 0n),
      dailyCount: settings.dailyCount,
      usedToday,
      remainingToday: Math.max(0, settings.dailyCount - usedToday),
      hours: settings.hours,
      timeZone: 'Asia/Bangkok' as const,
      openNow: withinHours(settings.hours, t),
      turnover: {
        outstanding: formatMinor(outstanding),
        multiple: settings.turnoverMultiple,
        met: outstanding === 0n,
      },
      autoReceiptMinutes: settings.autoReceiptMinutes,
      paymentPasswordSet: profile.paymentPasswordSet,
      secondFactorRequired: profile.secondFactor,
      realNameSet: profile.realName !== null,
      bankAccounts: accounts.length,
      maxBankAccounts: MAX_BANK_ACCOUNTS,
    };
  }

  // ---------- the request ----------

  /** A replay of the same request key answers the withdrawal it made; other details: a conflict. */
  function replayOf(existing: WithdrawalRow, amount: bigint, bankAccountId: number): WithdrawalRow {
    if (existing.amount !== amount || existing.bankAccountId !== bankAccountId) {
      throw new AppError('idempotency_conflict', 409, { requestKey: 'idempotency_conflict' });
    }
    return existing;
  }

  /**
   * POST /wps/cashier/withdrawals: step-up (payment password, then the second factor when enrolled),
   * limits, turnover; then one transaction: the withdrawal row (pending) and the hold
   * (main -> withdrawal clearing). Insufficient funds roll both back.
   */
  async function request(
    memberId: number,
    input: TWithdrawalRequest,
    client: CashierClient,
  ): Promise<TWithdrawal> {
    const amount = parseMinor(input.amount);
    if (amount === null || amount <= 0n)
      throw new AppError('validation_failed', 400, { amount: 'validation_failed' });
    await stepUp.verifyPaymentPassword(memberId, input.paymentPassword, client);
    // A retry of a request that went through answers it before the second factor (a TOTP step is
    // accepted once, so the retry's code would be refused).
    const earlier = await repo.findByRequestKey(memberId, input.requestKey);
    if (earlier) return present(replayOf(earlier, amount, input.bankAccountId));
    await stepUp.verifySecondFactor(memberId, input.totpCode, client);

    const account = await repo.findActiveBankAccount(memberId, input.bankAccountId);
    if (!account) throw new AppError('not_found', 404, { bankAccountId: 'not_found' });
    const settings = await config.get('withdrawal');
    const problem = amountProblem(amount, settings);
    if (problem) throw new AppError(problem, 400, { amount: problem });
    const t = now();
    if (!withinHours(settings.hours, t)) throw new AppError('withdrawal_outside_hours', 403);
    // Refused early with the amount (also in GET /wps/cashier/withdrawal-settings, turnover.outstanding); the
    // hold below checks it again under the ledger's lock, so a deposit racing this request cannot slip by.
    const outstanding = await deps.wageringOutstanding(memberId);
    if (outstanding > 0n) {
      throw new AppError('withdrawal_turnover_not_met', 403, undefined, { outstanding: formatMinor(outstanding) });
    }

    const row = await database.tx(async (tx) => {
      await repo.lockMember(memberId, tx);
      const replay = await repo.findByRequestKey(memberId, input.requestKey, tx);
      if (replay) return replayOf(replay, amount, input.bankAccountId);
      const today = await repo.countSince(memberId, new Date(bangkokDayStart(t)), tx);
      if (today >= settings.dailyCount) throw new AppError('withdrawal_daily_limit', 429);
      const created = await repo.insert(
        {
          memberId,
          requestKey: input.requestKey,
          amount,
          bankAccountId: account.id,
          bankCode: account.bankCode,
          accountNumber: account.accountNumber,
          accountName: account.accountName,
          status: 'pending',
          createdAt: new Date(t),
        },
        tx,
      );
      await wallet.post(
        {
          op: 'withdrawal_hold',
          key: String(created.id),
          input: { withdrawalId: created.id, memberId, amount },
          actor: { kind: 'member', id: memberId },
          entries: [
            { account: accounts.main(memberId), amount: -amount },
            { account: accounts.withdrawalClearing, amount },
          ],
          groupKey: `withdrawal:${created.id}`,
          memo: `Withdrawal ${created.id}`,
          wagering: { requireClear: true },
        },
        tx,
      );
      return created;
    });
    return toWithdrawal(row, settings.autoReceiptMinutes, 0);
  }

  async function page(memberId: number, pageNumber: number, pageSize: number) {
    const settings = await config.get('withdrawal');
    const { items, total } = await repo.pageOfMember(memberId, (pageNumber - 1) * pageSize, pageSize);
    const proofs = await repo.proofMetaOf(items.map((i) => i.id));
    return {
      items: items.map((row) =>
        toWithdrawal(
          row,
          settings.autoReceiptMinutes,
          proofs.filter((p) => p.withdrawalId === row.id).length,
        ),
      ),
      total,
      page: pageNumber,
      pageSize,
    };
  }

  // ---------- the member's receipt ----------

  /**
   * POST /wps/cashier/withdrawals/:id/receipt (4.WD.01-05): received, or not received with 1-3
   * proof images. Every image is checked before anything is written; the status change and the
   * images commit together. After N minutes the withdrawal counts as received whatever is sent.
   */
  async function receipt(memberId: number, id: number, input: TWithdrawalReceipt): Promise<TWithdrawal> {
    const images = input.received ? [] : input.proofs.map((p) => Buffer.from(p.data, 'base64'));
    if (!input.received) {
      const problem = proofProblem(images, input.remark);
      if (problem)
        throw new AppError(problem.code, problem.code === 'proof_too_large' ? 413 : undefined, {
          [problem.field]: problem.code,
        });
      // Its size from the header, then a full decode, before anything is stored (issue 23 #4).
      for (const [i, image] of images.entries()) {
        const checked = await checkImage(image, imageTypeOf(image)!);
        if (!checked.ok) throw new AppError(checked.error, undefined, { [`proofs.${i}`]: checked.error });
      }
    }
    const row = await repo.findById(id);
    if (!row || row.memberId !== memberId) throw new AppError('not_found', 404);
    if (row.status === 'auto_received') throw new AppError('withdrawal_receipt_forced', 409);
    if (row.status !== 'awaiting_confirmation' || !row.paidAt)
      throw new AppError('withdrawal_not_awaiting_receipt', 409);
    const settings = await config.get('withdrawal');
    const t = now();
    const at = new Date(t);
    if (row.paidAt.getTime() + settings.autoReceiptMinutes * 60_000 <= t) {
      // N minutes have passed (the job has not run yet): it already counts as received (4.WD.03).
      const forced = await database.tx((tx) =>
        repo.transition(id, ['awaiting_confirmation'], { status: 'auto_received', confirmedAt: at }, tx),
      );
      if (input.received && forced) return present(forced);
      throw new AppError('withdrawal_receipt_forced', 409);
    }
    const remark = input.received ? null : input.remark?.trim() || null;
    const changed = await database.tx(async (tx) => {
      const updated = await repo.transition(
        id,
        ['awaiting_confirmation'],
        { status: input.received ? 'received' : 'not_received', confirmedAt: at, remark },
        tx,
      );
      if (!updated) return null;
      const proofBytes = images.reduce((total, image) => total + image.length, 0);
      if (proofBytes > 0) {
        const { dailyBytesPerMember } = await config.get('uploads');
        if (!(await deps.uploadQuota.reserve(memberId, bangkokDay(t), proofBytes, dailyBytesPerMember, tx))) {
          throw new AppError('upload_daily_limit', undefined, { proofs: 'upload_daily_limit' });
        }
      }
      for (const [i, image] of images.entries()) {
        await repo.insertProof(
          {
            withdrawalId: id,
            position: i + 1,
            contentType: imageTypeOf(image)!,
            bytes: image.length,
            sha256: createHash('sha256').update(image).digest('hex'),
            data: image,
            createdAt: at,
          },
          tx,
        );
      }
      return updated;
    });
    if (!changed) {
      const current = await repo.findById(id);
      throw new AppError(
        current?.status === 'auto_received' ? 'withdrawal_receipt_forced' : 'withdrawal_not_awaiting_receipt',
        409,
      );
    }
    return present(changed);
  }

  // ---------- operators ----------

  function toOpsRow(row: WithdrawalRow, proofs: ProofMeta[]): TOpsWithdrawalRow {
    return {
      id: row.id,
      memberId: row.memberId,
      amount: formatMinor(row.amount),
      status: row.status as TWithdrawalStatus,
      bankCode: row.bankCode as TBankCode,
      accountNumber: row.accountNumber,
      accountName: row.accountName,
      createdAt: row.createdAt.toISOString(),
      paidAt: iso(row.paidAt),
      confirmedAt: iso(row.confirmedAt),
      decidedBy: row.decidedBy,
      rejectReason: row.rejectReason,
      remark: row.remark,
      resolvedAt: iso(row.resolvedAt),
      resolvedBy: row.resolvedBy,
      resolution: row.resolution,
      proofs: proofs
        .filter((p) => p.withdrawalId === row.id)
        .map((p) => ({ index: p.position, contentType: p.contentType, bytes: p.bytes, sha256: p.sha256 })),
    };
  }

  async function listForOps(filter: {
    status?: TWithdrawalStatus | undefined;
    memberId?: number | undefined;
    limit: number;
  }) {
    const rows = await repo.list(filter);
    const proofs = await repo.proofMetaOf(rows.filter((r) => r.status === 'not_received').map((r) => r.id));
    return rows.map((r) => toOpsRow(r, proofs));
  }

  async function message(
    tx: Tx,
    row: WithdrawalRow,
    template:
      'withdrawal_approved' | 'withdrawal_rejected' | 'withdrawal_refunded' | 'withdrawal_case_closed',
  ) {
    const reason =
      template === 'withdrawal_rejected'
        ? row.rejectReason
        : template === 'withdrawal_approved'
          ? null
          : row.resolution;
    await outbox.enqueue(tx, {
      kind: MEMBER_MESSAGE,
      key: `${template}:${row.id}`,
      payload: {
        memberId: row.memberId,
        template,
        params: {
          withdrawalId: row.id,
          amount: formatMinor(row.amount),
          ...(reason ? { reason } : {}),
        },
      },
    });
  }

  async function notPending(id: number): Promise<never> {
    const current = await repo.findById(id);
    if (!current) throw new AppError('not_found', 404);
    throw new AppError('withdrawal_not_pending', 409);
  }

  /** A withdrawal an operator may decide: pending, else not_found / withdrawal_not_pending. */
  async function pendingOne(id: number): Promise<WithdrawalRow> {
    const row = await repo.findById(id);
    if (!row) throw new AppError('not_found', 404);
    if (row.status !== 'pending') throw new AppError('withdrawal_not_pending', 409);
    return row;
  }

  /**
   * Why paying this withdrawal out needs a second operator (docs/adr/0081), or null: an amount above
   * the site's `cashierControls.payoutAbove`.
   */
  async function secondOperatorNeeded(id: number): Promise<{ because: 'above_threshold'; amount: string; member: number } | null> {
    const row = await pendingOne(id);
    const { payoutAbove } = await config.get('cashierControls');
    if (row.amount > (parseMinor(payoutAbove) ?? 0n)) return { because: 'above_threshold', amount: formatMinor(row.amount), member: row.memberId };
    return null;
  }

  /**
   * The operator paid it out: clearing -> payout; the member is asked to confirm; 'withdrawal approved'.
   * Never by an operator who credited by hand a deposit that funded it (any of the member's deposits
   * in the 30 days before this request: money is fungible, and an earlier payout in between must not
   * open the door), and within the operator's daily limit (docs/adr/0081).
   */
  async function pay(id: number, operator: string, note: OpsAuditNote) {
    const at = new Date(now());
    // Read before the transaction (PGlite is one session: a configuration reload waits for open transactions).
    const pending = await pendingOne(id);
    const { dailyPaidPerOperator } = await config.get('cashierControls');
    const since = new Date(pending.createdAt.getTime() - FUNDING_LOOKBACK_MS);
    if ((await deps.fundingApprovers(pending.memberId, since, pending.createdAt)).includes(operator)) {
      throw new AppError('withdrawal_payer_funded_it', 403);
    }
    const row = await database.tx(async (tx) => {
      const today = bangkokDayOf(at.getTime());
      await assertWithinDailyLimit(tx, 'paid', operator, () => repo.sumPaidBy(operator.slice(0, 80), today.from, today.to, tx), pending.amount, dailyPaidPerOperator);
      const paid = await repo.transition(
        id,
        ['pending'],
        { status: 'awaiting_confirmation', paidAt: at, decidedBy: operator.slice(0, 80) },
        tx,
      );
      if (!paid) return null;
      await wallet.post(
        {
          op: 'withdrawal_payout',
          key: String(id),
          input: { withdrawalId: id, memberId: paid.memberId, amount: paid.amount },
          actor: { kind: 'operator', id: operator, reason: 'withdrawal paid out' },
          entries: [
            { account: accounts.withdrawalClearing, amount: -paid.amount },
            { account: accounts.payout, amount: paid.amount },
          ],
          groupKey: `withdrawal:${id}`,
          memo: `Withdrawal ${id} paid out`,
        },
        tx,
      );
      await message(tx, paid, 'withdrawal_approved');
      await note({
        target: `withdrawal:${id}`,
        before: { status: 'pending' },
        after: { status: paid.status, amount: formatMinor(paid.amount) },
      });
      return paid;
    });
    if (!row) return notPending(id);
    return toOpsRow(row, []);
  }

  /** Rejected with a reason: clearing -> the member's main wallet; 'withdrawal rejected'. */
  async function reject(id: number, reason: string, operator: string, note: OpsAuditNote) {
    const at = new Date(now());
    const row = await database.tx(async (tx) => {
      const rejected = await repo.transition(
        id,
        ['pending'],
        { status: 'rejected', rejectedAt: at, rejectReason: reason, decidedBy: operator.slice(0, 80) },
        tx,
      );
      if (!rejected) return null;
      await wallet.post(
        {
          op: 'withdrawal_return',
          key: String(id),
          input: { withdrawalId: id, memberId: rejected.memberId, amount: rejected.amount },
          actor: { kind: 'operator', id: operator, reason },
          entries: [
            { account: accounts.withdrawalClearing, amount: -rejected.amount },
            { account: accounts.main(rejected.memberId), amount: rejected.amount },
          ],
          groupKey: `withdrawal:${id}`,
          memo: `Withdrawal ${id} returned`,
        },
        tx,
      );
      await message(tx, rejected, 'withdrawal_rejected');
      await note({
        target: `withdrawal:${id}`,
        before: { status: 'pending' },
        after: { status: 'rejected', reason },
      });
      return rejected;
    });
    if (!row) return notPending(id);
    return toOpsRow(row, []);
  }

  /**
   * Closes a not-received case (ADR 0047): `refund` when the payout failed (payout -> the member's main
   * wallet, op `withdrawal_refund`), `paid` when it did arrive (no money moves); the reason goes to the
   * member's inbox. One conditional update on `not_received`, so two operators cannot both close it.
   */
  async function resolve(
    id: number,
    input: { outcome: 'refund' | 'paid'; reason: string },
    operator: string,
    note: OpsAuditNote,
  ) {
    const at = new Date(now());
    const status = input.outcome === 'refund' ? 'refunded' : 'confirmed_paid';
    const row = await database.tx(async (tx) => {
      const closed = await repo.transition(
        id,
        ['not_received'],
        { status, resolvedAt: at, resolvedBy: operator.slice(0, 80), resolution: input.reason },
        tx,
      );
      if (!closed) return null;
      if (input.outcome === 'refund') {
        await wallet.post(
          {
            op: 'withdrawal_refund',
            key: String(id),
            input: { withdrawalId: id, memberId: closed.memberId, amount: closed.amount },
            actor: { kind: 'operator', id: operator, reason: input.reason },
            entries: [
              { account: accounts.payout, amount: -closed.amount },
              { account: accounts.main(closed.memberId), amount: closed.amount },
            ],
            groupKey: `withdrawal:${id}`,
            memo: `Withdrawal ${id} refunded`,
          },
          tx,
        );
      }
      await message(
        tx,
        closed,
        input.outcome === 'refund' ? 'withdrawal_refunded' : 'withdrawal_case_closed',
      );
      await note({
        target: `withdrawal:${id}`,
        before: { status: 'not_received' },
        after: { status, reason: input.reason },
      });
      return closed;
    });
    if (!row) {
      const current = await repo.findById(id);
      if (!current) throw new AppError('not_found', 404);
      throw new AppError('withdrawal_not_a_case', 409);
    }
    return toOpsRow(row, []);
  }

  /** A not-received case an operator may close, else not_found / withdrawal_not_a_case. */
  async function openCase(id: number): Promise<void> {
    const row = await repo.findById(id);
    if (!row) throw new AppError('not_found', 404);
    if (row.status !== 'not_received') throw new AppError('withdrawal_not_a_case', 409);
  }

  /** A proof image of a not-received case (operators; each read is audited). */
  async function proof(id: number, index: number, note: OpsAuditNote) {
    const found = await repo.findProof(id, index);
    if (!found) throw new AppError('not_found', 404);
    await note({ target: `withdrawal:${id}:proof:${index}` });
    return { contentType: found.contentType, data: Buffer.from(found.data).toString('base64') };
  }

  /**
   * The job `withdrawal-auto-receipt` (4.WD.03, 9.C.16): paid-out withdrawals unanswered for N
   * minutes become auto_received in one conditional statement, so across instances each changes once.
   */
  async function autoReceipt(): Promise<{ count: number }> {
    const settings = await config.get('withdrawal');
    const t = now();
    const rows = await database.tx((tx) =>
      repo.autoReceive(new Date(t - settings.autoReceiptMinutes * 60_000), new Date(t), tx),
    );
    return { count: rows.length };
  }

  return {
    listBankAccounts,
    bindBankAccount,
    removeBankAccount,
    settingsView,
    request,
    page,
    receipt,
    listForOps,
    secondOperatorNeeded,
    openCase,
    pay,
    reject,
    resolve,
    proof,
    autoReceipt,
  };
}

export type WithdrawalService = ReturnType<typeof createWithdrawalService>;
