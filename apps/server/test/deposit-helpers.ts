import type { TMemberInfo, TLoginResult } from '@lotus/contracts/auth';
import type { TDeposit, TOpsPaymentChannelInput } from '@lotus/contracts/cashier';
import type { TMemberMessage } from '@lotus/contracts/inbox';
import { body, type TestApp, type TestClient } from './helper';

/** Shared by the cashier tests: channels through the operator API, deposits and reads through the member API. */

let channelCounter = 0;
/**
 * A payment channel created through POST /ops/payment-channels (a unique code): a four-eyes request
 * (docs/adr/0081) that the test app's second admin approves.
 */
export async function createChannel(t: TestApp, input: Partial<TOpsPaymentChannelInput> & Pick<TOpsPaymentChannelInput, 'kind'>) {
  channelCounter += 1;
  const code = input.code ?? `t${Date.now().toString(36).slice(-5)}-${channelCounter}`;
  await t.opsApproved('POST', '/ops/payment-channels?reason=test%20channel', {
    code,
    nameTh: `ช่องทาง ${code}`,
    nameEn: `Channel ${code}`,
    min: '100.00',
    max: '50000.00',
    dailyLimit: '200000.00',
    ...(input.kind === 'bank_transfer'
      ? { bankCode: 'KBANK', accountNumber: '123-4-56789-0', accountName: 'LOTUS TEST' }
      : { adapter: 'sandbox' }),
    ...input,
  });
  return code;
}

/** A 1x1 PNG (real bytes). */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A bank-transfer deposit as a player sends it: with a slip image unless `extra` says
 * `slipImage: undefined` (a slip-less one waits for two operators, docs/adr/0081).
 */
export async function bankDeposit(c: TestClient, channel: string, amount: string, extra: Record<string, unknown> = {}) {
  return c.inject({
    method: 'POST',
    url: '/wps/cashier/deposits',
    payload: {
      channel,
      amount,
      transferredAt: new Date().toISOString(),
      reference: 'KB-REF-001',
      slipImage: `data:image/png;base64,${PNG_1X1.toString('base64')}`,
      ...extra,
    },
  });
}

export async function depositsOf(c: TestClient): Promise<{ items: TDeposit[]; total: number }> {
  return body<{ items: TDeposit[]; total: number }>(await c.get('/wps/cashier/deposits?pageSize=50')).value;
}

export async function balanceOf(c: TestClient): Promise<string> {
  return body<TMemberInfo>(await c.get('/wps/member/info')).value.balance;
}

export async function messagesOf(t: TestApp, c: TestClient): Promise<{ items: TMemberMessage[]; unread: number }> {
  await t.app.services.platform.outbox.drain();
  return body<{ items: TMemberMessage[]; unread: number }>(await c.get('/wps/member/messages?pageSize=50')).value;
}

/** A free-play (trial, type 4) session. */
export async function trialClient(t: TestApp): Promise<TestClient> {
  const c = t.client();
  const res = await c.inject({ method: 'POST', url: '/wps/session/login/freeplay', payload: { platform: 'W' } });
  c.token = body<TLoginResult>(res).value.token;
  return c;
}
