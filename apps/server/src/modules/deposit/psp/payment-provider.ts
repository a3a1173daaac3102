import { AppError } from '@lotus/contracts/app-error';
import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A payment service provider (PSP) behind a payment channel of kind `psp`
 * (docs/adr/0027-cashier-deposits.md). The deposit module creates a payment when the member asks
 * to deposit (the member is sent to `redirectUrl`, the provider's hosted page), and the provider
 * reports the outcome with a server-to-server callback to `POST /wps/cashier/psp/<name>/callback`,
 * which `verifyCallback` authenticates before anything is read from it.
 */
export interface PaymentProvider {
  /** The adapter name channels refer to (`payment_channels.adapter`) and the callback path's segment. */
  readonly name: string;
  /** Opens a payment at the provider; may call the network (never inside a transaction). */
  createPayment(input: {
    /** Our deposit id. */
    merchantReference: string;
    amountMinor: bigint;
    currency: string;
    lang: 'th' | 'en';
    /** Where the provider sends the payer back when the payment is done: a path on our site (the deposit's result page). */
    returnPath?: string;
  }): Promise<{ reference: string; redirectUrl: string }>;
  /**
   * Authenticates a callback from its raw body and headers and reads it. Throws AppError
   * `psp_signature_invalid` (no or wrong signature), `psp_callback_stale` (outside the time window)
   * or `psp_callback_invalid` (signed but not a callback we understand).
   */
  verifyCallback(rawBody: string, headers: CallbackHeaders): Promise<PspCallback>;
}

export type CallbackHeaders = Record<string, string | string[] | undefined>;
export type PspCallback = { reference: string; amountMinor: bigint; status: 'paid' | 'failed' };

/** Headers of the HMAC callback scheme the shipped adapters use. */
export const PSP_TIMESTAMP_HEADER = 'x-psp-timestamp';
export const PSP_SIGNATURE_HEADER = 'x-psp-signature';
/** A callback is accepted within five minutes either side of the server's clock. */
export const PSP_CALLBACK_WINDOW_MS = 5 * 60_000;

/** HMAC-SHA256 (hex) over "<timestamp>.<raw body>" with the adapter's secret. */
export const signCallback = (secret: string, timestamp: number, rawBody: string): string =>
  createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex');

const header = (headers: CallbackHeaders, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * Checks the signature and the time window of a callback (timestamp in Unix seconds). The
 * signature is compared in constant time; the window is checked after the signature, so an
 * unsigned caller learns nothing about the clock.
 */
export function verifySignedCallback(options: {
  secret: string;
  rawBody: string;
  headers: CallbackHeaders;
  now: number;
}): void {
  const ts = header(options.headers, PSP_TIMESTAMP_HEADER) ?? '';
  const signature = header(options.headers, PSP_SIGNATURE_HEADER) ?? '';
  if (!/^\d{1,12}$/.test(ts) || !/^[0-9a-f]{64}$/.test(signature)) throw new AppError('psp_signature_invalid', 401);
  const expected = Buffer.from(signCallback(options.secret, Number(ts), options.rawBody), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) throw new AppError('psp_signature_invalid', 401);
  if (Math.abs(options.now - Number(ts) * 1000) > PSP_CALLBACK_WINDOW_MS) throw new AppError('psp_callback_stale', 401);
}
