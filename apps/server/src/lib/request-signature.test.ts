import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkTimestamp, signAnswer, signRequest, verifyAnswerSignature, verifyRequestSignature } from './request-signature';

const secret = 'unit-test-secret-0123456789abcdefghijklmnop';
const body = '{"playerId":"1001","sessionToken":"abc"}';
const ts = '1767225600000';
const line = { method: 'POST', path: '/vendor/v1/wallet/balance', timestamp: ts };
// Computed independently of the module (docs/vendor-protocol.md v1.1): HMAC-SHA256 of
// "POST\n/vendor/v1/wallet/balance\n<X-Timestamp>\n<raw body>", hex.
const expected = createHmac('sha256', secret).update(`POST\n/vendor/v1/wallet/balance\n${ts}\n${body}`).digest('hex');

describe('vendor request signature v1.1 (HMAC-SHA256 hex of "METHOD\\nPATH\\nX-Timestamp\\n<raw body>")', () => {
  it('signs the method, the path, the timestamp and the raw body with the vendor secret', () => {
    expect(signRequest(secret, line, body)).toBe(expected);
    expect(signRequest(secret, line, Buffer.from(body))).toBe(expected);
  });

  it('the path is signed without its query string', () => {
    expect(signRequest(secret, { ...line, path: `${line.path}?x=1` }, body)).toBe(expected);
  });

  it('accepts the right signature, in lower or upper case hex', () => {
    expect(verifyRequestSignature(secret, line, body, expected)).toBe(true);
    expect(verifyRequestSignature(secret, line, body, expected.toUpperCase())).toBe(true);
  });

  it('refuses a bad or missing signature: other secret, body byte, timestamp, path or method, malformed', () => {
    expect(verifyRequestSignature('another-secret', line, body, expected)).toBe(false);
    expect(verifyRequestSignature(secret, line, body.replace('1001', '1002'), expected)).toBe(false);
    expect(verifyRequestSignature(secret, line, `${body} `, expected)).toBe(false);
    expect(verifyRequestSignature(secret, { ...line, timestamp: '1767225600001' }, body, expected)).toBe(false);
    expect(verifyRequestSignature(secret, { ...line, path: '/vendor/v1/wallet/win' }, body, expected)).toBe(false);
    expect(verifyRequestSignature(secret, { ...line, method: 'PUT' }, body, expected)).toBe(false);
    expect(verifyRequestSignature(secret, line, body, undefined)).toBe(false);
    expect(verifyRequestSignature(secret, line, body, '')).toBe(false);
    expect(verifyRequestSignature(secret, line, body, expected.slice(0, 63))).toBe(false);
    expect(verifyRequestSignature(secret, line, body, `${expected}00`)).toBe(false);
    expect(verifyRequestSignature(secret, line, body, `${expected.slice(0, 63)}g`)).toBe(false);
  });

  it('an answer signs its HTTP status, the request path, its own timestamp and its raw body; a request signature is not an answer signature', () => {
    const answer = '{"status":"OK","requestId":"r1","balance":"100","currency":"THB"}';
    const signed = createHmac('sha256', secret).update(`200\n/vendor/v1/wallet/balance\n${ts}\n${answer}`).digest('hex');
    const answerLine = { status: 200, path: '/vendor/v1/wallet/balance', timestamp: ts };
    expect(signAnswer(secret, answerLine, answer)).toBe(signed);
    expect(verifyAnswerSignature(secret, answerLine, answer, signed)).toBe(true);
    expect(verifyAnswerSignature(secret, { ...answerLine, status: 401 }, answer, signed)).toBe(false);
    expect(verifyAnswerSignature(secret, { ...answerLine, path: '/vendor/v1/wallet/bet' }, answer, signed)).toBe(false);
    expect(verifyRequestSignature(secret, line, answer, signed)).toBe(false);
  });

  it('a timestamp outside +-5 minutes is refused', () => {
    const now = 1_767_225_600_000;
    expect(checkTimestamp(String(now), now)).toBe('ok');
    expect(checkTimestamp(String(now - 300_000), now)).toBe('ok');
    expect(checkTimestamp(String(now + 300_000), now)).toBe('ok');
    expect(checkTimestamp(String(now - 300_001), now)).toBe('expired');
    expect(checkTimestamp(String(now + 300_001), now)).toBe('expired');
    expect(checkTimestamp(undefined, now)).toBe('expired');
    expect(checkTimestamp('', now)).toBe('expired');
    expect(checkTimestamp('1767225600.000', now)).toBe('expired');
    expect(checkTimestamp('-1767225600000', now)).toBe('expired');
    expect(checkTimestamp(String(Math.floor(now / 1000)), now)).toBe('expired'); // seconds, not ms
  });
});
