import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/i18n/i18n';
import { ok, openConsole, serveConsole } from '@/test/console';
import { agentBill } from '@/test/agent-fixtures';

/** The console's Agents page (issue 28, docs/adr/0100) against a stubbed operator API. */
const ADMIN = ['read', 'members.write', 'money.read', 'money.write', 'vendors.read', 'lottery.read', 'self.rotate', 'self'];
const FINANCE = ['read', 'money.read', 'money.write', 'vendors.read', 'lottery.read', 'lottery.manage', 'self.rotate', 'self'];
const READER = ['read', 'money.read', 'self.rotate', 'self'];

const contract = (over: Record<string, unknown> = {}) => ({
  id: 7,
  kind: 'dividend',
  cycle: 'month',
  agent: 'topagent',
  upline: null,
  tiers: [
    { minBase: '1000.00', minActive: 3, rateBp: 2000 },
    { minBase: '50000.00', minActive: 10, rateBp: 3500 },
  ],
  minPayout: '100.00',
  status: 'active',
  offeredAt: '2099-12-01T03:00:00.000Z',
  decidedAt: '2099-12-01T05:00:00.000Z',
  ...over,
});
const CONTRACTS = {
  list: [
    contract({
      id: 8,
      kind: 'realtime',
      cycle: '5min',
      agent: 'subagent',
      upline: 'topagent',
      tiers: [{ minBase: '250.00', minActive: 2, rateBp: 40 }],
      minPayout: '0.00',
      status: 'offered',
      decidedAt: null,
    }),
    contract(),
  ],
  total: 45,
};


const BILLS = {
  list: [
    agentBill(),
    agentBill({
      id: 32,
      kind: 'realtime',
      contractId: 8,
      agent: 'subagent',
      payer: 'topagent',
      amount: '1.20',
      status: 'unpaid',
      calculation: {
        base: '300.00',
        stakes: '300.00',
        wins: '90.00',
        activeMembers: 2,
        tier: 1,
        rateBp: 40,
        carriedIn: '0.00',
        amount: '1.20',
        carriedOut: '0.00',
      },
      paidAt: null,
      transactionId: null,
    }),
  ],
  total: 2,
};
const PERIODS = {
  list: [
    {
      id: 1,
      revision: 0,
      kind: 'realtime',
      cycle: '5min',
      startsAt: '2099-12-31T16:55:00.000Z',
      endsAt: '2099-12-31T17:00:00.000Z',
      status: 'settled',
      bills: 3,
      startedAt: '2099-12-31T17:00:31.000Z',
      finishedAt: '2099-12-31T17:00:32.000Z',
    },
    {
      id: 2,
      revision: 0,
      kind: 'dividend',
      cycle: 'month',
      startsAt: '2099-11-30T17:00:00.000Z',
      endsAt: '2099-12-31T17:00:00.000Z',
      status: 'settled',
      bills: 1,
      startedAt: '2099-12-31T17:00:31.000Z',
      finishedAt: null,
    },
  ],
};
const pending = (approvalId: number) => ok({ approvalId, status: 'pending', expiresAt: '2099-12-09T00:00:00.000Z' });
const refusal = (message: string, status: number, fields?: Record<string, string>) =>
  new Response(JSON.stringify({ success: false, message, value: null, ...(fields ? { fields } : {}) }), { status });

function serve(permissions: string[], options: { empty?: boolean } = {}) {
  const calls = serveConsole(permissions, (url, method) => {
    const [path, search = ''] = url.split('?');
    const query = new URLSearchParams(search);
    if (path === '/ops/agents/contracts' && method === 'GET') {
      if (options.empty) return ok({ list: [], total: 0 });
      // An agent nobody has: none found.
      return query.get('agent') === 'nobody' ? ok({ list: [], total: 0 }) : ok(CONTRACTS);
    }
    // The call being answered is the last one recorded: a sub-agent is not top-level.
    if (path === '/ops/agents/contracts' && method === 'POST')
      return (calls.at(-1)?.body as { agent: string }).agent === 'subagent' ? refusal('agent_not_top_level', 409) : pending(41);
    if (path === '/ops/agents/bills' && method === 'GET') return ok(BILLS);
    if (path === '/ops/agents/periods' && method === 'GET') return ok(options.empty ? { list: [] } : PERIODS);
    if (path === '/ops/agents/settle' && method === 'POST') return ok({ periods: 2, bills: 3, paid: 2, unpaid: 1 });
    if (path === '/ops/agents/newagent' && method === 'POST') return pending(42);
    if (path === '/ops/agents/already' && method === 'POST') return refusal('agent_already', 409);
    return null;
  });
  return calls;
}

const rowOf = (table: HTMLElement, text: string) =>
  within(table)
    .getAllByRole('row')
    .find((r) => r.textContent?.includes(text))!;
const queryOf = (url: string) => Object.fromEntries(new URLSearchParams(url.split('?')[1] ?? ''));

beforeAll(async () => {
  initI18n('en');
  await import('@/features/agents/agents-page');
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

describe('agents page', { timeout: 30_000 }, () => {
  it('the contracts table shows each contract with its payer and tiers in percent; filters and pages ask the server', async () => {
    const calls = serve(READER);
    openConsole('/agents');
    expect(await screen.findByRole('link', { name: 'Agents' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Agent contracts' });

    const sub = rowOf(table, '#8');
    for (const text of ['Real-time salary', 'Every 5 minutes', 'subagent', 'topagent', '≥ 250.00 · 2 active → 0.40 %', '0.00', 'Offered'])
      expect(sub.textContent).toContain(text);
    const top = rowOf(table, '#7');
    for (const text of [
      'Dividend',
      'Monthly',
      'Platform',
      '≥ 1,000.00 · 3 active → 20.00 %',
      '≥ 50,000.00 · 10 active → 35.00 %',
      '100.00',
      'Active',
      'Decided',
    ])
      expect(top.textContent).toContain(text);
    expect(screen.getByText('Page 1 of 3 (45 rows)')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await vi.waitFor(() => expect(calls.some((c) => c.url.startsWith('/ops/agents/contracts') && queryOf(c.url).pageNo === '2')).toBe(true));

    await userEvent.type(screen.getByLabelText('Agent username'), 'subagent');
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'realtime');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await vi.waitFor(() => expect(calls.map((c) => queryOf(c.url))).toContainEqual({ agent: 'subagent', kind: 'realtime', pageNo: '1', pageSize: '20' }));

    await userEvent.clear(screen.getByLabelText('Agent username'));
    await userEvent.type(screen.getByLabelText('Agent username'), 'nobody');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No contract matches these filters.')).toBeTruthy();
  });

  it('the top-level contract form sends rates as whole basis points and a cycle only for a dividend, and shows the pending request', async () => {
    const calls = serve(ADMIN);
    openConsole('/agents');
    await screen.findByRole('table', { name: 'Agent contracts' });
    await userEvent.click(screen.getByRole('button', { name: 'Offer a top-level contract' }));
    const dialog = screen.getByRole('dialog', { name: 'Offer a top-level agent its contract' });
    const form = within(dialog);

    // A dividend: its cycle is chosen; the tiers are net loss.
    expect((form.getByLabelText('Kind') as HTMLSelectElement).value).toBe('dividend');
    await userEvent.selectOptions(form.getByLabelText('Cycle'), 'halfmonth');
    await userEvent.type(form.getByLabelText('Agent username'), 'subagent');
    expect((form.getByRole('button', { name: 'Remove tier 1' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(form.getByLabelText('Tier 1: from team net loss (฿)'), '1000');
    await userEvent.type(form.getByLabelText('Tier 1: active members at least'), '3');
    await userEvent.type(form.getByLabelText('Tier 1: rate (%)'), '1.15');
    await userEvent.click(form.getByRole('button', { name: 'Add a tier' }));
    await userEvent.type(form.getByLabelText('Tier 2: from team net loss (฿)'), '50000');
    await userEvent.clear(form.getByLabelText('Tier 2: active members at least'));
    await userEvent.type(form.getByLabelText('Tier 2: active members at least'), '10');
    // Lower than tier 1: refused here, before anything is sent.
    await userEvent.type(form.getByLabelText('Tier 2: rate (%)'), '0.29');
    await userEvent.clear(form.getByLabelText('Minimum payout (฿)'));
    await userEvent.type(form.getByLabelText('Minimum payout (฿)'), '100');
    await userEvent.type(form.getByLabelText('Reason (kept in the audit log)'), 'new partner');
    await userEvent.click(form.getByRole('button', { name: 'Ask to offer the contract' }));
    expect(await form.findByText('Tier 2 must ask at least as much as tier 1 in both thresholds, more in one, and pay a higher rate')).toBeTruthy();
    // A rate with three decimals, or above 100 %, is not a rate.
    await userEvent.clear(form.getByLabelText('Tier 2: rate (%)'));
    await userEvent.type(form.getByLabelText('Tier 2: rate (%)'), '100.01');
    await userEvent.click(form.getByRole('button', { name: 'Ask to offer the contract' }));
    expect(await form.findByText('A percent above 0 with at most two decimals, at most 100.00')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    // 0.29 % and 1.15 % are 29 and 115 basis points exactly (as floats, x 100 they are 28.999... and 114.999...).
    await userEvent.clear(form.getByLabelText('Tier 1: rate (%)'));
    await userEvent.type(form.getByLabelText('Tier 1: rate (%)'), '0.29');
    await userEvent.clear(form.getByLabelText('Tier 2: rate (%)'));
    await userEvent.type(form.getByLabelText('Tier 2: rate (%)'), '1.15');
    await userEvent.click(form.getByRole('button', { name: 'Ask to offer the contract' }));
    // The server's refusal, translated.
    expect(await form.findByText('Operators give contracts only to agents with no agent above them')).toBeTruthy();
    await userEvent.clear(form.getByLabelText('Agent username'));
    await userEvent.type(form.getByLabelText('Agent username'), 'topagent');
    await userEvent.click(form.getByRole('button', { name: 'Ask to offer the contract' }));
    expect(await screen.findByText(/Request #41 to offer topagent a contract \(Dividend\) is pending: a second operator approves it/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open Approvals' })).toBeTruthy();
    const sent = calls.filter((c) => c.method === 'POST');
    expect(sent.map((c) => c.url)).toEqual(['/ops/agents/contracts', '/ops/agents/contracts']);
    expect(sent[1]!.body).toStrictEqual({
      agent: 'topagent',
      kind: 'dividend',
      cycle: 'halfmonth',
      tiers: [
        { minBase: '1000.00', minActive: 3, rateBp: 29 },
        { minBase: '50000.00', minActive: 10, rateBp: 115 },
      ],
      minPayout: '100.00',
      reason: 'new partner',
    });

    // Another kind: its cycle is fixed, none is sent; the tiers are turnover.
    await userEvent.click(screen.getByRole('button', { name: 'Offer a top-level contract' }));
    const again = within(screen.getByRole('dialog', { name: 'Offer a top-level agent its contract' }));
    await userEvent.selectOptions(again.getByLabelText('Kind'), 'hourly');
    expect(again.queryByLabelText('Cycle')).toBeNull();
    expect(again.getByText('Hourly (fixed for this kind)')).toBeTruthy();
    await userEvent.type(again.getByLabelText('Agent username'), 'topagent');
    await userEvent.type(again.getByLabelText('Tier 1: from team turnover (฿)'), '250.5');
    await userEvent.type(again.getByLabelText('Tier 1: rate (%)'), '0.4');
    await userEvent.type(again.getByLabelText('Reason (kept in the audit log)'), 'hourly salary');
    await userEvent.click(again.getByRole('button', { name: 'Ask to offer the contract' }));
    await vi.waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(3));
    expect(calls.filter((c) => c.method === 'POST')[2]!.body).toStrictEqual({
      agent: 'topagent',
      kind: 'hourly',
      tiers: [{ minBase: '250.50', minActive: 0, rateBp: 40 }],
      minPayout: '0.00',
      reason: 'hourly salary',
    });
  });

  it('the tiers editor adds rows up to ten and removes any of them', async () => {
    serve(ADMIN);
    openConsole('/agents');
    await userEvent.click(await screen.findByRole('button', { name: 'Offer a top-level contract' }));
    const form = within(screen.getByRole('dialog', { name: 'Offer a top-level agent its contract' }));
    const add = form.getByRole('button', { name: 'Add a tier' }) as HTMLButtonElement;
    for (let i = 1; i < 10; i++) await userEvent.click(add);
    expect(form.getByLabelText('Tier 10: rate (%)')).toBeTruthy();
    expect(add.disabled).toBe(true);
    await userEvent.type(form.getByLabelText('Tier 3: rate (%)'), '3');
    await userEvent.click(form.getByRole('button', { name: 'Remove tier 2' }));
    expect(form.queryByLabelText('Tier 10: rate (%)')).toBeNull();
    expect((form.getByLabelText('Tier 2: rate (%)') as HTMLInputElement).value).toBe('3');
    expect(add.disabled).toBe(false);
  });

  it("making an agent is a request for a second operator; the server's refusal is shown in Thai", async () => {
    await i18next.changeLanguage('th');
    const calls = serve(ADMIN);
    openConsole('/agents');
    await userEvent.click(await screen.findByRole('button', { name: 'แต่งตั้งเอเย่นต์' }));
    const form = within(screen.getByRole('dialog', { name: 'แต่งตั้งสมาชิกเป็นเอเย่นต์' }));
    await userEvent.type(form.getByLabelText('ชื่อผู้ใช้ของสมาชิก'), 'already');
    await userEvent.click(form.getByRole('button', { name: 'ขอแต่งตั้งเป็นเอเย่นต์' }));
    expect(await form.findByText('กรุณาระบุเหตุผลอย่างน้อย 3 ตัวอักษร')).toBeTruthy();
    await userEvent.type(form.getByLabelText('เหตุผล (บันทึกไว้ในบันทึกการตรวจสอบ)'), 'partner');
    await userEvent.click(form.getByRole('button', { name: 'ขอแต่งตั้งเป็นเอเย่นต์' }));
    expect((await form.findByRole('alert')).textContent).toContain('สมาชิกนี้เป็นเอเย่นต์อยู่แล้ว');
    await userEvent.clear(form.getByLabelText('ชื่อผู้ใช้ของสมาชิก'));
    await userEvent.type(form.getByLabelText('ชื่อผู้ใช้ของสมาชิก'), 'newagent');
    await userEvent.click(form.getByRole('button', { name: 'ขอแต่งตั้งเป็นเอเย่นต์' }));
    expect(await screen.findByText(/คำขอ #42 แต่งตั้ง newagent เป็นเอเย่นต์รออนุมัติ/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ไปที่หน้าการอนุมัติ' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', url: '/ops/agents/already', body: { reason: 'partner' } },
      { method: 'POST', url: '/ops/agents/newagent', body: { reason: 'partner' } },
    ]);
  });

  it('a bill opens its calculation line by line, and closing it returns to its row', async () => {
    serve(READER);
    openConsole('/agents?tab=bills');
    const table = await screen.findByRole('table', { name: 'Agent bills' });
    const sub = rowOf(table, 'subagent');
    for (const text of ['Real-time salary', 'topagent', '฿300.00', '0.40 %', '฿1.20', 'Unpaid (payer short)']) expect(sub.textContent).toContain(text);
    const top = rowOf(table, 'Platform');
    for (const text of ['Dividend', '฿5,000.00', '20.00 %', '฿500.00', 'Paid']) expect(top.textContent).toContain(text);

    const open = within(top).getByRole('button', { name: 'Calculation of bill #31' });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(open);
    const panel = screen.getByRole('region', { name: 'Calculation of bill #31 (topagent)' });
    const line = (term: string) => within(panel).getByText(term).nextElementSibling?.textContent;
    expect(line('Team stakes')).toBe('฿12,000.00');
    expect(line('Team wins')).toBe('฿7,000.00');
    expect(line('Base: team net loss')).toBe('฿5,000.00');
    expect(line('Active members')).toBe('4');
    expect(line('Tier reached')).toBe('Tier 1');
    expect(line('Rate')).toBe('20.00 %');
    expect(line('Carried in')).toBe('-฿500.00');
    expect(line('Amount')).toBe('฿500.00');
    expect(line('Carried out')).toBe('฿0.00');
    expect(line('Payment')).toContain('transaction #9001');
    expect(within(table).getByRole('button', { name: 'Calculation of bill #31' }).getAttribute('aria-expanded')).toBe('true');

    await userEvent.click(within(panel).getByRole('button', { name: 'Close the calculation' }));
    expect(screen.queryByRole('region', { name: /Calculation of bill/ })).toBeNull();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Calculation of bill #31');

    // The other bill: a salary, on turnover.
    await userEvent.click(within(sub).getByRole('button', { name: 'Calculation of bill #32' }));
    expect(within(screen.getByRole('region', { name: 'Calculation of bill #32 (subagent)' })).getByText('Base: team turnover')).toBeTruthy();
  });

  it('the periods tab lists the latest periods with their bills; a reader has no write action', async () => {
    const calls = serve(READER);
    openConsole('/agents');
    await screen.findByRole('table', { name: 'Agent contracts' });
    expect(screen.getByText("Your role can look at the agents' contracts and bills but not change them.")).toBeTruthy();
    for (const name of ['Make agent', 'Offer a top-level contract', 'Run settlement now']) expect(screen.queryByRole('button', { name })).toBeNull();

    // The tabs answer the arrow keys.
    const contractsTab = screen.getByRole('tab', { name: 'Contracts' });
    expect(contractsTab.getAttribute('aria-selected')).toBe('true');
    contractsTab.focus();
    await userEvent.keyboard('{ArrowLeft}');
    const periodsTab = screen.getByRole('tab', { name: 'Periods' });
    expect(periodsTab.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(periodsTab);
    const table = await screen.findByRole('table', { name: 'Settled periods' });
    const realtime = rowOf(table, 'Real-time salary');
    for (const text of ['Every 5 minutes', 'Settled', '3', 'Finished']) expect(realtime.textContent).toContain(text);
    expect(rowOf(table, 'Dividend').textContent).toContain('Still running');
    expect(calls.every((c) => c.method === 'GET')).toBe(true);
  });

  it('finance offers contracts and runs the settlement but does not make agents; empty lists say so', async () => {
    const calls = serve(FINANCE, { empty: true });
    openConsole('/agents');
    expect(await screen.findByText('No agent contract yet. Offer a top-level agent its contract to start.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Make agent' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Offer a top-level contract' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Run settlement now' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Run the settlement now?' })).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Settlement run: 2 periods settled, 3 bills written, 2 paid, 1 unpaid.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/ops/agents/settle']);

    await userEvent.click(screen.getByRole('tab', { name: 'Periods' }));
    expect(await screen.findByText('No period settled yet: the first comes once a contract is accepted and its period ends.')).toBeTruthy();
  });
});
