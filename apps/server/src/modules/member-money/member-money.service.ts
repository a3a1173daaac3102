import { AppError } from '@lotus/contracts/app-error';
import { formatMinor, parseMinor } from '@lotus/contracts/money';
import type { TOpsAdjustment, TOpsAdjustmentInput, TOpsLedgerEntry, TOpsMemberLedger, TOpsMemberMoney, TRiskFlag } from '@lotus/contracts/ops-member-money';
import { accounts, parseAccount } from '@lotus/ledger/accounts';
import type { Database } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { OpsAuditNote } from '../../platform/audit/ops.audit';
import type { Outbox } from '../../platform/outbox/outbox';
import { MEMBER_MESSAGE, type MemberMessagePayload } from '../inbox/inbox.module';
import type { WalletService } from '../wallet/wallet.service';
import { otherIdsOf, RISK_LOOKBACK_DAYS, riskFlags, type PayerName, type SharedWith } from './risk-flags';

const DAY_MS = 86_400_000;

export type MemberMoneyDeps = {
  database: Pick<Database, 'tx'>;
  outbox: Pick<Outbox, 'enqueue'>;
  now: Clock;
  wallet: Pick<WalletService, 'post' | 'funds' | 'wageringOutstanding' | 'accountEntries' | 'withdrawalsAfterDeposit'>;
  members: {
    memberMoneyProfile(id: number): Promise<{ id: number; username: string; realName: string | null; trial: boolean } | null>;
    usernamesOf(ids: number[]): Promise<Map<number, string>>;
    realNamesOf(ids: number[]): Promise<Map<number, string>>;
    sharedDevices(memberIds: number[], since: Date): Promise<(SharedWith & { ip: string })[]>;
  };
  sharedBankAccounts(memberIds: number[]): Promise<(SharedWith & { bankCode: string; accountNumber: string })[]>;
  payerNamesSince(memberIds: number[], since: Date): Promise<PayerName[]>;
};

/** What an adjustment's four-eyes request carries: the member, the movement and its idempotency key. */
export type AdjustmentPayload = TOpsAdjustmentInput & { memberId: number; key: string };

/**
 * The cashier desk's member money (issue 24, docs/adr/0085): a member's wallets, ledger entries and risk
 * flags for the operator, and manual adjustments, which move money only through the wallet's one write
 * path and tell the member by a platform message in the same transaction.
 */
export function createMemberMoneyService(deps: MemberMoneyDeps) {
  const { wallet, members } = deps;

  async function profile(memberId: number) {
    const member = await members.memberMoneyProfile(memberId);
    if (!member) throw new AppError('not_found', 404);
    return member;
  }

  async function flagsOf(memberIds: number[]): Promise<Map<number, TRiskFlag[]>> {
    const since = new Date(deps.now() - RISK_LOOKBACK_DAYS * DAY_MS);
    const [withdrawals, sharedBank, sharedDevice, payerNames, realNames] = await Promise.all([
      wallet.withdrawalsAfterDeposit(memberIds, since),
      deps.sharedBankAccounts(memberIds),
      members.sharedDevices(memberIds, since),
      deps.payerNamesSince(memberIds, since),
      members.realNamesOf(memberIds),
    ]);
    const usernames = await members.usernamesOf([...otherIdsOf(sharedBank), ...otherIdsOf(sharedDevice)]);
    return riskFlags({ memberIds, withdrawals, sharedBank, sharedDevice, usernames, payerNames, realNames });
  }

  async function money(memberId: number): Promise<TOpsMemberMoney> {
    const member = await profile(memberId);
    const [funds, outstanding, flags] = await Promise.all([
      wallet.funds(memberId, member.trial),
      member.trial ? Promise.resolve(0n) : wallet.wageringOutstanding(memberId),
      flagsOf([memberId]),
    ]);
    return {
      memberId,
      username: member.username,
      realName: member.realName,
      currency: funds.currency,
      wallets: [
        { wallet: 'main', balance: formatMinor(funds.main) },
        ...funds.vendors.map((v) => ({ wallet: `v:${v.vendor}`, balance: formatMinor(v.balance) })),
      ],
      total: formatMinor(funds.total),
      wageringOutstanding: formatMinor(outstanding),
      flags: flags.get(memberId) ?? [],
    };
  }

  async function ledger(memberId: number, q: { wallet: string; beforeId?: number | undefined; limit: number }): Promise<TOpsMemberLedger> {
    const member = await profile(memberId);
    const code =
      q.wallet === 'main' ? accounts.playing(memberId, member.trial) : accounts.vendorWallet(memberId, q.wallet.slice(2));
    if (!parseAccount(code)) throw new AppError('validation_failed', 400);
    const rows = await wallet.accountEntries(code, q.beforeId ?? null, q.limit);
    const entries: TOpsLedgerEntry[] = rows.map((r) => ({
      entryId: r.entryId,
      transactionId: r.transactionId,
      time: r.at.toISOString(),
      kind: r.kind,
      amount: formatMinor(r.amount),
      balance: formatMinor(r.balanceAfter),
      memo: r.memo,
      actor: r.actor.slice(0, 100),
      reason: r.reason,
      reverses: r.reverses,
      reversedBy: r.reversedBy,
    }));
    return { entries, nextBeforeId: rows.length === q.limit ? rows[rows.length - 1]!.entryId : null };
  }

  /** Refuses an adjustment that could never apply, before a four-eyes request holds it. */
  async function assertAdjustable(memberId: number) {
    const member = await profile(memberId);
    if (member.trial) throw new AppError('adjustment_not_real_account', 400);
    return member;
  }

  /**
   * Applies an adjustment as `operator` (the second operator who approved it, or the direct-mode command
   * line): the posting between the member's main wallet and the adjustments account, the member's
   * message and the audit row commit together. Once per key: a replay changes nothing and sends nothing.
   */
  async function adjust(payload: AdjustmentPayload, operator: string, note: OpsAuditNote): Promise<TOpsAdjustment> {
    await assertAdjustable(payload.memberId);
    const amount = parseMinor(payload.amount);
    if (amount === null || amount <= 0n) throw new AppError('adjustment_amount_invalid', 400);
    const main = accounts.main(payload.memberId);
    const signed = payload.direction === 'credit' ? amount : -amount;
    return deps.database.tx(async (tx) => {
      const posted = await wallet.post(
        {
          op: 'adjust',
          key: payload.key,
          input: { memberId: payload.memberId, direction: payload.direction, amount },
          actor: { kind: 'operator', id: operator, reason: payload.reason },
          entries: [
            { account: accounts.adjustments, amount: -signed },
            { account: main, amount: signed },
          ],
          groupKey: `adjust:${payload.key}`,
          memo: `adjustment ${payload.direction}`,
        },
        tx,
      );
      if (posted.outcome === 'created') {
        const message: MemberMessagePayload = {
          memberId: payload.memberId,
          template: payload.direction === 'credit' ? 'balance_credited' : 'balance_debited',
          params: { amount: formatMinor(amount), reason: payload.reason, transactionId: posted.transactionId },
        };
        await deps.outbox.enqueue(tx, { kind: MEMBER_MESSAGE, key: `adjust:${payload.key}`, payload: message });
      }
      const balance = posted.balances[main] ?? 0n;
      await note({
        target: `member:${payload.memberId}`,
        after: { adjustment: payload.direction, amount: formatMinor(amount), transactionId: posted.transactionId, outcome: posted.outcome, reason: payload.reason },
      });
      return { memberId: payload.memberId, direction: payload.direction, amount: formatMinor(amount), transactionId: posted.transactionId, balance: formatMinor(balance) };
    });
  }

  return { money, ledger, flagsOf, assertAdjustable, adjust };
}

export type MemberMoneyService = ReturnType<typeof createMemberMoneyService>;
