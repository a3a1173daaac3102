import type { TOpsGameRow } from '@lotus/contracts/catalogue';
import type { TOpsTransfer, TOpsTransferDesk } from '@lotus/contracts/vendor';
import type { TWalletTransferResult } from '@lotus/contracts/wallet';
import { accounts } from '@lotus/ledger/accounts';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ledgerAccounts, ledgerEntries } from '../src/db/schema';
import { createMember, type Member } from './factories';
import { body, createClock, useTestApp, type Envelope } from './helper';
import { createVendor, vendorCaller, type VendorCaller } from './vendor-client';

/**
 * The console's vendors and games desk (issue 24, docs/adr/0083): the transfer-mode vendors' money as the
 * ledger holds it, pending and stuck transfers and "check now" on one (the resolve job's own check: the vendor's
 * word settles it), the operator's sort position of a game in the member lobby, and the RTP and volatility a
 * vendor publishes with its games. The sandbox transfer vendor SBX is served by this app over HTTP (the app
 * listens), with a short vendor timeout.
 */
const clock = createClock();
const t = useTestApp({
  clock,
  env: { TRANSFER_VENDOR_TIMEOUT_MS: '300', TRANSFER_RESOLVE_DELAY_SECONDS: '0' },
});
const MINUTE = 60_000;
const wallet = () => t.app.services.wallet;
const sandbox = () => t.app.services.transfers.sandbox!;

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
// Runs before the app closes: a sandbox answer that hung past the platform's timeout can leave the platform's own
// keep-alive connection to this server open, which would hold the close until it times out.
afterAll(() => t.app.server.closeAllConnections());

afterEach(async () => {
  sandbox().setRules([]);
  expect((await wallet().verify()).violations).toEqual([]);
});

let counter = 0;
const requestId = () => `desk-${Date.now().toString(36)}-${(counter += 1)}`;

async function fund(member: Member, amount: bigint) {
  await wallet().post({
    op: 'deposit',
    key: `desk-dep-${member.id}-${requestId()}`,
    input: { memberId: member.id, amount },
    actor: { kind: 'operator', id: 'tester', reason: 'test deposit' },
    entries: [
      { account: accounts.depositClearing('bank'), amount: -amount },
      { account: accounts.main(member.id), amount },
    ],
  });
}

async function transfer(member: Member, direction: 'in' | 'out', amount: string) {
  const res = await member.c.get(`/wps/relay/GCS_walletTransfer?${new URLSearchParams({ vendor: 'SBX', direction, amount, requestId: requestId() })}`);
  return (res.json() as Envelope<TWalletTransferResult>).value;
}

const desk = async () => {
  const res = await t.ops('GET', '/ops/vendors/transfers');
  expect(res.statusCode, res.body).toBe(200);
  return body<TOpsTransferDesk>(res).value;
};
const sbx = async () => (await desk()).vendors.find((v) => v.vendor === 'SBX')!;
const checkNow = (ref: string) => t.ops('POST', `/ops/vendors/transfers/${ref}/resolve`);
const money = async (memberId: number) => {
  const f = await wallet().funds(memberId, false);
  return { main: f.main, sbx: f.vendors.find((v) => v.vendor === 'SBX')?.balance ?? 0n };
};
const resolveAudits = async () =>
  body<{ rows: { action: string; target: string; before: unknown; after: unknown }[] }>(await t.ops('GET', '/ops/audit/search?action=vendors.transfer_resolve')).value
    .rows;
/** The ledger's own figures, from its entries (not the balances the desk reads): what members hold at SBX. */
const ledgerHeldAtSbx = async () => {
  const [row] = await t.db.database.db
    .select({ held: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(like(ledgerAccounts.code, 'm:%:v:SBX'));
  return BigInt(row!.held);
};
const major = (minor: bigint) => `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`;

describe('transfer-mode vendor wallets on the desk', () => {
  it("shows what the ledger holds at each vendor, the pending transfers and, past the sweep's threshold, the stuck ones", async () => {
    const a = await createMember(t);
    const b = await createMember(t);
    await fund(a, 500_00n);
    await fund(b, 300_00n);
    expect((await transfer(a, 'in', '200.00')).status).toBe('confirmed');
    expect((await transfer(b, 'in', '120.50')).status).toBe('confirmed');
    // A deposit to the vendor whose answer is lost: pending, its money already in the member's vendor wallet.
    sandbox().setRules([{ playerId: String(a.id), behaviour: 'timeout_after_apply' }]);
    const lost = await transfer(a, 'in', '60.00');
    expect(lost.status).toBe('pending');
    sandbox().setRules([]);

    let v = await sbx();
    expect(v).toMatchObject({ name: 'Sandbox Casino', status: 'active' });
    expect(v.held).toBe(major(await ledgerHeldAtSbx()));
    const [fa, fb] = [await money(a.id), await money(b.id)];
    expect(fa.sbx + fb.sbx).toBe(380_50n);
    // Only these two members have ever held money at SBX in this file so far.
    expect(v.held).toBe('380.50');
    expect(v.wallets).toBe(2);
    expect(v.pendingCount).toBe(1);
    expect(v.pendingAmount).toBe('60.00');
    // Younger than the sweep's threshold: not stuck yet.
    expect(v.stuckCount).toBe(0);
    expect(v.stuck).toEqual([]);

    clock.advance(3 * MINUTE);
    const body2 = await desk();
    expect(body2.stuckAfterSeconds).toBe(120);
    v = body2.vendors.find((x) => x.vendor === 'SBX')!;
    expect(v.stuckCount).toBe(1);
    expect(v.stuck).toEqual([
      {
        ref: lost.ref,
        vendor: 'SBX',
        memberId: a.id,
        username: a.username,
        direction: 'to_vendor',
        amount: '60.00',
        status: 'pending',
        createdAt: expect.any(String),
        attempts: 1,
        lastError: 'timeout',
      },
    ]);

    // Check now: the vendor had applied it, so it is confirmed; the money stays where the ledger put it.
    const res = await checkNow(lost.ref!);
    expect(res.statusCode, res.body).toBe(200);
    expect(body<TOpsTransfer>(res).value).toMatchObject({ ref: lost.ref, status: 'confirmed', attempts: 2, lastError: null, username: a.username });
    v = await sbx();
    expect(v).toMatchObject({ pendingCount: 0, pendingAmount: '0.00', stuckCount: 0, stuck: [], held: '380.50' });
    expect(v.held).toBe(major(await ledgerHeldAtSbx()));
  });

  it('check now settles a stuck withdrawal from the vendor once: a second check answers transfer_not_pending and nothing moves again', async () => {
    const m = await createMember(t);
    await fund(m, 100_00n);
    await transfer(m, 'in', '100.00');
    sandbox().setRules([{ playerId: String(m.id), behaviour: 'timeout_after_apply' }]);
    const out = await transfer(m, 'out', '30.00');
    expect(out.status).toBe('pending');
    sandbox().setRules([]);
    // Nothing moves in the ledger before the vendor confirms a withdrawal.
    expect(await money(m.id)).toEqual({ main: 0n, sbx: 100_00n });
    clock.advance(3 * MINUTE);
    const before = (await resolveAudits()).length;

    const first = await checkNow(out.ref!);
    expect(first.statusCode, first.body).toBe(200);
    expect(body<TOpsTransfer>(first).value).toMatchObject({ status: 'confirmed', direction: 'from_vendor', amount: '30.00' });
    expect(await money(m.id)).toEqual({ main: 30_00n, sbx: 70_00n });

    const second = await checkNow(out.ref!);
    expect(second.statusCode).toBe(409);
    expect(body(second).message).toBe('transfer_not_pending');
    expect(await money(m.id)).toEqual({ main: 30_00n, sbx: 70_00n });
    // The resolve job arriving later changes nothing either.
    await t.app.services.transfers.service.resolve(out.ref!);
    expect(await money(m.id)).toEqual({ main: 30_00n, sbx: 70_00n });

    // One audit row, for the check that settled it: before and after.
    const rows = await resolveAudits();
    expect(rows.length).toBe(before + 1);
    expect(rows[0]).toMatchObject({
      target: `transfer:${out.ref}:SBX:member:${m.id}`,
      before: { status: 'pending', attempts: 1 },
      after: { status: 'confirmed', attempts: 2 },
    });
  });

  it("the vendor's word decides: a deposit the vendor never received is reversed into main; while it cannot tell the transfer stays pending", async () => {
    const m = await createMember(t);
    await fund(m, 100_00n);
    sandbox().setRules([
      { playerId: String(m.id), behaviour: 'timeout' },
      { refPrefix: '', behaviour: 'status_unavailable' },
    ]);
    const r = await transfer(m, 'in', '40.00');
    expect(r.status).toBe('pending');
    clock.advance(3 * MINUTE);

    const unknown = await checkNow(r.ref!);
    expect(unknown.statusCode, unknown.body).toBe(200);
    expect(body<TOpsTransfer>(unknown).value).toMatchObject({ status: 'pending', attempts: 2, lastError: 'status: http 503' });
    expect(await money(m.id)).toEqual({ main: 60_00n, sbx: 40_00n });

    sandbox().setRules([]);
    const settled = await checkNow(r.ref!);
    expect(body<TOpsTransfer>(settled).value).toMatchObject({ status: 'reversed', attempts: 3 });
    expect(await money(m.id)).toEqual({ main: 100_00n, sbx: 0n });
  });

  it('a malformed reference answers 400 with its field, an unknown one 404 transfer_not_found; neither is audited', async () => {
    const before = (await resolveAudits()).length;
    const bad = await t.ops('POST', '/ops/vendors/transfers/not-a-ref/resolve');
    expect(bad.statusCode).toBe(400);
    expect(body(bad)).toMatchObject({ message: 'validation_failed', fields: { ref: expect.any(String) } });
    const unknown = await checkNow('00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(body(unknown).message).toBe('transfer_not_found');
    expect((await resolveAudits()).length).toBe(before);
  });
});

// ---------- games: sort position and published RTP ----------

const game = (code: string, over: Record<string, unknown> = {}) => ({
  gameCode: code,
  gameType: 'RNG',
  names: { th: `สล็อต ${code}`, en: `Slot ${code}` },
  classification: 'VIDEO_SLOT',
  minBet: '20',
  lines: 25,
  thumbnailUrl: `/media/games/${code}.svg`,
  isHot: false,
  freePlay: false,
  status: 'ACTIVE',
  ...over,
});
const sync = (v: VendorCaller, games: unknown[]) => v.call('games/sync', { requestId: requestId(), games });
const lobby = async (vendor: string) => {
  const res = await t.inject({ method: 'GET', url: `/wps/relay/GCSGAME_gameList?vassalage=${vendor}&pageNo=1&pageSize=15` });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ games: { gameCode: string }[] }>(res).value.games.map((g) => g.gameCode);
};
const opsGames = async (vendor: string, extra = '') => {
  const res = await t.ops('GET', `/ops/catalogue/games?vendor=${vendor}${extra}`);
  expect(res.statusCode, res.body).toBe(200);
  return body<TOpsGameRow[]>(res).value;
};
const override = (nodeId: number, payload: unknown) => t.ops('PUT', `/ops/catalogue/games/${nodeId}`, payload);

describe("the operator's sort position of a game", () => {
  it("wins over the vendor's order in the member lobby, and null gives the vendor's order back", async () => {
    const vendor = await createVendor(t);
    const v = vendorCaller(t, vendor);
    expect((await sync(v, [game('A1'), game('B2'), game('C3'), game('D4')])).json()).toMatchObject({ status: 'OK', created: 4 });
    expect(await lobby(vendor.code)).toEqual(['A1', 'B2', 'C3', 'D4']);
    const nodes = new Map((await opsGames(vendor.code)).map((g) => [g.gameCode, g.nodeId]));

    // D4 first (0 ties with A1's vendor position 0: the operator's placement goes first), A1 last.
    expect((await override(nodes.get('D4')!, { opsSort: 0 })).statusCode).toBe(200);
    const a = await override(nodes.get('A1')!, { opsSort: 50 });
    expect(body<TOpsGameRow>(a).value).toMatchObject({ gameCode: 'A1', sort: 0, opsSort: 50 });
    expect(await lobby(vendor.code)).toEqual(['D4', 'B2', 'C3', 'A1']);
    // The operators' list answers the same order, with both positions.
    expect((await opsGames(vendor.code)).map((g) => [g.gameCode, g.sort, g.opsSort])).toEqual([
      ['D4', 3, 0],
      ['B2', 1, null],
      ['C3', 2, null],
      ['A1', 0, 50],
    ]);
    // A later sync keeps the operator's positions.
    await sync(v, [game('A1'), game('B2'), game('C3'), game('D4'), game('E5')]);
    expect(await lobby(vendor.code)).toEqual(['D4', 'B2', 'C3', 'E5', 'A1']);

    await override(nodes.get('A1')!, { opsSort: null });
    await override(nodes.get('D4')!, { opsSort: null });
    expect(await lobby(vendor.code)).toEqual(['A1', 'B2', 'C3', 'D4', 'E5']);
  });

  it('a position out of range or not an integer answers 400 with its field and changes nothing', async () => {
    const vendor = await createVendor(t);
    await sync(vendorCaller(t, vendor), [game('P1'), game('P2')]);
    const [p1] = await opsGames(vendor.code);
    expect((await override(p1!.nodeId, { opsSort: 7 })).statusCode).toBe(200);
    for (const opsSort of [10_000, -1, 1.5, '3']) {
      const res = await override(p1!.nodeId, { opsSort, opsHot: true });
      expect(res.statusCode, JSON.stringify(opsSort)).toBe(400);
      expect(body(res)).toMatchObject({ message: 'validation_failed', fields: { opsSort: expect.any(String) } });
    }
    expect((await opsGames(vendor.code)).find((g) => g.nodeId === p1!.nodeId)).toMatchObject({ opsSort: 7, opsHot: null });
    // The largest position is accepted.
    expect(body<TOpsGameRow>(await override(p1!.nodeId, { opsSort: 9999 })).value.opsSort).toBe(9999);
  });

  it('the operators list finds games by part of a name or code', async () => {
    const vendor = await createVendor(t);
    await sync(vendorCaller(t, vendor), [game('LUCKY-7', { names: { th: 'เจ็ดนำโชค', en: 'Lucky Seven' } }), game('NAGA-1', { names: { th: 'นาคา', en: 'Naga Gold' } })]);
    expect((await opsGames(vendor.code, '&name=lucky')).map((g) => g.gameCode)).toEqual(['LUCKY-7']);
    expect((await opsGames(vendor.code, `&name=${encodeURIComponent('นาคา')}`)).map((g) => g.gameCode)).toEqual(['NAGA-1']);
    expect((await opsGames(vendor.code, '&name=naga-')).map((g) => g.gameCode)).toEqual(['NAGA-1']);
    expect(await opsGames(vendor.code, '&name=%25')).toEqual([]);
  });
});

describe('RTP and volatility published with the games (optional sync fields)', () => {
  it('are stored with the game and answered by the operators list; a vendor that sends none leaves them null', async () => {
    const vendor = await createVendor(t);
    const v = vendorCaller(t, vendor);
    const res = await sync(v, [game('R1', { rtp: '96.52', volatility: '3.649' }), game('R2')]);
    expect(res.json()).toMatchObject({ status: 'OK', created: 2 });
    const rows = await opsGames(vendor.code);
    expect(rows.map((g) => [g.gameCode, g.rtp, g.volatility])).toEqual([
      ['R1', '96.52', '3.649'],
      ['R2', null, null],
    ]);
    // A new figure is an update; dropping it (an older vendor) clears it.
    const again = (await sync(v, [game('R1', { rtp: '96.10', volatility: '3.700' }), game('R2')])).json();
    expect(again).toMatchObject({ status: 'OK', created: 0, updated: 1, retired: 0 });
    expect((await opsGames(vendor.code)).map((g) => g.rtp)).toEqual(['96.10', null]);
  });

  it('a malformed figure is INVALID_REQUEST and the list is not applied', async () => {
    const vendor = await createVendor(t);
    const v = vendorCaller(t, vendor);
    await sync(v, [game('F1', { rtp: '95.00', volatility: '2.000' })]);
    for (const bad of [{ rtp: '101' }, { rtp: '96.123456' }, { rtp: 96.5 }, { volatility: '-1' }, { volatility: 'high' }]) {
      const res = (await sync(v, [game('F1', { rtp: '95.00', volatility: '2.000', ...bad }), game('F2')])).json();
      expect(res, JSON.stringify(bad)).toMatchObject({ status: 'ERROR', code: 'INVALID_REQUEST' });
    }
    expect((await opsGames(vendor.code)).map((g) => [g.gameCode, g.rtp, g.volatility])).toEqual([['F1', '95.00', '2.000']]);
  });
});
