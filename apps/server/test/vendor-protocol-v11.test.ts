import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createVendorService } from '../src/modules/game-vendors/vendor.service';
import type { VendorRepository, VendorRow } from '../src/modules/game-vendors/vendor.repository';
import { createHttpFundTransferProvider } from '../src/modules/wallet/transfers/transfer.http-provider';
import { createClock, useTestApp } from './helper';
import { createMember } from './factories';
import { answerSignature, createVendor, fundMember, openSession, vendorCaller } from './vendor-client';

/**
 * issue 23 #1, vendor protocol signature v1.1 (docs/vendor-protocol.md "2. Signing"): the method and the path are
 * signed, every call's body is strict, a refusal keeps its transaction id with its answer, answers are signed and
 * echo the requestId (our transfer client refuses any other), bad signatures are rate limited per address and
 * unknown vendor codes never push known vendors out of the cache; and issue 23 #6, a rollback of a bet a win
 * already settled (by betTransactionId, in any round) is ROUND_CLOSED.
 */
const t = useTestApp({ clock: createClock({ frozen: Date.now() }) });

type Answer = { status: string; code?: string; balance?: string; requestId?: string; platformTransactionId?: string };

async function player(funds: bigint) {
  const v = vendorCaller(t, await createVendor(t));
  const m = await createMember(t);
  if (funds > 0n) await fundMember(t, m.id, funds);
  const sessionToken = await openSession(m, v);
  const send = async (path: string, payload: unknown, options: Parameters<typeof v.call>[2] = {}) => {
    const res = await v.call(path, payload, options);
    return { http: res.statusCode, answer: res.json() as Answer, res };
  };
  const balance = async () => t.app.services.wallet.balanceOf({ id: m.id, trial: false });
  return { v, m, sessionToken, send, balance };
}

describe('issue 23 #1: a signed call is bound to its method and path, its body to its call', () => {
  it('a captured refused bet replayed to /wallet/win is refused and changes no balance (the 5,000.00 minted on 100.00)', async () => {
    const p = await player(10_000n);
    const bet = {
      requestId: 'big-bet',
      playerId: String(p.m.id),
      sessionToken: p.sessionToken,
      transactionId: 'mint-1',
      roundId: 'mint-round',
      gameCode: 'SLOT-7',
      amount: '500000',
      currency: 'THB',
    };
    const refused = await p.send('wallet/bet', bet);
    expect(refused.answer).toMatchObject({ status: 'ERROR', code: 'INSUFFICIENT_FUNDS' });
    // The attacker replays the captured bytes and headers (signed for wallet/bet) to wallet/win.
    const replayed = await p.send('wallet/win', bet, { signedPath: 'wallet/bet' });
    expect(replayed.http).toBe(401);
    expect(replayed.answer).toMatchObject({ status: 'ERROR', code: 'INVALID_SIGNATURE' });
    expect(await p.balance()).toBe(10_000n);
  });

  it('a bet body sent as a win, even signed for the win path, is INVALID_REQUEST (strict bodies) and changes no balance', async () => {
    const p = await player(10_000n);
    const betBody = {
      requestId: 'as-win',
      playerId: String(p.m.id),
      sessionToken: p.sessionToken,
      transactionId: 'as-win-1',
      roundId: 'as-win-round',
      gameCode: 'SLOT-7',
      amount: '500000',
      currency: 'THB',
    };
    const res = await p.send('wallet/win', betBody);
    expect(res.http).toBe(200);
    expect(res.answer).toMatchObject({ status: 'ERROR', code: 'INVALID_REQUEST', requestId: 'as-win' });
    expect(await p.balance()).toBe(10_000n);
  });

  it('strict bodies: a field of another call, or an unknown one, is INVALID_REQUEST in every call', async () => {
    const p = await player(10_000n);
    const playerId = String(p.m.id);
    const cases: [string, Record<string, unknown>][] = [
      ['session/authenticate', { token: 'x'.repeat(43), playerId }],
      ['wallet/balance', { playerId, sessionToken: p.sessionToken, amount: '1' }],
      ['wallet/bet', { requestId: 'r', playerId, sessionToken: p.sessionToken, transactionId: 's1', roundId: 's', gameCode: 'G', amount: '1', currency: 'THB', betTransactionId: 'x' }],
      ['wallet/win', { requestId: 'r', playerId, transactionId: 's2', roundId: 's', gameCode: 'G', amount: '1', currency: 'THB', referenceTransactionId: 'x' }],
      ['wallet/rollback', { requestId: 'r', playerId, transactionId: 's3', referenceTransactionId: 's1', amount: '1' }],
      ['games/sync', { requestId: 'r', games: [], vendor: 'X' }],
    ];
    for (const [path, body] of cases) {
      const res = await p.send(path, body);
      expect(res.answer, path).toMatchObject({ status: 'ERROR', code: 'INVALID_REQUEST' });
    }
    expect(await p.balance()).toBe(10_000n);
  });

  it('a refused bet keeps its transaction id with its answer: a win with that id is DUPLICATE_TRANSACTION_CONFLICT and changes no balance', async () => {
    const p = await player(10_000n);
    const common = { playerId: String(p.m.id), transactionId: 'kept-1', roundId: 'kept-round', gameCode: 'SLOT-7', amount: '500000', currency: 'THB' };
    expect((await p.send('wallet/bet', { ...common, requestId: 'a', sessionToken: p.sessionToken })).answer).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    const win = await p.send('wallet/win', { ...common, requestId: 'b' });
    expect(win.answer).toMatchObject({ status: 'ERROR', code: 'DUPLICATE_TRANSACTION_CONFLICT', balance: '10000' });
    expect(await p.balance()).toBe(10_000n);
  });

  it("a vendor's identical retry gets the first answer: re-signed with a new requestId or the same bytes again, OK or refused", async () => {
    const p = await player(10_000n);
    const bet = (requestId: string, transactionId: string, amount: string) => ({
      requestId,
      playerId: String(p.m.id),
      sessionToken: p.sessionToken,
      transactionId,
      roundId: `round-${transactionId}`,
      gameCode: 'SLOT-7',
      amount,
      currency: 'THB',
    });
    const sentAt = String(t.clock.now());
    const first = await p.send('wallet/bet', bet('q1', 'ok-1', '1000'), { timestamp: sentAt });
    expect(first.answer).toMatchObject({ status: 'OK', balance: '9000', requestId: 'q1' });
    t.clock.advance(1_000);
    const resigned = await p.send('wallet/bet', bet('q1-retry', 'ok-1', '1000'));
    expect(resigned.answer).toEqual({ ...first.answer, requestId: 'q1-retry' });
    // The same bytes with the same headers (a proxy's retry).
    const again = await p.send('wallet/bet', bet('q1', 'ok-1', '1000'), { timestamp: sentAt });
    expect(again.answer).toEqual(first.answer);

    const refused = await p.send('wallet/bet', bet('q2', 'short-1', '20000'));
    expect(refused.answer).toMatchObject({ status: 'ERROR', code: 'INSUFFICIENT_FUNDS', balance: '9000' });
    await fundMember(t, p.m.id, 50_000n);
    const retried = await p.send('wallet/bet', bet('q2-retry', 'short-1', '20000'));
    expect(retried.answer).toMatchObject({ status: 'ERROR', code: 'INSUFFICIENT_FUNDS', requestId: 'q2-retry' });
    expect(await p.balance()).toBe(59_000n);
  });

  it('answers are signed over STATUS, the path, their X-Timestamp and their raw body, and echo the requestId', async () => {
    const p = await player(10_000n);
    const res = await p.send('wallet/balance', { requestId: 'bal-1', playerId: String(p.m.id), sessionToken: p.sessionToken });
    expect(res.answer).toMatchObject({ status: 'OK', requestId: 'bal-1', balance: '10000' });
    const timestamp = res.res.headers['x-timestamp'] as string;
    expect(timestamp).toBe(String(t.clock.now()));
    expect(res.res.headers['x-signature']).toBe(answerSignature(p.v.secret, 200, 'wallet/balance', timestamp, res.res.body));
  });
});

describe('issue 23 #1: bad signatures and unknown vendors', () => {
  it('a burst of badly signed calls from one address is answered 429; other addresses and good vendors are served', async () => {
    const p = await player(10_000n);
    const body = { playerId: String(p.m.id), sessionToken: p.sessionToken };
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await p.v.call('wallet/balance', body, { signature: 'ab'.repeat(32), remoteAddress: '203.0.113.7' });
      statuses.push(res.statusCode);
    }
    expect(statuses[0]).toBe(401);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(10);
    // Unknown vendor codes count too.
    const unknown = await p.v.call('wallet/balance', body, { code: 'NOSUCH', remoteAddress: '203.0.113.7' });
    expect(unknown.statusCode).toBe(429);
    // Another address, signed right: served.
    const good = await p.v.call('wallet/balance', body, { remoteAddress: '198.51.100.9' });
    expect(good.statusCode).toBe(200);
    expect(good.json()).toMatchObject({ status: 'OK' });
  });

  it('unknown vendor codes go to a small bounded cache that never evicts known vendors', async () => {
    let reads = 0;
    const row = { code: 'KNOWN', status: 'active', secretSealed: 'sealed' } as unknown as VendorRow;
    const repo = {
      findVendor: async (code: string) => {
        reads += 1;
        return code === 'KNOWN' ? row : null;
      },
    } as unknown as VendorRepository;
    const service = createVendorService({ database: {} as never, repo, keys: { open: async () => 's'.repeat(43) }, now: t.clock.now });
    expect(await service.vendorOf('KNOWN')).toMatchObject({ row: { code: 'KNOWN' } });
    const codes = Array.from({ length: 5_000 }, (_, i) => `U${i}`);
    for (const code of codes) expect(await service.vendorOf(code)).toBeNull();
    reads = 0;
    // The known vendor is still cached after 5,000 unknown codes...
    expect(await service.vendorOf('KNOWN')).toMatchObject({ row: { code: 'KNOWN' } });
    expect(reads).toBe(0);
    // ...the most recent unknown code is remembered (no database read)...
    expect(await service.vendorOf(codes.at(-1)!)).toBeNull();
    expect(reads).toBe(0);
    // ...and the first was dropped: the negative cache is bounded far below 5,000.
    expect(await service.vendorOf(codes[0]!)).toBeNull();
    expect(reads).toBe(1);
  });
});

describe('issue 23 #6: a rollback of a bet a win already settled', () => {
  it('a win naming the bet (betTransactionId) in another round closes it: the rollback is ROUND_CLOSED and refunds nothing', async () => {
    const p = await player(10_000n);
    const playerId = String(p.m.id);
    await p.send('wallet/bet', { requestId: 'b', playerId, sessionToken: p.sessionToken, transactionId: 'settled-bet', roundId: 'round-a', gameCode: 'SLOT-7', amount: '1000', currency: 'THB' });
    await p.send('wallet/win', { requestId: 'w', playerId, transactionId: 'settled-win', roundId: 'round-b', gameCode: 'SLOT-7', amount: '3000', currency: 'THB', betTransactionId: 'settled-bet' });
    expect(await p.balance()).toBe(12_000n);
    const rb = await p.send('wallet/rollback', { requestId: 'r', playerId, transactionId: 'settled-rb', referenceTransactionId: 'settled-bet' });
    expect(rb.answer).toMatchObject({ status: 'ERROR', code: 'ROUND_CLOSED', balance: '12000' });
    expect(await p.balance()).toBe(12_000n);
  });
});

describe('issue 23 #1: our transfer client takes only the answer to its own call', () => {
  it('a captured OK of one transfer replayed onto another is refused (unknown: nothing confirmed, no balance moves)', async () => {
    const secret = 'transfer-vendor-secret-0123456789abcdef';
    const base = '/tv';
    let captured: { status: number; headers: Record<string, string>; body: string } | null = null;
    let replay = false;
    const server = createServer((req: IncomingMessage, res: ServerResponse) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      req.on('end', () => {
        if (replay && captured) {
          res.writeHead(captured.status, captured.headers).end(captured.body);
          return;
        }
        // An honest vendor (docs/vendor-protocol.md section 9, v1.1), computed here from the document's rule.
        const request = JSON.parse(raw) as { requestId: string; ref: string };
        const body = JSON.stringify({ status: 'OK', requestId: request.requestId, ref: request.ref, balance: '100.00' });
        const timestamp = String(t.clock.now());
        const signature = createHmac('sha256', secret).update(`200\n${req.url}\n${timestamp}\n${body}`).digest('hex');
        const headers = { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': signature };
        captured = { status: 200, headers, body };
        res.writeHead(200, headers).end(body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const provider = createHttpFundTransferProvider({ timeoutMs: 5_000, balanceTimeoutMs: 5_000, now: t.clock.now });
      const vendor = { code: 'TV', name: 'Transfer vendor', apiBaseUrl: `http://127.0.0.1:${port}${base}`, secret, status: 'active' as const, currency: 'THB' };
      expect(await provider.deposit(vendor, 'ref-A', '7', 10_000n)).toMatchObject({ outcome: 'ok' });
      replay = true;
      expect(await provider.deposit(vendor, 'ref-B', '7', 10_000n)).toMatchObject({ outcome: 'unknown' });
      // The same captured OK as a withdrawal's answer (another path): refused too.
      expect(await provider.withdraw(vendor, 'ref-C', '7', 10_000n)).toMatchObject({ outcome: 'unknown' });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
