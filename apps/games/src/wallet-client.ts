import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The house vendor's side of the vendor wallet protocol v1.1 (docs/vendor-protocol.md): every call signed
 * with HMAC-SHA256 of `POST\n<path>\n<X-Timestamp>\n<raw body>` under the vendor's secret, and every answer
 * checked: signed by the platform over `<HTTP status>\n<path>\n<its X-Timestamp>\n<raw answer>` and echoing the
 * call's requestId, else it says nothing certain (a captured answer of another call is not this call's). The
 * transport is HTTP to the platform's base URL (a separate process), or the platform's in-process request
 * injection in the one-process mode (ADR 0048): the same signed bytes either way. The house never imports
 * platform code (a third party by design), so the signed text is written here from the document.
 */

/** The path of a call under the platform (what both signatures cover). */
export const callPath = (path: string) => `/vendor/v1/${path}`;

/** One answer as received: the HTTP status, the raw body and the answer's signature headers. */
export type TransportAnswer = { status: number; body: string; timestamp?: string | undefined; signature?: string | undefined };

/** Sends one signed request to `callPath(path)`; answers what came back, unparsed. */
export type Transport = (path: string, headers: Record<string, string>, body: string) => Promise<TransportAnswer>;

export const fetchTransport =
  (baseUrl: string, timeoutMs = 10_000): Transport =>
  async (path, headers, body) => {
    const res = await fetch(new URL(callPath(path), baseUrl), {
      method: 'POST',
      headers,
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    return {
      status: res.status,
      body: await res.text(),
      timestamp: res.headers.get('x-timestamp') ?? undefined,
      signature: res.headers.get('x-signature') ?? undefined,
    };
  };

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');
/** The request signature (v1.1). */
export const signCall = (secret: string, path: string, timestamp: string, body: string) =>
  hmac(secret, `POST\n${callPath(path)}\n${timestamp}\n${body}`);
/** Whether an answer is the platform's, for this call's path (v1.1), compared in constant time. */
function answerSigned(secret: string, path: string, answer: TransportAnswer): boolean {
  if (!answer.timestamp || !answer.signature || !/^[0-9a-f]{64}$/i.test(answer.signature)) return false;
  const expected = hmac(secret, `${answer.status}\n${callPath(path)}\n${answer.timestamp}\n${answer.body}`);
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(answer.signature, 'hex'));
}

export type VendorAnswer =
  | { status: 'OK'; balance?: string; currency?: string; playerId?: string; sessionToken?: string }
  | { status: 'ERROR'; code: string; message?: string; balance?: string };

/** A protocol answer that says nothing certain (a timeout, a 5xx, not JSON, INTERNAL_ERROR). */
export class UncertainAnswer extends Error {
  constructor(readonly detail: string) {
    super(`vendor protocol: no usable answer (${detail})`);
  }
}

export type WalletClient = ReturnType<typeof createWalletClient>;

export function createWalletClient(deps: {
  vendorCode: string;
  /** Read for every call: a rotation by the platform takes effect without a restart. */
  secret: () => string | Promise<string>;
  transport: Transport;
  now?: () => number;
  /** A new requestId per call (default: 12 random bytes, base64url). */
  newRequestId?: () => string;
}) {
  const now = deps.now ?? Date.now;
  const requestId = deps.newRequestId ?? (() => randomBytes(12).toString('base64url'));

  /**
   * One signed call. Every call carries a requestId (a new one unless given) that its answer must echo; an
   * answer not signed for this path, or echoing another requestId, is an UncertainAnswer (never acted on).
   */
  async function call(path: string, payload: Record<string, unknown>): Promise<VendorAnswer> {
    const sent = typeof payload.requestId === 'string' ? payload : { requestId: requestId(), ...payload };
    const body = JSON.stringify(sent);
    const timestamp = String(now());
    let res: TransportAnswer;
    let secret: string;
    try {
      secret = await deps.secret();
      const signature = signCall(secret, path, timestamp, body);
      res = await deps.transport(
        path,
        {
          'content-type': 'application/json',
          'x-vendor-code': deps.vendorCode,
          'x-timestamp': timestamp,
          'x-signature': signature,
        },
        body,
      );
    } catch (error) {
      throw new UncertainAnswer((error as Error).message);
    }
    if (!answerSigned(secret, path, res)) throw new UncertainAnswer(`HTTP ${res.status}, answer not signed for ${path}`);
    let json: (VendorAnswer & { requestId?: unknown }) | null;
    try {
      json = JSON.parse(res.body) as VendorAnswer | null;
    } catch {
      json = null;
    }
    if (!json || typeof json !== 'object' || (json.status !== 'OK' && json.status !== 'ERROR'))
      throw new UncertainAnswer(`HTTP ${res.status}`);
    if (json.requestId !== sent.requestId) throw new UncertainAnswer('the answer is for another request');
    if (json.status === 'ERROR' && json.code === 'INTERNAL_ERROR')
      throw new UncertainAnswer('INTERNAL_ERROR');
    return json;
  }

  return {
    authenticate: (token: string) => call('session/authenticate', { token }),
    balance: (playerId: string, sessionToken: string) => call('wallet/balance', { playerId, sessionToken }),
    bet: (r: {
      playerId: string;
      sessionToken: string;
      roundId: string;
      gameCode: string;
      amount: bigint;
      currency: string;
    }) =>
      call('wallet/bet', {
        requestId: requestId(),
        playerId: r.playerId,
        sessionToken: r.sessionToken,
        transactionId: r.roundId,
        roundId: r.roundId,
        gameCode: r.gameCode,
        amount: r.amount.toString(),
        currency: r.currency,
      }),
    win: (r: { playerId: string; roundId: string; gameCode: string; amount: bigint; currency: string }) =>
      call('wallet/win', {
        requestId: requestId(),
        playerId: r.playerId,
        transactionId: `${r.roundId}-win`,
        roundId: r.roundId,
        gameCode: r.gameCode,
        amount: r.amount.toString(),
        currency: r.currency,
        betTransactionId: r.roundId,
      }),
    rollback: (r: { playerId: string; roundId: string }) =>
      call('wallet/rollback', {
        requestId: requestId(),
        playerId: r.playerId,
        transactionId: `${r.roundId}-rb`,
        referenceTransactionId: r.roundId,
        roundId: r.roundId,
      }),
    /** Any signed call under /vendor/v1 (the game-list publishing). */
    call,
  };
}
