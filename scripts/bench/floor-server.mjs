// The floor of the wallet bench (issue 8): the same debit as ONE SQL statement behind a bare Fastify
// route, on the same kind of database, with no signature, no validation, no idempotency and no ledger
// entries. Whatever the real path costs above this is the price of doing money right.
//   FLOOR_DATABASE_URL=postgres://... node scripts/bench/floor-server.mjs   (PostgreSQL)
//   FLOOR_PGLITE_DIR=/tmp/x node scripts/bench/floor-server.mjs             (PGlite in this process)
// It creates its own table `bench_floor_accounts` (players 1..FLOOR_PLAYERS with a large balance), listens on
// PORT and prints "ready" when it answers.
import Fastify from 'fastify';

const players = Number(process.env.FLOOR_PLAYERS ?? 1000);
let query;
if (process.env.FLOOR_DATABASE_URL) {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: process.env.FLOOR_DATABASE_URL, max: Number(process.env.FLOOR_POOL ?? 10) });
  query = (text, params) => pool.query(text, params);
} else {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(process.env.FLOOR_PGLITE_DIR);
  query = (text, params) => db.query(text, params);
}
await query('create table if not exists bench_floor_accounts (id int primary key, balance bigint not null check (balance >= 0))');
await query('truncate bench_floor_accounts');
await query(`insert into bench_floor_accounts select g, 1000000000000 from generate_series(1, ${players}) g`);

const app = Fastify({ logger: false });
app.post('/debit', async (req) => {
  const { player, amount } = req.body;
  const r = await query('update bench_floor_accounts set balance = balance - $2 where id = $1 and balance >= $2 returning balance', [player, amount]);
  return { status: 'OK', balance: String(r.rows[0]?.balance ?? 0) };
});
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log('ready');
