import { createHmac } from 'node:crypto';
import { requestSigningHead } from '../../packages/contracts/src/vendor-signature';

/**
 * Headers of a signed vendor protocol call (docs/vendor-protocol.md "2. Signing", v1.1): hex HMAC-SHA256 of
 * `POST\n<path>\n<X-Timestamp>\n<raw body>` with the vendor's secret (the platform's one signed-text rule).
 */
export function signedVendorHeaders(vendor: string, secret: string, path: string, raw: string): Record<string, string> {
  const timestamp = String(Date.now());
  return {
    'content-type': 'application/json',
    'x-vendor-code': vendor,
    'x-timestamp': timestamp,
    'x-signature': createHmac('sha256', secret).update(requestSigningHead('POST', path, timestamp)).update(raw).digest('hex'),
  };
}
