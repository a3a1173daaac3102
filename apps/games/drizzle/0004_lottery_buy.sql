-- Ticket purchase in one statement (docs/adr/0099-house-statements-batched.md): the tickets bought on one
-- draw while the previous statement was in flight, recorded `open` with their exposure under the cap, each ticket
-- all or nothing. Replaces ten round trips per ticket (the draw, the restricted numbers, the transaction with its
-- lock, ticket and exposure rows), which bounded the purchase rate (docs/benchmarks.md).
--
-- p_tickets: [{id, playerId, platformPlayerId, currency, platformSession, cost, bets: [{b: <bet with its rate>,
-- k: <restriction key>, w: <stake x rate>}]}]. p_rates, p_min_stake, p_max_stake, p_cap: the game's row as the
-- caller validated the bets against (its cache); a game changed since then answers `stale` and nothing is written.
-- Answers one row per ticket, in order: `open` (recorded), `exposure_full` (with the key), `closed`, `void`,
-- `unknown` or `stale`.
CREATE OR REPLACE FUNCTION house_lotto_buy(
  p_draw_id integer,
  p_now timestamptz,
  p_rates jsonb,
  p_min_stake bigint,
  p_max_stake bigint,
  p_cap bigint,
  p_tickets jsonb
) RETURNS TABLE (ticket_id text, outcome text, bet_key text) LANGUAGE plpgsql AS $$
DECLARE
  v_draw record;
  v_game record;
  v_keys text[];
  v_restricted text[];
  v_liability jsonb;
  v_ticket jsonb;
  v_adds jsonb;
  v_full text;
  v_open jsonb[] := '{}';
  v_all_fit boolean;
  v_batch jsonb;
  v_key text;
  v_add bigint;
BEGIN
  -- FOR SHARE: purchases run side by side, but a status change of the draw (void, result) waits for them, and a
  -- purchase after it sees it.
  SELECT d.status, d.lock_at, d.game_code INTO v_draw FROM house_lotto_draws d WHERE d.id = p_draw_id FOR SHARE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT t->>'id', 'unknown', NULL::text FROM jsonb_array_elements(p_tickets) t;
    RETURN;
  END IF;
  IF v_draw.status <> 'scheduled' OR v_draw.lock_at <= p_now THEN
    RETURN QUERY SELECT t->>'id', CASE WHEN v_draw.status = 'void' THEN 'void' ELSE 'closed' END, NULL::text
      FROM jsonb_array_elements(p_tickets) t;
    RETURN;
  END IF;
  SELECT g.enabled, g.rates, g.min_stake, g.max_stake, g.exposure_cap INTO v_game
    FROM house_lotto_games g WHERE g.code = v_draw.game_code;
  IF NOT v_game.enabled OR v_game.rates <> p_rates OR v_game.min_stake <> p_min_stake
     OR v_game.max_stake <> p_max_stake OR v_game.exposure_cap <> p_cap THEN
    RETURN QUERY SELECT t->>'id', 'stale', NULL::text FROM jsonb_array_elements(p_tickets) t;
    RETURN;
  END IF;

  SELECT coalesce(array_agg(DISTINCT e->>'k' ORDER BY e->>'k'), '{}') INTO v_keys
    FROM jsonb_array_elements(p_tickets) t, jsonb_array_elements(t->'bets') e;
  v_restricted := ARRAY(SELECT r.bet_key FROM house_lotto_restricted r
    WHERE r.game_code = v_draw.game_code AND r.bet_key = ANY (v_keys));
  -- What each ticket adds per key: stake x rate of each bet, half on a restricted number, two bets on one key added.
  SELECT coalesce(jsonb_agg(jsonb_build_object('o', a.o, 'k', a.k, 'add', a.add)), '[]') INTO v_batch FROM (
    SELECT t.o, e->>'k' AS k,
           sum(((e->>'w')::bigint) / CASE WHEN (e->>'k') = ANY (v_restricted) THEN 200 ELSE 100 END) AS add
      FROM jsonb_array_elements(p_tickets) WITH ORDINALITY AS t(v, o), jsonb_array_elements(t.v->'bets') e
     GROUP BY t.o, e->>'k') a;
  -- The common case: the whole batch fits under the cap on every key (then so does every ticket on its way, the
  -- liabilities only growing). Each key's total added in key order (two statements, two instances, never
  -- deadlock), each upsert its own check; one key that does not fit undoes them all (the block's subtransaction).
  v_all_fit := true;
  BEGIN
    FOR v_key, v_add IN
      SELECT a->>'k', sum((a->>'add')::bigint) FROM jsonb_array_elements(v_batch) a GROUP BY 1 ORDER BY 1
    LOOP
      IF v_add > p_cap THEN
        RAISE EXCEPTION 'exposure cap' USING ERRCODE = 'raise_exception';
      END IF;
      INSERT INTO house_lotto_exposure AS e (draw_id, bet_key, liability) VALUES (p_draw_id, v_key, v_add)
        ON CONFLICT ON CONSTRAINT house_lotto_exposure_draw_id_bet_key_pk
        DO UPDATE SET liability = e.liability + excluded.liability
        WHERE e.liability + excluded.liability <= p_cap;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'exposure cap' USING ERRCODE = 'raise_exception';
      END IF;
    END LOOP;
  EXCEPTION WHEN raise_exception THEN
    v_all_fit := false;
  END;
  IF v_all_fit THEN
    v_open := ARRAY(SELECT t FROM jsonb_array_elements(p_tickets) t);
    RETURN QUERY SELECT t->>'id', 'open', NULL::text FROM jsonb_array_elements(p_tickets) t;
  ELSE
    -- Else one ticket at a time, in order: a ticket that would pass the cap on any of its keys is refused whole.
    -- Every key of the batch has its row, locked in key order.
    INSERT INTO house_lotto_exposure (draw_id, bet_key, liability)
      SELECT p_draw_id, k, 0 FROM unnest(v_keys) k ORDER BY k ON CONFLICT DO NOTHING;
    SELECT coalesce(jsonb_object_agg(x.bet_key, x.liability), '{}') INTO v_liability FROM (
      SELECT e.bet_key, e.liability FROM house_lotto_exposure e
       WHERE e.draw_id = p_draw_id AND e.bet_key = ANY (v_keys) ORDER BY e.bet_key FOR UPDATE) x;
    FOR v_ticket IN SELECT t FROM jsonb_array_elements(p_tickets) t LOOP
      SELECT jsonb_object_agg(a.k, a.add) INTO v_adds FROM (
        SELECT e->>'k' AS k,
               sum(((e->>'w')::bigint) / CASE WHEN (e->>'k') = ANY (v_restricted) THEN 200 ELSE 100 END) AS add
          FROM jsonb_array_elements(v_ticket->'bets') e GROUP BY e->>'k') a;
      SELECT a.key INTO v_full FROM jsonb_each_text(v_adds) a
       WHERE (v_liability->>a.key)::bigint + a.value::bigint > p_cap ORDER BY a.key LIMIT 1;
      IF v_full IS NOT NULL THEN
        ticket_id := v_ticket->>'id'; outcome := 'exposure_full'; bet_key := v_full;
        RETURN NEXT;
        CONTINUE;
      END IF;
      SELECT v_liability || jsonb_object_agg(a.key, (v_liability->>a.key)::bigint + a.value::bigint) INTO v_liability
        FROM jsonb_each_text(v_adds) a;
      v_open := v_open || v_ticket;
      ticket_id := v_ticket->>'id'; outcome := 'open'; bet_key := NULL;
      RETURN NEXT;
    END LOOP;
    UPDATE house_lotto_exposure e SET liability = (v_liability->>e.bet_key)::bigint
     WHERE e.draw_id = p_draw_id AND e.bet_key = ANY (v_keys) AND e.liability <> (v_liability->>e.bet_key)::bigint;
  END IF;

  INSERT INTO house_lotto_tickets
    (id, draw_id, game_code, player_id, platform_player_id, currency, platform_session, bets, cost, status, created_at)
  SELECT t->>'id', p_draw_id, v_draw.game_code, (t->>'playerId')::integer, t->>'platformPlayerId', t->>'currency',
         t->>'platformSession',
         (SELECT jsonb_agg((e->'b') || jsonb_build_object('restricted', (e->>'k') = ANY (v_restricted)) ORDER BY o)
            FROM jsonb_array_elements(t->'bets') WITH ORDINALITY AS b(e, o)),
         (t->>'cost')::bigint, 'open', p_now
    FROM unnest(v_open) t;
END
$$;
