import { describe, expect, it } from 'vitest';
import { crc16, promptPayPayload, promptPayTarget } from './promptpay';

describe('PromptPay QR payload (issue 25, docs/adr/0073)', () => {
  it('CRC-16/CCITT-FALSE gives the standard check value of "123456789"', () => {
    expect(crc16('123456789')).toBe('29B1');
  });

  it('a mobile number becomes 0066 and its nine digits; a 13-digit ID and a 15-digit e-wallet stay; anything else is refused', () => {
    expect(promptPayTarget('081-234-5678')).toEqual({ tag: '01', value: '0066812345678' });
    expect(promptPayTarget('1234567890123')).toEqual({ tag: '02', value: '1234567890123' });
    expect(promptPayTarget('123456789012345')).toEqual({ tag: '03', value: '123456789012345' });
    expect(promptPayTarget('12345')).toBeNull();
    expect(promptPayTarget('08123456AB')).toBeNull();
  });

  it('the payload holds the fields in order with the amount in two decimals and ends with its own CRC', () => {
    const payload = promptPayPayload('0812345678', '500')!;
    expect(payload).toBe(
      `000201010212293700` + `16A00000067701011101130066812345678` + `5303764` + `5406500.00` + `5802TH` + `6304${payload.slice(-4)}`,
    );
    expect(payload.slice(-4)).toBe(crc16(payload.slice(0, -4)));
    expect(promptPayPayload('0812345678', '1000.5')).toContain('54071000.50');
    expect(promptPayPayload('0812345678', 'abc')).toBeNull();
  });
});
