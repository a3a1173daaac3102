import { describe, expect, it } from 'vitest';
import { body, createClock, useTestApp } from './helper';
import { createMember, type Member } from './factories';
import { createVendor, fundMember, launch, openSession, tokenOf, vendorCaller, type VendorCaller } from './vendor-client';

/**
 * Vendor wallet protocol v1 over the wallet's ledger (docs/vendor-protocol.md "Semantics"):
 * idempotency per (vendor, player, transactionId), same id with another body, rollbacks before their
 * bets, closed rounds, rolled-back transactions, zero amounts, wins without bets and late wins; and
 * every refused request leaves the ledger as it was.
 */
const t = useTestApp({ clock: createClock({ frozen: Date.now() }) });
const MINUTE = 60_000;

/**
 * Ledger entries written so far (the wallet's verification counts them): what moved money. A refusal records its
 * transaction id with its answer (issue 23 #1: a `refused` transaction) but writes no entry.
 */
const ledgerEntries = async () => (await t.app.services.wallet.verify()).entries;

type Answer = { status: string; code?: string; balance?: string; transactionId?: string; platformTransactionId?: string; message?: string };

let seq = 0;
async function player(funds = 100_000n) {
  const v = vendorCaller(t, await createVendor(t));
  const m = await createMember(t);
  if (funds > 0n) await fundMember(t, m.id, funds);
  const sessionToken = await openSession(m, v);
  seq += 1;
  const round = `round-${seq}`;
  const ids = { bet: `bet-${seq}`, win: `win-${seq}`, rb: `rb-${seq}` };
  const bet = (over: Record<string, unknown> = {}) => ({
    requestId: `req-${Math.random()}`,
    playerId: String(m.id),
    sessionToken,
    transactionId: ids.bet,
    roundId: round,
    gameCode: 'SLOT-7',
    amount: '1050',
    currency: 'THB',
    ...over,
  });
  const win = (over: Record<string, unknown> = {}) => ({
    requestId: `req-${Math.random()}`,
    playerId: String(m.id),
    transactionId: ids.win,
    roundId: round,
    gameCode: 'SLOT-7',
    amount: '2500',
    currency: 'THB',
    ...over,
  });
  const rollback = (over: Record<string, unknown> = {}) => ({
    requestId: `req-${Math.random()}`,
    playerId: String(m.id),
    transactionId: ids.rb,
    referenceTransactionId: ids.bet,
    roundId: round,
    ...over,
  });
  const send = async (path: string, payload: unknown): Promise<Answer> => {
    const res = await v.call(path, payload);
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const balance = async () => (await send('wallet/balance', { playerId: String(m.id), sessionToken })).balance;
  return { v, m, sessionToken, round, ids, bet, win, rollback, send, balance };
}

describe('idempotent per (vendor, player, transactionId)', () => {
  it('a repeated bet, win or rollback with the same body answers the same status and platformTransactionId with the current balance, and changes nothing', async () => {
    const p = await player();
    const bet = await p.send('wallet/bet', p.bet());
    expect(bet).toMatchObject({ status: 'OK', balance: '98950', currency: 'THB', transactionId: p.ids.bet });
    expect(bet.platformTransactionId).toMatch(/^[0-9]+$/);
    const win = await p.send('wallet/win', p.win({ betTransactionId: p.ids.bet }));
    expect(win).toMatchObject({ status: 'OK', balance: '101450' });

    const before = await ledgerEntries();
    // Retries carry a new requestId (and may carry a renewed session): still the same operation.
    const betAgain = await p.send('wallet/bet', p.bet({ requestId: 'retry-1' }));
    expect(betAgain).toEqual({ ...bet, balance: '101450', requestId: 'retry-1' }); // same id, current balance
    const winAgain = await p.send('wallet/win', p.win({ betTransactionId: p.ids.bet, requestId: 'retry-2' }));
    expect(winAgain).toEqual({ ...win, requestId: 'retry-2' });
    expect(await ledgerEntries()).toBe(before);
    expect(await p.balance()).toBe('101450');
  });

  it('a rollback repeated answers OK and refunds once', async () => {
    const p = await player();
    await p.send('wallet/bet', p.bet());
    const rb = await p.send('wallet/rollback', p.rollback());
    expect(rb).toMatchObject({ status: 'OK', balance: '100000', transactionId: p.ids.rb });
    const before = await ledgerEntries();
    expect(await p.send('wallet/rollback', p.rollback({ requestId: 'again' }))).toEqual({ ...rb, requestId: 'again' });
    expect(await ledgerEntries()).toBe(before);
    expect(await p.balance()).toBe('100000');
  });

  it('the same transactionId with another body: DUPLICATE_TRANSACTION_CONFLICT with the balance, nothing written', async () => {
    const p = await player();
    await p.send('wallet/bet', p.bet());
    const before = await ledgerEntries();
    for (const other of [{ amount: '1051' }, { roundId: 'other-round' }, { gameCode: 'OTHER' }]) {
      expect(await p.send('wallet/bet', p.bet(other)), JSON.stringify(other)).toMatchObject({
        status: 'ERROR',
        code: 'DUPLICATE_TRANSACTION_CONFLICT',
        balance: '98950',
      });
    }
    // the same id used for a win is another operation kind of the same id
    await p.send('wallet/win', p.win());
    const afterWin = await ledgerEntries();
    expect(await p.send('wallet/win', p.win({ amount: '1' }))).toMatchObject({ code: 'DUPLICATE_TRANSACTION_CONFLICT' });
    expect(await ledgerEntries()).toBe(afterWin);
    expect(afterWin).toBe(before + 2); // the win's two entries
  });
});

describe('rollbacks and rounds', () => {
  it('rollback-before-bet: a rollback of an unknown transaction answers OK and is recorded, so the late bet is TRANSACTION_ROLLED_BACK', async () => {
    const p = await player();
    const rb = await p.send('wallet/rollback', p.rollback());
    expect(rb).toMatchObject({ status: 'OK', balance: '100000', transactionId: p.ids.rb });
    const before = await ledgerEntries();
    expect(await p.send('wallet/bet', p.bet())).toMatchObject({ status: 'ERROR', code: 'TRANSACTION_ROLLED_BACK', balance: '100000' });
    expect(await ledgerEntries()).toBe(before);
    expect(await p.balance()).toBe('100000');
  });

  it('a rollback refunds the bet it names, the amount taken from that bet', async () => {
    const p = await player();
    await p.send('wallet/bet', p.bet({ amount: '7777' }));
    expect(await p.balance()).toBe(String(100_000 - 7777));
    expect(await p.send('wallet/rollback', p.rollback())).toMatchObject({ status: 'OK', balance: '100000' });
  });

  it('ROUND_CLOSED: a rollback of a bet whose round already paid a win', async () => {
    const p = await player();
    await p.send('wallet/bet', p.bet());
    await p.send('wallet/win', p.win({ betTransactionId: p.ids.bet }));
    const before = await ledgerEntries();
    expect(await p.send('wallet/rollback', p.rollback())).toMatchObject({ status: 'ERROR', code: 'ROUND_CLOSED', balance: '101450' });
    expect(await ledgerEntries()).toBe(before);
  });

  it('TRANSACTION_ROLLED_BACK: a bet whose id was already rolled back, or a win for a rolled-back bet', async () => {
    const p = await player();
    await p.send('wallet/bet', p.bet());
    await p.send('wallet/rollback', p.rollback());
    const before = await ledgerEntries();
    expect(await p.send('wallet/win', p.win({ betTransactionId: p.ids.bet }))).toMatchObject({
      status: 'ERROR',
      code: 'TRANSACTION_ROLLED_BACK',
      balance: '100000',
    });
    expect(await p.send('wallet/bet', p.bet())).toMatchObject({ status: 'OK', balance: '100000' }); // a replay of the bet itself
    expect(await ledgerEntries()).toBe(before);
  });
});

describe('amounts, wins and balances', () => {
  it('a zero-amount bet or win answers OK and changes nothing', async () => {
    const p = await player();
    const bet = await p.send('wallet/bet', p.bet({ amount: '0' }));
    expect(bet).toMatchObject({ status: 'OK', balance: '100000', transactionId: p.ids.bet });
    const win = await p.send('wallet/win', p.win({ amount: '0', betTransactionId: p.ids.bet }));
    expect(win).toMatchObject({ status: 'OK', balance: '100000', transactionId: p.ids.win });
    expect(await p.balance()).toBe('100000');
  });

  it('INSUFFICIENT_FUNDS with the balance, nothing moved; a bet of the whole balance is allowed', async () => {
    const p = await player(5_000n);
    const before = await ledgerEntries();
    expect(await p.send('wallet/bet', p.bet({ amount: '5001', requestId: 'short' }))).toEqual({
      status: 'ERROR',
      requestId: 'short',
      code: 'INSUFFICIENT_FUNDS',
      message: expect.any(String),
      balance: '5000',
    });
    expect(await ledgerEntries()).toBe(before);
    expect(await p.send('wallet/bet', p.bet({ amount: '5000', transactionId: 'all-in' }))).toMatchObject({ status: 'OK', balance: '0' });
  });

  it('bets racing for the last funds: as many as the balance covers are applied, the rest INSUFFICIENT_FUNDS with nothing moved; a refused id keeps its answer once funds arrive (issue 23 #1)', async () => {
    const p = await player(5_000n);
    const before = await ledgerEntries();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => p.send('wallet/bet', p.bet({ transactionId: `race-${i}`, roundId: `race-${i}`, amount: '1000' }))),
    );
    const applied = answers.filter((a) => a.status === 'OK');
    const refused = answers.filter((a) => a.status === 'ERROR');
    expect(applied).toHaveLength(5);
    expect(refused).toHaveLength(7);
    for (const a of refused) expect(a).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(await p.balance()).toBe('0');
    expect(await ledgerEntries()).toBe(before + 10);

    // A refused bet keeps its id with its answer: after a win, the same request answers its first answer.
    const refusedId = `race-${answers.findIndex((a) => a.status === 'ERROR')}`;
    expect(await p.send('wallet/win', p.win({ transactionId: 'top-up', roundId: 'top-up', amount: '1000' }))).toMatchObject({ balance: '1000' });
    expect(
      await p.send('wallet/bet', p.bet({ transactionId: refusedId, roundId: refusedId, amount: '1000' })),
    ).toMatchObject({ status: 'ERROR', code: 'INSUFFICIENT_FUNDS', balance: '1000' });
    expect(await p.balance()).toBe('1000');
    expect((await t.app.services.wallet.verify()).violations).toEqual([]);
  });

  it('a win with no bet in the round is allowed (free rounds and promotions)', async () => {
    const p = await player(0n);
    expect(await p.send('wallet/win', p.win({ roundId: 'promo-1', amount: '1000' }))).toMatchObject({ status: 'OK', balance: '1000' });
  });

  it('a late win needs no live session: a round may settle after the player left', async () => {
    const p = await player();
    await p.send('wallet/bet', p.bet());
    t.clock.advance(45 * MINUTE); // the session ended
    expect(await p.send('wallet/bet', p.bet({ transactionId: 'after' }))).toMatchObject({ code: 'INVALID_SESSION' });
    expect(await p.send('wallet/win', p.win({ betTransactionId: p.ids.bet }))).toMatchObject({ status: 'OK', balance: '101450' });
  });

  it('a blocked player: bets refused (PLAYER_BLOCKED), wins and rollbacks of rounds already played still applied', async () => {
    const p = await player();
    await p.send('wallet/bet', p.bet());
    await p.send('wallet/bet', p.bet({ transactionId: 'second', roundId: 'r2' }));
    await t.ops('PUT', `/ops/members/${p.m.username}/status`, { status: 'disabled' });
    // docs/vendor-protocol.md: a block reaches bets within 5 seconds (each instance caches a player's status).
    t.clock.advance(5_000);
    expect(await p.send('wallet/bet', p.bet({ transactionId: 'third' }))).toMatchObject({ code: 'PLAYER_BLOCKED' });
    expect(await p.send('wallet/win', p.win({ betTransactionId: p.ids.bet }))).toMatchObject({ status: 'OK', balance: '100400' });
    expect(await p.send('wallet/rollback', p.rollback({ referenceTransactionId: 'second', roundId: 'r2' }))).toMatchObject({
      status: 'OK',
      balance: '101450',
    });
  });

  it('5.GATE.04 a trial member plays in the trial class: its demo credit moves, never real money', async () => {
    const v = vendorCaller(t, await createVendor(t));
    const trial = t.client();
    trial.token = body<{ token: string }>(
      await trial.inject({ method: 'POST', url: '/wps/session/login/freeplay', payload: { platform: 'W' } }),
    ).value.token;
    const l = await launch({ c: trial }, v);
    const session = (await v.call('session/authenticate', { token: tokenOf(l.body.value.url) })).json() as { playerId: string; sessionToken: string; balance: string };
    expect(session.balance).toBe('200000');
    const bet = await v.call('wallet/bet', {
      requestId: 'r',
      playerId: session.playerId,
      sessionToken: session.sessionToken,
      transactionId: 'trial-bet',
      roundId: 'trial-round',
      gameCode: 'SLOT-7',
      amount: '5000',
      currency: 'THB',
    });
    expect(bet.json()).toMatchObject({ status: 'OK', balance: '195000' });
    const id = Number(session.playerId);
    expect(await t.app.services.wallet.balanceOf({ id, trial: true })).toBe(195_000n);
    expect(await t.app.services.wallet.balanceOf({ id, trial: false })).toBe(0n);
  });
});

describe('bad input writes nothing to the ledger', () => {
  let p: Awaited<ReturnType<typeof player>>;
  let v: VendorCaller;
  let m: Member;

  it('unsigned, badly signed, stale, replayed with another body, negative, fractional, non-digit, overflowing, unknown player, wrong currency: each its documented code', async () => {
    p = await player();
    v = p.v;
    m = p.m;
    await p.send('wallet/bet', p.bet());
    const before = await ledgerEntries();
    const expectCode = async (res: Awaited<ReturnType<VendorCaller['call']>>, status: number, code: string) => {
      expect(res.statusCode).toBe(status);
      expect((res.json() as Answer).code).toBe(code);
    };
    const fresh = p.bet({ transactionId: 'fresh-1' });
    await expectCode(await v.call('wallet/bet', fresh, { signature: null }), 401, 'INVALID_SIGNATURE');
    await expectCode(await v.call('wallet/bet', fresh, { signature: 'ab'.repeat(32) }), 401, 'INVALID_SIGNATURE');
    await expectCode(await v.call('wallet/bet', fresh, { timestamp: String(t.clock.now() - 6 * MINUTE) }), 401, 'EXPIRED_REQUEST');
    await expectCode(await v.call('wallet/bet', p.bet({ amount: '2000' })), 200, 'DUPLICATE_TRANSACTION_CONFLICT');
    for (const amount of ['-1050', '10.50', '1e3', 'ten', '9007199254740992']) {
      await expectCode(await v.call('wallet/bet', { ...fresh, amount }), 200, 'INVALID_REQUEST');
      await expectCode(await v.call('wallet/win', p.win({ transactionId: 'fresh-win', amount })), 200, 'INVALID_REQUEST');
    }
    await expectCode(await v.call('wallet/bet', { ...fresh, playerId: '999999999' }), 200, 'PLAYER_NOT_FOUND');
    await expectCode(await v.call('wallet/win', p.win({ transactionId: 'fresh-win', playerId: '999999999' })), 200, 'PLAYER_NOT_FOUND');
    await expectCode(await v.call('wallet/bet', { ...fresh, currency: 'USD' }), 200, 'CURRENCY_MISMATCH');
    await expectCode(await v.call('wallet/win', p.win({ transactionId: 'fresh-win', currency: 'USD' })), 200, 'CURRENCY_MISMATCH');
    expect(await ledgerEntries()).toBe(before);
    expect(await p.balance()).toBe('98950');
    expect(m.id).toBeGreaterThan(0);
  });
});
