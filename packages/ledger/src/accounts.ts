/**
 * Ledger accounts (docs/adr/0026-ledger-and-wallet.md). An account is named by its code:
 * - member accounts `m:<memberId>:<purpose>`: `main` (the real main wallet), `trial` (a trial account's
 *   play credit), `bonus`, `locked`, and `v:<VENDOR>` (one sub-wallet per transfer-mode vendor);
 * - system accounts `s:<purpose>`: `deposit:<channel>` (deposit clearing per payment channel),
 *   `withdrawal` (withdrawal clearing), `payout` (paid out to members' banks), `vendor:<VENDOR>` (a vendor's
 *   settlement), `adjust` (operator adjustments), `commission` (agents' pay from the platform), `trial` (the issuer and counterpart of trial play).
 * Member accounts never go below zero; system accounts may (their balance is derived from entries).
 */
export type AccountClass = 'real' | 'trial';

declare const ACCOUNT_CODE: unique symbol;
/**
 * The code of a ledger account, made only by `accounts` below (or read back by `parseAccount`): a posting
 * cannot name an account by a hand-written string, so the code forms live in this one file.
 */
export type AccountCode = string & { readonly [ACCOUNT_CODE]: true };
const code = (text: string) => text as AccountCode;

export type AccountInfo = {
  code: AccountCode;
  /** The owning member for member accounts, null for system accounts. */
  memberId: number | null;
  purpose: string;
  /** `trial` money never meets `real` money in one transaction. */
  class: AccountClass;
};

export const VENDOR_CODE = /^[A-Z0-9]{2,16}$/;
export const CHANNEL_CODE = /^[a-z0-9_-]{1,32}$/;

const MEMBER = /^m:([1-9][0-9]{0,9}):(main|trial|bonus|locked|v:[A-Z0-9]{2,16})$/;
const SYSTEM = /^s:(deposit:[a-z0-9_-]{1,32}|withdrawal|payout|vendor:[A-Z0-9]{2,16}|adjust|commission|trial)$/;

/** The account a code names, or null when the code is not one of the forms above. */
export function parseAccount(code: string): AccountInfo | null {
  const member = MEMBER.exec(code);
  if (member) {
    const memberId = Number(member[1]);
    if (memberId > 2_147_483_647) return null;
    const purpose = member[2]!;
    return { code: code as AccountCode, memberId, purpose, class: purpose === 'trial' ? 'trial' : 'real' };
  }
  const system = SYSTEM.exec(code);
  if (system) return { code: code as AccountCode, memberId: null, purpose: system[1]!, class: system[1] === 'trial' ? 'trial' : 'real' };
  return null;
}

/** Codes of the accounts the platform uses. */
export const accounts = {
  main: (memberId: number) => code(`m:${memberId}:main`),
  trial: (memberId: number) => code(`m:${memberId}:trial`),
  /** The wallet a member plays and pays from: the trial credit for a trial account, else main. */
  playing: (memberId: number, trial: boolean) => code(trial ? `m:${memberId}:trial` : `m:${memberId}:main`),
  vendorWallet: (memberId: number, vendor: string) => code(`m:${memberId}:v:${vendor}`),
  depositClearing: (channel: string) => code(`s:deposit:${channel}`),
  withdrawalClearing: code('s:withdrawal'),
  payout: code('s:payout'),
  vendorSettlement: (vendor: string) => code(`s:vendor:${vendor}`),
  adjustments: code('s:adjust'),
  /** What the platform pays top-level agents under their contracts (docs/adr/0100). */
  commission: code('s:commission'),
  trialIssuer: code('s:trial'),
  /** The counterpart of a game movement: the vendor's settlement, or the trial issuer for trial play. */
  gameCounterpart: (vendor: string, trial: boolean) => code(trial ? 's:trial' : `s:vendor:${vendor}`),
} as const;
