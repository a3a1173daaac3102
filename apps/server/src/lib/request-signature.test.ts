import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkTimestamp, signRequest, verifySignature } from './request-signature';

const secret = 'unit-test-secret-0123456789abcdefghijklmnop';
const body = '{"playerId":"1001","sessionToken":"abc"}';
const ts = '1767225600000';
// Computed independently of the module: HMAC-SHA256 of "<X-Timestamp>.<raw body>", hex.
const expected = createHmac('sha256', secret).update(`${ts}.${body}`).digest('hex');

describe('vendor request signature (HMAC-SHA256 hex of "<X-Timestamp>.<raw body>")', () => {
  it('signs the timestamp, a dot and the raw body with the vendor secret', () => {
    expect(signRequest(secret, ts, body)).toBe(expected);
    expect(signRequest(secret, ts, Buffer.from(body))).toBe(expected);
  });

  it('accepts the right signature, in lower or upper case hex', () => {
    expect(verifySignature(secret, ts, body, expected)).toBe(true);
    expect(verifySignature(secret, ts, body, expected.toUpperCase())).toBe(true);
  });

  it('refuses a bad or missing signature: other secret, other body byte, other timestamp, malformed', () => {
    expect(verifySignature('another-secret', ts, body, expected)).toBe(false);
    expect(verifySignature(secret, ts, body.replace('1001', '1002'), expected)).toBe(false);
    expect(verifySignature(secret, ts, `${body} `, expected)).toBe(false);
    expect(verifySignature(secret, '1767225600001', body, expected)).toBe(false);
    expect(verifySignature(secret, ts, body, undefined)).toBe(false);
    expect(verifySignature(secret, ts, body, '')).toBe(false);
    expect(verifySignature(secret, ts, body, expected.slice(0, 63))).toBe(false);
    expect(verifySignature(secret, ts, body, `${expected}00`)).toBe(false);
    expect(verifySignature(secret, ts, body, `${expected.slice(0, 63)}g`)).toBe(false);
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
