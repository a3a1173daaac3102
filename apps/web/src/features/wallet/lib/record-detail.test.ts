import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { recordDetail } from './record-detail';

const row = (over: Partial<Parameters<typeof recordDetail>[1]>) => ({
  id: 1,
  time: '2026-11-28T05:00:00Z',
  type: 'deposit' as const,
  amount: '100.00',
  balance: '100.00',
  memo: null,
  ...over,
});

describe('account record notes in the page language (issue 25)', () => {
  const th = i18n.getFixedT('th');
  const en = i18n.getFixedT('en');

  it('2.MC.09 a deposit channel and a game are named in the page language', () => {
    const deposit = row({ memo: 'PromptPay (sandbox)', names: { th: 'พร้อมเพย์ (แซนด์บ็อกซ์)', en: 'PromptPay (sandbox)' } });
    expect(recordDetail(th, deposit, 'th')).toBe('พร้อมเพย์ (แซนด์บ็อกซ์)');
    expect(recordDetail(en, deposit, 'en')).toBe('PromptPay (sandbox)');
    const bet = row({ type: 'bet', amount: '-5.00', memo: 'SLOT-7', names: { th: 'สล็อตเจ็ด', en: 'Lucky Seven' } });
    expect(recordDetail(th, bet, 'th')).toBe('สล็อตเจ็ด');
    expect(recordDetail(en, bet, 'en')).toBe('Lucky Seven');
  });

  it('2.MC.09 a transfer says which way the money went and which wallet', () => {
    expect(recordDetail(en, row({ type: 'transfer', amount: '-300.00', memo: 'Sandbox Casino' }), 'en')).toBe('To the Sandbox Casino wallet');
    expect(recordDetail(en, row({ type: 'transfer', amount: '100.00', memo: 'Sandbox Casino' }), 'en')).toBe('From the Sandbox Casino wallet');
    expect(recordDetail(th, row({ type: 'transfer', amount: '-300.00', memo: 'Sandbox Casino' }), 'th')).toBe('โอนเข้ากระเป๋า Sandbox Casino');
  });

  it('2.MC.06 2.MC.09 a profit share names the other member and the direction', () => {
    expect(recordDetail(en, row({ type: 'share', amount: '-50.00', memo: 'agent01 -> down01' }), 'en')).toBe('To member down01');
    expect(recordDetail(en, row({ type: 'share', amount: '50.00', memo: 'agent01 -> down01' }), 'en')).toBe('From member agent01');
  });

  it('2.MC.09 anything else keeps the ledger note', () => {
    expect(recordDetail(en, row({ type: 'withdrawal_hold', amount: '-100.00', memo: 'Withdrawal 12' }), 'en')).toBe('Withdrawal 12');
  });
});
