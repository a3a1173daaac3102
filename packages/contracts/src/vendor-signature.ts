/**
 * The text a vendor protocol signature covers (docs/vendor-protocol.md "2. Signing", v1.1), shared by every
 * signer and verifier of the platform (the seamless protocol, the fund-transfer calls both ways, the bench and
 * the e2e helpers). Pure: the HMAC itself is node:crypto's, keyed with the vendor's secret.
 *
 * A request signs `METHOD\nPATH\nX-Timestamp\n<raw body>`, an answer `STATUS\nPATH\nX-Timestamp\n<raw answer
 * body>`: the method (or the HTTP status) and the path bind a signature to one call, so a signed bet cannot be
 * replayed to another path and an answer cannot be replayed as another call's answer. PATH is the request
 * URL's path without its query string.
 */

/** The protocol version these rules define (docs/vendor-protocol.md). */
export const VENDOR_SIGNATURE_VERSION = '1.1';

/** The path a signature covers: the request target without its query string. */
export const signedPath = (url: string): string => {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
};

/** The head of a request's signed text; the raw body's bytes follow it. */
export const requestSigningHead = (method: string, path: string, timestamp: string): string =>
  `${method.toUpperCase()}\n${signedPath(path)}\n${timestamp}\n`;

/** The head of an answer's signed text (the HTTP status and the request's path); the raw answer body follows. */
export const answerSigningHead = (status: number, path: string, timestamp: string): string =>
  `${status}\n${signedPath(path)}\n${timestamp}\n`;
