import type { TLoginResult } from '@lotus/contracts/auth';
import type {
  TAccountRecord,
  TConsolidatedFunds,
  TMerchantWallets,
  TWalletBalance,
  TWalletTransferResult,
} from '@lotus/contracts/wallet';
import { accounts } from '@lotus/ledger/accounts';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { walletTransfers } from '../src/db/schema';
import { TRANSFER_RESOLVE_JOB, TRANSFER_SWEEP_JOB } from '../src/modules/wallet/transfers/transfer.service';
import { createMember, type Member } from './factories';
import { body, createClock, useTestApp, type Envelope } from './helper';

// Transfer-mode vendor wallets (docs/adr/0029-transfer-mode-vendors.md): the platform moves money main <->
// vendor wallet through the vendor's fund-transfer API, two-phase, surviving timeouts and crashes. The
// sandbox transfer vendor SBX is served by this app over HTTP (the app listens), through the same HTTP
// adapter as production. Its vendor timeout is short here (300 ms) and the first status check is not delayed.
const clock = createClock();
const t = useTestApp({
  clock,
  env: { TRANSFER_VENDOR_TIMEOUT_MS: '300', TRANSFER_RESOLVE_DELAY_SECONDS: '0' },
});
const MINUTE = 60_000;
const wallet = () => t.app.services.wallet;
const transfers = () => t.app.services.transfers.service;
const sandbox = () => t.app.services.transfers.sandbox!;
const jobs = () => t.app.services.platform.jobs;

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});

afterEach(async () => {
  sandbox().setRules([]);
  // The ledger's invariants hold after every test (ADR 0026 ledger:verify).
  expect((await wallet().verify()).violations).toEqual([]);
});

let requestCounter = 0;
const requestId = () => `req-${Date.now().toString(36)}-${(requestCounter += 1)}`;

async function fund(member: Member, amount: bigint) {
  await wallet().post({
    op: 'deposit',
    key: `tr-dep-${member.id}-${requestId()}`,
    input: { memberId: member.id, amount },
    actor: { kind: 'operator', id: 'tester', reason: 'test deposit' },
    entries: [
      { account: accounts.depositClearing('bank'), amount: -amount },
      { account: accounts.main(member.id), amount },
    ],
  });
}

async function transfer(member: { c: Member['c'] }, params: Record<string, string>) {
  const res = await member.c.get(`/wps/relay/GCS_walletTransfer?${new URLSearchParams(params)}`);
  return { res, body: res.json() as Envelope<TWalletTransferResult> };
}

const balancesOf = async (memberId: number) => {
  const f = await wallet().funds(memberId, false);
  return { main: f.main, sbx: f.vendors.find((v) => v.vendor === 'SBX')?.balance ?? 0n };
};
const row = async (ref: string) => (await transfers().get(ref))!;
const sandboxBalance = async (memberId: number) => {
  const res = await sandbox().balance({ playerId: String(memberId) });
  return res.body.balance;
};

describe('to a vendor wallet and back (7.RELAY.03, 7.RELAY.20, 7.WAL.02, 3.WAL.01)', () => {
  it('7.RELAY.03 2.MC.09 transfer to the sandbox vendor and back; the account record lists each movement with the running balance', async () => {
    const m = await createMember(t);
    await fund(m, 1_000_00n);

    const inRes = await transfer(m, {
      vendor: 'SBX',
      direction: 'in',
      amount: '300.00',
      requestId: requestId(),
    });
    expect(inRes.res.statusCode).toBe(200);
    expect(inRes.body.value).toMatchObject({
      status: 'confirmed',
      transfers: [{ vendor: 'SBX', direction: 'in', amount: '300.00', status: 'confirmed' }],
      balances: { main: '700.00', total: '1000.00', wallets: [{ vendor: 'SBX', balance: '300.00' }] },
    });
    expect(inRes.body.value.ref).toMatch(/^[0-9a-f-]{36}$/);
    expect(await sandboxBalance(m.id)).toBe('300.00');

    // 3.WAL.01/02: money in a vendor wallet: not single; the sum counts it.
    const bal = body<TWalletBalance>(await m.c.get('/wps/v2/wallets/balance')).value;
    expect(bal).toEqual({ sumBalance: '1000.00', isSingle: false });

    const outRes = await transfer(m, {
      vendor: 'SBX',
      direction: 'out',
      amount: '120.00',
      requestId: requestId(),
    });
    expect(outRes.body.value).toMatchObject({
      status: 'confirmed',
      balances: { main: '820.00', total: '1000.00', wallets: [{ vendor: 'SBX', balance: '180.00' }] },
    });
    expect(await sandboxBalance(m.id)).toBe('180.00');

    const record = body<TAccountRecord>(await m.c.get('/wps/relay/ODSFE2_MemTransDet?pageSize=15')).value;
    expect(record.list.map((r) => [r.type, r.amount, r.balance, r.memo])).toEqual([
      ['transfer', '120.00', '820.00', 'Sandbox Casino'],
      ['transfer', '-300.00', '700.00', 'Sandbox Casino'],
      ['deposit', '1000.00', '1000.00', null],
    ]);
  });

  it('7.RELAY.20 7.WAL.02 merchant wallets and consolidated funds show the vendor wallet with its name and the vendor live balance', async () => {
    const m = await createMember(t);
    await fund(m, 500_00n);
    await transfer(m, { vendor: 'SBX', direction: 'in', amount: '200.00', requestId: requestId() });
    // Play at the vendor since the transfer: the vendor's figure differs from the ledger's.
    await sandbox().play(String(m.id), 15_50n);

    const merchant = body<TMerchantWallets>(await m.c.get('/wps/relay/GCS_merchantWallet')).value;
    expect(merchant).toEqual({
      currency: 'THB',
      wallets: [
        { vendor: 'SBX', name: 'Sandbox Casino', status: 'active', balance: '200.00', liveBalance: '215.50' },
      ],
    });
    const funds = body<TConsolidatedFunds>(await m.c.get('/wps/member/info/funds/consolidated')).value;
    expect(funds).toEqual({
      currency: 'THB',
      main: '300.00',
      total: '500.00',
      wallets: [{ vendor: 'SBX', balance: '200.00', name: 'Sandbox Casino', liveBalance: '215.50' }],
    });
    expect((await t.client().get('/wps/relay/GCS_merchantWallet')).statusCode).toBe(401);
  });

  it('7.RELAY.03 3.WAL.02 transfer all back brings every vendor wallet home at the vendor balance (play included), then the wallet is single', async () => {
    const m = await createMember(t);
    await fund(m, 400_00n);
    await transfer(m, { vendor: 'SBX', direction: 'in', amount: '250.00', requestId: requestId() });
    await sandbox().play(String(m.id), 40_25n); // a win at the vendor

    const id = requestId();
    const all = await transfer(m, { direction: 'all', requestId: id });
    expect(all.body.value).toMatchObject({
      status: 'confirmed',
      ref: null,
      transfers: [{ vendor: 'SBX', direction: 'out', amount: '290.25', status: 'confirmed' }],
      balances: { main: '440.25', total: '440.25', wallets: [{ vendor: 'SBX', balance: '0.00' }] },
    });
    expect(await sandboxBalance(m.id)).toBe('0.00');
    expect(body<TWalletBalance>(await m.c.get('/wps/v2/wallets/balance')).value).toEqual({
      sumBalance: '440.25',
      isSingle: true,
    });
    // The same requestId answers the same transfers again; nothing moves twice.
    const again = await transfer(m, { direction: 'all', requestId: id });
    expect(again.body.value.transfers.map((x) => x.ref)).toEqual(all.body.value.transfers.map((x) => x.ref));
    expect(await balancesOf(m.id)).toEqual({ main: 440_25n, sbx: 0n });
    // Nothing left anywhere: none.
    expect((await transfer(m, { direction: 'all', requestId: requestId() })).body.value.status).toBe('none');
  });

  it('3.WAL.02 transfer all back after losing everything at the vendor moves nothing and leaves the wallet single', async () => {
    const m = await createMember(t);
    await fund(m, 100_00n);
    await transfer(m, { vendor: 'SBX', direction: 'in', amount: '80.00', requestId: requestId() });
    await sandbox().play(String(m.id), -80_00n); // a loss at the vendor
    const all = await transfer(m, { direction: 'all', requestId: requestId() });
    expect(all.body.value).toMatchObject({
      status: 'none',
      transfers: [],
      balances: { main: '20.00', total: '20.00', wallets: [{ vendor: 'SBX', balance: '0.00' }] },
    });
    expect(body<TWalletBalance>(await m.c.get('/wps/v2/wallets/balance')).value).toEqual({
      sumBalance: '20.00',
      isSingle: true,
    });
    // The main wallet's record shows the transfer only.
    const record = body<TAccountRecord>(await m.c.get('/wps/relay/ODSFE2_MemTransDet')).value;
    expect(record.list.map((x) => [x.type, x.amount, x.balance])).toEqual([
      ['transfer', '-80.00', '20.00'],
      ['deposit', '100.00', '100.00'],
    ]);
  });
});

describe('the vendor registry (transfer mode)', () => {
  it('7.RELAY.20 the embedded sandbox vendor SBX is in the registry in transfer mode, pointing at this server', async () => {
    const list = body<{ code: string; walletMode: string; apiBaseUrl: string | null; status: string }[]>(
      await t.ops('GET', '/ops/vendors/registry'),
    ).value;
    const address = t.app.server.address() as { port: number };
    expect(list.find((v) => v.code === 'SBX')).toMatchObject({
      walletMode: 'transfer',
      status: 'active',
      apiBaseUrl: `http://127.0.0.1:${address.port}/sandbox/transfer-vendor`,
    });
  });

  it('7.RELAY.03 7.RELAY.20 a vendor in maintenance refuses transfers (nothing moves) and shows its status; a seamless vendor has no transfer wallet', async () => {
    const m = await createMember(t);
    await fund(m, 100_00n);
    await transfer(m, { vendor: 'SBX', direction: 'in', amount: '10.00', requestId: requestId() });
    expect(
      (await t.ops('PUT', '/ops/vendors/registry/SBX/status', { status: 'maintenance' })).statusCode,
    ).toBe(200);
    try {
      const r = await transfer(m, {
        vendor: 'SBX',
        direction: 'out',
        amount: '10.00',
        requestId: requestId(),
      });
      expect(r.res.statusCode).toBe(503);
      expect(r.body.message).toBe('transfer_vendor_unavailable');
      const merchant = body<TMerchantWallets>(await m.c.get('/wps/relay/GCS_merchantWallet')).value;
      expect(merchant.wallets).toEqual([
        { vendor: 'SBX', name: 'Sandbox Casino', status: 'maintenance', balance: '10.00', liveBalance: null },
      ]);
    } finally {
      await t.ops('PUT', '/ops/vendors/registry/SBX/status', { status: 'active' });
    }
    expect(await balancesOf(m.id)).toEqual({ main: 90_00n, sbx: 10_00n });

    const seamless = await t.ops('POST', '/ops/vendors/registry', {
      code: 'SEAM1',
      name: 'Seamless One',
      walletMode: 'seamless',
      launchUrl: 'https://seamless.example/launch',
    });
    expect(seamless.statusCode).toBe(200);
    const r = await transfer(m, { vendor: 'SEAM1', direction: 'in', amount: '1.00', requestId: requestId() });
    expect(r.res.statusCode).toBe(404);
    expect(r.body.message).toBe('transfer_vendor_unknown');
  });
});

describe('a vendor that does not answer in time (two-phase transfer)', () => {
  it('7.RELAY.03 timeout, then the status check finds it done: confirmed, money moved once', async () => {
    const m = await createMember(t);
    await fund(m, 100_00n);
    sandbox().setRules([{ playerId: String(m.id), behaviour: 'timeout_after_apply' }]);
    const r = await transfer(m, { vendor: 'SBX', direction: 'in', amount: '60.00', requestId: requestId() });
    expect(r.body.value).toMatchObject({
      status: 'pending',
      balances: { main: '40.00', wallets: [{ vendor: 'SBX', balance: '60.00' }] },
    });
    const ref = r.body.value.ref!;
    expect(await row(ref)).toMatchObject({ status: 'pending', attempts: 1, lastError: 'timeout' });

    sandbox().setRules([]);
    expect(await jobs().runDue([TRANSFER_RESOLVE_JOB])).toBe(1);
    expect(await row(ref)).toMatchObject({ status: 'confirmed', attempts: 2 });
    expect(await balancesOf(m.id)).toEqual({ main: 40_00n, sbx: 60_00n });
    expect(await sandboxBalance(m.id)).toBe('60.00');
  });

  it('7.RELAY.03 timeout, then the vendor never had it: reversed, the money is back in main and the ref is closed at the vendor', async () => {
    const m = await createMember(t);
    await fund(m, 100_00n);
    sandbox().setRules([{ playerId: String(m.id), behaviour: 'timeout' }]);
    const r = await transfer(m, { vendor: 'SBX', direction: 'in', amount: '70.00', requestId: requestId() });
    expect(r.body.value.status).toBe('pending');
    const ref = r.body.value.ref!;
    sandbox().setRules([]);
    await jobs().runDue([TRANSFER_RESOLVE_JOB]);
    expect(await row(ref)).toMatchObject({ status: 'reversed' });
    expect(await balancesOf(m.id)).toEqual({ main: 100_00n, sbx: 0n });
    // The request arriving late at the vendor can no longer apply.
    const late = await sandbox().move('deposit', { ref, playerId: String(m.id), amount: '70.00' });
    expect(late.body).toEqual({ status: 'ERROR', code: 'DUPLICATE_REF_CONFLICT' });
    expect(await sandboxBalance(m.id)).toBe('0.00');
    const record = body<TAccountRecord>(await m.c.get('/wps/relay/ODSFE2_MemTransDet')).value;
    expect(record.list.map((x) => [x.type, x.amount, x.balance])).toEqual([
      ['transfer', '70.00', '100.00'],
      ['transfer', '-70.00', '30.00'],
      ['deposit', '100.00', '100.00'],
    ]);
  });

  it('7.RELAY.03 a withdrawal that times out and is found done is credited to main once', async () => {
    const m = await createMember(t);
    await fund(m, 100_00n);
    await transfer(m, { vendor: 'SBX', direction: 'in', amount: '100.00', requestId: requestId() });
    sandbox().setRules([{ playerId: String(m.id), behaviour: 'timeout_after_apply' }]);
    const r = await transfer(m, { vendor: 'SBX', direction: 'out', amount: '30.00', requestId: requestId() });
    // Nothing moves in the ledger before the vendor confirms a withdrawal.
    expect(r.body.value).toMatchObject({
      status: 'pending',
      balances: { main: '0.00', wallets: [{ vendor: 'SBX', balance: '100.00' }] },
    });
    sandbox().setRules([]);
    await jobs().runDue([TRANSFER_RESOLVE_JOB]);
    // Run the job again (a duplicate delivery): nothing changes.
    await transfers().resolve(r.body.value.ref!);
    expect(await row(r.body.value.ref!)).toMatchObject({ status: 'confirmed' });
    expect(await balancesOf(m.id)).toEqual({ main: 30_00n, sbx: 70_00n });
  });

  it('7.RELAY.03 while the vendor cannot tell, the transfer stays pending and the job engine retries it later', async () => {
    const m = await createMember(t);
    await fund(m, 100_00n);
    sandbox().setRules([
      { playerId: String(m.id), behaviour: 'timeout' },
      { refPrefix: '', behaviour: 'status_unavailable' },
    ]);
    const r = await transfer(m, { vendor: 'SBX', direction: 'in', amount: '10.00', requestId: requestId() });
    const ref = r.body.value.ref!;
    await jobs().runDue([TRANSFER_RESOLVE_JOB]);
    expect(await row(ref)).toMatchObject({ status: 'pending', attempts: 2, lastError: 'status: http 503' });
    expect((await jobs().getJob(TRANSFER_RESOLVE_JOB, ref))?.state).toBe('retry');
    // The sweep leaves a transfer whose job is still retrying alone.
    clock.advance(3 * MINUTE);
    await jobs().tick();
    await jobs().runDue([TRANSFER_SWEEP_JOB]);
    expect(await jobs().runDue([TRANSFER_RESOLVE_JOB])).toBe(0);
    // Its retries spent (the job a dead letter), the sweep gives the transfer a new job, which settles it
    // once the vendor answers.
    await t.db.database.db.execute(
      sql`update pgboss.job set state = 'failed', completed_on = now() where name = ${TRANSFER_RESOLVE_JOB} and id = ${ref}`,
    );
    sandbox().setRules([]);
    clock.advance(MINUTE);
    await jobs().tick();
    await jobs().runDue([TRANSFER_SWEEP_JOB]);
    expect(await jobs().runDue([TRANSFER_RESOLVE_JOB])).toBe(1);
    expect(await row(ref)).toMatchObject({ status: 'reversed', attempts: 3 });
    expect(await balancesOf(m.id)).toEqual({ main: 100_00n, sbx: 0n });
  });
});

describe('refusals, crashes and repeats', () => {
  it('7.RELAY.03 a vendor refusal reverses a deposit in one step and fails a withdrawal without moving money', async () => {
    const m = await createMember(t);
    await fund(m, 100_00n);
    await transfer(m, { vendor: 'SBX', direction: 'in', amount: '20.00', requestId: requestId() });
    sandbox().setRules([{ playerId: String(m.id), behaviour: 'refuse' }]);
    const refusedIn = await transfer(m, {
      vendor: 'SBX',
      direction: 'in',
      amount: '50.00',
      requestId: requestId(),
    });
    expect(refusedIn.res.statusCode).toBe(409);
    expect(refusedIn.body.message).toBe('transfer_refused');
    const refusedOut = await transfer(m, {
      vendor: 'SBX',
      direction: 'out',
      amount: '5.00',
      requestId: requestId(),
    });
    expect(refusedOut.body.message).toBe('transfer_refused');
    expect(await balancesOf(m.id)).toEqual({ main: 80_00n, sbx: 20_00n });
    const rows = await t.db.database.db
      .select()
      .from(walletTransfers)
      .where(eq(walletTransfers.memberId, m.id));
    expect(rows.map((x) => [x.direction, x.status]).sort()).toEqual([
      ['from_vendor', 'failed'],
      ['to_vendor', 'confirmed'],
      ['to_vendor', 'reversed'],
    ]);
  });

  it('7.RELAY.03 a crash between the commit and the vendor call: the sweep hands the transfer to the resolve job, which settles it', async () => {
    const m = await createMember(t);
    await fund(m, 100_00n);
    // What a crashed request leaves behind: the pending row and the ledger move, no vendor call, no job.
    const crashed = async (ref: string, amount: bigint) => {
      const at = new Date(clock.now());
      await t.db.database.tx(async (tx) => {
        await tx.insert(walletTransfers).values({
          id: ref,
          memberId: m.id,
          vendor: 'SBX',
          direction: 'to_vendor',
          amount,
          status: 'pending',
          requestKey: requestId(),
          createdAt: at,
          updatedAt: at,
        });
        await wallet().post(
          {
            op: 'transfer',
            key: `${ref}:out`,
            input: { ref },
            actor: { kind: 'member', id: m.id },
            groupKey: ref,
            entries: [
              { account: accounts.main(m.id), amount: -amount },
              { account: accounts.vendorWallet(m.id, 'SBX'), amount },
            ],
          },
          tx,
        );
      });
    };
    const lost = crypto.randomUUID();
    const applied = crypto.randomUUID();
    await crashed(lost, 30_00n);
    await crashed(applied, 25_00n);
    // The second one did reach the vendor before the crash.
    expect(
      (await sandbox().move('deposit', { ref: applied, playerId: String(m.id), amount: '25.00' })).body
        .status,
    ).toBe('OK');
    expect(await balancesOf(m.id)).toEqual({ main: 45_00n, sbx: 55_00n });

    // Within 2 minutes the sweep leaves them to their own hand-off.
    await jobs().tick();
    await jobs().runDue([TRANSFER_SWEEP_JOB, TRANSFER_RESOLVE_JOB]);
    expect((await row(lost)).status).toBe('pending');
    clock.advance(3 * MINUTE);
    await jobs().tick();
    await jobs().runDue([TRANSFER_SWEEP_JOB, TRANSFER_RESOLVE_JOB]);
    expect((await row(lost)).status).toBe('reversed');
    expect((await row(applied)).status).toBe('confirmed');
    expect(await balancesOf(m.id)).toEqual({ main: 75_00n, sbx: 25_00n });
    expect(await sandboxBalance(m.id)).toBe('25.00');
  });

  it('7.RELAY.03 the same requestId answers the first transfer and moves nothing again; with another amount it is refused', async () => {
    const m = await createMember(t);
    await fund(m, 100_00n);
    const id = requestId();
    const first = await transfer(m, { vendor: 'SBX', direction: 'in', amount: '40.00', requestId: id });
    const second = await transfer(m, { vendor: 'SBX', direction: 'in', amount: '40.00', requestId: id });
    expect(second.body.value.ref).toBe(first.body.value.ref);
    expect(second.body.value.status).toBe('confirmed');
    expect(await balancesOf(m.id)).toEqual({ main: 60_00n, sbx: 40_00n });
    const other = await transfer(m, { vendor: 'SBX', direction: 'in', amount: '41.00', requestId: id });
    expect(other.res.statusCode).toBe(409);
    expect(other.body.message).toBe('idempotency_conflict');
    expect(await sandboxBalance(m.id)).toBe('40.00');
  });

  it('7.RELAY.03 insufficient funds: more than main to a vendor, or more than the vendor holds back, moves nothing', async () => {
    const m = await createMember(t);
    await fund(m, 50_00n);
    const tooMuch = await transfer(m, {
      vendor: 'SBX',
      direction: 'in',
      amount: '50.01',
      requestId: requestId(),
    });
    expect(tooMuch.res.statusCode).toBe(400);
    expect(tooMuch.body.message).toBe('insufficient_funds');
    expect(
      await t.db.database.db.select().from(walletTransfers).where(eq(walletTransfers.memberId, m.id)),
    ).toEqual([]);
    await transfer(m, { vendor: 'SBX', direction: 'in', amount: '10.00', requestId: requestId() });
    const backTooMuch = await transfer(m, {
      vendor: 'SBX',
      direction: 'out',
      amount: '10.01',
      requestId: requestId(),
    });
    expect(backTooMuch.res.statusCode).toBe(400);
    expect(backTooMuch.body.message).toBe('insufficient_funds');
    expect(await balancesOf(m.id)).toEqual({ main: 40_00n, sbx: 10_00n });
  });

  it('7.RELAY.03 bad input answers 400 or 404, never 5xx: missing amount, amount with all, unknown vendor, bad amount', async () => {
    const m = await createMember(t);
    const cases: [Record<string, string>, number, string][] = [
      [{ vendor: 'SBX', direction: 'in', requestId: requestId() }, 400, 'validation_failed'],
      [{ direction: 'all', amount: '1.00', requestId: requestId() }, 400, 'validation_failed'],
      [{ vendor: 'SBX', direction: 'in', amount: '1.001', requestId: requestId() }, 400, 'validation_failed'],
      [{ vendor: 'SBX', direction: 'in', amount: '0.00', requestId: requestId() }, 400, 'validation_failed'],
      [
        { vendor: 'SBX', direction: 'sideways', amount: '1.00', requestId: requestId() },
        400,
        'validation_failed',
      ],
      [{ vendor: 'SBX', direction: 'in', amount: '1.00', requestId: 'short' }, 400, 'validation_failed'],
      [
        { vendor: 'NOPE', direction: 'in', amount: '1.00', requestId: requestId() },
        404,
        'transfer_vendor_unknown',
      ],
    ];
    for (const [params, status, message] of cases) {
      const r = await transfer(m, params);
      expect([params, r.res.statusCode, r.body.message]).toEqual([params, status, message]);
    }
  });

  it('5.GATE.04 5.GATE.05 a trial account is refused transfers with in_need_true_account and has no merchant wallets', async () => {
    const c = t.client();
    const login = body<TLoginResult>(
      await c.inject({ method: 'POST', url: '/wps/session/login/freeplay', payload: { platform: 'W' } }),
    );
    c.token = login.value.token;
    const r = await transfer(
      { c },
      { vendor: 'SBX', direction: 'in', amount: '1.00', requestId: requestId() },
    );
    expect(r.res.statusCode).toBe(403);
    expect(r.body.message).toBe('in_need_true_account');
    expect((await transfer({ c }, { direction: 'all', requestId: requestId() })).body.message).toBe(
      'in_need_true_account',
    );
    expect(body<TMerchantWallets>(await c.get('/wps/relay/GCS_merchantWallet')).value.wallets).toEqual([]);
  });
});
