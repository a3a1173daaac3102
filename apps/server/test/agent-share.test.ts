import { randomUUID } from 'node:crypto';
import type { TDownlineList, TShareResult } from '@lotus/contracts/agent';
import type { TAccountRecord } from '@lotus/contracts/wallet';
import { describe, expect, it } from 'vitest';
import { createMember, type Member } from './factories';
import { body, useTestApp } from './helper';
import { balanceOf, depositTo, PAYMENT_PASSWORD, setPaymentPassword } from './withdrawal-helpers';
import { repositories } from './repositories';

// Share profit with downline (2.MC.06; decision 2.MC.07 in docs/adr/0030-share-profit.md): an agent moves
// money from its main wallet to a direct downline's, with the payment password.
const t = useTestApp();
const members = () => repositories(t).members;

async function agentWithDownline() {
  const agent = await createMember(t, { prefix: 'ag' });
  await t.db.database.tx((tx) => members().update(agent.id, { isAgent: 1 }, tx));
  await setPaymentPassword(agent);
  const downline = await createMember(t, { prefix: 'dl' });
  await t.db.database.tx((tx) => members().update(downline.id, { uplineId: agent.id }, tx));
  return { agent, downline };
}

const share = async (agent: Member, input: Record<string, unknown>) => {
  const res = await agent.c.enc('POST', '/wps/agent/share', {
    paymentPassword: PAYMENT_PASSWORD,
    requestKey: randomUUID(),
    ...input,
  });
  return { status: res.statusCode, ...body<TShareResult>(res) };
};

describe('share profit with downline', () => {
  it('2.MC.06 2.MC.07 an agent moves money to a direct downline once: the record of both shows it, a retry changes nothing', async () => {
    const { agent, downline } = await agentWithDownline();
    await depositTo(t, agent.id, 50_000n);
    const requestKey = randomUUID();
    const first = await share(agent, { downline: downline.username, amount: '120.50', requestKey });
    expect(first).toMatchObject({ status: 200, success: true, value: { downline: downline.username, amount: '120.50', balance: '379.50' } });
    const again = await share(agent, { downline: downline.username, amount: '120.50', requestKey });
    expect(again.value).toEqual(first.value);
    expect(await balanceOf(t, `m:${agent.id}:main`)).toBe(37_950n);
    expect(await balanceOf(t, `m:${downline.id}:main`)).toBe(12_050n);
    const record = (await downline.c.get('/wps/relay/ODSFE2_MemTransDet')).json() as { value: TAccountRecord };
    expect(record.value.list.map((r) => [r.type, r.amount, r.balance])).toEqual([['share', '120.50', '120.50']]);
    const other = await share(agent, { downline: downline.username, amount: '1.00', requestKey });
    expect(other).toMatchObject({ status: 409, message: 'idempotency_conflict' });
  });

  it('2.MC.07 refuses a member that is not a direct downline, a wrong payment password and more than the balance, moving nothing', async () => {
    const { agent, downline } = await agentWithDownline();
    await depositTo(t, agent.id, 1_000n);
    const stranger = await createMember(t, { prefix: 'st' });
    expect(await share(agent, { downline: stranger.username, amount: '1.00' })).toMatchObject({ status: 404, message: 'downline_not_found' });
    expect(await share(agent, { downline: 'nobody_here_x', amount: '1.00' })).toMatchObject({ status: 404, message: 'downline_not_found' });
    expect(await share(agent, { downline: downline.username, amount: '1.00', paymentPassword: '999999' })).toMatchObject({
      status: 400,
      message: 'payment_password_incorrect',
    });
    expect(await share(agent, { downline: downline.username, amount: '10.01' })).toMatchObject({ status: 400, message: 'insufficient_funds' });
    expect(await share(agent, { downline: downline.username, amount: '-1' })).toMatchObject({ status: 400 });
    expect(await balanceOf(t, `m:${agent.id}:main`)).toBe(1_000n);
    expect(await balanceOf(t, `m:${downline.id}:main`)).toBe(0n);
  });

  it('2.MC.07 only agents share, and an agent lists its direct downlines by username', async () => {
    const { agent, downline } = await agentWithDownline();
    const plain = await createMember(t);
    await setPaymentPassword(plain);
    expect(await share(plain, { downline: downline.username, amount: '1.00' })).toMatchObject({ status: 403, message: 'error_not_agent' });
    const list = (await agent.c.get(`/wps/agent/downlines?search=${downline.username.slice(0, 3)}`)).json() as { value: TDownlineList };
    expect(list.value).toEqual({ list: [{ id: downline.id, username: downline.username, active: true }], total: 1, totalPages: 1 });
    expect((await plain.c.get('/wps/agent/downlines')).statusCode).toBe(403);
    expect((await t.app.services.wallet.verify()).violations).toEqual([]);
  });
});
