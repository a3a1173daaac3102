import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signedHeaders, verifySignature } from './transfer.signing';

// docs/vendor-protocol.md "9. Transfer-mode vendors": hex HMAC-SHA256 of "<timestamp>.<raw body>" with the vendor's secret.
describe('vendor request signatures', () => {
  const secret = 'shared-secret';
  const body = '{"ref":"r-1","playerId":"7","amount":"100.00","currency":"THB"}';
  const now = 1_750_000_000_000;

  it('signs "<timestamp>.<raw body>" with HMAC-SHA256 in hex, with the vendor code and the unix-ms timestamp', () => {
    const h = signedHeaders('SBX', secret, body, now);
    expect(h['x-vendor-code']).toBe('SBX');
    expect(h['x-timestamp']).toBe('1750000000000');
    expect(h['x-signature']).toBe(createHmac('sha256', secret).update(`1750000000000.${body}`).digest('hex'));
  });

  it('accepts its own signature and refuses another body, another secret, a missing header or a stale timestamp', () => {
    const h = signedHeaders('SBX', secret, body, now);
    const given = { timestamp: h['x-timestamp'], signature: h['x-signature'] };
    expect(verifySignature(secret, given, body, now + 1000)).toBe(true);
    expect(verifySignature(secret, given, body.replace('100.00', '900.00'), now)).toBe(false);
    expect(verifySignature('other', given, body, now)).toBe(false);
    expect(verifySignature(secret, { timestamp: given.timestamp, signature: undefined }, body, now)).toBe(
      false,
    );
    expect(verifySignature(secret, given, body, now + 5 * 60_000 + 1)).toBe(false);
    expect(verifySignature(secret, { ...given, signature: 'zz' }, body, now)).toBe(false);
  });
});
