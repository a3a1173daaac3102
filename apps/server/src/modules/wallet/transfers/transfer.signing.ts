import {
  checkTimestamp,
  signAnswer,
  signRequest,
  verifyAnswerSignature,
  verifyRequestSignature,
} from '../../../lib/request-signature';

/**
 * Signatures of the fund-transfer calls (docs/vendor-protocol.md "9. Transfer-mode vendors"), v1.1 like the
 * seamless protocol (lib/request-signature.ts): a request carries `X-Vendor-Code`, `X-Timestamp` (unix ms) and
 * `X-Signature` = hex HMAC-SHA256 of `POST\nPATH\nX-Timestamp\n<raw body>` with the vendor's secret; its answer
 * carries `X-Timestamp` and `X-Signature` over `STATUS\nPATH\nX-Timestamp\n<raw answer>` (the request's path)
 * and echoes the request's `requestId`, so an answer is bound to the one call it answers.
 */
export { SIGNATURE_WINDOW_MS } from '../../../lib/request-signature';

/** The headers of a signed fund-transfer request to `path` (the URL's path, no query). */
export function signedRequestHeaders(
  vendorCode: string,
  secret: string,
  path: string,
  rawBody: string,
  now: number,
): Record<string, string> {
  const timestamp = String(now);
  return {
    'content-type': 'application/json',
    'x-vendor-code': vendorCode,
    'x-timestamp': timestamp,
    'x-signature': signRequest(secret, { method: 'POST', path, timestamp }, rawBody),
  };
}

/** The headers of a signed answer with HTTP `status` to a request for `path`. */
export function signedAnswerHeaders(
  secret: string,
  status: number,
  path: string,
  rawBody: string,
  now: number,
): Record<string, string> {
  const timestamp = String(now);
  return {
    'content-type': 'application/json',
    'x-timestamp': timestamp,
    'x-signature': signAnswer(secret, { status, path, timestamp }, rawBody),
  };
}

type Given = { timestamp: string | undefined; signature: string | undefined };

/** True when the request's signature is its method's, path's and body's and the timestamp is within the window. */
export function verifyRequest(
  secret: string,
  request: Given & { method: string; path: string },
  rawBody: string,
  now: number,
): boolean {
  if (checkTimestamp(request.timestamp, now) !== 'ok') return false;
  const line = { method: request.method, path: request.path, timestamp: request.timestamp! };
  return verifyRequestSignature(secret, line, rawBody, request.signature);
}

/** True when the answer is signed for its status and the request's path, within the window. */
export function verifyAnswer(
  secret: string,
  answer: Given & { status: number; path: string },
  rawBody: string,
  now: number,
): boolean {
  if (checkTimestamp(answer.timestamp, now) !== 'ok') return false;
  const line = { status: answer.status, path: answer.path, timestamp: answer.timestamp! };
  return verifyAnswerSignature(secret, line, rawBody, answer.signature);
}
