import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAmount, requestHash } from './vendor-protocol.rules';

describe('vendor protocol amounts (integer minor units as strings of digits)', () => {
  it('"1050" is 10.50 THB: 1050 minor units; zero is a valid amount', () => {
    expect(parseAmount('1050')).toBe(1050n);
    expect(parseAmount('0')).toBe(0n);
    expect(parseAmount('0100')).toBe(100n);
  });

  it('up to 2^53 - 1 minor units; beyond is overflowing', () => {
    expect(parseAmount('9007199254740991')).toBe(9007199254740991n);
    expect(parseAmount('9007199254740992')).toBeNull();
    expect(parseAmount('99999999999999999')).toBeNull();
  });

  it('negative, fractional, non-digit and non-string amounts are refused', () => {
    for (const bad of ['-1', '-0', '10.50', '1e3', ' 10', '10 ', '', '+5', '0x10', '１０', '1_000', '10,5']) {
      expect(parseAmount(bad), bad).toBeNull();
    }
    for (const bad of [1050, 10.5, null, undefined, true, ['1'], { amount: '1' }, 10n]) {
      expect(parseAmount(bad), String(bad)).toBeNull();
    }
  });
});

describe('vendor protocol request hash', () => {
  const ctx = { vendor: 'HOUSE', playerId: '1001', currency: 'THB' };
  const bet = { kind: 'bet' as const, transactionId: 'T1', roundId: 'R1', gameCode: 'G1', amount: 100n };

  it('is the SHA-256 hex of the canonical operation: the same operation gives the same hash', () => {
    expect(requestHash(bet, ctx)).toMatch(/^[0-9a-f]{64}$/);
    expect(requestHash({ ...bet }, { ...ctx })).toBe(requestHash(bet, ctx));
  });

  it('changes with every field of the operation (same id, other body)', () => {
    const base = requestHash(bet, ctx);
    expect(requestHash({ ...bet, amount: 101n }, ctx)).not.toBe(base);
    expect(requestHash({ ...bet, roundId: 'R2' }, ctx)).not.toBe(base);
    expect(requestHash({ ...bet, gameCode: 'G2' }, ctx)).not.toBe(base);
    expect(requestHash(bet, { ...ctx, playerId: '1002' })).not.toBe(base);
    expect(requestHash(bet, { ...ctx, vendor: 'OTHER' })).not.toBe(base);
    expect(requestHash({ ...bet, kind: 'win' }, ctx)).not.toBe(base);
    const win = { ...bet, kind: 'win' as const };
    expect(requestHash({ ...win, betTransactionId: 'T0' }, ctx)).not.toBe(requestHash(win, ctx));
    const rb = { kind: 'rollback' as const, transactionId: 'T9', referenceTransactionId: 'T1' };
    expect(requestHash({ ...rb, referenceTransactionId: 'T2' }, ctx)).not.toBe(requestHash(rb, ctx));
    expect(requestHash({ ...rb, roundId: 'R1' }, ctx)).not.toBe(requestHash(rb, ctx));
  });

  it('is the SHA-256 of the RFC 8785 canonical JSON of the operation, as stored by every earlier version', () => {
    const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
    expect(requestHash(bet, ctx)).toBe(
      sha(
        '{"amount":"100","betTransactionId":null,"currency":"THB","gameCode":"G1","kind":"bet","playerId":"1001",' +
          '"referenceTransactionId":null,"roundId":"R1","transactionId":"T1","vendor":"HOUSE"}',
      ),
    );
    const text = fc.string({ unit: 'binary', maxLength: 12 });
    fc.assert(
      fc.property(
        fc.record({
          transactionId: text,
          roundId: fc.option(text),
          gameCode: text,
          amount: fc.bigInt({ min: 0n, max: 2n ** 53n }),
          ref: fc.option(text),
        }),
        fc.record({ vendor: text, playerId: text, currency: fc.option(text) }),
        fc.constantFrom('bet' as const, 'win' as const, 'rollback' as const),
        (o, context, kind) => {
          const op =
            kind === 'rollback'
              ? {
                  kind,
                  transactionId: o.transactionId,
                  referenceTransactionId: o.ref ?? 'x',
                  ...(o.roundId === null ? {} : { roundId: o.roundId }),
                }
              : {
                  kind,
                  transactionId: o.transactionId,
                  roundId: o.roundId ?? 'r',
                  gameCode: o.gameCode,
                  amount: o.amount,
                  ...(kind === 'win' && o.ref !== null ? { betTransactionId: o.ref } : {}),
                };
          const fields = {
            kind: op.kind,
            vendor: context.vendor,
            playerId: context.playerId,
            transactionId: op.transactionId,
            roundId: op.roundId ?? null,
            gameCode: op.kind === 'rollback' ? null : op.gameCode,
            amount: op.kind === 'rollback' ? null : op.amount.toString(),
            currency: op.kind === 'rollback' ? null : context.currency,
            betTransactionId: op.kind === 'win' ? (op.betTransactionId ?? null) : null,
            referenceTransactionId: op.kind === 'rollback' ? op.referenceTransactionId : null,
          };
          expect(requestHash(op, context)).toBe(sha(canonicalize(fields)!));
        },
      ),
      { numRuns: 500 },
    );
  });
});
