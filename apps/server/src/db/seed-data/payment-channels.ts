import type { TOpsPaymentChannelInput } from '@lotus/contracts/cashier';

/**
 * Demo payment channels (embedded demo or SEED_DEMO=1 only, docs/adr/0024 and 0027): a bank
 * transfer to a made-up receiving account and the sandbox PSP. Limits 100.00-50,000.00 THB per
 * deposit, 200,000.00 per member and day.
 */
export const DEMO_PAYMENT_CHANNELS: TOpsPaymentChannelInput[] = [
  {
    code: 'kbank-transfer',
    kind: 'bank_transfer',
    nameTh: 'โอนผ่านธนาคารกสิกรไทย',
    nameEn: 'Kasikorn Bank transfer',
    bankCode: 'KBANK',
    accountNumber: '123-4-56789-0',
    accountName: 'LOTUS DEMO CO LTD',
    min: '100.00',
    max: '50000.00',
    dailyLimit: '200000.00',
    status: 'active',
    sort: 1,
  },
  {
    code: 'promptpay-sandbox',
    kind: 'psp',
    nameTh: 'พร้อมเพย์ (แซนด์บ็อกซ์)',
    nameEn: 'PromptPay (sandbox)',
    adapter: 'sandbox',
    min: '100.00',
    max: '50000.00',
    dailyLimit: '200000.00',
    status: 'active',
    sort: 2,
  },
];
