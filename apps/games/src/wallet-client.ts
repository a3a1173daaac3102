import { createHmac, randomBytes } from 'node:crypto';

/**
 * The house vendor's side of the vendor wallet protocol v1 (docs/vendor-protocol.md): every call signed
 * with HMAC-SHA256 of `<X-Timestamp>.<raw body>` under the vendor's secret. The transport is HTTP to the
 * platform's base URL (a separate process), or the platform's in-process request injection in the
 * one-process mode (ADR 0048): the same signed bytes either way.
 */

/** Sends one signed request; answers the HTTP status and the parsed JSON body (null: not JSON). */
export type Transport = (
  path: string,
  headers: Record<string, string>,
  body: string,
) => Promise<{ status: number; json: unknown }>;

export const fetchTransport =
  (baseUrl: string, timeoutMs = 10_000): Transport =>
  async (path, headers, body) => {
    const res = await fetch(new URL(`/vendor/v1/${path}`, baseUrl), {
      method: 'POST',
      headers,
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
    return { status: res.status, json };
  };

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
}) {
  const now = deps.now ?? Date.now;

  async function call(path: string, payload: Record<string, unknown>): Promise<VendorAnswer> {
    const body = JSON.stringify(payload);
    const timestamp = String(now());
    let res: { status: number; json: unknown };
    try {
      const signature = createHmac('sha256', await deps.secret())
        .update(`${timestamp}.${body}`)
        .digest('hex');
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
    const json = res.json as VendorAnswer | null;
    if (!json || typeof json !== 'object' || (json.status !== 'OK' && json.status !== 'ERROR'))
      throw new UncertainAnswer(`HTTP ${res.status}`);
    if (json.status === 'ERROR' && json.code === 'INTERNAL_ERROR')
      throw new UncertainAnswer('INTERNAL_ERROR');
    return json;
  }

  const requestId = () => randomBytes(12).toString('base64url');

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
