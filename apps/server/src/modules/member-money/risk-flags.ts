import type { TRiskFlag } from '@lotus/contracts/ops-member-money';
import { formatMinor } from '@lotus/contracts/money';

/**
 * The cashier desk's risk flags (issue 24, docs/adr/0085): facts that deserve a second look before money
 * leaves, never a decision. Pure rules over what the wallet, withdrawal and identity modules answer.
 */

/** How far back the flags look (withdrawals, sessions). */
export const RISK_LOOKBACK_DAYS = 30;
/** A withdrawal this soon after a deposit is "quick"... */
export const QUICK_WITHDRAWAL_HOURS = 24;
/** ...when less than this multiple of the deposit was staked between the two ("little play"). */
export const LITTLE_PLAY_MULTIPLE = 2n;
/** At most this many other usernames are named in a flag. */
const MAX_NAMED = 10;

export type WithdrawalAfterDeposit = {
  memberId: number;
  transactionId: number;
  at: Date;
  amount: bigint;
  deposit: bigint;
  depositAt: Date;
  staked: bigint;
};
export type SharedWith = { memberId: number; otherId: number };
export type PayerName = { memberId: number; payerName: string };

/** Titles a bank may put before a name (English and Thai), dropped before names are compared. */
const TITLES = /^(MR|MRS|MS|MISS|DR|นาย|นางสาว|นาง|น\.ส\.|ด\.ช\.|ด\.ญ\.)\.?\s*/u;
const THAI = /[\u0E00-\u0E7F]/u;

/** A name as banks write it: capitals, no punctuation, one space between words, no title. */
export function comparableName(name: string): string {
  const plain = name.normalize('NFC').toUpperCase().replace(/[^\p{L}\p{M}\s.]/gu, ' ').replace(/\s+/g, ' ').trim();
  return plain.replace(TITLES, '').replace(/\./g, ' ').replace(/\s+/g, ' ').trim();
}

/**
 * Whether a payer name is another person's than the real name: compared as `comparableName`, a bank's
 * shortened form (one a prefix of the other, at least 5 letters) is the same person; names in different
 * scripts (Thai and Latin) cannot be compared by letters and are not flagged.
 */
export function payerDiffers(payerName: string, realName: string): boolean {
  const a = comparableName(payerName);
  const b = comparableName(realName);
  if (!a || !b || THAI.test(a) !== THAI.test(b)) return false;
  if (a === b) return false;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return !(short.length >= 5 && long.startsWith(short));
}

/** The flags of each member (every id asked for has an entry, maybe empty). */
export function riskFlags(input: {
  memberIds: number[];
  withdrawals: WithdrawalAfterDeposit[];
  sharedBank: (SharedWith & { bankCode: string; accountNumber: string })[];
  sharedDevice: (SharedWith & { ip: string })[];
  usernames: ReadonlyMap<number, string>;
  payerNames?: PayerName[];
  realNames?: ReadonlyMap<number, string>;
}): Map<number, TRiskFlag[]> {
  const flags = new Map<number, TRiskFlag[]>(input.memberIds.map((id) => [id, []]));
  const add = (memberId: number, flag: TRiskFlag) => flags.get(memberId)?.push(flag);

  // The latest quick withdrawal with little play, per member.
  const quick = new Map<number, WithdrawalAfterDeposit>();
  for (const w of input.withdrawals) {
    if (w.at.getTime() - w.depositAt.getTime() > QUICK_WITHDRAWAL_HOURS * 3_600_000) continue;
    if (w.staked >= w.deposit * LITTLE_PLAY_MULTIPLE) continue;
    const seen = quick.get(w.memberId);
    if (!seen || w.transactionId > seen.transactionId) quick.set(w.memberId, w);
  }
  for (const [memberId, w] of quick) {
    add(memberId, {
      code: 'quick_withdrawal',
      params: {
        withdrawal: formatMinor(w.amount),
        deposit: formatMinor(w.deposit),
        staked: formatMinor(w.staked),
        minutes: String(Math.max(0, Math.round((w.at.getTime() - w.depositAt.getTime()) / 60_000))),
        at: w.at.toISOString(),
      },
    });
  }

  const others = (rows: SharedWith[], memberId: number) => {
    const ids = [...new Set(rows.filter((r) => r.memberId === memberId).map((r) => r.otherId))].sort((a, b) => a - b);
    return { count: ids.length, names: ids.slice(0, MAX_NAMED).map((id) => input.usernames.get(id) ?? `#${id}`) };
  };
  for (const memberId of input.memberIds) {
    const bank = others(input.sharedBank, memberId);
    if (bank.count > 0) {
      const accounts = [...new Set(input.sharedBank.filter((r) => r.memberId === memberId).map((r) => `${r.bankCode} ${maskAccount(r.accountNumber)}`))];
      add(memberId, { code: 'shared_bank_account', params: { count: String(bank.count), members: bank.names.join(', '), accounts: accounts.join(', ').slice(0, 400) } });
    }
    const device = others(input.sharedDevice, memberId);
    if (device.count > 0) {
      const ips = [...new Set(input.sharedDevice.filter((r) => r.memberId === memberId).map((r) => r.ip))];
      add(memberId, { code: 'shared_device', params: { count: String(device.count), members: device.names.join(', '), ips: ips.slice(0, 5).join(', ') } });
    }
    const realName = input.realNames?.get(memberId);
    if (realName) {
      const others = [...new Set((input.payerNames ?? []).filter((p) => p.memberId === memberId && payerDiffers(p.payerName, realName)).map((p) => p.payerName))];
      if (others.length > 0) {
        add(memberId, { code: 'payer_name_differs', params: { count: String(others.length), names: others.slice(0, MAX_NAMED).join(', ').slice(0, 400), realName } });
      }
    }
  }
  return flags;
}

/** The last four digits of an account number ("••••6789"): enough to compare, not to copy. */
export const maskAccount = (accountNumber: string) => `••••${accountNumber.slice(-4)}`;

/** Every other member id the flags name (to look their usernames up). */
export const otherIdsOf = (rows: SharedWith[]) => [...new Set(rows.map((r) => r.otherId))];
