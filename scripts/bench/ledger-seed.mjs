// Seeds a migrated Lotus database with a ledger of `transactions` game movements (2 entries each) over
// `players` member accounts, consistent (every balance equals its entries), for the ledger:verify bench.
// Plain set-based SQL: the bench measures verification, not the write path.
export function ledgerSeedSql({ transactions = 500_000, players = 10_000, base = 5_000_000 } = {}) {
  return [
    `insert into ledger_accounts (code, member_id, class, currency)
       select 'm:' || g || ':main', g, 'real', 'THB' from generate_series(${base}, ${base + players - 1}) g
       on conflict (code) do nothing`,
    `insert into ledger_accounts (code, member_id, class, currency) values ('s:vendor:SEED', null, 'real', 'THB')
       on conflict (code) do nothing`,
    `insert into ledger_transactions (op, key, kind, hash, actor_kind, actor_id, group_key, amount)
       select 'game', 'SEED:' || (${base} + g % ${players}) || ':' || g, 'win', md5(g::text) || md5(g::text), 'vendor', 'SEED',
              'SEED:' || g, 100 + g % 50
       from generate_series(1, ${transactions}) g`,
    `insert into ledger_entries (transaction_id, account_id, amount)
       select t.id, a.id, t.amount from ledger_transactions t
         join ledger_accounts a on a.code = 'm:' || split_part(t.key, ':', 2) || ':main'
       where t.actor_id = 'SEED'`,
    `insert into ledger_entries (transaction_id, account_id, amount)
       select t.id, (select id from ledger_accounts where code = 's:vendor:SEED'), -t.amount from ledger_transactions t
       where t.actor_id = 'SEED'`,
    `update ledger_accounts a set balance = s.total
       from (select e.account_id, sum(e.amount) as total from ledger_entries e group by e.account_id) s
       where s.account_id = a.id and a.member_id is not null`,
    `analyze`,
  ];
}
