import { createHmac } from 'node:crypto';
import { accounts } from '@lotus/ledger/accounts';
import type { LightMyRequestResponse } from 'fastify';
import { body, type TestApp } from './helper';
import type { Member } from './factories';

/**
 * Vendor-side helpers of the vendor protocol tests: a vendor in the registry (through the operator
 * API), a signing caller of /vendor/v1 (the signature computed here from the document's rule, not
 * with the server's code), and the launch + authenticate handshake.
 */

let vendorCounter = 0;
export type TestVendor = { code: string; secret: string; currency: string };

export async function createVendor(
  t: TestApp,
  overrides: { code?: string; secret?: string; currency?: string; status?: string } = {},
): Promise<TestVendor> {
  vendorCounter += 1;
  const code = overrides.code ?? `TV${Date.now().toString(36).slice(-5).toUpperCase()}${vendorCounter}`;
  const res = await t.ops('POST', '/ops/vendors/registry', {
    code,
    name: `Test vendor ${code}`,
    gameTypes: ['SLOT'],
    launchUrl: 'https://games.example.com/launch',
    ...(overrides.secret ? { secret: overrides.secret } : {}),
    ...(overrides.currency ? { currency: overrides.currency } : {}),
    ...(overrides.status ? { status: overrides.status } : {}),
  });
  const b = body<{ vendor: { code: string; currency: string }; secret: string }>(res);
  if (!b.success) throw new Error(`vendor add failed: ${res.body}`);
  return { code, secret: b.value.secret, currency: b.value.vendor.currency };
}

/**
 * v1.1 (docs/vendor-protocol.md "Signing"): HMAC-SHA256 hex of "POST\n<path>\n<X-Timestamp>\n<raw body>" with the
 * secret; `path` is the call's path under /vendor/v1 (e.g. `wallet/bet`) or a full path.
 */
export const sign = (secret: string, path: string, timestamp: string, raw: string) =>
  createHmac('sha256', secret)
    .update(`POST\n${path.startsWith('/') ? path : `/vendor/v1/${path}`}\n${timestamp}\n${raw}`)
    .digest('hex');

/** v1.1: the platform's answer signature, HMAC-SHA256 hex of "<status>\n<path>\n<X-Timestamp>\n<raw answer>". */
export const answerSignature = (secret: string, status: number, path: string, timestamp: string, raw: string) =>
  createHmac('sha256', secret)
    .update(`${status}\n${path.startsWith('/') ? path : `/vendor/v1/${path}`}\n${timestamp}\n${raw}`)
    .digest('hex');

export type CallOptions = {
  /** Default: the app clock now. */
  timestamp?: string;
  /** Default: computed with the vendor's secret. */
  signature?: string | null;
  secret?: string;
  code?: string | null;
  /** Sign this body but send `body` (a body changed after signing). */
  signedBody?: string;
  /** Sign for this path but send to `path` (a captured request replayed to another call). */
  signedPath?: string;
  /** The caller's address (default: light-my-request's 127.0.0.1). */
  remoteAddress?: string;
  contentType?: string;
};

export function vendorCaller(t: TestApp, vendor: TestVendor) {
  async function call(path: string, payload: unknown, options: CallOptions = {}): Promise<LightMyRequestResponse> {
    const raw = typeof payload === 'string' ? payload : JSON.stringify(payload);
    const timestamp = options.timestamp ?? String(t.clock.now());
    const signature =
      options.signature === undefined
        ? sign(options.secret ?? vendor.secret, options.signedPath ?? path, timestamp, options.signedBody ?? raw)
        : options.signature;
    const code = options.code === undefined ? vendor.code : options.code;
    return t.app.inject({
      method: 'POST',
      url: `/vendor/v1/${path}`,
      headers: {
        'content-type': options.contentType ?? 'application/json',
        'x-timestamp': timestamp,
        ...(code === null ? {} : { 'x-vendor-code': code }),
        ...(signature === null ? {} : { 'x-signature': signature }),
      },
      payload: raw,
      ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    });
  }
  return { ...vendor, call };
}
export type VendorCaller = ReturnType<typeof vendorCaller>;

/** POST /wps/game/vendorLaunch as the member: the launch URL. */
export async function launch(member: Pick<Member, 'c'>, vendor: { code: string }, extra: Record<string, unknown> = {}) {
  const res = await member.c.inject({
    method: 'POST',
    url: '/wps/game/vendorLaunch',
    payload: { vendor: vendor.code, gameCode: 'G1', ...extra },
  });
  return { res, body: body<{ url: string }>(res) };
}

/** The launch token of a launch URL. */
export const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

/** Launch and session/authenticate: the player's session token. */
export async function openSession(member: Pick<Member, 'c'>, v: VendorCaller): Promise<string> {
  const l = await launch(member, v);
  if (!l.body.success) throw new Error(`launch failed: ${l.res.body}`);
  const res = await v.call('session/authenticate', { token: tokenOf(l.body.value.url) });
  const answer = res.json() as { status: string; sessionToken?: string };
  if (answer.status !== 'OK' || !answer.sessionToken) throw new Error(`authenticate failed: ${res.body}`);
  return answer.sessionToken;
}

let fundCounter = 0;
/** Credits a real member's main wallet through the wallet's one write path (an operator adjustment). */
export async function fundMember(t: TestApp, memberId: number, amount: bigint): Promise<void> {
  fundCounter += 1;
  await t.app.services.wallet.post({
    op: 'adjust',
    key: `vendor-test-funds-${memberId}-${fundCounter}`,
    input: { memberId, amount },
    actor: { kind: 'operator', id: 'tester', reason: 'test funds' },
    entries: [
      { account: accounts.adjustments, amount: -amount },
      { account: accounts.main(memberId), amount },
    ],
  });
}
