import { isAgentAccount } from '@lotus/contracts/accounts';
import {
  AGENT_CONTRACT_KINDS,
  DISPUTABLE_BILL_STATUSES,
  type TAgentBill,
  type TAgentContract,
  type TAgentContractAnswer,
  type TAgentContractKind,
  type TAgentContractOffer,
  type TAgentContractTerms,
} from '@lotus/contracts/agent';
import { AppError, isAppError } from '@lotus/contracts/app-error';
import { formatMinor } from '@lotus/contracts/money';
import { accounts } from '@lotus/ledger/accounts';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/tx';
import type { OpsAuditNote } from '../../platform/audit/ops.audit';
import type { WalletPost } from '../wallet/wallet.types';
import { dominates, periodAt, settle, termsOf, type Tier } from './contract.rules';
import type { BillRow, ContractRepository, ContractRow, NewBillRow as NewBill } from './contract.repository';
import type { MemberSummary } from './share.service';

/** A period is settled this long after it ends, so that every movement stamped inside it has committed. */
export const SETTLE_LAG_MS = 30_000;
/** Periods settled per kind and cycle in one run (the catch-up after downtime goes on at the next run). */
const PERIODS_PER_RUN = 400;
/** Bills paid per run. */
const BILLS_PER_RUN = 2_000;
/** Bills of one level of the tree paid at once. */
const PAY_IN_PARALLEL = 4;

type TreeMember = { id: number; uplineId: number | null; real: boolean; agent: boolean };

/**
 * Agent contracts (issue 28, docs/adr/0100): offers and answers, the settlement of each kind's periods exactly once
 * (the period row commits with its bills), and the bills' payment through the ledger (op `agent_bill`, key = bill:
 * paid once), top of the tree first: the platform pays top-level agents from `s:commission`, every other agent is
 * paid by its upline from the upline's main wallet; a payer short of money leaves the bill `unpaid`, retried.
 */
export function createContractService(deps: {
  database: Pick<Database, 'tx'>;
  repo: ContractRepository;
  post: WalletPost;
  wageringMultiple: () => Promise<number>;
  members: {
    memberSummary(id: number): Promise<MemberSummary | null>;
    memberSummaryByUsername(username: string): Promise<MemberSummary | null>;
    usernamesOf(ids: number[]): Promise<Map<number, string>>;
    memberTree(tx?: Executor): Promise<TreeMember[]>;
  };
  playByMember(
    from: Date,
    to: Date,
    tx?: Executor,
  ): Promise<{ memberId: number; stakes: bigint; wins: bigint }[]>;
  /** The wallet's reversal of a ledger transaction (a paid bill when its period is settled again). */
  reverse(transactionId: number, operator: { id: string; reason: string }, tx?: Executor): Promise<unknown>;
  now: () => number;
  log?: { warn: (obj: object, msg: string) => void };
}) {
  const { database, repo, members, now } = deps;

  const tiersOf = (row: ContractRow): Tier[] =>
    row.tiers.map((t) => ({ minBase: BigInt(t.minBase), minActive: t.minActive, rateBp: t.rateBp }));
  const storedTiers = (tiers: Tier[]) =>
    tiers.map((t) => ({ minBase: t.minBase.toString(), minActive: t.minActive, rateBp: t.rateBp }));

  async function names(ids: (number | null)[]): Promise<Map<number, string>> {
    const wanted = [...new Set(ids.filter((x): x is number => x !== null))];
    return members.usernamesOf(wanted);
  }

  function contractView(row: ContractRow, username: Map<number, string>): TAgentContract {
    return {
      id: row.id,
      kind: row.kind as TAgentContractKind,
      cycle: row.cycle as TAgentContract['cycle'],
      agent: username.get(row.agentId) ?? '',
      upline: row.uplineId === null ? null : (username.get(row.uplineId) ?? ''),
      tiers: row.tiers.map((t) => ({
        minBase: formatMinor(BigInt(t.minBase)),
        minActive: t.minActive,
        rateBp: t.rateBp,
      })),
      minPayout: formatMinor(row.minPayout),
      status: row.status as TAgentContract['status'],
      offeredAt: row.offeredAt.toISOString(),
      decidedAt: row.decidedAt?.toISOString() ?? null,
    };
  }

  async function contractViews(rows: ContractRow[]) {
    const username = await names(rows.flatMap((r) => [r.agentId, r.uplineId]));
    return rows.map((r) => contractView(r, username));
  }

  function billView(row: BillRow, username: Map<number, string>): TAgentBill {
    const c = row.calculation as Record<string, string | number>;
    const m = (k: string) => formatMinor(BigInt(String(c[k] ?? '0')));
    return {
      id: row.id,
      kind: row.kind as TAgentContractKind,
      contractId: row.contractId,
      periodStart: row.periodStart.toISOString(),
      periodEnd: row.periodEnd.toISOString(),
      agent: username.get(row.agentId) ?? '',
      payer: row.payerId === null ? null : (username.get(row.payerId) ?? ''),
      amount: formatMinor(row.amount),
      status: row.status as TAgentBill['status'],
      calculation: {
        base: m('base'),
        stakes: m('stakes'),
        wins: m('wins'),
        activeMembers: Number(c.activeMembers ?? 0),
        tier: Number(c.tier ?? 0),
        rateBp: Number(c.rateBp ?? 0),
        carriedIn: m('carriedIn'),
        amount: m('amount'),
        carriedOut: m('carriedOut'),
      },
      paidAt: row.paidAt?.toISOString() ?? null,
      transactionId: row.transactionId === null ? null : String(row.transactionId),
      revision: row.revision,
      dispute:
        row.disputedAt && row.disputeReason
          ? {
              by: row.disputedBy === `member:${row.agentId}` ? 'agent' : 'payer',
              reason: row.disputeReason,
              at: row.disputedAt.toISOString(),
            }
          : null,
      resolution: row.resolution,
    };
  }

  async function billViews(rows: BillRow[]) {
    const username = await names(rows.flatMap((r) => [r.agentId, r.payerId]));
    return rows.map((r) => billView(r, username));
  }

  async function requireAgent(id: number) {
    const m = await members.memberSummary(id);
    if (!m || !isAgentAccount(m)) throw new AppError('error_not_agent', 403);
    return m;
  }

  /** The nearest agent above a member, if any. */
  async function agentUplineOf(member: MemberSummary): Promise<MemberSummary | null> {
    let up = member.uplineId;
    for (let guard = 0; up !== null && guard < 1_000; guard++) {
      const m = await members.memberSummary(up);
      if (!m) return null;
      if (isAgentAccount(m)) return m;
      up = m.uplineId;
    }
    return null;
  }

  /** An agent offers a contract to an agent of its direct downline: never above its own rates, same cycle. */
  async function offer(agentId: number, input: TAgentContractOffer): Promise<TAgentContract> {
    const agent = await requireAgent(agentId);
    const terms = termsOf(input);
    const downline = await members.memberSummaryByUsername(input.downline);
    if (downline && downline.id === agent.id)
      throw new AppError('agent_contract_self', 400, { downline: 'agent_contract_self' });
    if (
      !downline ||
      downline.uplineId !== agent.id ||
      !isAgentAccount(downline) ||
      downline.status !== 'active'
    ) {
      throw new AppError('agent_contract_not_downline', 404, { downline: 'agent_contract_not_downline' });
    }
    const row = await database.tx(async (tx) => {
      await repo.lockAgentKind(downline.id, terms.kind, tx);
      const mine = await repo.contractIn('active', agent.id, terms.kind, tx);
      if (!mine) throw new AppError('agent_contract_upline_missing', 409);
      if (mine.cycle !== terms.cycle)
        throw new AppError('agent_contract_cycle_mismatch', 409, { cycle: 'agent_contract_cycle_mismatch' });
      if (!dominates(tiersOf(mine), terms.tiers))
        throw new AppError('agent_contract_rate_above_upline', 409, {
          tiers: 'agent_contract_rate_above_upline',
        });
      if (await repo.contractIn('offered', downline.id, terms.kind, tx))
        throw new AppError('agent_contract_pending_exists', 409);
      return repo.insertContract(
        {
          agentId: downline.id,
          uplineId: agent.id,
          kind: terms.kind,
          cycle: terms.cycle,
          tiers: storedTiers(terms.tiers),
          minPayout: terms.minPayout,
          status: 'offered',
          offeredBy: `member:${agent.id}`,
          offeredAt: new Date(now()),
        },
        tx,
      );
    });
    return contractView(
      row,
      new Map([
        [agent.id, agent.username],
        [downline.id, downline.username],
      ]),
    );
  }

  /** Checks an operator's contract for a top-level agent (no agent above it); answers the agent and the terms. */
  async function checkTopLevel(input: TAgentContractTerms & { agent: string }) {
    const terms = termsOf(input);
    const agent = await members.memberSummaryByUsername(input.agent);
    if (!agent || !isAgentAccount(agent) || agent.status !== 'active')
      throw new AppError('agent_contract_not_downline', 404, { agent: 'agent_contract_not_downline' });
    if (await agentUplineOf(agent))
      throw new AppError('agent_not_top_level', 409, { agent: 'agent_not_top_level' });
    return { agent, terms };
  }

  /** The approved operator offer to a top-level agent (paid by the platform); the agent then accepts or refuses. */
  async function offerTopLevel(
    input: TAgentContractTerms & { agent: string },
    approver: string,
    note: OpsAuditNote,
  ) {
    const { agent, terms } = await checkTopLevel(input);
    return database.tx(async (tx) => {
      await repo.lockAgentKind(agent.id, terms.kind, tx);
      if (await repo.contractIn('offered', agent.id, terms.kind, tx))
        throw new AppError('agent_contract_pending_exists', 409);
      const row = await repo.insertContract(
        {
          agentId: agent.id,
          uplineId: null,
          kind: terms.kind,
          cycle: terms.cycle,
          tiers: storedTiers(terms.tiers),
          minPayout: terms.minPayout,
          status: 'offered',
          offeredBy: `operator:${approver}`.slice(0, 60),
          offeredAt: new Date(now()),
        },
        tx,
      );
      const view = contractView(row, new Map([[agent.id, agent.username]]));
      await note({ target: `agent:${agent.username}`, before: null, after: view });
      return view;
    });
  }

  /**
   * The downline answers an offer of the call's kind (the four process calls). Accepting supersedes the agent's
   * contract of that kind for the current period on; it is refused if the offer is no longer within the upline's own contract or
   * if it would pay less than a contract the agent gave its own downline (the differential must hold everywhere).
   */
  async function answer(
    agentId: number,
    kind: TAgentContractKind,
    input: TAgentContractAnswer,
  ): Promise<TAgentContract> {
    await requireAgent(agentId);
    const row = await database.tx(async (tx) => {
      await repo.lockAgentKind(agentId, kind, tx);
      const offer = await repo.contractById(input.contractId, tx, true);
      if (!offer || offer.agentId !== agentId || offer.kind !== kind)
        throw new AppError('agent_contract_not_found', 404);
      if (offer.status !== 'offered') throw new AppError('agent_contract_not_pending', 409);
      const at = new Date(now());
      if (input.action === 'refuse') {
        await repo.setStatus(offer.id, { status: 'refused', decidedAt: at }, tx);
        return { ...offer, status: 'refused', decidedAt: at };
      }
      const tiers = tiersOf(offer);
      if (offer.uplineId !== null) {
        const upline = await repo.contractIn('active', offer.uplineId, kind, tx);
        if (!upline || upline.cycle !== offer.cycle || !dominates(tiersOf(upline), tiers))
          throw new AppError('agent_contract_rate_above_upline', 409);
      }
      for (const given of await repo.activeGivenBy(agentId, kind, tx)) {
        if (given.cycle !== offer.cycle) throw new AppError('agent_contract_cycle_mismatch', 409);
        if (!dominates(tiers, tiersOf(given))) throw new AppError('agent_contract_below_downline', 409);
      }
      const current = await repo.contractIn('active', agentId, kind, tx);
      if (current) await repo.setStatus(current.id, { status: 'superseded', endedAt: at }, tx);
      await repo.setStatus(offer.id, { status: 'active', decidedAt: at }, tx);
      return { ...offer, status: 'active', decidedAt: at };
    });
    return (await contractViews([row]))[0]!;
  }

  async function myContracts(agentId: number) {
    await requireAgent(agentId);
    const [received, given] = await Promise.all([
      repo.contractsOf({ agentId, limit: 200, offset: 0 }),
      repo.contractsOf({ uplineId: agentId, limit: 500, offset: 0 }),
    ]);
    return { received: await contractViews(received.rows), given: await contractViews(given.rows) };
  }

  async function myBills(
    agentId: number,
    q: { kind?: TAgentContractKind; side: 'received' | 'paid'; pageNo: number; pageSize: number },
  ) {
    await requireAgent(agentId);
    const { rows, total } = await repo.bills({
      ...(q.side === 'received' ? { agentId } : { payerId: agentId }),
      ...(q.kind ? { kind: q.kind } : {}),
      limit: q.pageSize,
      offset: (q.pageNo - 1) * q.pageSize,
    });
    return { list: await billViews(rows), total, totalPages: Math.ceil(total / q.pageSize) };
  }

  // ---------- settlement ----------

  /**
   * Settles one period of a kind and cycle, unless another run did: the period row commits with the bills. `tree`: the
   * members' tree a run read once for all its periods (it was read after each of them ended); else read here.
   */
  async function settlePeriod(
    kind: TAgentContractKind,
    cycle: string,
    start: number,
    end: number,
    tree?: TreeMember[],
  ): Promise<number | null> {
    return database.tx(async (tx) => {
      const at = new Date(now());
      const periodId = await repo.claimPeriod(
        { kind, cycle, startsAt: new Date(start), endsAt: new Date(end), at },
        tx,
      );
      if (periodId === null) return null;
      const rows = await billsOf({ kind, cycle, start, end, periodId, revision: 0, at, tree }, tx);
      await repo.insertBills(rows, tx);
      await repo.finishPeriod(periodId, rows.length, at, tx);
      return rows.length;
    });
  }

  /**
   * One period's bills from the ledger as it is now (a first settlement, or a settlement again after a correction):
   * every contract in force at the period's end, over the members' tree, with what each agent carried in.
   */
  async function billsOf(
    p: { kind: TAgentContractKind; cycle: string; start: number; end: number; periodId: number; revision: number; at: Date; tree?: TreeMember[] | undefined },
    tx: Executor,
  ): Promise<NewBill[]> {
    const contracts = await repo.inForce(p.kind, p.cycle, new Date(p.end), tx);
    if (contracts.length === 0) return [];
    // One after the other: a transaction is one connection.
    const everyone = p.tree ?? (await members.memberTree(tx));
    const play = await deps.playByMember(new Date(p.start), new Date(p.end), tx);
    const carries = await repo.carries(
      p.kind,
      contracts.map((c) => c.agentId),
      new Date(p.start),
      tx,
    );
    const bills = settle({
      members: everyone,
      play: new Map(play.map((x) => [x.memberId, { stakes: x.stakes, wins: x.wins }])),
      contracts: contracts.map((c) => ({
        id: c.id,
        agentId: c.agentId,
        uplineId: c.uplineId,
        kind: p.kind,
        tiers: tiersOf(c),
        minPayout: c.minPayout,
      })),
      carries,
    }).filter((b) => b.amount > 0n || b.carryOut !== 0n || b.calculation.carriedIn !== 0n);
    return bills.map((b) => ({
      periodId: p.periodId,
      revision: p.revision,
      contractId: b.contractId,
      agentId: b.agentId,
      payerId: b.payerId,
      kind: p.kind,
      periodStart: new Date(p.start),
      periodEnd: new Date(p.end),
      amount: b.amount,
      carryOut: b.carryOut,
      calculation: Object.fromEntries(
        Object.entries(b.calculation).map(([k, v]) => [k, typeof v === 'bigint' ? v.toString() : v]),
      ),
      depth: b.depth,
      status: b.amount > 0n ? 'pending' : 'carried',
      createdAt: p.at,
    }));
  }

  // ---------- disputes and settling a period again (docs/adr/0101) ----------

  /** The agent paid by a bill, or the agent who pays it, disputes it: its payment is held until an operator decides. */
  async function dispute(memberId: number, billId: number, reason: string): Promise<TAgentBill> {
    await requireAgent(memberId);
    const row = await database.tx(async (tx) => {
      const bill = await repo.billForUpdate(billId, tx);
      // Someone else's bill answers like one that does not exist (no enumeration).
      if (!bill || (bill.agentId !== memberId && bill.payerId !== memberId)) throw new AppError('agent_bill_not_found', 404);
      if (!(DISPUTABLE_BILL_STATUSES as readonly string[]).includes(bill.status))
        throw new AppError('agent_bill_not_disputable', 409);
      return repo.setBill(
        bill.id,
        { status: 'disputed', priorStatus: bill.status, disputeReason: reason, disputedBy: `member:${memberId}`, disputedAt: new Date(now()) },
        tx,
      );
    });
    return (await billViews([row]))[0]!;
  }

  /** An operator upholds a disputed bill: back to its status before the dispute (a pending one is then paid). */
  async function uphold(billId: number, reason: string, operator: string, note: OpsAuditNote): Promise<TAgentBill> {
    const row = await database.tx(async (tx) => {
      const bill = await repo.billForUpdate(billId, tx);
      if (!bill) throw new AppError('agent_bill_not_found', 404);
      if (bill.status !== 'disputed' || !bill.priorStatus) throw new AppError('agent_bill_not_disputed', 409);
      const updated = await repo.setBill(
        bill.id,
        { status: bill.priorStatus, resolution: reason, resolvedBy: `operator:${operator}`, resolvedAt: new Date(now()) },
        tx,
      );
      await note({ target: `agent-bill:${bill.id}`, before: { status: 'disputed' }, after: { status: bill.priorStatus, reason } });
      return updated;
    });
    return (await billViews([row]))[0]!;
  }

  /** Refuses a settlement again that could never apply (before a four-eyes request holds it). */
  async function assertResettle(periodId: number) {
    const period = await repo.periodById(periodId);
    if (!period) throw new AppError('agent_period_not_found', 404);
    return period;
  }

  /**
   * Settles a period again after a correction (a four-eyes request applied; docs/adr/0101): in one transaction every
   * bill of its current revision is reversed (a paid one through a ledger reversal, which the agent's wallet must still
   * hold), the next revision's bills are written from the ledger as it is now, and the payment run pays them. Refused
   * when it would change what an agent carried into the next period once that one is settled.
   */
  async function resettle(periodId: number, reason: string, operator: string, note: OpsAuditNote) {
    return database.tx(async (tx) => {
      const period = await repo.periodForUpdate(periodId, tx);
      if (!period) throw new AppError('agent_period_not_found', 404);
      const at = new Date(now());
      const old = await repo.liveBillsOf(period.id, tx);
      const revision = period.revision + 1;
      const rows = await billsOf(
        {
          kind: period.kind as TAgentContractKind,
          cycle: period.cycle,
          start: period.startsAt.getTime(),
          end: period.endsAt.getTime(),
          periodId: period.id,
          revision,
          at,
        },
        tx,
      );
      if (await repo.periodAfter(period.kind, period.cycle, period.endsAt, tx)) {
        const carried = (bills: { agentId: number; carryOut?: bigint | undefined }[]) =>
          new Map(bills.filter((b) => (b.carryOut ?? 0n) !== 0n).map((b) => [b.agentId, b.carryOut ?? 0n]));
        const before = carried(old);
        const after = carried(rows);
        const same = before.size === after.size && [...before].every(([agent, c]) => after.get(agent) === c);
        if (!same) throw new AppError('agent_period_carry_consumed', 409);
      }
      let reversed = 0n;
      // Bottom of the tree first: an upline gets back what it paid its downline before it returns what it was paid.
      for (const bill of [...old].sort((x, y) => y.depth - x.depth || x.id - y.id)) {
        if (bill.transactionId !== null) {
          await deps.reverse(bill.transactionId, { id: operator, reason: `agent period ${period.id} settled again: ${reason}` }, tx);
          reversed += bill.amount;
        }
        await repo.setBill(bill.id, { status: 'reversed', resolution: reason, resolvedBy: `operator:${operator}`, resolvedAt: at }, tx);
      }
      await repo.insertBills(rows, tx);
      await repo.setPeriodRevision(period.id, { revision, bills: rows.length, finishedAt: at }, tx);
      const result = {
        period: period.id,
        revision,
        reversedBills: old.length,
        reversedAmount: formatMinor(reversed),
        newBills: rows.length,
        newAmount: formatMinor(rows.reduce((sum, r) => sum + (r.amount ?? 0n), 0n)),
      };
      await note({ target: `agent-period:${period.id}`, before: { revision: period.revision }, after: { ...result, reason } });
      return result;
    });
  }

  /** Pays one bill in its own transaction; a payer short of money leaves it unpaid (retried at the next run). */
  async function payBill(id: number): Promise<'paid' | 'unpaid' | 'skipped' | 'busy'> {
    const multiple = await deps.wageringMultiple();
    try {
      return await database.tx(async (tx) => {
        const bill = await repo.lockBill(id, tx);
        // Locked by another run paying it now (or gone): that run pays it.
        if (!bill) return 'busy';
        if (bill.status !== 'pending' && bill.status !== 'unpaid') return 'skipped';
        const payer = bill.payerId === null ? accounts.commission : accounts.main(bill.payerId);
        const result = await deps.post(
          {
            op: 'agent_bill',
            key: String(bill.id),
            input: { bill: bill.id, agent: bill.agentId, payer: bill.payerId, amount: bill.amount },
            actor: { kind: 'system', id: 'agent-settle' },
            entries: [
              { account: payer, amount: -bill.amount },
              { account: accounts.main(bill.agentId), amount: bill.amount },
            ],
            groupKey: `agent-bill:${bill.id}`,
            memo: `${bill.kind} ${bill.periodStart.toISOString().slice(0, 16)}`,
            // Commission is money received: it carries the configured turnover before withdrawal (docs/adr/0070).
            wagering: { creditMultiple: multiple },
          },
          tx,
        );
        await repo.markBill(
          bill.id,
          {
            status: 'paid',
            transactionId: Number(result.transactionId),
            paidAt: new Date(now()),
            attempt: true,
          },
          tx,
        );
        return 'paid';
      });
    } catch (error) {
      if (!isAppError(error) || error.code !== 'insufficient_funds') throw error;
      await database.tx((tx) => repo.markBill(id, { status: 'unpaid', attempt: true }, tx));
      return 'unpaid';
    }
  }

  /**
   * The scheduled run (job `agent-settle`, every minute on some instance): every period of every kind that ended
   * at least SETTLE_LAG_MS ago and is not settled yet, oldest first (so periods missed while the server was down are
   * settled when it returns), then the open bills.
   */
  async function settleDue(): Promise<{ periods: number; bills: number; paid: number; unpaid: number }> {
    const t = now();
    let periods = 0;
    let billsWritten = 0;
    // Read once for the run, before its first due period (a catch-up settles hundreds): every period it settles ended
    // before now, so every member who could have played in one is in it.
    let tree: TreeMember[] | undefined;
    for (const kind of AGENT_CONTRACT_KINDS) {
      for (const { cycle, first } of await repo.cyclesInUse(kind)) {
        const c = cycle as Parameters<typeof periodAt>[0];
        const last = await repo.lastPeriod(kind, cycle);
        let start = last ? last.endsAt.getTime() : periodAt(c, first.getTime()).start;
        for (let n = 0; n < PERIODS_PER_RUN; n++) {
          const { end } = periodAt(c, start);
          if (end + SETTLE_LAG_MS > t) break;
          tree ??= await members.memberTree();
          const written = await settlePeriod(kind, cycle, start, end, tree);
          if (written !== null) {
            periods++;
            billsWritten += written;
          }
          start = end;
        }
      }
    }
    let paid = 0;
    let unpaid = 0;
    // Level by level from the top, so an upline has been paid before it pays; within a level several at once (each
    // bill its own transaction; two bills of one payer meet on the payer's account row).
    const open = await repo.openBills(BILLS_PER_RUN);
    for (const depth of [...new Set(open.map((b) => b.depth))]) {
      const level = open.filter((b) => b.depth === depth);
      let next = 0;
      let busy = false;
      const worker = async () => {
        while (next < level.length) {
          const r = await payBill(level[next++]!.id);
          if (r === 'paid') paid++;
          if (r === 'unpaid') unpaid++;
          if (r === 'busy') busy = true;
        }
      };
      await Promise.all(Array.from({ length: Math.min(PAY_IN_PARALLEL, level.length) }, worker));
      // Another run is paying a bill of this level: its payee may pay the next level, so this run leaves the deeper
      // levels to that run (or the next one) rather than find an upline not paid yet and mark its bills unpaid.
      if (busy) break;
    }
    return { periods, bills: billsWritten, paid, unpaid };
  }

  /** The operator's agent filter: {} for none, the agent's id, or null for a name that is no member (an empty list). */
  async function agentFilter(username: string | undefined): Promise<{ agentId?: number } | null> {
    if (!username) return {};
    const m = await members.memberSummaryByUsername(username);
    return m ? { agentId: m.id } : null;
  }

  async function opsContracts(q: {
    agent?: string;
    kind?: TAgentContractKind;
    pageNo: number;
    pageSize: number;
  }) {
    const agent = await agentFilter(q.agent);
    if (!agent) return { list: [], total: 0 };
    const page = { limit: q.pageSize, offset: (q.pageNo - 1) * q.pageSize };
    const { rows, total } = await repo.contractsOf({
      ...agent,
      ...(q.kind ? { kind: q.kind } : {}),
      ...page,
    });
    return { list: await contractViews(rows), total };
  }

  async function opsBills(q: {
    agent?: string;
    kind?: TAgentContractKind;
    status?: string;
    pageNo: number;
    pageSize: number;
  }) {
    const agent = await agentFilter(q.agent);
    if (!agent) return { list: [], total: 0 };
    const page = { limit: q.pageSize, offset: (q.pageNo - 1) * q.pageSize };
    const { rows, total } = await repo.bills({
      ...agent,
      ...(q.kind ? { kind: q.kind } : {}),
      ...(q.status ? { status: q.status } : {}),
      ...page,
    });
    return { list: await billViews(rows), total };
  }

  async function opsPeriods() {
    const rows = await repo.periods(100);
    return {
      list: rows.map((r) => ({
        id: r.id,
        revision: r.revision,
        kind: r.kind as TAgentContractKind,
        cycle: r.cycle,
        startsAt: r.startsAt.toISOString(),
        endsAt: r.endsAt.toISOString(),
        status: r.status,
        bills: r.bills,
        startedAt: r.startedAt.toISOString(),
        finishedAt: r.finishedAt?.toISOString() ?? null,
      })),
    };
  }

  return {
    offer,
    checkTopLevel,
    offerTopLevel,
    answer,
    myContracts,
    myBills,
    settleDue,
    settlePeriod,
    payBill,
    opsContracts,
    opsBills,
    opsPeriods,
    dispute,
    uphold,
    assertResettle,
    resettle,
  };
}

export type ContractService = ReturnType<typeof createContractService>;
