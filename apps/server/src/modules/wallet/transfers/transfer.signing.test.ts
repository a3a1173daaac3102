import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signedAnswerHeaders, signedRequestHeaders, verifyAnswer, verifyRequest } from './transfer.signing';

// docs/vendor-protocol.md "9. Transfer-mode vendors" (v1.1): a request signs "POST\nPATH\n<timestamp>\n<raw body>",
// an answer "STATUS\nPATH\n<timestamp>\n<raw answer>", both hex HMAC-SHA256 with the vendor's secret.
describe('fund-transfer signatures v1.1', () => {
  const secret = 'shared-secret';
  const path = '/sandbox/transfer-vendor/transfer/deposit';
  const body = '{"requestId":"q1","ref":"r-1","playerId":"7","amount":"100.00","currency":"THB"}';
  const now = 1_750_000_000_000;

  it('signs "POST\\nPATH\\n<timestamp>\\n<raw body>" with HMAC-SHA256 in hex, with the vendor code and the unix-ms timestamp', () => {
    const h = signedRequestHeaders('SBX', secret, path, body, now);
    expect(h['x-vendor-code']).toBe('SBX');
    expect(h['x-timestamp']).toBe('1750000000000');
    expect(h['x-signature']).toBe(createHmac('sha256', secret).update(`POST\n${path}\n1750000000000\n${body}`).digest('hex'));
  });

  it('accepts its own request signature and refuses another body, path, secret, a missing header or a stale timestamp', () => {
    const h = signedRequestHeaders('SBX', secret, path, body, now);
    const given = { method: 'POST', path, timestamp: h['x-timestamp'], signature: h['x-signature'] };
    expect(verifyRequest(secret, given, body, now + 1000)).toBe(true);
    expect(verifyRequest(secret, given, body.replace('100.00', '900.00'), now)).toBe(false);
    expect(verifyRequest(secret, { ...given, path: '/sandbox/transfer-vendor/transfer/withdraw' }, body, now)).toBe(false);
    expect(verifyRequest('other', given, body, now)).toBe(false);
    expect(verifyRequest(secret, { ...given, signature: undefined }, body, now)).toBe(false);
    expect(verifyRequest(secret, given, body, now + 5 * 60_000 + 1)).toBe(false);
    expect(verifyRequest(secret, { ...given, signature: 'zz' }, body, now)).toBe(false);
  });

  it('an answer is signed for its status and the request path: another path or status is refused', () => {
    const answer = '{"status":"OK","requestId":"q1","ref":"r-1","balance":"100.00"}';
    const h = signedAnswerHeaders(secret, 200, path, answer, now);
    expect(h['x-signature']).toBe(createHmac('sha256', secret).update(`200\n${path}\n1750000000000\n${answer}`).digest('hex'));
    const given = { status: 200, path, timestamp: h['x-timestamp'], signature: h['x-signature'] };
    expect(verifyAnswer(secret, given, answer, now)).toBe(true);
    expect(verifyAnswer(secret, { ...given, path: '/sandbox/transfer-vendor/transfer/withdraw' }, answer, now)).toBe(false);
    expect(verifyAnswer(secret, { ...given, status: 503 }, answer, now)).toBe(false);
  });
});
