import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/i18n/i18n';
import { ok, openConsole, serveConsole } from '@/test/console';

/** The cashier desk's deposit queue (issue 24) against a stubbed operator API. */
const FINANCE = ['read', 'money.read', 'money.write', 'vendors.read', 'self.rotate', 'self'];
const READ_ONLY = ['read', 'vendors.read', 'self.rotate', 'self'];

const deposit = (over: Record<string, unknown>) => ({
  memberId: 7,
  username: 'somchai',
  channel: 'kbank-transfer',
  kind: 'bank_transfer',
  status: 'awaiting_approval',
  reference: 'KB-001',
  transferredAt: '2026-11-26T08:00:00.000Z',
  pspReference: null,
  payerName: null,
  decidedBy: null,
  reason: null,
  callbacks: [],
  createdAt: '2026-11-26T08:01:00.000Z',
  decidedAt: null,
  ...over,
});
const WITH_SLIP = deposit({ id: 'dep-with-slip', amount: '1500.00', slips: [{ id: 's1', url: '/ops/deposits/dep-with-slip/slips/s1' }] });
const NO_SLIP = deposit({ id: 'dep-no-slip', amount: '25000.00', username: 'malee', reference: 'KB-777', slips: [] });
const psp = { kind: 'psp', channel: 'promptpay-psp', reference: null, transferredAt: null, slips: [] };
const PSP_PAID = deposit({
  ...psp,
  id: 'dep-psp-paid',
  amount: '450.00',
  status: 'credited',
  pspReference: 'SBX-PAID-0001',
  decidedBy: 'psp:sandbox',
  callbacks: [{ status: 'paid', receivedAt: '2026-11-26T08:05:00.000Z' }],
});
const PSP_WAITING = deposit({ ...psp, id: 'dep-psp-waiting', amount: '300.00', status: 'pending', pspReference: 'SBX-WAIT-0002' });

const serve = (permissions: string[]) =>
  serveConsole(permissions, (url) => {
    if (url.startsWith('/ops/deposits?')) {
      const q = new URL(url, 'http://console').searchParams;
      // The server searches: a reference finds its deposit only; the PSP kind its deposits.
      if (q.get('q') === 'KB-777') return ok([NO_SLIP]);
      if (q.get('q')) return ok([]);
      if (q.get('kind') === 'psp') return ok([PSP_PAID, PSP_WAITING]);
      return ok([WITH_SLIP, NO_SLIP]);
    }
    if (url === '/ops/deposits/dep-no-slip/approve') return ok({ approvalId: 41, status: 'pending', expiresAt: '2026-11-27T08:00:00.000Z' });
    if (url === '/ops/deposits/dep-with-slip/approve') return ok({ ...WITH_SLIP, status: 'credited', decidedBy: 'fin' });
    return null;
  });
const open = openConsole;

beforeAll(async () => {
  initI18n('en');
  await import('@/features/cashier/deposits-page');
});
afterEach(() => vi.unstubAllGlobals());

describe('deposit queue', { timeout: 20_000 }, () => {
  it('lists deposits awaiting approval with their slips as images and flags one without a slip', async () => {
    const calls = serve(FINANCE);
    open('/cashier/deposits');
    const table = await screen.findByRole('table', { name: 'Deposits' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const slip = within(rows[0]!).getByRole('img', { name: 'Slip 1 of deposit dep-with-slip' });
    expect(slip.getAttribute('src')).toBe('/ops/deposits/dep-with-slip/slips/s1');
    expect(within(rows[0]!).getByText('฿1,500.00')).toBeTruthy();
    expect(within(rows[1]!).getByText('No slip')).toBeTruthy();
    expect(calls.find((c) => c.url.startsWith('/ops/deposits'))?.url).toContain('status=awaiting_approval');
  });

  it('the search bar asks the server for a reference, a member or an amount, and says when nothing matches', async () => {
    const calls = serve(FINANCE);
    open('/cashier/deposits');
    const table = await screen.findByRole('table', { name: 'Deposits' });
    await userEvent.type(screen.getByLabelText('Search (member, reference, amount)'), 'KB-777');
    await waitFor(() => expect(within(table).getAllByRole('row').slice(1)).toHaveLength(1));
    expect(within(table).getByText('malee')).toBeTruthy();
    const sent = calls.filter((c) => c.url.startsWith('/ops/deposits?')).map((c) => new URL(c.url, 'http://console').searchParams);
    expect(sent.at(-1)?.get('q')).toBe('KB-777');
    expect(sent.at(-1)?.get('status')).toBe('awaiting_approval');
    // Typing pauses before the search goes out: not one call per letter.
    expect(sent.filter((p) => p.get('q')).length).toBeLessThan('KB-777'.length);
    await userEvent.clear(screen.getByLabelText('Search (member, reference, amount)'));
    await userEvent.type(screen.getByLabelText('Search (member, reference, amount)'), 'nobody{Enter}');
    expect(await screen.findByText('Nothing to show')).toBeTruthy();
  });

  it("the kind filter shows PSP deposits with the provider's reference and callbacks", async () => {
    const calls = serve(FINANCE);
    open('/cashier/deposits');
    await screen.findByRole('table', { name: 'Deposits' });
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'Payment provider');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'All');
    const table = screen.getByRole('table', { name: 'Deposits' });
    const paid = await within(table).findByText('SBX-PAID-0001');
    const paidRow = paid.closest('tr')!;
    expect(paidRow.textContent).toContain('Callback: paid,');
    expect(within(paidRow).queryByRole('img')).toBeNull();
    const waitingRow = within(table).getByText('SBX-WAIT-0002').closest('tr')!;
    expect(waitingRow.textContent).toContain('No callback yet');
    const last = new URL(calls.filter((c) => c.url.startsWith('/ops/deposits?')).at(-1)!.url, 'http://console').searchParams;
    expect([last.get('kind'), last.get('status')]).toEqual(['psp', null]);
  });

  it('approving a deposit without a slip sends the note and says a second operator must approve it', async () => {
    const calls = serve(FINANCE);
    open('/cashier/deposits');
    const table = await screen.findByRole('table', { name: 'Deposits' });
    const row = within(table).getAllByRole('row').find((r) => r.textContent?.includes('malee'))!;
    await userEvent.click(within(row).getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('There is no slip: a second operator must approve it.');
    await userEvent.type(within(dialog).getByRole('textbox'), 'Statement shows the transfer');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Request #41 sent: a second operator approves it on the Approvals page.')).toBeTruthy();
    expect(calls).toContainEqual({ method: 'POST', url: '/ops/deposits/dep-no-slip/approve', body: { note: 'Statement shows the transfer' } });
  });

  it('a role without money.read does not see the page', async () => {
    serve(READ_ONLY);
    open('/cashier/deposits');
    expect(await screen.findByTestId('page-denied')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Deposits' })).toBeNull();
  });
});
