import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/i18n/i18n';
import { ok, openConsole, serveConsole } from '@/test/console';

/** The member page's money section and the withdrawal queue's risk flags (issue 24, docs/adr/0085). */
const FINANCE = ['read', 'money.read', 'money.write', 'vendors.read', 'self.rotate', 'self'];
const READER = ['read', 'money.read', 'vendors.read', 'self.rotate', 'self'];

const DETAIL = {
  member: {
    id: 7, username: 'somchai', mobile: null, email: null, type: 1, isAgent: 0, status: 'active', referralCode: 'ABC123', uplineId: null, createdAt: '2026-11-01T08:00:00.000Z',
    lastLoginAt: null, twoFactor: false, locked: false, createdBy: 'self', language: 'th', lastLoginIp: null, registerIp: null, passwordChangeRequired: false,
  },
  sessions: [],
  authEvents: [],
};
const MONEY = {
  memberId: 7,
  username: 'somchai',
  realName: 'SOMCHAI JAIDEE',
  currency: 'THB',
  wallets: [{ wallet: 'main', balance: '1250.00' }, { wallet: 'v:PGS', balance: '300.00' }],
  total: '1550.00',
  wageringOutstanding: '400.00',
  flags: [{ code: 'quick_withdrawal', params: { withdrawal: '900.00', deposit: '1000.00', staked: '1000.00', minutes: '45', at: '2026-11-26T09:00:00.000Z' } }],
};
const entry = (over: Record<string, unknown>) => ({ memo: null, actor: 'member:7', reason: null, reverses: null, reversedBy: null, time: '2026-11-26T08:00:00.000Z', ...over });
const PAGE_1 = { entries: [entry({ entryId: 30, transactionId: 13, kind: 'adjust', amount: '250.00', balance: '1250.00', actor: 'operator:finb', reason: 'Missing bonus' }), entry({ entryId: 29, transactionId: 12, kind: 'bet', amount: '-100.00', balance: '1000.00' })], nextBeforeId: 29 };
const PAGE_2 = { entries: [entry({ entryId: 20, transactionId: 11, kind: 'deposit', amount: '1100.00', balance: '1100.00', memo: 'KBank transfer' })], nextBeforeId: null };

function serve(permissions: string[]) {
  return serveConsole(permissions, (url, method) => {
    if (url === '/ops/members/7/detail') return ok(DETAIL);
    if (url === '/ops/members/7/money') return ok(MONEY);
    if (url.startsWith('/ops/members/7/ledger?') && url.includes('beforeId=29')) return ok(PAGE_2);
    if (url.startsWith('/ops/members/7/ledger?')) return ok(PAGE_1);
    if (url.startsWith('/ops/deposits?')) return ok([]);
    if (url.startsWith('/ops/withdrawals?')) return ok([]);
    if (url === '/ops/members/7/adjustments' && method === 'POST') return ok({ approvalId: 61, status: 'pending', expiresAt: '2026-11-27T08:00:00.000Z' });
    if (url === '/ops/ledger/transactions/13/reverse' && method === 'POST') return ok({ approvalId: 62, status: 'pending', expiresAt: '2026-11-27T08:00:00.000Z' });
    return null;
  });
}

beforeAll(async () => {
  initI18n('en');
  await import('@/features/members/member-money-panel');
});
afterEach(() => vi.unstubAllGlobals());

describe('member money', { timeout: 20_000 }, () => {
  it('shows the wallets, turnover still needed and the risk flag in words', async () => {
    serve(FINANCE);
    openConsole('/members/7');
    const section = await screen.findByRole('region', { name: 'Money' });
    await within(section).findByText('SOMCHAI JAIDEE');
    const facts = within(section).getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(facts).toEqual([
      ['Real name', 'SOMCHAI JAIDEE'],
      ['Main wallet', '฿1,250.00'],
      ['PGS wallet', '฿300.00'],
      ['Total', '฿1,550.00'],
      ['Turnover still needed', '฿400.00'],
    ]);
    expect(within(section).getByText('Asked to withdraw ฿900.00 45 minutes after depositing ฿1,000.00, with only ฿1,000.00 staked in between.')).toBeTruthy();
  });

  it('lists the ledger newest first with the balance after each movement, and loads older entries', async () => {
    serve(FINANCE);
    openConsole('/members/7');
    const table = await screen.findByRole('table', { name: 'Ledger' });
    await within(table).findByText('Adjustment');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').slice(1, 4).map((c) => c.textContent))).toEqual([
      ['Adjustment', '฿250.00', '฿1,250.00'],
      ['Bet', '-฿100.00', '฿1,000.00'],
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Older entries' }));
    expect(await within(table).findByText('KBank transfer')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Older entries' })).toBeNull();
  });

  it('an adjustment becomes a request for a second operator, with the amount and the reason sent as typed', async () => {
    const calls = serve(FINANCE);
    openConsole('/members/7');
    await screen.findByRole('region', { name: 'Money' });
    const form = await screen.findByRole('form', { name: 'Manual adjustment' });
    await userEvent.click(within(form).getByLabelText('Debit (take)'));
    await userEvent.type(within(form).getByLabelText('Amount (THB)'), '1.234');
    await userEvent.type(within(form).getByLabelText('Reason'), 'Duplicate credit of deposit 77');
    await userEvent.click(within(form).getByRole('button', { name: 'Request adjustment' }));
    // Three decimals: refused on the page, nothing sent.
    expect(await within(form).findByText(/at most two decimals/)).toBeTruthy();
    expect(calls.some((c) => c.url === '/ops/members/7/adjustments')).toBe(false);

    await userEvent.clear(within(form).getByLabelText('Amount (THB)'));
    await userEvent.type(within(form).getByLabelText('Amount (THB)'), '40.50');
    await userEvent.click(within(form).getByRole('button', { name: 'Request adjustment' }));
    expect(await screen.findByText(/Request #61 sent/)).toBeTruthy();
    expect(calls.find((c) => c.url === '/ops/members/7/adjustments')?.body).toEqual({ direction: 'debit', amount: '40.50', reason: 'Duplicate credit of deposit 77' });
  });

  it("an adjustment's reversal asks for a reason and becomes a request; a game movement offers none (its round is the vendor's)", async () => {
    const calls = serve(FINANCE);
    openConsole('/members/7');
    const table = await screen.findByRole('table', { name: 'Ledger' });
    await within(table).findByText('Bet');
    const betRow = within(table).getAllByRole('row').find((r) => within(r).queryByText('Bet'))!;
    expect(within(betRow).queryByRole('button', { name: 'Reverse' })).toBeNull();
    const adjustRow = within(table).getAllByRole('row').find((r) => within(r).queryByText('Adjustment'))!;
    await userEvent.click(within(adjustRow).getByRole('button', { name: 'Reverse' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox'), 'Credited to the wrong member');
    await userEvent.click(within(dialog).getByRole('button', { name: /Confirm|Reverse/ }));
    expect(await screen.findByText(/Request #62 sent/)).toBeTruthy();
    expect(calls.find((c) => c.url === '/ops/ledger/transactions/13/reverse')?.body).toEqual({ reason: 'Credited to the wrong member' });
  });

  it('an operator who may only read money sees no adjustment form and no reverse buttons', async () => {
    serve(READER);
    openConsole('/members/7');
    const table = await screen.findByRole('table', { name: 'Ledger' });
    await within(table).findByText('Adjustment');
    expect(screen.queryByRole('form', { name: 'Manual adjustment' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reverse' })).toBeNull();
  });
});

describe('withdrawal queue risk flags', { timeout: 20_000 }, () => {
  it("shows a member's flags beside the withdrawal, asked once for the page's members", async () => {
    const calls = serveConsole(FINANCE, (url) => {
      if (url.startsWith('/ops/withdrawals?'))
        return ok([
          { id: 11, memberId: 7, amount: '900.00', status: 'pending', bankCode: 'KBANK', accountNumber: '1234567890', accountName: 'SOMCHAI JAIDEE', createdAt: '2026-11-26T08:00:00.000Z', paidAt: null, confirmedAt: null, decidedBy: null, rejectReason: null, remark: null, resolvedAt: null, resolvedBy: null, resolution: null, proofs: [] },
        ]);
      if (url.startsWith('/ops/risk?')) return ok({ members: [{ memberId: 7, flags: MONEY.flags }] });
      return null;
    });
    await import('@/features/cashier/withdrawals-page');
    openConsole('/cashier/withdrawals');
    expect(await screen.findByText('Quick withdrawal')).toBeTruthy();
    expect(calls.filter((c) => c.url.startsWith('/ops/risk?')).map((c) => c.url)).toEqual(['/ops/risk?memberIds=7']);
  });

  it('a payout confirmation opened before the flags arrive stays open when they do', async () => {
    let sendFlags: (r: Response) => void = () => undefined;
    const flags = new Promise<Response>((resolve) => (sendFlags = resolve));
    serveConsole(FINANCE, (url) => {
      if (url.startsWith('/ops/withdrawals?'))
        return ok([
          { id: 11, memberId: 7, amount: '900.00', status: 'pending', bankCode: 'KBANK', accountNumber: '1234567890', accountName: 'SOMCHAI JAIDEE', createdAt: '2026-11-26T08:00:00.000Z', paidAt: null, confirmedAt: null, decidedBy: null, rejectReason: null, remark: null, resolvedAt: null, resolvedBy: null, resolution: null, proofs: [] },
        ]);
      // The flags answer late, after the operator has opened the confirmation.
      if (url.startsWith('/ops/risk?')) return flags as unknown as Response;
      return null;
    });
    await import('@/features/cashier/withdrawals-page');
    openConsole('/cashier/withdrawals');
    const table = await screen.findByRole('table', { name: 'Withdrawals' });
    await userEvent.click(within(table).getByRole('button', { name: 'Mark paid' }));
    expect(screen.getByRole('dialog')).toBeTruthy();
    sendFlags(ok({ members: [{ memberId: 7, flags: MONEY.flags }] }));
    expect(await within(table).findByText('Quick withdrawal')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
