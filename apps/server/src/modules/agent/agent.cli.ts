import {
  AGENT_BILL_STATUSES,
  AGENT_CONTRACT_KINDS,
  DIVIDEND_CYCLES,
  percentToBp,
} from '@lotus/contracts/agent';
import {
  listOpsAgentBills,
  listOpsAgentContracts,
  listOpsAgentPeriods,
  listOpsAgentTree,
  requestAgentResettle,
  requestMakeAgent,
  requestTopContract,
  runAgentSettlement,
  upholdAgentBill,
} from '@lotus/contracts/ops-agents';
import { defineCommand, formatTable, intArg, refuseWords, UsageError } from '../../platform/cli/kit';
import { logPendingRequest } from '../ops/ops-site.cli';

/** The agent system's operator commands (docs/adr/0100): the `/ops/agents/*` endpoints. */
export const agentCommands = [
  defineCommand({
    name: 'agents make',
    usage: '<username> --reason <text>',
    help: 'make a member an agent (a second operator approves; applied at once from the direct-mode command line)',
    options: ['reason'],
    async run(ctx, { positional, options }) {
      const [username, extra] = positional;
      if (!username || extra !== undefined || !options.reason)
        throw new UsageError('Use: agents make <username> --reason <text>');
      const r = await ctx.call(requestMakeAgent, { params: { username }, body: { reason: options.reason } });
      if ('applied' in r) ctx.log(`${username} is now an agent.`);
      else logPendingRequest(ctx, r);
    },
  }),
  defineCommand({
    name: 'agents offer',
    usage: `<agent> --kind ${AGENT_CONTRACT_KINDS.join('|')} --tiers <turnover:active:percent,...> [--cycle ${DIVIDEND_CYCLES.join('|')}] [--min-payout <amount>] --reason <text>`,
    help: 'offer a top-level agent its contract, paid by the platform (a second operator approves; the agent accepts); e.g. --tiers 0:0:0.50,10000:10:0.80',
    options: ['kind', 'tiers', 'cycle', 'min-payout', 'reason'],
    async run(ctx, { positional, options }) {
      const use =
        'Use: agents offer <agent> --kind <kind> --tiers <turnover:active:percent,...> [--cycle <cycle>] [--min-payout <amount>] --reason <text>';
      const [agent, extra] = positional;
      if (!agent || extra !== undefined || !options.kind || !options.tiers || !options.reason)
        throw new UsageError(use);
      const tiers = options.tiers.split(',').map((part) => {
        const [minBase, minActive, percent, more] = part.split(':');
        const bp = percent === undefined ? null : percentToBp(percent);
        if (!minBase || !minActive || !/^\d{1,7}$/.test(minActive) || bp === null || more !== undefined)
          throw new UsageError(`--tiers takes turnover:active:percent, e.g. 0:0:0.50. ${use}`);
        return { minBase, minActive: Number(minActive), rateBp: bp };
      });
      const r = await ctx.call(requestTopContract, {
        body: {
          agent,
          kind: options.kind as (typeof AGENT_CONTRACT_KINDS)[number],
          ...(options.cycle ? { cycle: options.cycle as (typeof DIVIDEND_CYCLES)[number] } : {}),
          tiers,
          minPayout: options['min-payout'] || '0',
          reason: options.reason,
        },
      });
      if ('applied' in r)
        ctx.log(`Offered to ${agent}; the agent accepts or refuses it in the agent centre.`);
      else logPendingRequest(ctx, r);
    },
  }),
  defineCommand({
    name: 'agents contracts',
    usage: `[--agent <username>] [--kind ${AGENT_CONTRACT_KINDS.join('|')}]`,
    help: 'agent contracts, newest first: who pays whom, the tiers, the status',
    options: ['agent', 'kind'],
    async run(ctx, { positional, options }) {
      refuseWords(positional);
      const kind = (options.kind || undefined) as (typeof AGENT_CONTRACT_KINDS)[number] | undefined;
      const { list, total } = await ctx.call(listOpsAgentContracts, {
        query: { agent: options.agent || undefined, kind, pageNo: 1, pageSize: 100 },
      });
      ctx.log(
        formatTable(
          list.map((c) => ({
            id: c.id,
            kind: c.kind,
            cycle: c.cycle,
            agent: c.agent,
            payer: c.upline ?? 'platform',
            tiers: c.tiers.map((t) => `${t.minBase}/${t.minActive}:${t.rateBp}bp`).join(' '),
            status: c.status,
          })),
          ['id', 'kind', 'cycle', 'agent', 'payer', 'tiers', 'status'],
        ),
      );
      ctx.log(`${total} contract(s).`);
    },
  }),
  defineCommand({
    name: 'agents bills',
    usage: `[--agent <username>] [--kind ${AGENT_CONTRACT_KINDS.join('|')}] [--status ${AGENT_BILL_STATUSES.join('|')}] [--limit N]`,
    help: 'agent bills, newest first, with the base, the rate and the payer',
    options: ['agent', 'kind', 'status', 'limit'],
    async run(ctx, { positional, options }) {
      refuseWords(positional);
      const pageSize = intArg(options.limit || undefined, {
        min: 1,
        max: 100,
        fallback: 50,
        message: '--limit takes 1-100',
      });
      const { list, total } = await ctx.call(listOpsAgentBills, {
        query: {
          agent: options.agent || undefined,
          kind: (options.kind || undefined) as (typeof AGENT_CONTRACT_KINDS)[number] | undefined,
          status: (options.status || undefined) as (typeof AGENT_BILL_STATUSES)[number] | undefined,
          pageNo: 1,
          pageSize,
        },
      });
      ctx.log(
        formatTable(
          list.map((b) => ({
            id: b.id,
            kind: b.kind,
            period: `${b.periodStart.slice(0, 16)}..${b.periodEnd.slice(11, 16)}`,
            agent: b.agent,
            payer: b.payer ?? 'platform',
            base: b.calculation.base,
            rate: `${b.calculation.rateBp}bp`,
            amount: b.amount,
            status: b.status,
          })),
          ['id', 'kind', 'period', 'agent', 'payer', 'base', 'rate', 'amount', 'status'],
        ),
      );
      ctx.log(`${total} bill(s).`);
    },
  }),
  defineCommand({
    name: 'agents settle',
    help: 'settle every ended period not settled yet (once, whoever runs it) and pay the open bills',
    async run(ctx, { positional }) {
      refuseWords(positional);
      const r = await ctx.call(runAgentSettlement);
      ctx.log(
        `Settled ${r.periods} period(s), ${r.bills} bill(s) written, ${r.paid} paid, ${r.unpaid} unpaid.`,
      );
    },
  }),
  defineCommand({
    name: 'agents tree',
    usage: '[<upline>] [--search <prefix>]',
    help: 'the agent tree one level at a time: the top-level agents, or the direct downlines of <upline>',
    options: ['search'],
    async run(ctx, { positional, options }) {
      const [upline, extra] = positional;
      if (extra !== undefined) throw new UsageError('Use: agents tree [<upline>] [--search <prefix>]');
      const r = await ctx.call(listOpsAgentTree, {
        query: { upline: upline ?? '', search: options.search || '', pageNo: 1, pageSize: 100 },
      });
      if (r.path.length > 0) ctx.log(r.path.join(' > '));
      ctx.log(
        formatTable(
          r.list.map((n) => ({
            username: n.username,
            agent: n.isAgent ? 'yes' : '',
            team: n.teamSize,
            balance: n.balance,
            contracts: n.contracts.map((c) => `${c.kind}:${c.topRateBp}bp${c.status === 'offered' ? '?' : ''}`).join(' '),
            status: n.status,
          })),
          ['username', 'agent', 'team', 'balance', 'contracts', 'status'],
        ),
      );
      ctx.log(`${r.total} account(s).`);
    },
  }),
  defineCommand({
    name: 'agents periods',
    help: 'the latest settled periods of each kind (id, revision, bills)',
    async run(ctx, { positional }) {
      refuseWords(positional);
      const { list } = await ctx.call(listOpsAgentPeriods);
      ctx.log(
        formatTable(
          list.map((p) => ({ id: p.id, kind: p.kind, cycle: p.cycle, start: p.startsAt.slice(0, 16), revision: p.revision, bills: p.bills })),
          ['id', 'kind', 'cycle', 'start', 'revision', 'bills'],
        ),
      );
    },
  }),
  defineCommand({
    name: 'agents uphold',
    usage: '<bill> --reason <text>',
    help: 'close a dispute by upholding the bill: it goes back to its status before the dispute (nothing moves)',
    options: ['reason'],
    async run(ctx, { positional, options }) {
      const [id, extra] = positional;
      if (!id || extra !== undefined || !options.reason) throw new UsageError('Use: agents uphold <bill> --reason <text>');
      const bill = await ctx.call(upholdAgentBill, {
        params: { id: intArg(id, { min: 1, max: Number.MAX_SAFE_INTEGER, message: '<bill> is a bill id' }) },
        body: { reason: options.reason },
      });
      ctx.log(`Bill ${bill.id} upheld: ${bill.status}.`);
    },
  }),
  defineCommand({
    name: 'agents resettle',
    usage: '<period> --reason <text>',
    help: "settle a period again after a correction: its bills reversed, new ones written and paid (a second operator approves)",
    options: ['reason'],
    async run(ctx, { positional, options }) {
      const [id, extra] = positional;
      if (!id || extra !== undefined || !options.reason) throw new UsageError('Use: agents resettle <period> --reason <text>');
      const r = await ctx.call(requestAgentResettle, {
        params: { id: intArg(id, { min: 1, max: 2_147_483_647, message: '<period> is a period id' }) },
        body: { reason: options.reason },
      });
      if ('applied' in r) ctx.log(`Period ${id} settled again.`);
      else logPendingRequest(ctx, r);
    },
  }),
];
