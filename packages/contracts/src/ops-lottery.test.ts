import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOTTO_RESULT_SHAPES, lottoResultIssues, lottoVendorOpsPath, ZOpsLottoGameChange, ZOpsLottoRestrictedInput } from './ops-lottery';

/** The real published draws the house lottery's tests use (apps/games/src/lottery/fixtures, with their sources). */
const fixture = (name: string) =>
  (JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../../apps/games/src/lottery/fixtures', name), 'utf8')) as { format: string; result: Record<string, unknown> });

const numbersOf = (format: keyof typeof LOTTO_RESULT_SHAPES) => LOTTO_RESULT_SHAPES[format].reduce((n, p) => n + (p.count ?? 1), 0);

describe("the lottery operators' contract (docs/adr/0096)", () => {
  it('the result shapes are those of docs/lottery.md: real published draws fit them', () => {
    expect(numbersOf('vn-north')).toBe(27);
    expect(numbersOf('vn-south')).toBe(18);
    expect(numbersOf('thai')).toBe(1 + 2 + 2 + 1 + 2 + 5 + 10 + 50 + 100);
    for (const name of ['thai-2024-05-02.json', 'vn-north-2023-05-12.json', 'vn-south-tphcm-2026-09-28.json']) {
      const { format, result } = fixture(name);
      expect(lottoResultIssues(format as keyof typeof LOTTO_RESULT_SHAPES, result), name).toEqual([]);
    }
  });

  it('a result that does not fit says which prize and why', () => {
    const { result } = fixture('vn-north-2023-05-12.json');
    const { g7: _g7, ...rest } = result;
    expect(lottoResultIssues('vn-north', { ...rest, g1: 12141, g2: ['03914'], extra: '1' })).toEqual([
      { code: 'unknown_prize', prize: 'extra' },
      { code: 'one_number', prize: 'g1', digits: 5 },
      { code: 'numbers', prize: 'g2', digits: 5, count: 2 },
      { code: 'missing_prize', prize: 'g7' },
    ]);
    // A one-number prize is a string, never an array of one; leading zeros are kept.
    expect(lottoResultIssues('vn-north', { ...result, special: ['84102'] })).toEqual([{ code: 'one_number', prize: 'special', digits: 5 }]);
    expect(lottoResultIssues('vn-north', { ...result, g7: ['43', '75', '65', '0'] })).toEqual([{ code: 'numbers', prize: 'g7', digits: 2, count: 4 }]);
    expect(lottoResultIssues('thai', [])).toEqual([{ code: 'not_object' }]);
  });

  it('a game change names something to change; restricted numbers are bet keys', () => {
    expect(ZOpsLottoGameChange.safeParse({}).success).toBe(false);
    expect(ZOpsLottoGameChange.safeParse({ rates: { de: 8500 } }).success).toBe(true);
    expect(ZOpsLottoGameChange.safeParse({ rates: { dé: 8500 } }).success).toBe(false);
    expect(ZOpsLottoRestrictedInput.safeParse({ betKeys: ['3top:123', 'xien2:12-34'] }).success).toBe(true);
    expect(ZOpsLottoRestrictedInput.safeParse({ betKeys: ['3top:1234'] }).success).toBe(false);
    expect(lottoVendorOpsPath('results/enter')).toBe('/house/lotto/ops/results/enter');
  });
});
