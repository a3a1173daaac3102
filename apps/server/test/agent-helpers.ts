import type { TAgentBills, TAgentContract, TAgentContracts } from '@lotus/contracts/agent';
import { accounts } from '@lotus/ledger/accounts';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { createMember, type Member } from './factories';
import { body, type TestApp } from './helper';
import { repositories } from './repositories';
import { openSession, type VendorCaller } from './vendor-client';

/** What the agent-contract tests do as operators, agents and a game vendor (issue 28, docs/adr/0100). */
export const MIN = 60_000;
export const tier = (minBase: string, minActive: number, rateBp: number) => ({ minBase, minActive, rateBp });
const PROCESS = {
  realtime: 'MCSFE_processRealTimeSalaryContract',
  hourly: 'MCS2_processContractHourSalary',
  daily: 'MCS2_processDailySalContract',
  dividend: 'MCS2_processDividendReq',
};
export type OpsBill = TAgentBills['list'][number];
/** Baht text to satang. */
export const satang = (baht: string) => BigInt(Math.round(Number(baht) * 100));
export const sumOf = (list: OpsBill[]) => list.reduce((s, x) => s + satang(x.amount), 0n);

let n = 0;
export function agentKit(t: TestApp) {
  /** A member made an agent by one operator and approved by another, under `upline` if given. */
  async function agentOf(prefix: string, upline?: Member): Promise<Member> {
    const m = await createMember(t, { prefix });
    if (upline)
      await t.db.database.tx((tx) => repositories(t).members.update(m.id, { uplineId: upline.id }, tx));
    const made = await t.opsApproved('POST', `/ops/agents/${m.username}`, {
      reason: 'grows a team in Chiang Mai',
    });
    expect(made).toMatchObject({ status: 'approved' });
    return m;
  }

  async function memberUnder(upline: Member, prefix = 'pl'): Promise<Member> {
    const m = await createMember(t, { prefix });
    await t.db.database.tx((tx) => repositories(t).members.update(m.id, { uplineId: upline.id }, tx));
    return m;
  }

  /** An operator's contract for a top-level agent (four-eyes), as the agent then sees it: offered. */
  async function topContract(agent: Member, terms: Record<string, unknown>): Promise<TAgentContract> {
    const approved = await t.opsApproved('POST', '/ops/agents/contracts', {
      agent: agent.username,
      reason: 'launch terms',
      ...terms,
    });
    expect(approved).toMatchObject({ status: 'approved' });
    const mine = body<TAgentContracts>(await agent.c.get('/wps/agent/contracts')).value!;
    return mine.received.find((c) => c.status === 'offered' && c.kind === terms.kind)!;
  }

  /** The spec's process call of the kind (7.RELAY.16-19). */
  const answer = (m: Member, kind: keyof typeof PROCESS, contractId: number, action: 'accept' | 'refuse') =>
    m.c.get(`/wps/relay/${PROCESS[kind]}?contractId=${contractId}&action=${action}`);

  const offer = (agent: Member, input: Record<string, unknown>) =>
    agent.c.inject({ method: 'POST', url: '/wps/agent/contracts', payload: input });

  /** A contract from the platform to `top` and a lower one from `top` to `sub`, both accepted. */
  async function contracts(
    top: Member,
    sub: Member,
    kind: keyof typeof PROCESS,
    topTerms: Record<string, unknown>,
    subTerms: Record<string, unknown>,
  ) {
    const c = await topContract(top, { kind, ...topTerms });
    expect((await answer(top, kind, c.id, 'accept')).statusCode).toBe(200);
    const g = body<TAgentContract>(await offer(top, { downline: sub.username, kind, ...subTerms }));
    expect(g.success, JSON.stringify(g)).toBe(true);
    expect((await answer(sub, kind, g.value!.id, 'accept')).statusCode).toBe(200);
  }

  /** One settled round: a bet of `stake` and a win of `won` (baht), through the signed vendor protocol. */
  async function play(v: VendorCaller, m: Member, stake: string, won: string, gameCode = 'AGSLOT') {
    n += 1;
    const session = await openSession(m, v);
    const ids = { bet: `ag-bet-${process.pid}-${n}`, round: `ag-round-${process.pid}-${n}` };
    const bet = await v.call('wallet/bet', {
      requestId: `agb-${n}`,
      playerId: String(m.id),
      sessionToken: session,
      transactionId: ids.bet,
      roundId: ids.round,
      gameCode,
      amount: String(satang(stake)),
      currency: 'THB',
    });
    expect(bet.json(), bet.body).toMatchObject({ status: 'OK' });
    const win = await v.call('wallet/win', {
      requestId: `agw-${n}`,
      playerId: String(m.id),
      transactionId: `${ids.bet}-win`,
      roundId: ids.round,
      gameCode,
      amount: String(satang(won)),
      currency: 'THB',
      betTransactionId: ids.bet,
    });
    expect(win.json(), win.body).toMatchObject({ status: 'OK' });
  }

  const bills = async (m: Member, query = '') => {
    const res = await m.c.get(`/wps/agent/bills?pageSize=50${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return body<TAgentBills>(res).value!;
  };
  const opsBills = async (query: string) => {
    const res = await t.ops('GET', `/ops/agents/bills?pageSize=100&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return body<{ list: OpsBill[]; total: number }>(res).value!;
  };
  const settle = () => t.app.services.agent.contracts.settleDue();

  /** The ledger id of a member's one bet of `stake` minor units (to void it, as an operator correcting a round would). */
  async function betOf(memberId: number, stake: bigint): Promise<number> {
    const r = await t.db.database.db.execute(
      sql`select t.id from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
        where t.op = 'game' and t.kind = 'bet' and e.account_id = (select id from ledger_accounts where code = ${accounts.main(memberId)})
          and e.amount = ${(-stake).toString()}::bigint`,
    );
    const rows = (r as unknown as { rows: { id: string | number }[] }).rows;
    expect(rows).toHaveLength(1);
    return Number(rows[0]!.id);
  }

  return { agentOf, memberUnder, topContract, answer, offer, contracts, play, bills, opsBills, settle, betOf };
}
