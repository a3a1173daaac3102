import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { createClock, usePostgres, useTestApp } from './helper';
import { createMember } from './factories';
import { createVendor, fundMember, openSession, sign, vendorCaller } from './vendor-client';

/**
 * Vendor wallet protocol v1 under concurrency, over real HTTP (app.listen on port 0): many vendor
 * clients send signed bets, wins and rollbacks at once, every request duplicated 2-10 times in
 * parallel (retries racing each other), some rollbacks arriving before their bets. Afterwards the
 * ledger verification finds no violation, no member balance is below zero, each transactionId was
 * applied once, every duplicate got the same answer, and each balance is what the script implies.
 * 64 clients on PostgreSQL (TEST_DB=postgres); on PGlite (one session) fewer, never skipped.
 */
const t = useTestApp({ clock: createClock({ frozen: Date.now() }) });

const CLIENTS = usePostgres ? 64 : 8;
const PLAYERS = usePostgres ? 16 : 4;
const ROUNDS = 5;
const FUNDS = 1_000_000n;

/** Deterministic pseudo-random numbers (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

type Answer = { status: string; code?: string; balance?: string; platformTransactionId?: string };

it(`${CLIENTS} concurrent vendor clients, every request duplicated 2-10 times, rollbacks before bets: ledger verified, each transactionId applied once`, async () => {
  const vendor = vendorCaller(t, await createVendor(t));
  const players: { id: number; sessionToken: string; expected: bigint }[] = [];
  for (let i = 0; i < PLAYERS; i++) {
    const m = await createMember(t);
    await fundMember(t, m.id, FUNDS);
    players.push({ id: m.id, sessionToken: await openSession(m, vendor), expected: FUNDS });
  }

  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;

  /** One signed request over HTTP. */
  async function send(path: string, payload: unknown): Promise<Answer> {
    const raw = JSON.stringify(payload);
    const timestamp = String(t.clock.now());
    const res = await fetch(`${base}/vendor/v1/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-vendor-code': vendor.code, 'x-timestamp': timestamp, 'x-signature': sign(vendor.secret, path, timestamp, raw) },
      body: raw,
    });
    expect(res.status).toBe(200);
    return (await res.json()) as Answer;
  }

  /** Sends one operation 2-10 times at once; every copy must get the same answer. */
  async function duplicated(rand: () => number, path: string, payload: Record<string, unknown>): Promise<Answer> {
    const copies = 2 + Math.floor(rand() * 9);
    const answers = await Promise.all(
      Array.from({ length: copies }, (_, i) => send(path, { ...payload, requestId: `${String(payload.transactionId)}#${i}` })),
    );
    const [first] = answers;
    expect(first!.code, `${path} ${JSON.stringify(first)}`).not.toBe('INTERNAL_ERROR');
    for (const a of answers) {
      expect({ status: a.status, code: a.code, platformTransactionId: a.platformTransactionId }).toEqual({
        status: first!.status,
        code: first!.code,
        platformTransactionId: first!.platformTransactionId,
      });
    }
    return first!;
  }

  const applied = new Set<string>(); // platformTransactionIds of operations answered OK
  let okOperations = 0;

  async function client(c: number) {
    const rand = random(1000 + c);
    const p = players[c % PLAYERS]!;
    const playerId = String(p.id);
    for (let r = 0; r < ROUNDS; r++) {
      const roundId = `c${c}-r${r}`;
      const betId = `c${c}-r${r}-bet`;
      const amount = BigInt(1 + Math.floor(rand() * 5000));
      const bet = { playerId, sessionToken: p.sessionToken, transactionId: betId, roundId, gameCode: 'SLOT-7', amount: String(amount), currency: 'THB' };
      const rollback = { playerId, transactionId: `c${c}-r${r}-rb`, referenceTransactionId: betId, roundId };
      const shape = rand();
      if (shape < 0.2) {
        // The rollback arrives before its bet: recorded, so the bet is refused.
        const rb = await duplicated(rand, 'wallet/rollback', rollback);
        expect(rb.status).toBe('OK');
        const late = await duplicated(rand, 'wallet/bet', bet);
        expect(late.code).toBe('TRANSACTION_ROLLED_BACK');
        applied.add(rb.platformTransactionId!);
        okOperations += 1;
        continue;
      }
      const b = await duplicated(rand, 'wallet/bet', bet);
      expect(b.status).toBe('OK');
      applied.add(b.platformTransactionId!);
      okOperations += 1;
      p.expected -= amount;
      if (shape < 0.4) {
        const rb = await duplicated(rand, 'wallet/rollback', rollback);
        expect(rb.status).toBe('OK');
        applied.add(rb.platformTransactionId!);
        okOperations += 1;
        p.expected += amount;
      } else {
        const won = BigInt(Math.floor(rand() * 8000)); // zero sometimes: a round with nothing won
        const w = await duplicated(rand, 'wallet/win', {
          playerId,
          transactionId: `c${c}-r${r}-win`,
          roundId,
          gameCode: 'SLOT-7',
          amount: String(won),
          currency: 'THB',
          betTransactionId: betId,
        });
        expect(w.status).toBe('OK');
        applied.add(w.platformTransactionId!);
        okOperations += 1;
        p.expected += won;
      }
    }
  }

  await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));

  // Each operation answered OK has its own platform transaction (no two shared one).
  expect(applied.size).toBe(okOperations);
  const db = t.db.database.db;
  const rows = async <T>(q: ReturnType<typeof sql>) => {
    const result = (await db.execute(q)) as unknown as { rows?: T[] } & T[];
    return result.rows ?? result;
  };
  // Each transactionId applied once: one ledger transaction per OK operation, none twice.
  const [counted] = await rows<{ n: number }>(sql`select count(*)::int as n from ledger_transactions where op = 'game' and kind <> 'refused' and actor_id = ${vendor.code}`);
  expect(counted!.n).toBe(okOperations);
  const twice = await rows<{ key: string }>(sql`select key from ledger_transactions where op = 'game' group by key having count(*) > 1`);
  expect(twice).toEqual([]);
  // No balance below zero, and each player's balance is what the script implies.
  const negative = await rows<{ n: number }>(sql`select count(*)::int as n from ledger_accounts where member_id is not null and balance < 0`);
  expect(negative[0]!.n).toBe(0);
  for (const p of players) {
    expect(await t.app.services.wallet.balanceOf({ id: p.id, trial: false }), `player ${p.id}`).toBe(p.expected);
  }
  const verified = await t.app.services.wallet.verify();
  expect(verified.violations).toEqual([]);
}, 300_000);
