/**
 * PromptPay QR (Thai QR Payment, EMVCo merchant-presented mode): the text a banking app reads from the QR
 * of a PromptPay transfer to `id` of `amount` baht (docs/adr/0073). Zod-free, for the web and the server.
 *
 * Fields (ID, two-digit length, value): 00 payload format "01"; 01 point of initiation "12" (one payment,
 * with an amount); 29 merchant account: 00 the PromptPay AID A000000677010111, then 01 a mobile number
 * (0066 + the 9 digits after the leading 0), 02 a national or tax ID (13 digits) or 03 an e-wallet ID
 * (15 digits); 53 currency 764 (THB); 54 the amount with two decimals; 58 country TH; 63 the CRC-16/CCITT
 * (polynomial 0x1021, start 0xFFFF) of everything before it, "6304" included, as four hex digits.
 */
export const PROMPTPAY_BANK_CODE = 'PROMPTPAY';
const AID = 'A000000677010111';

/** A PromptPay ID as a channel stores it: a Thai mobile number (10 digits from 0), a 13-digit ID or a 15-digit e-wallet ID. */
export function promptPayTarget(id: string): { tag: '01' | '02' | '03'; value: string } | null {
  const digits = id.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits)) return null;
  if (/^0\d{9}$/.test(digits)) return { tag: '01', value: `0066${digits.slice(1)}` };
  if (digits.length === 13) return { tag: '02', value: digits };
  if (digits.length === 15) return { tag: '03', value: digits };
  return null;
}

const field = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;

/** CRC-16/CCITT-FALSE of the text's UTF-8 bytes, four upper-case hex digits. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** The payload of a PromptPay QR for `amount` (a decimal string, "500" or "500.00") to `id`; null when the ID is not one. */
export function promptPayPayload(id: string, amount: string): string | null {
  const target = promptPayTarget(id);
  if (!target || !/^\d{1,10}(\.\d{1,2})?$/.test(amount)) return null;
  const [whole, cents = ''] = amount.split('.');
  const body =
    field('00', '01') +
    field('01', '12') +
    field('29', field('00', AID) + field(target.tag, target.value)) +
    field('53', '764') +
    field('54', `${Number(whole)}.${cents.padEnd(2, '0')}`) +
    field('58', 'TH') +
    '6304';
  return body + crc16(body);
}
