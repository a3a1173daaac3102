import {
  checkTimestamp,
  signRequest,
  verifySignature as verifyRequestSignature,
} from '../../../lib/request-signature';

/**
 * Request signatures of the fund-transfer calls (docs/vendor-protocol.md "9. Transfer-mode vendors"): headers
 * `X-Vendor-Code`, `X-Timestamp` (unix ms) and `X-Signature` = hex HMAC-SHA256 of "<timestamp>.<raw body>"
 * with the vendor's secret, in both directions: the seamless protocol's rule (lib/request-signature.ts).
 */
export { SIGNATURE_WINDOW_MS } from '../../../lib/request-signature';

export const signature = (secret: string, timestamp: string, rawBody: string): string =>
  signRequest(secret, timestamp, rawBody);

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
    'x-signature': signRequest(secret, timestamp, rawBody),
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
  if (checkTimestamp(timestamp, now) !== 'ok') return false;
  return verifyRequestSignature(secret, timestamp!, rawBody, given);
}
