import { AppError } from '@lotus/contracts/app-error';
import { formatMinor, parseMinor } from '@lotus/contracts/money';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Database } from '../../../db/client';
import type { ServerKeys } from '../../../platform/keys/server-keys';
import type { Outbox } from '../../../platform/outbox/outbox';
import {
  PSP_SIGNATURE_HEADER,
  PSP_TIMESTAMP_HEADER,
  signCallback,
  verifySignedCallback,
  type CallbackHeaders,
  type PaymentProvider,
} from './payment-provider';
import type { SandboxPaymentRow, SandboxPspRepository } from './sandbox-psp.repository';

/** The adapter name of the shipped sandbox PSP. */
export const SANDBOX_ADAPTER = 'sandbox';
/** Outbox kind: the sandbox's server-to-server callback, sent after the payer's choice committed. */
export const SANDBOX_CALLBACK = 'sandbox-psp-callback';

/** The callback body the sandbox signs and sends (and verifies on the way back in). */
const ZSandboxCallback = z.object({
  reference: z.string().regex(/^SBX-[A-Za-z0-9_-]{10,60}$/),
  merchantReference: z.string().max(40),
  amount: z.string().regex(/^\d+\.\d{2}$/),
  currency: z.string().length(3),
  status: z.enum(['paid', 'failed']),
  completedAt: z.string().max(40),
});

/** Where the sandbox delivers its callback: the same entry as POST /wps/cashier/psp/<adapter>/callback. */
export type CallbackSink = (adapter: string, rawBody: string, headers: CallbackHeaders) => Promise<unknown>;

/**
 * The sandbox PSP (docs/adr/0027-cashier-deposits.md): a simulated provider served by the platform
 * itself for the embedded demo (or ALLOW_SANDBOX_PSP=1). Its hosted page
 * (`/sandbox/psp/pay/<reference>`) shows the amount with Pay and Fail buttons; the choice is stored
 * with an outbox row in one transaction, and the outbox handler sends the signed callback
 * (HMAC-SHA256 over "<timestamp>.<raw body>" with a secret derived from the server secret), so the
 * callback survives a restart and is retried until it is accepted.
 */
export function createSandboxPsp(deps: {
  database: Pick<Database, 'tx'>;
  repo: SandboxPspRepository;
  keys: Pick<ServerKeys, 'mac'>;
  outbox: Pick<Outbox, 'enqueue' | 'handle'>;
  /** Delivery of the callback (the deposit module's callback entry; set once the module is wired). */
  sink: CallbackSink;
  now: () => number;
}) {
  const { database, repo, keys, outbox, now } = deps;
  // Per-adapter secret: derived from the server secret (server_keys), the same on every instance.
  const secret = () => keys.mac(`psp-callback-secret:${SANDBOX_ADAPTER}`);

  const provider: PaymentProvider = {
    name: SANDBOX_ADAPTER,
    async createPayment({ merchantReference, amountMinor, currency, lang, returnPath }) {
      const reference = `SBX-${randomBytes(18).toString('base64url')}`;
      await database.tx((tx) =>
        repo.insert(
          { reference, merchantReference, amountMinor, currency, status: 'pending', createdAt: new Date(now()) },
          tx,
        ),
      );
      // The return path travels in the page's address (the sandbox stores nothing more); the page only
      // links to a path on this site (sandboxReturn), never elsewhere.
      const back = returnPath && isSitePath(returnPath) ? `&return=${encodeURIComponent(returnPath)}` : '';
      return { reference, redirectUrl: `/sandbox/psp/pay/${reference}?lang=${lang}${back}` };
    },
    async verifyCallback(rawBody, headers) {
      verifySignedCallback({ secret: await secret(), rawBody, headers, now: now() });
      let parsed: z.infer<typeof ZSandboxCallback>;
      try {
        parsed = ZSandboxCallback.parse(JSON.parse(rawBody));
      } catch {
        throw new AppError('psp_callback_invalid', 400);
      }
      return { reference: parsed.reference, amountMinor: parseMinor(parsed.amount)!, status: parsed.status };
    },
  };

  /** The body of a payment's callback: built from the stored row, so every retry sends the same bytes. */
  const callbackBody = (row: SandboxPaymentRow): string =>
    JSON.stringify({
      reference: row.reference,
      merchantReference: row.merchantReference,
      amount: formatMinor(row.amountMinor),
      currency: row.currency,
      status: row.status,
      completedAt: row.completedAt?.toISOString() ?? '',
    });

  /** Signs and sends a body as the sandbox would (also what tests use to play the provider). */
  async function signedHeaders(rawBody: string, at = now()): Promise<Record<string, string>> {
    const ts = Math.floor(at / 1000);
    return {
      'content-type': 'application/json',
      [PSP_TIMESTAMP_HEADER]: String(ts),
      [PSP_SIGNATURE_HEADER]: signCallback(await secret(), ts, rawBody),
    };
  }

  outbox.handle(SANDBOX_CALLBACK, async (payload) => {
    const { reference } = payload as { reference: string };
    const row = await repo.find(reference);
    if (!row || row.status === 'pending') throw new Error(`sandbox payment ${reference} has no outcome`);
    const rawBody = callbackBody(row);
    await deps.sink(SANDBOX_ADAPTER, rawBody, await signedHeaders(rawBody));
  });

  /** The payer pressed Pay or Fail: recorded once, with the callback in the outbox. */
  async function complete(reference: string, action: 'pay' | 'fail'): Promise<SandboxPaymentRow> {
    return database.tx(async (tx) => {
      const done = await repo.complete(reference, action === 'pay' ? 'paid' : 'failed', new Date(now()), tx);
      if (done) await outbox.enqueue(tx, { kind: SANDBOX_CALLBACK, key: `${SANDBOX_CALLBACK}:${reference}`, payload: { reference } });
      const row = await repo.find(reference, tx);
      if (!row) throw new AppError('not_found', 404);
      return row;
    });
  }

  async function find(reference: string): Promise<SandboxPaymentRow> {
    const row = await repo.find(reference);
    if (!row) throw new AppError('not_found', 404);
    return row;
  }

  return { provider, complete, find, callbackBody, signedHeaders };
}

export type SandboxPsp = ReturnType<typeof createSandboxPsp>;

/** A path on this site ("/member?..."), not a link elsewhere ("//host", "/\\host", "https:..."). */
export const isSitePath = (path: string): boolean => /^\/(?![/\\])[\x21-\x7e]{0,300}$/.test(path);
