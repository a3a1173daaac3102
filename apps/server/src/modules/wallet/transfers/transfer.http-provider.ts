import { formatMinor, parseMinor } from '@lotus/contracts/money';
import { randomUUID } from 'node:crypto';
import { signedRequestHeaders, verifyAnswer } from './transfer.signing';
import type {
  FundTransferProvider,
  TransferAnswer,
  TransferStatusAnswer,
  TransferVendor,
} from './transfer.types';

/**
 * The production FundTransferProvider: JSON over HTTP to the vendor's `apiBaseUrl`
 * (docs/vendor-protocol.md (section 9)). Every request and answer is signed (transfer.signing.ts, v1.1); an
 * answer that is late, not 200, unsigned, signed for another path, echoing another requestId or malformed is
 * `unknown` (the transfer stays pending and a status check settles it), never a refusal and never an OK: a
 * captured answer of one transfer replayed onto another is not that transfer's answer.
 */
export function createHttpFundTransferProvider(deps: {
  timeoutMs: number;
  balanceTimeoutMs: number;
  now: () => number;
}): FundTransferProvider {
  type Body = Record<string, unknown>;

  async function call(
    vendor: TransferVendor,
    path: string,
    payload: Body,
    timeoutMs = deps.timeoutMs,
  ): Promise<{ ok: true; body: Body } | { ok: false; error: string }> {
    const requestId = randomUUID();
    const raw = JSON.stringify({ requestId, ...payload });
    const url = new URL(`${vendor.apiBaseUrl.replace(/\/+$/, '')}${path}`);
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: signedRequestHeaders(vendor.code, vendor.secret, url.pathname, raw, deps.now()),
        body: raw,
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
    } catch (error) {
      const name = error instanceof Error ? error.name : 'Error';
      return {
        ok: false,
        error:
          name === 'TimeoutError' || name === 'AbortError'
            ? 'timeout'
            : `network: ${String((error as Error).message ?? error).slice(0, 200)}`,
      };
    }
    let text: string;
    try {
      text = await res.text();
    } catch {
      return { ok: false, error: 'timeout' };
    }
    if (res.status !== 200) return { ok: false, error: `http ${res.status}` };
    const signed = verifyAnswer(
      vendor.secret,
      {
        status: res.status,
        path: url.pathname,
        timestamp: res.headers.get('x-timestamp') ?? undefined,
        signature: res.headers.get('x-signature') ?? undefined,
      },
      text,
      deps.now(),
    );
    if (!signed) return { ok: false, error: 'bad answer signature' };
    try {
      const body = JSON.parse(text) as unknown;
      if (!body || typeof body !== 'object' || Array.isArray(body))
        return { ok: false, error: 'bad answer body' };
      if ((body as Body).requestId !== requestId) return { ok: false, error: 'answer for another request' };
      return { ok: true, body: body as Body };
    } catch {
      return { ok: false, error: 'bad answer body' };
    }
  }

  const minor = (v: unknown): bigint | null =>
    typeof v === 'string' && /^\d{1,16}\.\d{2}$/.test(v) ? parseMinor(v) : null;
  /** Vendor error codes that mean "not applied, and never will be under this ref". */
  const REFUSALS = new Set([
    'INSUFFICIENT_FUNDS',
    'PLAYER_NOT_FOUND',
    'INVALID_REQUEST',
    'PLAYER_BLOCKED',
    'LIMIT_EXCEEDED',
    'DUPLICATE_REF_CONFLICT',
  ]);

  async function move(
    vendor: TransferVendor,
    path: string,
    ref: string,
    playerId: string,
    amount: bigint,
  ): Promise<TransferAnswer> {
    const r = await call(vendor, path, {
      ref,
      playerId,
      amount: formatMinor(amount),
      currency: vendor.currency,
    });
    if (!r.ok) return { outcome: 'unknown', error: r.error };
    if (r.body.status === 'OK') return { outcome: 'ok', balance: minor(r.body.balance) };
    if (r.body.status === 'ERROR' && typeof r.body.code === 'string' && REFUSALS.has(r.body.code)) {
      return { outcome: 'refused', reason: r.body.code };
    }
    return {
      outcome: 'unknown',
      error: `unexpected answer ${String(r.body.status).slice(0, 20)}/${String(r.body.code).slice(0, 40)}`,
    };
  }

  return {
    deposit: (vendor, ref, playerId, amount) => move(vendor, '/transfer/deposit', ref, playerId, amount),
    withdraw: (vendor, ref, playerId, amount) => move(vendor, '/transfer/withdraw', ref, playerId, amount),
    async status(vendor, ref): Promise<TransferStatusAnswer> {
      const r = await call(vendor, '/transfer/status', { ref });
      if (!r.ok) return { outcome: 'unknown', error: r.error };
      if (r.body.status !== 'OK')
        return { outcome: 'unknown', error: `status answer ${String(r.body.code).slice(0, 40)}` };
      switch (r.body.state) {
        case 'DONE':
          return { outcome: 'done', balance: minor(r.body.balance) };
        case 'FAILED':
          return { outcome: 'failed' };
        case 'NOT_FOUND':
          return { outcome: 'not_found' };
        default:
          // PENDING (the vendor is still working on it) or anything else: ask again later.
          return { outcome: 'unknown', error: `state ${String(r.body.state).slice(0, 20)}` };
      }
    },
    async balance(vendor, playerId) {
      const r = await call(
        vendor,
        '/player/balance',
        { playerId, currency: vendor.currency },
        deps.balanceTimeoutMs,
      );
      if (!r.ok || r.body.status !== 'OK') return null;
      return minor(r.body.balance);
    },
  };
}
