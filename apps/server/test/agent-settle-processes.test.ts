import path from 'node:path';
import { accounts } from '@lotus/ledger/accounts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agentKit, sumOf, tier } from './agent-helpers';
import { ops } from './cli-helper';
import { createClock, tempDir, useTestApp, usePostgres } from './helper';
import { balanceOf } from './withdrawal-helpers';
import { createVendor, fundMember, vendorCaller } from './vendor-client';

/**
 * Settlement after downtime, run by two instances at once (issue 28, docs/adr/0100): contracts that began three hours
 * ago and play two hours ago, nothing settled since. On PostgreSQL two operator processes (`npm run ops -- agents
 * settle`, each with its own connection pool and the real clock) run the catch-up at the same moment; on PGlite, which
 * one process owns, two runs in this process. Either way each 5-minute window and hour is settled once, each bill
 * paid once.
 */
const t = useTestApp({ clock: createClock() });
const { agentOf, memberUnder, contracts, play, opsBills } = agentKit(t);

const rows = async <T>(query: ReturnType<typeof sql>) =>
  (await t.db.database.db.execute(query)) as unknown as { rows: T[] };

describe('agent settlement by two instances', () => {
  it(`${usePostgres ? 'two processes on PostgreSQL' : 'two runs'} settle the periods missed during three hours once, and pay each bill once`, async () => {
    const top = await agentOf('prt');
    const sub = await agentOf('prs', top);
    await contracts(top, sub, 'realtime', { tiers: [tier('0', 0, 100)] }, { tiers: [tier('0', 0, 50)] });
    await contracts(top, sub, 'hourly', { tiers: [tier('0', 0, 40)] }, { tiers: [tier('0', 0, 20)] });
    const v = vendorCaller(t, await createVendor(t));
    const a = await memberUnder(top);
    const b = await memberUnder(sub);
    await fundMember(t, a.id, 1_000_00n);
    await fundMember(t, b.id, 1_000_00n);
    await play(v, a, '200.00', '0');
    await play(v, b, '300.00', '100.00');
    // History, as if the server had been down: the contracts began three hours ago, the rounds were two hours ago
    // (all within one second, so within one 5-minute window once moved to its start).
    await t.db.database.db.execute(
      sql`update agent_contracts set decided_at = decided_at - interval '3 hours'`,
    );
    // The ledger refuses updates; as the database owner, the test lifts that for this one statement (as the audit
    // tests do), and puts it back.
    await t.db.database.tx(async (tx) => {
      await tx.execute(sql`alter table ledger_transactions disable trigger ledger_transactions_no_change`);
      await tx.execute(
        sql`update ledger_transactions set created_at = date_bin('5 minutes', now() - interval '2 hours', timestamptz '2000-01-01') + interval '1 minute'
          where op = 'game'`,
      );
      await tx.execute(sql`alter table ledger_transactions enable trigger ledger_transactions_no_change`);
    });

    if (usePostgres) {
      const env = {
        DATABASE_URL: t.db.url!,
        DATA_DIR: path.join(tempDir('lotus-agent-settle-'), 'data'),
        LOG_LEVEL: 'warn',
      };
      const runs = await Promise.all([ops(['agents', 'settle'], env), ops(['agents', 'settle'], env)]);
      for (const r of runs) expect(r.code, r.stderr + r.stdout).toBe(0);
      const settled = runs.map((r) => Number(/Settled (\d+) period/.exec(r.stdout)?.[1]));
      // Between them every window of the three hours (35 to 37, by where now falls: a window or hour that ended less
      // than the settlement's 30 s lag ago is not due yet) and the hours (2 to 4).
      expect(settled[0]! + settled[1]!).toBeGreaterThanOrEqual(35 + 2);
    } else {
      await Promise.all([
        t.app.services.agent.contracts.settleDue(),
        t.app.services.agent.contracts.settleDue(),
      ]);
    }

    const periods = (
      await rows<{ kind: string; n: number; starts: number }>(
        sql`select kind, count(*)::int as n, count(distinct starts_at)::int as starts from agent_periods group by kind order by kind`,
      )
    ).rows;
    expect(periods.map((p) => p.kind)).toEqual(['hourly', 'realtime']);
    for (const p of periods) expect(p.n).toBe(p.starts);
    expect(periods.find((p) => p.kind === 'realtime')!.n).toBeGreaterThanOrEqual(35);

    // One window and one hour held the play: top 500.00 at 1 % and 0.4 %, sub 300.00 at 0.5 % and 0.2 %.
    const of = async (agent: string, kind: string) =>
      (await opsBills(`agent=${agent}&kind=${kind}`)).list.map((x) => [x.amount, x.status]);
    expect(await of(top.username, 'realtime')).toEqual([['5.00', 'paid']]);
    expect(await of(top.username, 'hourly')).toEqual([['2.00', 'paid']]);
    expect(await of(sub.username, 'realtime')).toEqual([['1.50', 'paid']]);
    expect(await of(sub.username, 'hourly')).toEqual([['0.60', 'paid']]);
    const moves = (
      await rows<{ n: number; keys: number }>(
        sql`select count(*)::int as n, count(distinct key)::int as keys from ledger_transactions where op = 'agent_bill'`,
      )
    ).rows[0]!;
    expect(moves).toEqual({ n: 4, keys: 4 });
    const topGot = sumOf((await opsBills(`agent=${top.username}`)).list);
    expect(await balanceOf(t, accounts.commission)).toBe(-topGot);
    expect(await balanceOf(t, accounts.main(top.id))).toBe(topGot - 2_10n);
    expect(await balanceOf(t, accounts.main(sub.id))).toBe(2_10n);
  }, 120_000);
});
