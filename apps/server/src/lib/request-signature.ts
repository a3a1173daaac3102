import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Request signing of the vendor protocol (docs/vendor-protocol.md "Signing"): the seamless calls vendors send us
 * (modules/game-vendors) and the fund-transfer calls we send transfer-mode vendors (modules/wallet/transfers). Pure.
 * The signature is the lower-case hex HMAC-SHA256, keyed with the vendor's secret (its UTF-8 bytes),
 * of `<X-Timestamp>.<raw body>`: the timestamp header as sent, a dot, and the body's exact bytes.
 */

/** A request is accepted while |now - X-Timestamp| is at most this (5 minutes). */
export const SIGNATURE_WINDOW_MS = 5 * 60_000;

const TIMESTAMP = /^[0-9]{1,15}$/;
const SIGNATURE = /^[0-9a-fA-F]{64}$/;

/** The hex signature of a request (what a vendor sends in X-Signature). */
export function signRequest(secret: string, timestamp: string, rawBody: Uint8Array | string): string {
  return createHmac('sha256', Buffer.from(secret, 'utf8'))
    .update(`${timestamp}.`, 'utf8')
    .update(typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody)
    .digest('hex');
}

/** The timestamp header's verdict: a unix time in milliseconds within the window of `now`. */
export function checkTimestamp(header: string | undefined, now: number): 'ok' | 'expired' {
  if (header === undefined || !TIMESTAMP.test(header)) return 'expired';
  return Math.abs(now - Number(header)) <= SIGNATURE_WINDOW_MS ? 'ok' : 'expired';
}

/**
 * Whether `signature` (the X-Signature header) is the request's signature under `secret`, compared
 * in constant time (crypto.timingSafeEqual over the 32 digest bytes). A missing or malformed header
 * is simply not valid.
 */
export function verifySignature(
  secret: string,
  timestamp: string,
  rawBody: Uint8Array | string,
  signature: string | undefined,
): boolean {
  if (signature === undefined || !SIGNATURE.test(signature)) return false;
  const expected = Buffer.from(signRequest(secret, timestamp, rawBody), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
