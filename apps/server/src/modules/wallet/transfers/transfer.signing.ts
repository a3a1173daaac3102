import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Request signatures of the vendor protocol (docs/vendor-protocol.md "9. Transfer-mode vendors"): headers
 * `X-Vendor-Code`, `X-Timestamp` (unix ms) and `X-Signature` = hex HMAC-SHA256 of "<timestamp>.<raw body>"
 * with the vendor's secret. Both directions sign the same way. The same rule as the seamless protocol's
 * `modules/vendor/signature.ts` (kept here because a module does not import another's internals; the two
 * could move to lib/ together).
 */
export const SIGNATURE_WINDOW_MS = 5 * 60_000;

export function signature(secret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

export function signedHeaders(
  vendorCode: string,
  secret: string,
  rawBody: string,
  now: number,
): Record<string, string> {
  const timestamp = String(now);
  return {
    'content-type': 'application/json',
    'x-vendor-code': vendorCode,
    'x-timestamp': timestamp,
    'x-signature': signature(secret, timestamp, rawBody),
  };
}

/** True when the signature is the body's and the timestamp is within the window of `now`. */
export function verifySignature(
  secret: string,
  headers: { timestamp: string | undefined; signature: string | undefined },
  rawBody: string,
  now: number,
): boolean {
  const { timestamp, signature: given } = headers;
  if (!timestamp || !given || !/^\d{1,15}$/.test(timestamp) || !/^[0-9a-fA-F]{64}$/.test(given)) return false;
  if (Math.abs(now - Number(timestamp)) > SIGNATURE_WINDOW_MS) return false;
  const expected = Buffer.from(signature(secret, timestamp, rawBody), 'hex');
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}
