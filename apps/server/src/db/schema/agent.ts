import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { members } from './identity';

/**
 * Agent contracts, settlement periods and bills (issue 28, docs/adr/0100-agent-contracts.md).
 *
 * A contract is offered by an upline agent to a direct downline agent (`upline_id`), or by the platform to a
 * top-level agent (`upline_id` null, approved by a second operator), and the downline accepts or refuses it. An
 * agent has at most one active contract and one open offer of each kind; a new contract that is accepted
 * supersedes the old one from the next period on.
 */
export const agentContracts = pgTable(
  'agent_contracts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => members.id),
    /** Who pays: the upline agent, or null for the platform (`s:commission`). */
    uplineId: integer('upline_id').references(() => members.id),
    kind: varchar('kind', { length: 12 }).notNull(),
    cycle: varchar('cycle', { length: 12 }).notNull(),
    /** [{ minBase (minor units, string), minActive, rateBp }], increasing in all three. */
    tiers: jsonb('tiers').$type<{ minBase: string; minActive: number; rateBp: number }[]>().notNull(),
    minPayout: bigint('min_payout', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** offered, active, refused, withdrawn, superseded. */
    status: varchar('status', { length: 12 }).notNull(),
    /** `member:<id>` or `operator:<username>` (the approver for a platform contract). */
    offeredBy: varchar('offered_by', { length: 60 }).notNull(),
    offeredAt: timestamp('offered_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** When an active contract stopped applying (superseded): it settles the periods that began before. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('agent_contracts_active_uq')
      .on(t.agentId, t.kind)
      .where(sql`${t.status} = 'active'`),
    uniqueIndex('agent_contracts_offered_uq')
      .on(t.agentId, t.kind)
      .where(sql`${t.status} = 'offered'`),
    index('agent_contracts_upline_idx').on(t.uplineId, t.id),
    index('agent_contracts_kind_idx').on(t.kind, t.status),
    check('agent_contracts_not_self', sql`${t.uplineId} is null or ${t.uplineId} <> ${t.agentId}`),
  ],
);

/**
 * One row per settled period of a kind: written in the transaction that writes the period's bills, so a period is
 * settled once however many instances run the job (the unique key; never job-id deduplication), and the periods
 * missing after downtime are found by comparing with the clock.
 */
export const agentPeriods = pgTable(
  'agent_periods',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: varchar('kind', { length: 12 }).notNull(),
    cycle: varchar('cycle', { length: 12 }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** settled: the bills are written (their payment follows, bill by bill). */
    status: varchar('status', { length: 12 }).notNull(),
    bills: integer('bills').notNull().default(0),
    /** 0 for the first settlement; each settlement again after a correction adds one (its bills carry it). */
    revision: integer('revision').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('agent_periods_uq').on(t.kind, t.cycle, t.startsAt)],
);

/**
 * A bill: what one contract earned in one period, with the calculation shown to the agent, and its payment
 * (op `agent_bill`, key = bill id: paid once). pending -> paid, or unpaid (the payer's wallet was short; retried),
 * or carried (below the minimum payout or negative: carried into the next period, nothing to pay). Either party may
 * dispute it (disputed: its payment held; an operator upholds it, back to `prior_status`); a period settled again
 * after a correction reverses its bills (reversed: a paid one through a ledger reversal) and writes the next
 * revision's; a bill is never edited.
 */
export const agentBills = pgTable(
  'agent_bills',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    periodId: integer('period_id')
      .notNull()
      .references(() => agentPeriods.id),
    contractId: integer('contract_id')
      .notNull()
      .references(() => agentContracts.id),
    agentId: integer('agent_id').notNull(),
    /** The payer (the upline), or null for the platform. */
    payerId: integer('payer_id'),
    kind: varchar('kind', { length: 12 }).notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** Carried into the next period of this agent and kind (negative or below the minimum payout). */
    carryOut: bigint('carry_out', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    calculation: jsonb('calculation').$type<Record<string, unknown>>().notNull(),
    /** Depth of the agent in the tree (0 = top level): bills are paid top down, so an upline is paid first. */
    depth: smallint('depth').notNull(),
    status: varchar('status', { length: 12 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    transactionId: bigint('transaction_id', { mode: 'number' }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The period's revision this bill belongs to (docs/adr/0101). */
    revision: integer('revision').notNull().default(0),
    /** The status a dispute held (restored when an operator upholds the bill). */
    priorStatus: varchar('prior_status', { length: 12 }),
    disputeReason: varchar('dispute_reason', { length: 500 }),
    /** `member:<id>` of the agent or payer who disputed it. */
    disputedBy: varchar('disputed_by', { length: 60 }),
    disputedAt: timestamp('disputed_at', { withTimezone: true }),
    /** How an operator closed the dispute, or why the period was settled again. */
    resolution: varchar('resolution', { length: 500 }),
    resolvedBy: varchar('resolved_by', { length: 60 }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('agent_bills_period_contract_uq').on(t.periodId, t.contractId, t.revision),
    index('agent_bills_agent_idx').on(t.agentId, t.kind, t.periodStart),
    index('agent_bills_payer_idx').on(t.payerId, t.id),
    index('agent_bills_open_idx')
      .on(t.depth, t.id)
      .where(sql`${t.status} in ('pending', 'unpaid')`),
    check('agent_bills_amount_not_negative', sql`${t.amount} >= 0`),
  ],
);

/**
 * Each agent's team figures per Bangkok day, week (from Monday) and month (issue 28's team overview; docs/adr/0100),
 * kept by the job `agent-team-rollup` from the ledger and the members table, window by window: a member's movement is
 * added to the rows of every agent above it. Active members are counted once per period through
 * `agent_member_activity`.
 */
export const agentTeamStats = pgTable(
  'agent_team_stats',
  {
    agentId: integer('agent_id').notNull(),
    cycle: varchar('cycle', { length: 8 }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    newMembers: integer('new_members').notNull().default(0),
    activeMembers: integer('active_members').notNull().default(0),
    firstDeposits: integer('first_deposits').notNull().default(0),
    deposits: bigint('deposits', { mode: 'bigint' }).notNull().default(sql`0`),
    withdrawals: bigint('withdrawals', { mode: 'bigint' }).notNull().default(sql`0`),
    stakes: bigint('stakes', { mode: 'bigint' }).notNull().default(sql`0`),
    wins: bigint('wins', { mode: 'bigint' }).notNull().default(sql`0`),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.cycle, t.startsAt] })],
);

/** The start of the last day, week and month in which a member had a stake (so it is counted active once in each). */
export const agentMemberActivity = pgTable('agent_member_activity', {
  memberId: integer('member_id').primaryKey(),
  day: timestamp('day', { withTimezone: true }).notNull(),
  week: timestamp('week', { withTimezone: true }).notNull(),
  month: timestamp('month', { withTimezone: true }).notNull(),
});

/** Team sizes as of the last rollup: the whole team, direct members, and agents in it. */
export const agentTeamSizes = pgTable('agent_team_sizes', {
  agentId: integer('agent_id').primaryKey(),
  members: integer('members').notNull(),
  directMembers: integer('direct_members').notNull(),
  agents: integer('agents').notNull(),
});

/** How far the rollup has read (one row): the job locks it, so one instance rolls a window up, once. */
export const agentRollupState = pgTable('agent_rollup_state', {
  id: integer('id').primaryKey(),
  rolledTo: timestamp('rolled_to', { withTimezone: true }).notNull(),
});

/**
 * Each member's play per Bangkok day (the agent centre's user profit and loss; docs/adr/0100), kept by the same
 * rollup as the team figures: a row per member and day with play.
 */
export const agentMemberDays = pgTable(
  'agent_member_days',
  {
    memberId: integer('member_id').notNull(),
    day: timestamp('day', { withTimezone: true }).notNull(),
    stakes: bigint('stakes', { mode: 'bigint' }).notNull().default(sql`0`),
    wins: bigint('wins', { mode: 'bigint' }).notNull().default(sql`0`),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.day] }), index('agent_member_days_day_idx').on(t.day)],
);

/**
 * Each member's play per Bangkok day and game type (team betting and user profit and loss per game type; docs/adr/0101),
 * kept by the job `agent-team-rollup` beside `agent_member_days`. The game type is the catalogue's for the round's
 * vendor and game (`OTHER` for a game the catalogue does not list).
 */
export const agentMemberGames = pgTable(
  'agent_member_games',
  {
    memberId: integer('member_id').notNull(),
    day: timestamp('day', { withTimezone: true }).notNull(),
    gameType: varchar('game_type', { length: 12 }).notNull(),
    stakes: bigint('stakes', { mode: 'bigint' }).notNull().default(sql`0`),
    wins: bigint('wins', { mode: 'bigint' }).notNull().default(sql`0`),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.day, t.gameType] }), index('agent_member_games_day_idx').on(t.day)],
);
