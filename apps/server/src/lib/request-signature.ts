import { createHmac, timingSafeEqual } from 'node:crypto';
import { answerSigningHead, requestSigningHead } from '@lotus/contracts/vendor-signature';

/**
 * Signatures of the vendor protocol v1.1 (docs/vendor-protocol.md "Signing"): the seamless calls vendors send us
 * (modules/vendor-protocol) and their answers, and the fund-transfer calls we send transfer-mode vendors and their
 * answers (modules/wallet/transfers). Pure. A signature is the lower-case hex HMAC-SHA256, keyed with the
 * vendor's secret (its UTF-8 bytes), of the text contracts/vendor-signature.ts defines:
 * `METHOD\nPATH\nX-Timestamp\n<raw body>` for a request, `STATUS\nPATH\nX-Timestamp\n<raw body>` for an answer.
 */

/** A request is accepted while |now - X-Timestamp| is at most this (5 minutes). */
export const SIGNATURE_WINDOW_MS = 5 * 60_000;

const TIMESTAMP = /^[0-9]{1,15}$/;
const SIGNATURE = /^[0-9a-fA-F]{64}$/;

/** What a request signature binds: its method, its path (no query) and its X-Timestamp. */
export type SignedRequestLine = { method: string; path: string; timestamp: string };
/** What an answer signature binds: its HTTP status, the request's path and the answer's X-Timestamp. */
export type SignedAnswerLine = { status: number; path: string; timestamp: string };

// The key as the string (its UTF-8 bytes, the same MAC): on Node 24 a Buffer key costs about 18 µs a call
// against 3 µs for a string (scripts: docs/benchmarks.md, issue 23), and every wallet call signs twice.
const hmacHex = (secret: string, head: string, rawBody: Uint8Array | string) =>
  createHmac('sha256', secret)
    .update(head, 'utf8')
    .update(typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody)
    .digest('hex');

/** The hex signature of a request (what a vendor sends in X-Signature). */
export function signRequest(secret: string, line: SignedRequestLine, rawBody: Uint8Array | string): string {
  return hmacHex(secret, requestSigningHead(line.method, line.path, line.timestamp), rawBody);
}

/** The hex signature of an answer (the X-Signature of the answer). */
export function signAnswer(secret: string, line: SignedAnswerLine, rawBody: Uint8Array | string): string {
  return hmacHex(secret, answerSigningHead(line.status, line.path, line.timestamp), rawBody);
}

/** The timestamp header's verdict: a unix time in milliseconds within the window of `now`. */
export function checkTimestamp(header: string | undefined, now: number): 'ok' | 'expired' {
  if (header === undefined || !TIMESTAMP.test(header)) return 'expired';
  return Math.abs(now - Number(header)) <= SIGNATURE_WINDOW_MS ? 'ok' : 'expired';
}

/** Constant-time comparison of a hex signature header with the expected one (a malformed header is not valid). */
function sameSignature(expectedHex: string, given: string | undefined): boolean {
  if (given === undefined || !SIGNATURE.test(given)) return false;
  return timingSafeEqual(Buffer.from(expectedHex, 'hex'), Buffer.from(given, 'hex'));
}

/**
 * Whether `signature` (the X-Signature header) is the request's signature under `secret`, compared
 * in constant time (crypto.timingSafeEqual over the 32 digest bytes). A missing or malformed header
 * is simply not valid.
 */
export function verifyRequestSignature(
  secret: string,
  line: SignedRequestLine,
  rawBody: Uint8Array | string,
  signature: string | undefined,
): boolean {
  return sameSignature(signRequest(secret, line, rawBody), signature);
}

/** Whether `signature` is the answer's signature under `secret` (constant time, like a request's). */
export function verifyAnswerSignature(
  secret: string,
  line: SignedAnswerLine,
  rawBody: Uint8Array | string,
  signature: string | undefined,
): boolean {
  return sameSignature(signAnswer(secret, line, rawBody), signature);
}
