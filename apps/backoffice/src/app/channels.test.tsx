import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/i18n/i18n';
import { ok, openConsole, serveConsole } from '@/test/console';

/** The cashier desk's Payment channels page (issue 24, docs/adr/0084) against a stubbed operator API. */
const FINANCE = ['read', 'money.read', 'money.write', 'vendors.read', 'self.rotate', 'self'];
const MONEY_READ_ONLY = ['read', 'money.read', 'self.rotate', 'self'];
const READ_ONLY = ['read', 'vendors.read', 'self.rotate', 'self'];

const channel = (over: Record<string, unknown>) => ({
  id: 1,
  code: 'kbank-transfer',
  kind: 'bank_transfer',
  nameTh: 'โอนผ่านกสิกรไทย',
  nameEn: 'Kasikorn transfer',
  bankCode: 'KBANK',
  accountNumber: '123-4-56789-0',
  accountName: 'LOTUS CO',
  adapter: null,
  min: '100.00',
  max: '50000.00',
  dailyLimit: '200000.00',
  status: 'active',
  sort: 1,
  hours: { opens: '06:00', closes: '23:30' },
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-20T08:00:00.000Z',
  ...over,
});
const KBANK = channel({});
const NIGHT = channel({ id: 2, code: 'scb-night', nameTh: 'ไทยพาณิชย์กลางคืน', nameEn: 'SCB night', bankCode: 'SCB', accountNumber: '987-6-54321-0', sort: 2, hours: { opens: '22:00', closes: '02:00' } });
const PSP = channel({ id: 3, code: 'promptpay-psp', kind: 'psp', nameTh: 'พร้อมเพย์', nameEn: 'PromptPay online', bankCode: null, accountNumber: null, accountName: null, adapter: 'sandbox', status: 'disabled', sort: 3, hours: null });
const REQUESTED = { approvalId: 52, status: 'pending', expiresAt: '2026-11-27T08:00:00.000Z' };
const refusal = (message: string, status: number, fields?: Record<string, string>) =>
  new Response(JSON.stringify({ success: false, message, value: null, ...(fields ? { fields } : {}) }), { status });

const serve = (permissions: string[]) =>
  serveConsole(permissions, (url, method) => {
    if (url === '/ops/payment-channels' && method === 'GET') return ok([KBANK, NIGHT, PSP]);
    if (url.startsWith('/ops/payment-channels/kbank-transfer?reason=')) return ok(REQUESTED);
    if (url === '/ops/payment-channels/kbank-transfer' && method === 'PUT') return ok({ ...KBANK, max: '40000.00', hours: { opens: '08:00', closes: '20:00' } });
    if (url.startsWith('/ops/payment-channels?reason=')) return refusal('payment_channel_exists', 409);
    return null;
  });

beforeAll(async () => {
  initI18n('en');
  await import('@/features/cashier/channels-page');
});
afterEach(() => vi.unstubAllGlobals());

const rowOf = async (text: string) => {
  const table = await screen.findByRole('table', { name: 'Payment channels' });
  return within(table).getAllByRole('row').find((r) => r.textContent?.includes(text))!;
};

describe('payment channels page', { timeout: 20_000 }, () => {
  it('lists every channel with its kind, masked account or adapter, limits, hours in Bangkok time and status', async () => {
    serve(FINANCE);
    openConsole('/cashier/channels');
    const kbank = await rowOf('Kasikorn transfer');
    expect(kbank.textContent).toContain('โอนผ่านกสิกรไทย');
    expect(kbank.textContent).toContain('KBANK •••-•-••789-0');
    expect(kbank.textContent).not.toContain('123-4-56789-0');
    expect(kbank.textContent).toContain('฿100.00 – ฿50,000.00');
    expect(kbank.textContent).toContain('Per member and day ฿200,000.00');
    expect(kbank.textContent).toContain('06:00–23:30');
    expect(within(kbank).getByText('Active')).toBeTruthy();
    const night = await rowOf('SCB night');
    expect(night.textContent).toContain('22:00–02:00');
    expect(night.textContent).toContain('Across midnight');
    const psp = await rowOf('PromptPay online');
    expect(psp.textContent).toContain('Adapter sandbox');
    expect(psp.textContent).toContain('Always open');
    expect(within(psp).getByText('Disabled')).toBeTruthy();
    expect(within(psp).getByRole('button', { name: 'Enable PromptPay online' })).toBeTruthy();
  });

  it('a new receiving account asks for a reason and says it waits for a second operator, with a link to Approvals', async () => {
    const calls = serve(FINANCE);
    openConsole('/cashier/channels');
    await userEvent.click(within(await rowOf('Kasikorn transfer')).getByRole('button', { name: 'Change account Kasikorn transfer' }));
    const dialog = screen.getByRole('dialog', { name: 'New receiving account of Kasikorn transfer' });
    await userEvent.type(within(dialog).getByLabelText('Account number'), '555-1-23456-7');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request the change' }));
    // No reason: refused before anything is sent.
    expect(within(dialog).getByText('At least 3 characters.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Bank moved our account');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request the change' }));
    expect(await screen.findByText("Request #52 is waiting for a second operator's approval.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the Approvals page' }).getAttribute('href')).toBe('/backoffice/approvals');
    expect(calls).toContainEqual({
      method: 'PUT',
      url: '/ops/payment-channels/kbank-transfer?reason=Bank+moved+our+account',
      body: { bankCode: 'KBANK', accountNumber: '555-1-23456-7', accountName: 'LOTUS CO' },
    });
  });

  it('limits and hours are checked as the contract checks them, then applied at once', async () => {
    const calls = serve(FINANCE);
    openConsole('/cashier/channels');
    await userEvent.click(within(await rowOf('Kasikorn transfer')).getByRole('button', { name: 'Edit Kasikorn transfer' }));
    const dialog = screen.getByRole('dialog', { name: 'Limits, hours and names of Kasikorn transfer' });
    const field = (label: string) => within(dialog).getByLabelText(label);
    const retype = async (label: string, value: string) => {
      await userEvent.clear(field(label));
      if (value) await userEvent.type(field(label), value);
    };
    await retype('Minimum', '100.005');
    await retype('Opens at', '25:00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('An amount in baht with at most two decimals (e.g. 500 or 1000.50).')).toBeTruthy();
    expect(within(dialog).getByText('A time HH:MM from 00:00 to 23:59.')).toBeTruthy();
    expect(field('Minimum').getAttribute('aria-invalid')).toBe('true');
    // The same minute twice, a maximum below the minimum, a zero minimum.
    await retype('Minimum', '0');
    await retype('Opens at', '23:30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Must be more than zero.')).toBeTruthy();
    expect(within(dialog).getByText('The closing time must differ from the opening time.')).toBeTruthy();
    await retype('Minimum', '60000');
    await retype('Opens at', '08:00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Must not be below the minimum.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await retype('Minimum', '100');
    await retype('Maximum', '40000');
    await retype('Closes at', '20:00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Channel kbank-transfer saved.')).toBeTruthy();
    expect(calls).toContainEqual({
      method: 'PUT',
      url: '/ops/payment-channels/kbank-transfer',
      body: { nameTh: 'โอนผ่านกสิกรไทย', nameEn: 'Kasikorn transfer', min: '100', max: '40000', dailyLimit: '200000.00', hours: { opens: '08:00', closes: '20:00' }, sort: 1 },
    });
  });

  it('clearing both hours sends no hours (always open); disabling applies at once', async () => {
    const calls = serve(FINANCE);
    openConsole('/cashier/channels');
    await userEvent.click(within(await rowOf('Kasikorn transfer')).getByRole('button', { name: 'Edit Kasikorn transfer' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.clear(within(dialog).getByLabelText('Opens at'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Give both the opening and the closing time, or neither.')).toBeTruthy();
    await userEvent.clear(within(dialog).getByLabelText('Closes at'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Channel kbank-transfer saved.');
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ hours: null });
    await userEvent.click(within(await rowOf('Kasikorn transfer')).getByRole('button', { name: 'Disable Kasikorn transfer' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toContainEqual({ status: 'disabled' }));
  });

  it("adding a channel shows the server's refusal by its catalogue key", async () => {
    const calls = serve(FINANCE);
    openConsole('/cashier/channels');
    await screen.findByRole('table', { name: 'Payment channels' });
    await userEvent.click(screen.getByRole('button', { name: 'Add a channel' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a payment channel' });
    const type = (label: string, value: string) => userEvent.type(within(dialog).getByLabelText(label), value);
    await type('Code', 'kbank-transfer');
    await type('Name (Thai)', 'กสิกร');
    await type('Name (English)', 'Kasikorn');
    await type('Bank code', 'KBANK');
    await type('Account number', '111-2-33333-4');
    await type('Account name', 'LOTUS CO');
    await type('Minimum', '100');
    await type('Maximum', '5000');
    await type('Daily limit per member', '20000');
    await type('Reason', 'Second account');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request the channel' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('A payment channel with this code already exists');
    const sent = calls.find((c) => c.method === 'POST');
    expect(sent?.url).toBe('/ops/payment-channels?reason=Second+account');
    expect(sent?.body).toMatchObject({ code: 'kbank-transfer', kind: 'bank_transfer', min: '100', max: '5000', dailyLimit: '20000', hours: null, status: 'active', sort: 0 });
  });

  it('an operator with money.read only sees the channels and no way to change them', async () => {
    serve(MONEY_READ_ONLY);
    openConsole('/cashier/channels');
    const table = await screen.findByRole('table', { name: 'Payment channels' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(screen.queryByRole('button', { name: /^(Edit|Disable|Enable|Change account|Change adapter|Add a channel)/ })).toBeNull();
    expect(within(table).queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });

  it('a role without money.read does not see the page', async () => {
    serve(READ_ONLY);
    openConsole('/cashier/channels');
    expect(await screen.findByTestId('page-denied')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Payment channels' })).toBeNull();
  });
});
