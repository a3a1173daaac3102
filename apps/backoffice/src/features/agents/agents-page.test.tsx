import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/i18n/i18n';
import { ok, openConsole, serveConsole } from '@/test/console';
import { crumbsOf } from './tree-panel';
import { agentBill } from '@/test/agent-fixtures';

/** The Agents page's tree, bill disputes and settling a period again (docs/adr/0101) against a stubbed operator API. */
const FINANCE = ['read', 'money.read', 'money.write', 'vendors.read', 'lottery.read', 'self.rotate', 'self'];
const READER = ['read', 'money.read', 'self.rotate', 'self'];

const node = (username: string, over: Record<string, unknown> = {}) => ({
  username,
  isAgent: true,
  status: 'active',
  teamSize: 0,
  agents: 0,
  balance: '0.00',
  createdAt: '2099-01-02T03:00:00.000Z',
  lastLoginAt: '2099-12-01T03:00:00.000Z',
  contracts: [],
  ...over,
});
/** Each level of the tree, by its upline ('' = the top). */
const LEVELS: Record<string, { path: string[]; list: unknown[]; total: number }> = {
  '': {
    path: [],
    list: [
      node('topagent', {
        teamSize: 1234,
        agents: 3,
        balance: '1234567.50',
        contracts: [
          { id: 7, kind: 'dividend', cycle: 'month', status: 'active', topRateBp: 3500 },
          { id: 9, kind: 'daily', cycle: 'day', status: 'offered', topRateBp: 45 },
        ],
      }),
      node('quietagent', { lastLoginAt: null }),
    ],
    total: 2,
  },
  topagent: {
    path: ['topagent'],
    list: [
      node('subagent', {
        teamSize: 5,
        agents: 1,
        contracts: [{ id: 8, kind: 'realtime', cycle: '5min', status: 'active', topRateBp: 40 }],
      }),
      node('member1', { isAgent: false, status: 'disabled', balance: '12.00' }),
    ],
    total: 2,
  },
  subagent: { path: ['topagent', 'subagent'], list: [node('member2', { isAgent: false })], total: 1 },
};


const DISPUTED = agentBill({
  id: 33,
  kind: 'realtime',
  contractId: 8,
  agent: 'subagent',
  payer: 'topagent',
  amount: '1.20',
  status: 'disputed',
  paidAt: null,
  transactionId: null,
  dispute: { by: 'payer', reason: 'member2 is a test account', at: '2099-12-31T18:00:00.000Z' },
});
const period = (over: Record<string, unknown> = {}) => ({
  id: 5,
  revision: 0,
  kind: 'dividend',
  cycle: 'month',
  startsAt: '2099-11-30T17:00:00.000Z',
  endsAt: '2099-12-31T17:00:00.000Z',
  status: 'settled',
  bills: 4,
  startedAt: '2099-12-31T17:00:31.000Z',
  finishedAt: '2099-12-31T17:00:32.000Z',
  ...over,
});

const refusal = (message: string, status: number) =>
  new Response(JSON.stringify({ success: false, message, value: null }), { status });
const queryOf = (url: string) => Object.fromEntries(new URLSearchParams(url.split('?')[1] ?? ''));
const rowOf = (table: HTMLElement, text: string) =>
  within(table)
    .getAllByRole('row')
    .find((r) => r.textContent?.includes(text))!;

function serve(permissions: string[]) {
  let upheld = false;
  let refusedOnce = false;
  const calls = serveConsole(permissions, (url, method) => {
    const [path] = url.split('?');
    const query = queryOf(url);
    if (path === '/ops/agents/contracts' && method === 'GET') return ok({ list: [], total: 0 });
    if (path === '/ops/agents/tree' && method === 'GET') {
      const level = LEVELS[query.upline ?? ''] ?? { path: [], list: [], total: 0 };
      const search = query.search ?? '';
      const list = level.list.filter((n) => (n as { username: string }).username.startsWith(search));
      return ok({ path: level.path, list, total: search ? list.length : level.total });
    }
    if (path === '/ops/agents/bills' && method === 'GET')
      return ok({
        list: [
          upheld
            ? { ...DISPUTED, status: 'unpaid', dispute: null, resolution: 'checked: member2 is real' }
            : DISPUTED,
          agentBill({ revision: 2, resolution: 'period settled again after a correction' }),
        ],
        total: 2,
      });
    if (path === '/ops/agents/bills/33/uphold' && method === 'POST') {
      upheld = true;
      return ok({ ...DISPUTED, status: 'unpaid', dispute: null, resolution: 'checked: member2 is real' });
    }
    if (path === '/ops/agents/periods' && method === 'GET')
      return ok({ list: [period({ revision: 1 }), period({ id: 6, kind: 'realtime', cycle: '5min' })] });
    if (path === '/ops/agents/periods/5/resettle' && method === 'POST') {
      if (!refusedOnce) {
        refusedOnce = true;
        return refusal('agent_period_carry_consumed', 409);
      }
      return ok({ approvalId: 43, status: 'pending', expiresAt: '2099-12-09T00:00:00.000Z' });
    }
    return null;
  });
  return calls;
}

beforeAll(async () => {
  initI18n('en');
  await import('@/features/agents/agents-page');
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

describe('agent tree breadcrumb', () => {
  it('cuts the known path at the upline going up, adds it going down', () => {
    expect(crumbsOf(['a', 'b', 'c'], '')).toEqual([]);
    expect(crumbsOf(['a', 'b', 'c'], 'a')).toEqual(['a']);
    expect(crumbsOf(['a', 'b'], 'c')).toEqual(['a', 'b', 'c']);
    expect(crumbsOf(undefined, 'x')).toEqual(['x']);
  });
});

describe('agents page: tree, disputes, settling again', { timeout: 30_000 }, () => {
  it('the tree opens an agent level by level and goes back up by the breadcrumb; the search filters the level', async () => {
    const calls = serve(READER);
    openConsole('/agents?tab=tree');
    const top = await screen.findByRole('table', { name: 'Top-level agents' });
    const crumbs = () => within(screen.getByRole('navigation', { name: 'Place in the agent tree' }));
    expect(crumbs().getByText('Top level').getAttribute('aria-current')).toBe('location');
    const row = rowOf(top, 'topagent');
    for (const text of [
      'Agent',
      'Active',
      '1,234',
      '3',
      '฿1,234,567.50',
      'Dividend 35.00 %',
      'Daily wage 0.45 %',
      'offered',
    ])
      expect(row.textContent).toContain(text);
    expect(rowOf(top, 'quietagent').textContent).toContain('Never');
    expect(screen.getByText('Accounts at this level: 2')).toBeTruthy();

    // Down one level: the agent's direct downlines; a member is not a button.
    await userEvent.click(within(top).getByRole('button', { name: 'topagent: open its downlines' }));
    const level = await screen.findByRole('table', { name: 'Direct downlines of topagent' });
    expect(document.activeElement?.textContent).toBe('Direct downlines of topagent');
    expect(within(rowOf(level, 'member1')).queryByRole('button')).toBeNull();
    expect(rowOf(level, 'member1').textContent).toContain('Disabled');
    expect(rowOf(level, 'subagent').textContent).toContain('Real-time salary 0.40 %');
    expect(crumbs().getByRole('button', { name: 'Top level' })).toBeTruthy();

    // And another: the breadcrumb from the answer's path.
    await userEvent.click(within(level).getByRole('button', { name: 'subagent: open its downlines' }));
    await screen.findByRole('table', { name: 'Direct downlines of subagent' });
    expect(crumbs().getByText('subagent').closest('[aria-current]')).toBeTruthy();

    // Back up by the breadcrumb, then to the top.
    await userEvent.click(crumbs().getByRole('button', { name: 'topagent' }));
    expect(await screen.findByRole('table', { name: 'Direct downlines of topagent' })).toBeTruthy();
    expect(crumbs().queryByText('subagent')).toBeNull();
    await userEvent.click(crumbs().getByRole('button', { name: 'Top level' }));
    expect(await screen.findByRole('table', { name: 'Top-level agents' })).toBeTruthy();
    const uplines = calls
      .filter((c) => c.url.startsWith('/ops/agents/tree'))
      .map((c) => queryOf(c.url).upline ?? '');
    expect(uplines).toEqual(['', 'topagent', 'subagent', 'topagent', '']);
    expect(queryOf(calls.find((c) => c.url.startsWith('/ops/agents/tree'))!.url)).toEqual({
      pageNo: '1',
      pageSize: '20',
    });

    // The search: a prefix of letters, digits and _ only; anything else is refused before a call.
    const before = calls.length;
    await userEvent.type(screen.getByLabelText('Username starts with'), 'top-');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Use only letters, digits and _ (at most 30).',
    );
    expect(calls.length).toBe(before);
    await userEvent.clear(screen.getByLabelText('Username starts with'));
    await userEvent.type(screen.getByLabelText('Username starts with'), 'quiet');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await vi.waitFor(() =>
      expect(calls.map((c) => queryOf(c.url))).toContainEqual({
        search: 'quiet',
        pageNo: '1',
        pageSize: '20',
      }),
    );
    expect(await screen.findByText('Accounts at this level: 1')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('Username starts with'));
    await userEvent.type(screen.getByLabelText('Username starts with'), 'zzz');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No account at this level starts with “zzz”.')).toBeTruthy();
  });

  it('a disputed bill shows who disputed it and why; uphold posts the reason and refreshes the list', async () => {
    const calls = serve(FINANCE);
    openConsole('/agents?tab=bills');
    const table = await screen.findByRole('table', { name: 'Agent bills' });
    const disputed = rowOf(table, 'subagent');
    for (const text of ['Disputed', 'Disputed by the payer topagent', 'member2 is a test account'])
      expect(disputed.textContent).toContain(text);
    const settledAgain = rowOf(table, 'Platform');
    for (const text of ['Paid', 'Revision 2', 'Resolution:', 'period settled again after a correction'])
      expect(settledAgain.textContent).toContain(text);
    // Only a disputed bill can be upheld.
    expect(within(settledAgain).queryByRole('button', { name: /Uphold/ })).toBeNull();

    await userEvent.click(within(disputed).getByRole('button', { name: 'Uphold bill #33' }));
    const form = within(screen.getByRole('dialog', { name: 'Uphold bill #33' }));
    expect(form.getByText('member2 is a test account')).toBeTruthy();
    await userEvent.click(form.getByRole('button', { name: 'Uphold the bill' }));
    expect(await form.findByText('Please give a reason of at least 3 characters')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.type(
      form.getByLabelText('Reason (kept in the audit log)'),
      '  checked: member2 is real ',
    );
    await userEvent.click(form.getByRole('button', { name: 'Uphold the bill' }));
    expect(
      await screen.findByText('Bill #33 is upheld and its dispute closed. Status: Unpaid (payer short).'),
    ).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', url: '/ops/agents/bills/33/uphold', body: { reason: 'checked: member2 is real' } },
    ]);
    // The list is asked again: the bill is no longer disputed.
    await vi.waitFor(() =>
      expect(rowOf(screen.getByRole('table', { name: 'Agent bills' }), 'subagent').textContent).toContain(
        'checked: member2 is real',
      ),
    );
    expect(screen.queryByRole('button', { name: 'Uphold bill #33' })).toBeNull();
  });

  it('settling a period again asks a reason, shows the refusal, then the request waiting for a second operator', async () => {
    const calls = serve(FINANCE);
    openConsole('/agents?tab=periods');
    const table = await screen.findByRole('table', { name: 'Settled periods' });
    expect(rowOf(table, 'Dividend').textContent).toContain('Settled again: revision 1');
    expect(rowOf(table, 'Real-time salary').textContent).not.toContain('revision');
    expect(
      screen.getByText(
        /reverses a period's bills and writes new ones from the ledger \(never an edit\); a second operator approves it/,
      ),
    ).toBeTruthy();

    await userEvent.click(
      within(rowOf(table, 'Dividend')).getByRole('button', { name: /^Settle again: Dividend period from / }),
    );
    const form = within(screen.getByRole('dialog', { name: 'Settle the period again' }));
    await userEvent.click(form.getByRole('button', { name: 'Ask to settle again' }));
    expect(await form.findByText('Please give a reason of at least 3 characters')).toBeTruthy();
    await userEvent.type(form.getByLabelText('Reason (kept in the audit log)'), 'stake corrected');
    await userEvent.click(form.getByRole('button', { name: 'Ask to settle again' }));
    expect((await form.findByRole('alert')).textContent).toContain(
      'Settling this period again would change an amount already carried into the next settled period',
    );
    await userEvent.click(form.getByRole('button', { name: 'Ask to settle again' }));
    expect(
      await screen.findByText(
        /Request #43 to settle the Dividend period from .+ again is waiting for a second operator/,
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open Approvals' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', url: '/ops/agents/periods/5/resettle', body: { reason: 'stake corrected' } },
      { method: 'POST', url: '/ops/agents/periods/5/resettle', body: { reason: 'stake corrected' } },
    ]);
  });

  it('a reader neither upholds nor settles again; the tree speaks Thai', async () => {
    await i18next.changeLanguage('th');
    serve(READER);
    openConsole('/agents?tab=periods');
    await screen.findByRole('table', { name: 'รอบที่สรุปยอดแล้ว' });
    expect(screen.queryByRole('button', { name: /สรุปยอดใหม่/ })).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: 'บิล' }));
    const bills = await screen.findByRole('table', { name: 'บิลของเอเย่นต์' });
    expect(rowOf(bills, 'subagent').textContent).toContain('โต้แย้งโดยผู้จ่าย topagent');
    expect(screen.queryByRole('button', { name: /ยืนยันบิล/ })).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: 'สายงานเอเย่นต์' }));
    const top = await screen.findByRole('table', { name: 'เอเย่นต์ระดับบนสุด' });
    await userEvent.click(within(top).getByRole('button', { name: 'topagent: ดูดาวน์ไลน์' }));
    expect(await screen.findByRole('table', { name: 'ดาวน์ไลน์โดยตรงของ topagent' })).toBeTruthy();
    expect(
      within(screen.getByRole('navigation', { name: 'ตำแหน่งในสายงานเอเย่นต์' })).getByRole('button', {
        name: 'ระดับบนสุด',
      }),
    ).toBeTruthy();
  });
});
