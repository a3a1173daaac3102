import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/i18n/i18n';
import { ok, openConsole, serveConsole } from '@/test/console';

/** The console's Lottery page (issue 27, docs/adr/0096) against a stubbed operator API. */
const MANAGER = ['read', 'money.read', 'money.write', 'vendors.read', 'lottery.read', 'lottery.manage', 'self.rotate', 'self'];
const READER = ['read', 'vendors.read', 'lottery.read', 'self.rotate', 'self'];

/** The real XSMB of 12 May 2023 (apps/games/src/lottery/fixtures/vn-north-2023-05-12.json). */
const XSMB = {
  special: '84102',
  g1: '12141',
  g2: ['03914', '59392'],
  g3: ['89476', '73718', '53418', '26470', '04401', '87540'],
  g4: ['9810', '7384', '5603', '4657'],
  g5: ['1245', '1444', '2197', '7581', '5850', '1090'],
  g6: ['531', '230', '371'],
  g7: ['43', '75', '65', '00'],
};

const game = (over: Record<string, unknown> = {}) => ({
  gameCode: 'VN_MB',
  region: 'VN_NORTH',
  format: 'vn-north',
  names: { th: 'หวยเวียดนามเหนือ', en: 'Vietnam North (XSMB)', vi: 'Xổ số Miền Bắc' },
  enabled: true,
  betTypes: ['lo2', 'lo3', 'de', '3cang', 'xien2', 'xien3', 'xien4'],
  rates: {},
  // docs/lottery.md's defaults: lô 2 x80, lô 3 x900, đề x80, 3 càng x700, xiên 2/3/4 x15/x60/x150.
  defaultRates: { lo2: 8000, lo3: 90000, de: 8000, '3cang': 70000, xien2: 1500, xien3: 6000, xien4: 15000 },
  minStake: '1.00',
  maxStake: '100000.00',
  exposureCap: '1000000.00',
  restricted: [],
  ...over,
});
const GAMES = {
  vendor: 'LOTT',
  games: [
    game(),
    game({ gameCode: 'TH_GLO', region: 'TH', format: 'thai', names: { th: 'สลากกินแบ่งรัฐบาล', en: 'Thai Government Lottery' }, betTypes: ['3top', '3tod', '3front', '3bottom', '2top', '2bottom', 'runtop', 'runbottom'], rates: { '3top': 85000 }, restricted: ['3top:123', '2bottom:08'] }),
  ],
};
const tickets = (over: Record<string, unknown> = {}) => ({ count: 0, stakes: '0.00', wins: '0.00', unsettled: 0, refunded: 0, ...over });
const draw = (drawNo: string, over: Record<string, unknown> = {}) => ({
  gameCode: 'VN_MB',
  drawNo,
  lockAt: `2099-12-${drawNo.slice(6)}T10:59:00.000Z`,
  closeAt: `2099-12-${drawNo.slice(6)}T11:00:00.000Z`,
  drawAt: `2099-12-${drawNo.slice(6)}T11:15:00.000Z`,
  status: 'scheduled',
  closed: true,
  voidReason: null,
  result: null,
  tickets: tickets(),
  ...over,
});
const entered = (byYou: boolean) => ({
  status: 'entered',
  enteredBy: byYou ? 'op-1' : 'op-2',
  enteredByName: byYou ? 'fin' : 'lotto_b',
  enteredByYou: byYou,
  numbers: XSMB,
  source: 'xoso.com.vn',
});
const DRAWS = {
  gameCode: 'VN_MB',
  draws: [
    draw('20991208', { closed: false, tickets: tickets({ count: 3, stakes: '81.00', unsettled: 3 }) }),
    draw('20991207'),
    draw('20991206', { result: entered(false), tickets: tickets({ count: 2, stakes: '54.00', unsettled: 2 }) }),
    draw('20991205', { result: entered(true) }),
    draw('20991204', { status: 'settled', result: { ...entered(false), status: 'confirmed' }, tickets: tickets({ count: 5, stakes: '135.00', wins: '160.00' }) }),
    draw('20991203', { status: 'void', voidReason: 'official draw cancelled', tickets: tickets({ refunded: 4 }) }),
  ],
};
const EXPOSURE = { gameCode: 'VN_MB', drawNo: '20991208', cap: '1000000.00', numbers: [{ betKey: 'lo2:18', liability: '250000.00' }, { betKey: 'de:02', liability: '800.00' }] };
const change = (drawNo: string, what: string) => ({ gameCode: 'VN_MB', drawNo, change: what });
const refusal = (message: string, status: number, fields?: Record<string, string>) =>
  new Response(JSON.stringify({ success: false, message, value: null, ...(fields ? { fields } : {}) }), { status });

function serve(permissions: string[], options: { refuseFirstResult?: boolean } = {}) {
  let refuse = options.refuseFirstResult ?? false;
  return serveConsole(permissions, (url, method) => {
    if (url === '/ops/lottery/games' && method === 'GET') return ok(GAMES);
    if (url.startsWith('/ops/lottery/games/VN_MB/draws?')) return ok(DRAWS);
    if (url.startsWith('/ops/lottery/games/TH_GLO/draws?')) return ok({ gameCode: 'TH_GLO', draws: [] });
    if (url.startsWith('/ops/lottery/games/VN_MB/draws/20991208/exposure')) return ok(EXPOSURE);
    const m = /^\/ops\/lottery\/games\/VN_MB\/draws\/(\d+)\/(result|result\/confirm|result\/discard|void|move)$/.exec(url);
    if (m && method === 'POST') {
      const [, drawNo, action] = m;
      if (action === 'result' && refuse) {
        refuse = false;
        return refusal('lottery_result_exists', 409);
      }
      if (action === 'void') return ok({ approvalId: 12, status: 'pending', expiresAt: '2099-12-09T00:00:00.000Z' });
      return ok(change(drawNo!, { result: 'result.enter', 'result/confirm': 'result.confirm', 'result/discard': 'result.discard', move: 'draw.move' }[action!]!));
    }
    if (url === '/ops/lottery/games/VN_MB' && method === 'PUT') return ok(game({ rates: { de: 8500 } }));
    return null;
  });
}

const rowOf = (table: HTMLElement, text: string) => within(table).getAllByRole('row').find((r) => r.textContent?.includes(text))!;

beforeAll(async () => {
  initI18n('en');
  await import('@/features/lottery/lottery-page');
});
afterEach(() => vi.unstubAllGlobals());

describe('lottery page', { timeout: 30_000 }, () => {
  it("the result form checks the result's shape against the game's format before sending, and shows the server's refusal translated", async () => {
    const calls = serve(MANAGER, { refuseFirstResult: true });
    openConsole('/lottery?game=VN_MB');
    const draws = await screen.findByRole('table', { name: 'Draws of Vietnam North (XSMB)' });
    const row = rowOf(draws, '20991207');
    expect(row.textContent).toContain('Waiting for its result');
    await userEvent.click(within(row).getByRole('button', { name: 'Enter the result of draw 20991207' }));
    const dialog = screen.getByRole('dialog', { name: 'Result of draw 20991207' });
    const json = within(dialog).getByLabelText('Result (JSON)');

    // A seventh prize missing and a first prize one digit short: said before anything is sent.
    const { g7: _g7, ...withoutG7 } = XSMB;
    await userEvent.click(json);
    await userEvent.paste(JSON.stringify({ ...withoutG7, g1: '1214' }));
    await userEvent.type(within(dialog).getByLabelText('Source'), 'xoso.com.vn');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enter the result' }));
    expect(await within(dialog).findByText('"g1" is one number of 5 digits, written as a string')).toBeTruthy();
    expect(within(dialog).getByText('"g7" is missing')).toBeTruthy();
    await userEvent.clear(json);
    await userEvent.paste('{"special": 84102');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enter the result' }));
    expect(await within(dialog).findByText('This is not valid JSON')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    // The template has every prize of the format, in its places.
    await userEvent.clear(json);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Insert an empty template' }));
    expect(JSON.parse((json as HTMLTextAreaElement).value)).toEqual({ special: '', g1: '', g2: ['', ''], g3: Array(6).fill(''), g4: Array(4).fill(''), g5: Array(6).fill(''), g6: ['', '', ''], g7: ['', '', '', ''] });

    await userEvent.clear(json);
    await userEvent.click(json);
    await userEvent.paste(JSON.stringify(XSMB));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enter the result' }));
    expect(await within(dialog).findByText('A result is already entered for this draw: confirm or discard it first')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enter the result' }));
    expect(await screen.findByText('The result of draw 20991207 is entered: a second operator confirms it.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', url: '/ops/lottery/games/VN_MB/draws/20991207/result', body: { result: XSMB, source: 'xoso.com.vn' } },
      { method: 'POST', url: '/ops/lottery/games/VN_MB/draws/20991207/result', body: { result: XSMB, source: 'xoso.com.vn' } },
    ]);
    expect(screen.queryByRole('dialog', { name: 'Result of draw 20991207' })).toBeNull();
  });

  it('an entered result: its own operator sees Confirm disabled with the reason; another confirms or discards it', async () => {
    const calls = serve(MANAGER);
    openConsole('/lottery?game=VN_MB');
    const draws = await screen.findByRole('table', { name: 'Draws of Vietnam North (XSMB)' });

    const mine = rowOf(draws, '20991205');
    expect(mine.textContent).toContain('Entered by you, waiting for a second operator');
    expect((within(mine).getByRole('button', { name: 'Confirm' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(mine).getByText('You entered this result: a second operator must confirm it.')).toBeTruthy();

    const theirs = rowOf(draws, '20991206');
    expect(theirs.textContent).toContain('Entered by lotto_b, waiting for a second operator');
    expect(theirs.textContent).toContain('Waiting for confirmation');
    await userEvent.click(within(theirs).getByRole('button', { name: 'Confirm' }));
    const ask = screen.getByRole('dialog', { name: 'Confirm the result of draw 20991206?' });
    expect(ask.textContent).toContain('lotto_b entered it');
    await userEvent.click(within(ask).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The result of draw 20991206 is confirmed; its tickets are being settled.')).toBeTruthy();

    await userEvent.click(within(rowOf(draws, '20991206')).getByRole('button', { name: 'Discard' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Discard the entered result of draw 20991206?' })).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The entered result of draw 20991206 is discarded.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      '/ops/lottery/games/VN_MB/draws/20991206/result/confirm',
      '/ops/lottery/games/VN_MB/draws/20991206/result/discard',
    ]);

    // A confirmed draw and a void one: their state, no action.
    const settled = rowOf(draws, '20991204');
    expect(settled.textContent).toContain('Confirmed (entered by lotto_b)');
    expect(settled.textContent).toContain('฿160.00');
    expect(within(settled).queryAllByRole('button', { name: /Confirm|Void|Move/ })).toEqual([]);
    expect(rowOf(draws, '20991203').textContent).toContain('official draw cancelled');
  });

  it("a void asks its reason and becomes a request for a second operator; a move takes a time in UTC+7", async () => {
    const calls = serve(MANAGER);
    openConsole('/lottery?game=VN_MB');
    const draws = await screen.findByRole('table', { name: 'Draws of Vietnam North (XSMB)' });
    const open = rowOf(draws, '20991208');
    await userEvent.click(within(open).getByRole('button', { name: 'Void' }));
    const ask = screen.getByRole('dialog', { name: 'Void draw 20991208?' });
    expect(ask.textContent).toContain('Tickets sold: 3.');
    await userEvent.click(within(ask).getByRole('button', { name: 'Ask to void' }));
    expect(await within(ask).findByText('Please give a reason of at least 3 characters')).toBeTruthy();
    await userEvent.type(within(ask).getByLabelText('Reason (kept in the audit log)'), 'official draw cancelled');
    await userEvent.click(within(ask).getByRole('button', { name: 'Ask to void' }));
    expect(await screen.findByText(/Void of draw 20991208 requested \(request #12\)/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open Approvals' })).toBeTruthy();
    expect(calls).toContainEqual({ method: 'POST', url: '/ops/lottery/games/VN_MB/draws/20991208/void', body: { reason: 'official draw cancelled' } });

    await userEvent.click(within(rowOf(draws, '20991208')).getByRole('button', { name: 'Move draw 20991208' }));
    const move = screen.getByRole('dialog', { name: 'Move draw 20991208' });
    const at = within(move).getByLabelText('New draw time') as HTMLInputElement;
    expect(at.value).toBe('2099-12-08T18:15');
    await userEvent.clear(at);
    await userEvent.type(at, '2099-12-09T19:30');
    await userEvent.click(within(move).getByRole('button', { name: 'Move' }));
    expect(await screen.findByText('Draw 20991208 is moved.')).toBeTruthy();
    expect(calls).toContainEqual({ method: 'POST', url: '/ops/lottery/games/VN_MB/draws/20991208/move', body: { drawAt: '2099-12-09T19:30:00+07:00' } });
  });

  it("a game's rates are edited as multipliers; a bad one is refused before sending", async () => {
    const calls = serve(MANAGER);
    openConsole('/lottery');
    const games = await screen.findByRole('table', { name: 'Games' });
    const thai = rowOf(games, 'Thai Government Lottery');
    expect(thai.textContent).toContain('3 top ×850.00');
    expect(thai.textContent).toContain('3top:123 2bottom:08');
    await userEvent.click(within(rowOf(games, 'Vietnam North')).getByRole('button', { name: 'Edit Vietnam North (XSMB)' }));
    const form = screen.getByRole('form', { name: 'Stakes, exposure cap and rates of VN_MB' });
    // Each bet type shows the lottery's default beside the operator's rate, which an empty box keeps.
    expect(within(form).getByTestId('lottery-default-rate-de').textContent).toBe('×80.00');
    expect(within(form).getByTestId('lottery-default-rate-xien4').textContent).toBe('×150.00');
    expect(within(form).getByLabelText('Đề').getAttribute('placeholder')).toBe('default ×80.00');
    const de = within(form).getByLabelText('Đề');
    await userEvent.type(de, '85.123');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('A multiplier with at most two decimals, at most 100000.00')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await userEvent.clear(de);
    await userEvent.type(de, '85');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('VN_MB saved.')).toBeTruthy();
    expect(calls).toContainEqual({
      method: 'PUT',
      url: '/ops/lottery/games/VN_MB',
      body: { minStake: '1.00', maxStake: '100000.00', exposureCap: '1000000.00', rates: { de: 8500 } },
    });
  });

  it('a reader sees the games, the draws and the exposure of an open draw, and no change', async () => {
    const calls = serve(READER);
    openConsole('/lottery?game=VN_MB');
    expect(await screen.findByRole('link', { name: 'Lottery' })).toBeTruthy();
    const draws = await screen.findByRole('table', { name: 'Draws of Vietnam North (XSMB)' });
    expect(screen.getByText('Your role can look at the lottery but not change it.')).toBeTruthy();
    for (const name of [/^Enter the result/, /^Confirm$/, /^Discard$/, /^Void$/, /^Move draw/, /^Edit /, /^Restricted numbers of/, /^Disable$/]) {
      expect(screen.queryAllByRole('button', { name })).toEqual([]);
    }
    await userEvent.click(within(rowOf(draws, '20991208')).getByRole('button', { name: 'Exposure' }));
    const exposure = await screen.findByRole('table', { name: 'Exposure of draw 20991208' });
    const lo = rowOf(exposure, 'lo2:18');
    expect(lo.textContent).toContain('฿250,000.00');
    expect(lo.textContent).toContain('25%');
    expect(screen.getByText('The most the lottery may owe on one number: ฿1,000,000.00.')).toBeTruthy();
    expect(calls.every((c) => c.method === 'GET')).toBe(true);

    // Another game from the list: its draws, here none.
    await userEvent.selectOptions(screen.getByLabelText('Game'), 'TH_GLO');
    expect(await screen.findByRole('heading', { name: 'Draws of Thai Government Lottery' })).toBeTruthy();
    expect(await screen.findByText('Nothing to show')).toBeTruthy();
  });
});
