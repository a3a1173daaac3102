import type { TFunction } from 'i18next';
import type { TAccountRecord } from '@lotus/contracts/wallet';

type TRow = TAccountRecord['list'][number];

/**
 * The account record's note for a movement, in the page's language (issue 25): the deposit channel's or
 * the game's name in that language (the server sends both), a transfer's direction and vendor wallet
 * ("To the Sandbox Casino wallet"), a profit share's direction and member ("agent -> downline" in the
 * ledger); otherwise the ledger's note as it is.
 */
export function recordDetail(t: TFunction, row: TRow, language: string): string {
  if (row.names) return language.startsWith('th') ? row.names.th : row.names.en;
  const memo = row.memo ?? '';
  const out = row.amount.startsWith('-');
  if (row.type === 'transfer' && memo) return t(out ? 'wallet:record.detail.to_wallet' : 'wallet:record.detail.from_wallet', { name: memo });
  if (row.type === 'share') {
    const match = /^(.+) -> (.+)$/.exec(memo);
    if (match) return out ? t('wallet:record.detail.to_member', { name: match[2] }) : t('wallet:record.detail.from_member', { name: match[1] });
  }
  return memo;
}
