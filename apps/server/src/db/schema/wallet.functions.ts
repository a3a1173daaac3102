/**
 * The ledger's database objects that Drizzle's schema cannot express, applied idempotently after the
 * migrations (db/migrate.ts), like the audit log's triggers:
 * - triggers that make ledger_transactions and ledger_entries append-only;
 * - the one write path (docs/adr/0026-ledger-and-wallet.md): `ledger_post` (a balanced posting) and
 *   `ledger_game_op` (a vendor bet, win or rollback). Each is one statement, so one round trip and one
 *   transaction: lock the member account(s), look up the idempotency key, check the rules, then insert the
 *   transaction, move the member balance(s) and append the entries. Bets and wins of a positive amount
 *   take a lock-free order instead (idempotency row first, then one conditional UPDATE that is also the
 *   lock: docs/adr/0061-lock-free-game-operations.md). The rules are those of
 *   packages/ledger (posting.ts, game.ts); test/wallet-ledger.test.ts drives both with the same sequences.
 *   The wallet calls `ledger_game_op` through `ledger_game_ops`, which runs a batch of them in one statement
 *   (group commit: docs/adr/0064-group-commit-of-game-operations.md).
 *
 * Member accounts are locked in id order, so two transfers between the same members never deadlock.
 * System accounts are never locked or updated (their balance is derived from entries): no hot row.
 */
export const LEDGER_SQL = [
  `create or replace function ledger_append_only() returns trigger language plpgsql as $$
begin
  raise exception '% is append-only (% refused)', tg_table_name, tg_op using errcode = 'insufficient_privilege';
end
$$`,
  `create or replace trigger ledger_transactions_no_change before update or delete on ledger_transactions
  for each row execute function ledger_append_only()`,
  `create or replace trigger ledger_transactions_no_truncate before truncate on ledger_transactions
  for each statement execute function ledger_append_only()`,
  `create or replace trigger ledger_entries_no_change before update or delete on ledger_entries
  for each row execute function ledger_append_only()`,
  `create or replace trigger ledger_entries_no_truncate before truncate on ledger_entries
  for each statement execute function ledger_append_only()`,

  // An account by code, created on first use (class and member from the code's form).
  `create or replace function ledger_account_id(p_code text, p_currency text) returns bigint language plpgsql as $$
declare
  v_id bigint;
begin
  select a.id into v_id from ledger_accounts a where a.code = p_code;
  if v_id is null then
    insert into ledger_accounts (code, member_id, class, currency)
    values (
      p_code,
      case when p_code like 'm:%' then split_part(p_code, ':', 2)::int end,
      case when p_code = 's:trial' or p_code like 'm:%:trial' then 'trial' else 'real' end,
      p_currency)
    on conflict (code) do nothing;
    select a.id into v_id from ledger_accounts a where a.code = p_code;
  end if;
  return v_id;
end
$$`,

  // The posting function before the wagering outstanding (docs/adr/0070): its signature is replaced below.
  `drop function if exists ledger_post(text, text, text, text, text, text, text, text, text, text, bigint, text, text[], bigint[])`,

  // A balanced posting. outcome: created | replayed | conflict | insufficient_funds | invalid_posting |
  // wagering_outstanding; codes/balances: the member accounts touched and their balances (after, or now on a
  // replay); on wagering_outstanding the debited account and its outstanding wagering.
  //
  // Wagering outstanding (docs/adr/0070-wagering-outstanding.md), a memo figure kept beside the balance:
  // - p_wagering: per leg, the requirement the leg adds (a credit that needs turnover) or takes back (a
  //   reversal), applied never below zero;
  // - p_wagering_carry: the one debited member account hands the one credited member account its outstanding
  //   pro rata (outstanding x amount / balance before, rounded up, at most all of it); the receiver's
  //   requirement is the larger of what it is carried and its own p_wagering;
  // - p_wagering_clear: refused (wagering_outstanding) while a debited member account has any outstanding.
  // Each entry records the change it made (ledger_entries.wagering): the outstanding is the sum of them.
  `create or replace function ledger_post(
  p_op text, p_key text, p_kind text, p_hash text, p_actor_kind text, p_actor_id text, p_reason text,
  p_group text, p_ref text, p_memo text, p_reverses bigint, p_currency text, p_codes text[], p_amounts bigint[],
  p_wagering bigint[], p_wagering_carry boolean, p_wagering_clear boolean)
returns table (outcome text, tx_id bigint, codes text[], balances bigint[]) language plpgsql as $$
#variable_conflict use_column
declare
  v_n int := coalesce(array_length(p_codes, 1), 0);
  v_ids bigint[] := '{}';
  v_found record;
  v_acc record;
  v_tx bigint;
  v_bal bigint;
  v_total bigint := 0;
  v_wagering bigint[];
  v_change bigint;
  v_carried bigint := 0;
  v_senders int := 0;
  v_receivers int := 0;
  i int;
begin
  for i in 1..v_n loop
    v_ids := v_ids || ledger_account_id(p_codes[i], p_currency);
    v_total := v_total + p_amounts[i];
  end loop;
  perform 1 from ledger_accounts a where a.id = any(v_ids) and a.member_id is not null order by a.id for update;

  select t.id, t.hash into v_found from ledger_transactions t where t.op = p_op and t.key = p_key;
  if found then
    if v_found.hash <> p_hash then
      return query select 'conflict'::text, v_found.id, null::text[], null::bigint[];
    else
      return query select 'replayed'::text, v_found.id, array_agg(a.code::text order by a.id), array_agg(a.balance order by a.id)
        from ledger_accounts a where a.id = any(v_ids) and a.member_id is not null;
    end if;
    return;
  end if;

  if v_n < 2 or v_total <> 0
     or (select count(distinct (a.class, a.currency)) from ledger_accounts a where a.id = any(v_ids)) <> 1
     or exists (select 1 from unnest(p_amounts) x where x = 0) then
    return query select 'invalid_posting'::text, null::bigint, null::text[], null::bigint[];
    return;
  end if;

  for i in 1..v_n loop
    select a.code, a.member_id, a.balance into v_acc from ledger_accounts a where a.id = v_ids[i];
    if v_acc.member_id is not null and v_acc.balance + p_amounts[i] < 0 then
      return query select 'insufficient_funds'::text, null::bigint, array[v_acc.code::text], array[v_acc.balance];
      return;
    end if;
  end loop;

  -- The requirement each leg asks for; system accounts keep none.
  v_wagering := array_fill(0::bigint, array[v_n]);
  for i in 1..v_n loop
    select a.code, a.member_id, a.balance, a.wagering_outstanding into v_acc from ledger_accounts a where a.id = v_ids[i];
    if v_acc.member_id is null then
      continue;
    end if;
    v_wagering[i] := coalesce(p_wagering[i], 0);
    if p_amounts[i] < 0 then
      v_senders := v_senders + 1;
      if p_wagering_clear and v_acc.wagering_outstanding > 0 then
        return query select 'wagering_outstanding'::text, null::bigint, array[v_acc.code::text], array[v_acc.wagering_outstanding];
        return;
      end if;
      if p_wagering_carry and v_acc.wagering_outstanding > 0 then
        -- The amount's share of the balance before the movement (amount <= balance, checked above).
        v_carried := least(v_acc.wagering_outstanding,
          ceil(v_acc.wagering_outstanding::numeric * (-p_amounts[i]) / v_acc.balance)::bigint);
        v_wagering[i] := -v_carried;
      end if;
    else
      v_receivers := v_receivers + 1;
    end if;
  end loop;
  if p_wagering_carry then
    if v_senders <> 1 or v_receivers <> 1 then
      return query select 'invalid_posting'::text, null::bigint, null::text[], null::bigint[];
      return;
    end if;
    for i in 1..v_n loop
      if p_amounts[i] > 0 and (select a.member_id from ledger_accounts a where a.id = v_ids[i]) is not null then
        v_wagering[i] := greatest(v_wagering[i], v_carried);
      end if;
    end loop;
  end if;

  insert into ledger_transactions (op, key, kind, hash, actor_kind, actor_id, reason, group_key, ref_key, memo, reverses, amount)
  values (p_op, p_key, p_kind, p_hash, p_actor_kind, p_actor_id, p_reason, p_group, p_ref, p_memo, p_reverses,
          (select coalesce(sum(x), 0) from unnest(p_amounts) x where x > 0))
  returning id into v_tx;

  for i in 1..v_n loop
    v_bal := null;
    v_change := 0;
    update ledger_accounts a set balance = a.balance + p_amounts[i],
        wagering_outstanding = greatest(a.wagering_outstanding + v_wagering[i], 0),
        wagering_change = greatest(a.wagering_outstanding + v_wagering[i], 0) - a.wagering_outstanding
      where a.id = v_ids[i] and a.member_id is not null returning a.balance, a.wagering_change into v_bal, v_change;
    insert into ledger_entries (transaction_id, account_id, amount, balance_after, wagering)
    values (v_tx, v_ids[i], p_amounts[i], v_bal, coalesce(v_change, 0));
  end loop;

  return query select 'created'::text, v_tx, array_agg(a.code::text order by a.id), array_agg(a.balance order by a.id)
    from ledger_accounts a where a.id = any(v_ids) and a.member_id is not null;
end
$$`,

  // A vendor game movement (packages/ledger game.ts). status OK | ERROR with code; balance: the player's.
  //
  // Bets and wins of a positive amount (nearly every call) take the lock-free path (docs/adr/0061):
  //   1. insert the transaction row first, ON CONFLICT (op, key) DO NOTHING: a conflict is a replay or a
  //      conflict, answered from the stored row (the insert waits for a racing twin to commit or roll back);
  //   2. one conditional UPDATE of the member balance (a bet: `where balance >= amount`), which also locks the
  //      row until commit, so the rules that depend on this player's other movements are checked after it
  //      (each statement of the function sees what committed before it, READ COMMITTED);
  //   3. the tombstone check (a rollback recorded first), then the two entries.
  // A refusal after step 1 raises SQLSTATE LG001 with the protocol code as its message: the statement
  // rolls back (nothing written, the idempotency row included) and ledger_game_ops answers the code with the
  // balance and records the refusal (a `refused` row: its answer, no entries). Rollbacks and zero amounts (rare; a rollback's amount is the bet's, known only under
  // the lock) take the locking path: lock the member row, look up, check, then write.
  `create or replace function ledger_game_op(
  p_vendor text, p_member int, p_trial boolean, p_kind text, p_txid text, p_hash text, p_amount bigint,
  p_round text, p_game text, p_ref text, p_currency text)
returns table (status text, code text, tx_id bigint, balance bigint) language plpgsql as $$
#variable_conflict use_column
declare
  v_ns text := p_vendor || ':' || p_member || ':';
  v_key text := v_ns || p_txid;
  v_player_code text := case when p_trial then 'm:' || p_member || ':trial' else 'm:' || p_member || ':main' end;
  v_counter_code text := case when p_trial then 's:trial' else 's:vendor:' || p_vendor end;
  v_player bigint;
  v_balance bigint;
  v_found record;
  v_target record;
  v_ref_key text := null;
  v_delta bigint := 0;
  v_tx bigint;
  v_counter bigint;
  -- The change to the player's wagering outstanding (docs/adr/0070): a stake reduces it, never below zero;
  -- a rollback gives back what its bet took.
  v_wagering bigint := 0;
begin
  if p_kind in ('bet', 'win') and p_amount > 0 then
    if p_kind = 'win' and p_ref is not null then
      v_ref_key := v_ns || p_ref;
    end if;
    insert into ledger_transactions (op, key, kind, hash, actor_kind, actor_id, group_key, ref_key, memo, amount)
    values ('game', v_key, p_kind, p_hash, 'vendor', p_vendor,
            case when p_round is null then null else v_ns || 'r:' || p_round end,
            v_ref_key, left(p_game, 120), p_amount)
    on conflict (op, key) do nothing
    returning id into v_tx;
    if v_tx is null then
      select t.id, t.hash, t.kind, t.reason into v_found from ledger_transactions t where t.op = 'game' and t.key = v_key;
      select a.balance into v_balance from ledger_accounts a where a.code = v_player_code;
      balance := coalesce(v_balance, 0);
      if v_found.hash = p_hash and v_found.kind = 'refused' then
        status := 'ERROR';
        code := v_found.reason;
      elsif v_found.hash = p_hash then
        status := 'OK';
        tx_id := v_found.id;
      else
        status := 'ERROR';
        code := 'DUPLICATE_TRANSACTION_CONFLICT';
      end if;
      return next;
      return;
    end if;

    if p_kind = 'bet' then
      v_delta := -p_amount;
      -- The same UPDATE (no other row, no other statement) takes the stake off the wagering outstanding;
      -- wagering_change keeps what it took, for the entry.
      update ledger_accounts a set balance = a.balance - p_amount,
          wagering_outstanding = greatest(a.wagering_outstanding - p_amount, 0),
          wagering_change = greatest(a.wagering_outstanding - p_amount, 0) - a.wagering_outstanding
        where a.code = v_player_code and a.balance >= p_amount
        returning a.id, a.balance, a.wagering_change into v_player, v_balance, v_wagering;
      if not found then
        if exists (select 1 from ledger_transactions t where t.ref_key = v_key and t.op = 'game' and t.kind = 'rollback') then
          raise exception 'TRANSACTION_ROLLED_BACK' using errcode = 'LG001';
        end if;
        raise exception 'INSUFFICIENT_FUNDS' using errcode = 'LG001';
      end if;
      if exists (select 1 from ledger_transactions t where t.ref_key = v_key and t.op = 'game' and t.kind = 'rollback') then
        raise exception 'TRANSACTION_ROLLED_BACK' using errcode = 'LG001';
      end if;
    else
      v_delta := p_amount;
      update ledger_accounts a set balance = a.balance + p_amount
        where a.code = v_player_code returning a.id, a.balance into v_player, v_balance;
      if not found then
        v_player := ledger_account_id(v_player_code, p_currency);
        update ledger_accounts a set balance = a.balance + p_amount
          where a.id = v_player returning a.balance into v_balance;
      end if;
      if v_ref_key is not null and exists (
        select 1 from ledger_transactions t where t.ref_key = v_ref_key and t.op = 'game' and t.kind = 'rollback') then
        raise exception 'TRANSACTION_ROLLED_BACK' using errcode = 'LG001';
      end if;
    end if;
    select a.id into v_counter from ledger_accounts a where a.code = v_counter_code;
    if not found then
      v_counter := ledger_account_id(v_counter_code, p_currency);
    end if;
    insert into ledger_entries (transaction_id, account_id, amount, balance_after, wagering)
    values (v_tx, v_player, v_delta, v_balance, v_wagering), (v_tx, v_counter, -v_delta, null, 0);
    -- The answer through the output columns (no query to build it).
    status := 'OK';
    tx_id := v_tx;
    balance := v_balance;
    return next;
    return;
  end if;

  select a.id, a.balance into v_player, v_balance from ledger_accounts a where a.code = v_player_code for update;
  if not found then
    v_player := ledger_account_id(v_player_code, p_currency);
    select a.balance into v_balance from ledger_accounts a where a.id = v_player for update;
  end if;

  select t.id, t.hash, t.kind, t.reason into v_found from ledger_transactions t where t.op = 'game' and t.key = v_key;
  if found then
    if v_found.hash = p_hash and v_found.kind = 'refused' then
      return query select 'ERROR'::text, v_found.reason::text, null::bigint, v_balance;
    elsif v_found.hash = p_hash then
      return query select 'OK'::text, null::text, v_found.id, v_balance;
    else
      return query select 'ERROR'::text, 'DUPLICATE_TRANSACTION_CONFLICT'::text, null::bigint, v_balance;
    end if;
    return;
  end if;

  if p_kind = 'bet' then
    if exists (select 1 from ledger_transactions t where t.ref_key = v_key and t.op = 'game' and t.kind = 'rollback') then
      return query select 'ERROR'::text, 'TRANSACTION_ROLLED_BACK'::text, null::bigint, v_balance;
      return;
    end if;
    if p_amount > v_balance then
      return query select 'ERROR'::text, 'INSUFFICIENT_FUNDS'::text, null::bigint, v_balance;
      return;
    end if;
    v_delta := -p_amount;
  elsif p_kind = 'win' then
    if p_ref is not null then
      v_ref_key := v_ns || p_ref;
      if exists (select 1 from ledger_transactions t where t.ref_key = v_ref_key and t.op = 'game' and t.kind = 'rollback') then
        return query select 'ERROR'::text, 'TRANSACTION_ROLLED_BACK'::text, null::bigint, v_balance;
        return;
      end if;
    end if;
    v_delta := p_amount;
  elsif p_kind = 'rollback' and p_ref is not null then
    v_ref_key := v_ns || p_ref;
    select t.id, t.kind, t.group_key, t.amount into v_target from ledger_transactions t where t.op = 'game' and t.key = v_ref_key;
    -- A refused bet moved nothing: its rollback is recorded and refunds nothing (like an unknown one).
    if found and v_target.kind <> 'refused' then
      if v_target.kind <> 'bet' then
        return query select 'ERROR'::text, 'INVALID_REQUEST'::text, null::bigint, v_balance;
        return;
      end if;
      if not exists (select 1 from ledger_transactions t where t.ref_key = v_ref_key and t.op = 'game' and t.kind = 'rollback') then
        -- Settled: a win in the bet's round, or a win naming the bet (betTransactionId) in any round.
        if (v_target.group_key is not null and exists (
              select 1 from ledger_transactions t where t.group_key = v_target.group_key and t.op = 'game' and t.kind = 'win'))
           or exists (select 1 from ledger_transactions t where t.ref_key = v_ref_key and t.op = 'game' and t.kind = 'win') then
          return query select 'ERROR'::text, 'ROUND_CLOSED'::text, null::bigint, v_balance;
          return;
        end if;
        v_delta := v_target.amount;
        -- The stake was not settled: what it took off the wagering outstanding comes back.
        select coalesce(sum(-e.wagering), 0) into v_wagering from ledger_entries e
          where e.transaction_id = v_target.id and e.account_id = v_player;
      end if;
    end if;
  else
    return query select 'ERROR'::text, 'INVALID_REQUEST'::text, null::bigint, v_balance;
    return;
  end if;

  insert into ledger_transactions (op, key, kind, hash, actor_kind, actor_id, group_key, ref_key, memo, amount)
  values ('game', v_key, p_kind, p_hash, 'vendor', p_vendor,
          case when p_round is null then null else v_ns || 'r:' || p_round end,
          v_ref_key, left(p_game, 120), case when p_kind = 'rollback' then v_delta else p_amount end)
  returning id into v_tx;

  if v_delta <> 0 then
    if p_kind = 'bet' then
      v_wagering := v_delta;
    end if;
    update ledger_accounts a set balance = a.balance + v_delta,
        wagering_outstanding = greatest(a.wagering_outstanding + v_wagering, 0),
        wagering_change = greatest(a.wagering_outstanding + v_wagering, 0) - a.wagering_outstanding
      where a.id = v_player returning a.balance, a.wagering_change into v_balance, v_wagering;
    insert into ledger_entries (transaction_id, account_id, amount, balance_after, wagering)
    values (v_tx, v_player, v_delta, v_balance, v_wagering), (v_tx, ledger_account_id(v_counter_code, p_currency), -v_delta, null, 0);
  end if;
  return query select 'OK'::text, null::text, v_tx, v_balance;
end
$$`,
  // A batch of vendor game movements (group commit, docs/adr/0064-group-commit-of-game-operations.md): each
  // element is one ledger_game_op, in the given order, all committed together by the caller's one statement.
  // Each runs in its own subtransaction, so a refusal (LG001: nothing of that movement is written, its
  // idempotency row included) leaves the others in place and is answered here with the player's balance.
  // Any other error aborts the whole statement: nothing of the batch is written and the wallet retries it.
  // Rows come back in the order of the input (one per element).
  `create or replace function ledger_game_ops(
  p_vendor text[], p_member int[], p_trial boolean[], p_kind text[], p_txid text[], p_hash text[], p_amount bigint[],
  p_round text[], p_game text[], p_ref text[], p_currency text)
returns table (status text, code text, tx_id bigint, balance bigint) language plpgsql as $$
#variable_conflict use_column
declare
  i int;
  v_row record;
begin
  for i in 1..coalesce(array_length(p_kind, 1), 0) loop
    begin
      select * into v_row from ledger_game_op(p_vendor[i], p_member[i], p_trial[i], p_kind[i], p_txid[i], p_hash[i],
        p_amount[i], p_round[i], p_game[i], p_ref[i], p_currency);
      status := v_row.status;
      code := v_row.code;
      tx_id := v_row.tx_id;
      balance := v_row.balance;
    exception when sqlstate 'LG001' then
      status := 'ERROR';
      code := sqlerrm;
      tx_id := null;
      select coalesce(max(a.balance), 0) into balance from ledger_accounts a
        where a.code = case when p_trial[i] then 'm:' || p_member[i] || ':trial' else 'm:' || p_member[i] || ':main' end;
    end;
    -- A refusal keeps its transaction id with its answer (issue 23 #1): the same request again answers the
    -- same refusal, and the id never applies later as another call (a refused bet's body sent as a win is
    -- DUPLICATE_TRANSACTION_CONFLICT). A row with no entries, group or reference: it moves and settles nothing.
    -- A replayed refusal finds its row already there (nothing written).
    if status = 'ERROR' and code <> 'DUPLICATE_TRANSACTION_CONFLICT' then
      insert into ledger_transactions (op, key, kind, hash, actor_kind, actor_id, reason, memo, amount)
      values ('game', p_vendor[i] || ':' || p_member[i] || ':' || p_txid[i], 'refused', p_hash[i], 'vendor', p_vendor[i],
              code, left(p_game[i], 120), 0)
      on conflict (op, key) do nothing;
    end if;
    return next;
  end loop;
end
$$`,
];
