import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/i18n/i18n';
import { ok, openConsole, serveConsole } from '@/test/console';

/** The cashier desk's withdrawal queue (issue 24) against a stubbed operator API. */
const FINANCE = ['read', 'money.read', 'money.write', 'vendors.read', 'self.rotate', 'self'];
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const row = (over: Record<string, unknown>) => ({
  memberId: 7,
  bankCode: 'KBANK',
  accountNumber: '1234567890',
  accountName: 'SOMCHAI JAIDEE',
  createdAt: '2026-11-26T08:00:00.000Z',
  paidAt: null,
  confirmedAt: null,
  decidedBy: null,
  rejectReason: null,
  remark: null,
  resolvedAt: null,
  resolvedBy: null,
  resolution: null,
  proofs: [],
  ...over,
});
const PENDING = row({ id: 11, amount: '15000.00', status: 'pending' });
const CASE = row({
  id: 12,
  amount: '300.00',
  status: 'not_received',
  paidAt: '2026-11-26T09:00:00.000Z',
  decidedBy: 'finb',
  remark: 'Nothing arrived',
  proofs: [
    { index: 1, contentType: 'image/png', bytes: 70, sha256: 'a'.repeat(64) },
    { index: 2, contentType: 'image/gif', bytes: 70, sha256: 'b'.repeat(64) },
  ],
});

const serve = () =>
  serveConsole(FINANCE, (url) => {
    if (url.startsWith('/ops/withdrawals?')) return ok([PENDING, CASE]);
    if (url === '/ops/withdrawals/11/pay') return ok({ approvalId: 51, status: 'pending', expiresAt: '2026-11-27T08:00:00.000Z' });
    if (url === '/ops/withdrawals/12/resolve') return ok({ approvalId: 52, status: 'pending', expiresAt: '2026-11-27T08:00:00.000Z' });
    if (url === '/ops/withdrawals/12/proofs/1') return ok({ contentType: 'image/png', data: PNG_1X1 });
    if (url === '/ops/withdrawals/12/proofs/2') return ok({ contentType: 'image/gif', data: 'R0lGODlh' });
    return null;
  });
const open = openConsole;

beforeAll(async () => {
  initI18n('en');
  await import('@/features/cashier/withdrawals-page');
});
afterEach(() => vi.unstubAllGlobals());

describe('withdrawal queue', { timeout: 20_000 }, () => {
  it('a large payout with a reason becomes a request for a second operator', async () => {
    const calls = serve();
    open('/cashier/withdrawals');
    const table = await screen.findByRole('table', { name: 'Withdrawals' });
    const pending = within(table).getAllByRole('row').find((r) => r.textContent?.includes('฿15,000.00'))!;
    expect(pending.textContent).toContain('KBANK 1234567890');
    await userEvent.click(within(pending).getByRole('button', { name: 'Mark paid' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox'), 'Account verified by phone');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Request #51 sent: a second operator approves it on the Approvals page.')).toBeTruthy();
    expect(calls).toContainEqual({ method: 'POST', url: '/ops/withdrawals/11/pay', body: { reason: 'Account verified by phone' } });
  });

  it("a not-received case shows the member's report and its proofs on request (images only), and a refund is a request", async () => {
    const calls = serve();
    open('/cashier/withdrawals');
    const table = await screen.findByRole('table', { name: 'Withdrawals' });
    const report = within(table).getAllByRole('row').find((r) => r.textContent?.includes('Nothing arrived'))!;
    expect(calls.some((c) => c.url.includes('/proofs/'))).toBe(false);
    await userEvent.click(within(report).getByRole('button', { name: 'Proof 1' }));
    const image = await within(report).findByRole('img', { name: 'Proof 1 of withdrawal 12' });
    expect(image.getAttribute('src')).toBe(`data:image/png;base64,${PNG_1X1}`);
    await userEvent.click(within(report).getByRole('button', { name: 'Proof 2' }));
    expect(await within(report).findByText('Not an image: not shown')).toBeTruthy();

    await userEvent.click(within(report).getByRole('button', { name: 'Refund' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox'), 'Bank returned the transfer');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Request #52 sent: a second operator approves it on the Approvals page.')).toBeTruthy();
    expect(calls).toContainEqual({ method: 'POST', url: '/ops/withdrawals/12/resolve', body: { outcome: 'refund', reason: 'Bank returned the transfer' } });
  });
});
