import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { messageText, shortReference } from './message-text';

describe('the reference a message gives (issue 25)', () => {
  it('3.STAT.05 a deposit id (a UUID) is shown as its first 8 characters in capitals; a withdrawal number as it is', () => {
    expect(shortReference('b107dcc3-f7e1-454c-9757-866f87e1b5dc')).toBe('B107DCC3');
    expect(shortReference('42')).toBe('42');
    expect(shortReference(undefined)).toBe('');
  });

  it('3.STAT.05 the deposit-arrival text names the deposit by its short reference, never the raw id', () => {
    const text = messageText(
      i18n.getFixedT('en'),
      {
        id: 1,
        template: 'deposit_arrival',
        params: { depositId: 'b107dcc3-f7e1-454c-9757-866f87e1b5dc', amount: '500.00', channelTh: 'พร้อมเพย์', channelEn: 'PromptPay' },
        read: false,
        readAt: null,
        createdAt: '2026-11-23T03:00:00Z',
      },
      '฿',
    );
    expect(text.body).toBe('Your deposit of ฿500.00 through PromptPay has been credited to your wallet (deposit B107DCC3).');
  });
});
