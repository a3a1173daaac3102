import { PROMPTPAY_BANK_CODE } from '@lotus/contracts/promptpay';
import { THAI_BANKS } from '@lotus/contracts/withdrawal';

/** A bank's name in the page language ('KBANK' -> 'ธนาคารกสิกรไทย' / 'Kasikornbank'); an unknown code as it is. */
export function bankName(code: string, language: string): string {
  if (code === PROMPTPAY_BANK_CODE) return language === 'en' ? 'PromptPay' : 'พร้อมเพย์';
  const bank = THAI_BANKS.find((b) => b.code === code);
  return bank ? (language === 'en' ? bank.en : bank.th) : code;
}
