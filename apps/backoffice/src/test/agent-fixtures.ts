import type { TAgentBill } from '@lotus/contracts/agent';

/** An agent bill as GET /ops/agents/bills answers it: a paid monthly dividend of topagent unless given. */
export const agentBill = (over: Partial<TAgentBill> = {}): TAgentBill => ({
  id: 31,
  kind: 'dividend',
  contractId: 7,
  periodStart: '2099-11-30T17:00:00.000Z',
  periodEnd: '2099-12-31T17:00:00.000Z',
  agent: 'topagent',
  payer: null,
  amount: '500.00',
  status: 'paid',
  calculation: {
    base: '5000.00',
    stakes: '12000.00',
    wins: '7000.00',
    activeMembers: 4,
    tier: 1,
    rateBp: 2000,
    carriedIn: '-500.00',
    amount: '500.00',
    carriedOut: '0.00',
  },
  paidAt: '2099-12-31T17:01:00.000Z',
  transactionId: '9001',
  revision: 0,
  dispute: null,
  resolution: null,
  ...over,
});
