import type { Database } from '../../db/client';
import type { ServerKeys } from '../../platform/keys/server-keys';
import type { VerificationRepository } from './verification.repository';

/**
 * SMS delivery (docs/adapters.md). One interface, two implementations chosen by the environment:
 * - outbox (the default; refused in production unless ALLOW_SANDBOX_TRANSPORTS=1): the message is
 *   stored sealed with the server secret in table sms_outbox (a code is never kept in clear), where
 *   `npm run ops -- sms list` opens it (an audited operator read); nothing leaves the server;
 * - http: a gateway reached by POST <SMS_GATEWAY_URL> with JSON {to, text} and
 *   `Authorization: Bearer <SMS_GATEWAY_KEY>`; any 2xx is success.
 */
export type SmsMessage = {
  /** E.164 with the plus sign, e.g. +66812345678. */
  to: string;
  text: string;
  /** The outbox id: sent as Idempotency-Key to the gateway, so a repeated delivery can be dropped. */
  id?: string;
};

export interface SmsProvider {
  readonly name: 'outbox' | 'http';
  send(message: SmsMessage): Promise<void>;
}

type OutboxDeps = {
  database: Pick<Database, 'tx'>;
  repo: Pick<VerificationRepository, 'insertSmsOutbox'>;
  keys: Pick<ServerKeys, 'seal'>;
  now?: () => number;
};

export function createOutboxSmsProvider(deps: OutboxDeps): SmsProvider {
  const now = deps.now ?? Date.now;
  return {
    name: 'outbox',
    async send(message) {
      // Sealed before the transaction opens (sealing may load the server secret).
      const row = { to: message.to, text: await deps.keys.seal(message.text.slice(0, 500)), createdAt: new Date(now()) };
      await deps.database.tx((tx) => deps.repo.insertSmsOutbox(row, tx));
    },
  };
}

export function createHttpGatewaySmsProvider(options: {
  url: string;
  key: string;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}): SmsProvider {
  const doFetch = options.fetchImpl ?? fetch;
  return {
    name: 'http',
    async send(message) {
      const res = await doFetch(options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${options.key}`,
          ...(message.id ? { 'idempotency-key': message.id } : {}),
        },
        body: JSON.stringify({ to: message.to, text: message.text }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
    },
  };
}

/** The provider the environment asks for: the HTTP gateway when SMS_GATEWAY_URL is set, else the outbox. */
export function createSmsProvider(
  options: { gatewayUrl?: string | undefined; gatewayKey?: string | undefined },
  deps: OutboxDeps,
): SmsProvider {
  if (options.gatewayUrl) {
    return createHttpGatewaySmsProvider({ url: options.gatewayUrl, key: options.gatewayKey ?? '' });
  }
  return createOutboxSmsProvider(deps);
}
