import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/i18n/i18n';
import { ok, openConsole, serveConsole } from '@/test/console';

/** The console's Vendors and games page (issue 24, docs/adr/0083) against a stubbed operator API. */
const ADMIN = ['read', 'config.write', 'members.write', 'secrets.read', 'money.read', 'money.write', 'operators.read', 'operators.write', 'audit.read', 'self.rotate', 'self', 'vendors.read', 'vendors.write', 'keys.manage'];
const FINANCE = ['read', 'money.read', 'money.write', 'vendors.read', 'self.rotate', 'self'];
const READ_ONLY = ['read', 'vendors.read', 'self.rotate', 'self'];

const SECRET = 'kQ3v-new-shared-secret-0123456789abcdefXYZ';
const vendorRow = (over: Record<string, unknown> = {}) => ({
  code: 'ACME',
  name: 'Acme Games',
  gameTypes: ['SLOT', 'FISH'],
  walletMode: 'seamless',
  launchUrl: 'https://acme.example/launch',
  apiBaseUrl: null,
  status: 'active',
  currency: 'THB',
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-25T08:00:00.000Z',
  ...over,
});
const REGISTRY = [vendorRow(), vendorRow({ code: 'SBX', name: 'Sandbox Casino', walletMode: 'transfer', apiBaseUrl: 'http://127.0.0.1/sandbox', gameTypes: [] })];
const gameRow = (over: Record<string, unknown> = {}) => ({
  nodeId: 7,
  vendor: 'HOUSE',
  gameCode: 'lotus-pond',
  gameType: 'RNG',
  nameTh: 'สระบัวทองคำ',
  nameEn: 'Golden Lotus Pond',
  classification: 'LOW',
  minBet: '0.10',
  lines: 10,
  status: 'ACTIVE',
  isHot: false,
  freePlay: true,
  opsStatus: null,
  opsHot: null,
  sort: 0,
  opsSort: null,
  rtp: '96.23',
  volatility: '3.649',
  updatedAt: '2026-11-25T08:00:00.000Z',
  ...over,
});
const GAMES = [gameRow(), gameRow({ nodeId: 8, vendor: 'ACME', gameCode: 'SLOT-7', nameTh: 'สล็อตเจ็ด', nameEn: 'Lucky Seven', classification: 'VIDEO_SLOT', rtp: null, volatility: null, opsStatus: 'HIDDEN', opsSort: 3, sort: 1 })];
const REF = '3f2b8a1c-0d4e-4f5a-9b6c-7d8e9f0a1b2c';
const STUCK = {
  ref: REF,
  vendor: 'SBX',
  memberId: 42,
  username: 'somchai01',
  direction: 'to_vendor',
  amount: '60.00',
  status: 'pending',
  createdAt: '2026-11-26T08:00:00.000Z',
  attempts: 3,
  lastError: 'timeout',
};
const DESK = {
  stuckAfterSeconds: 120,
  vendors: [
    { vendor: 'SBX', name: 'Sandbox Casino', status: 'active', held: '12500.50', wallets: 4, pendingCount: 2, pendingAmount: '160.00', stuckCount: 1, stuck: [STUCK] },
    { vendor: 'TRX', name: 'Transfer Two', status: 'maintenance', held: '0.00', wallets: 0, pendingCount: 0, pendingAmount: '0.00', stuckCount: 0, stuck: [] },
  ],
};

const serve = (permissions: string[]) =>
  serveConsole(permissions, (url, method) => {
    if (url === '/ops/vendors/registry' && method === 'GET') return ok(REGISTRY);
    if (url === '/ops/vendors/registry' && method === 'POST') return ok({ vendor: vendorRow({ code: 'NEWV', name: 'New Vendor' }), secret: SECRET });
    if (url === '/ops/vendors/registry/ACME/rotate-secret') return ok({ vendor: REGISTRY[0], secret: SECRET });
    if (url === '/ops/vendors/transfers') return ok(DESK);
    if (url === `/ops/vendors/transfers/${REF}/resolve`) return ok({ ...STUCK, status: 'confirmed', attempts: 4, lastError: null });
    if (url.startsWith('/ops/catalogue/games?')) return ok(GAMES);
    if (url.startsWith('/ops/catalogue/games/')) return ok(GAMES[0]);
    return null;
  });

/** Everything the page could have put in storage. */
const stored = () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage });

beforeAll(async () => {
  initI18n('en');
  await import('@/features/vendors/vendors-page');
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

describe('vendors and games page', { timeout: 20_000 }, () => {
  it("a rotated secret is shown once in a dialog with a copy button and a warning; after closing it is nowhere", async () => {
    const calls = serve(ADMIN);
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    openConsole('/vendors');
    const registry = await screen.findByRole('table', { name: 'Vendor registry' });
    const acme = within(registry).getAllByRole('row').find((r) => r.textContent?.includes('Acme Games'))!;
    expect(acme.textContent).toContain('SLOT, FISH');
    // Asked first: nothing is called before the confirmation.
    await userEvent.click(within(acme).getByRole('button', { name: 'Rotate secret' }));
    const confirm = screen.getByRole('dialog', { name: 'Replace the secret of ACME?' });
    expect(calls.some((c) => c.url.includes('rotate-secret'))).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));

    const shown = await screen.findByRole('dialog', { name: 'New secret of ACME' });
    expect(calls).toContainEqual({ method: 'POST', url: '/ops/vendors/registry/ACME/rotate-secret', body: undefined });
    expect((within(shown).getByLabelText('Shared secret') as HTMLInputElement).value).toBe(SECRET);
    expect(within(shown).getByText(/It will not be shown again/)).toBeTruthy();
    await userEvent.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(await within(shown).findByText('Copied.')).toBeTruthy();

    await userEvent.click(within(shown).getByRole('button', { name: 'I have stored it: close' }));
    expect(screen.queryByRole('dialog', { name: 'New secret of ACME' })).toBeNull();
    expect(document.body.innerHTML).not.toContain(SECRET);
    expect(stored()).not.toContain(SECRET);
  });

  it('adding a vendor checks the form like the contract, then shows its secret once', async () => {
    const calls = serve(ADMIN);
    openConsole('/vendors');
    await screen.findByRole('table', { name: 'Vendor registry' });
    await userEvent.click(screen.getByText('Add a vendor'));
    const form = screen.getByRole('form', { name: 'Add a vendor' });
    await userEvent.type(within(form).getByLabelText('Code'), 'new vendor');
    await userEvent.type(within(form).getByLabelText('Name'), 'New Vendor');
    await userEvent.selectOptions(within(form).getByLabelText('Wallet mode'), 'transfer');
    await userEvent.type(within(form).getByLabelText('Launch URL'), 'ftp://new.example/launch');
    await userEvent.click(within(form).getByRole('button', { name: 'Add vendor' }));
    expect(await within(form).findByText('2-16 capital letters or digits')).toBeTruthy();
    expect(within(form).getByText('An http or https address (at most 1000 characters)')).toBeTruthy();
    expect(within(form).getByText('A transfer-mode vendor needs its fund-transfer API address')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.clear(within(form).getByLabelText('Code'));
    await userEvent.type(within(form).getByLabelText('Code'), 'NEWV');
    await userEvent.clear(within(form).getByLabelText('Launch URL'));
    await userEvent.type(within(form).getByLabelText('Launch URL'), 'https://new.example/launch');
    await userEvent.type(within(form).getByLabelText('Fund-transfer API URL'), 'https://new.example/api');
    await userEvent.type(within(form).getByLabelText('Game types (comma-separated)'), 'SLOT, LIVE');
    await userEvent.click(within(form).getByRole('button', { name: 'Add vendor' }));
    const shown = await screen.findByRole('dialog', { name: 'Secret of the new vendor NEWV' });
    expect((within(shown).getByLabelText('Shared secret') as HTMLInputElement).value).toBe(SECRET);
    expect(calls).toContainEqual({
      method: 'POST',
      url: '/ops/vendors/registry',
      body: { code: 'NEWV', name: 'New Vendor', walletMode: 'transfer', status: 'active', launchUrl: 'https://new.example/launch', apiBaseUrl: 'https://new.example/api', currency: 'THB', gameTypes: ['SLOT', 'LIVE'] },
    });
    await userEvent.click(within(shown).getByRole('button', { name: 'I have stored it: close' }));
    expect(document.body.innerHTML).not.toContain(SECRET);
  });

  it('a read-only operator sees the registry and the games with their RTP, and no write action', async () => {
    const calls = serve(READ_ONLY);
    openConsole('/vendors');
    const registry = await screen.findByRole('table', { name: 'Vendor registry' });
    const games = await screen.findByRole('table', { name: 'Games' });
    expect(within(registry).getAllByRole('row')).toHaveLength(3);
    const pond = within(games).getAllByRole('row').find((r) => r.textContent?.includes('Golden Lotus Pond'))!;
    expect(pond.textContent).toContain('96.23 %');
    expect(pond.textContent).toContain('Volatility: SD 3.649 (LOW)');
    const seven = within(games).getAllByRole('row').find((r) => r.textContent?.includes('Lucky Seven'))!;
    expect(seven.textContent).toContain('Disabled (hidden)');
    expect(seven.textContent).toContain('Set by an operator (vendor: 1)');

    expect(screen.getByText('You can look but not change: your role does not include vendor changes.')).toBeTruthy();
    expect(screen.queryByText('Add a vendor')).toBeNull();
    for (const name of ['Rotate secret', 'Set status', 'Save', 'Check now']) expect(screen.queryAllByRole('button', { name })).toEqual([]);
    expect(screen.queryAllByRole('combobox', { name: /^Status of|^Hot flag of|^New status of/ })).toEqual([]);
    // No money figures either: the transfer wallets are money.read.
    expect(screen.queryByRole('heading', { name: 'Transfer wallets' })).toBeNull();
    expect(calls.some((c) => c.url === '/ops/vendors/transfers')).toBe(false);
  });

  it("a stuck transfer's Check now asks the server to resolve it; a vendor without stuck transfers says so", async () => {
    const calls = serve(FINANCE);
    openConsole('/vendors');
    const sbx = await screen.findByRole('article', { name: /Sandbox Casino \(SBX\)/ });
    expect(sbx.textContent).toContain('฿12,500.50');
    expect(sbx.textContent).toContain('฿160.00');
    const stuck = within(sbx).getByRole('table', { name: 'Stuck transfers of Sandbox Casino (SBX)' });
    const row = within(stuck).getAllByRole('row').find((r) => r.textContent?.includes('somchai01'))!;
    expect(row.textContent).toContain('Main → vendor');
    expect(row.textContent).toContain('timeout');
    await userEvent.click(within(row).getByRole('button', { name: 'Check now: transfer of ฿60.00 for somchai01' }));
    expect(await screen.findByText('The vendor answered: the transfer is confirmed.')).toBeTruthy();
    expect(calls).toContainEqual({ method: 'POST', url: `/ops/vendors/transfers/${REF}/resolve`, body: undefined });

    const trx = screen.getByRole('article', { name: /Transfer Two \(TRX\)/ });
    expect(within(trx).getByText('No stuck transfers.')).toBeTruthy();
    // Finance may check transfers but not change vendors or games.
    expect(screen.queryAllByRole('button', { name: 'Rotate secret' })).toEqual([]);
    expect(screen.queryAllByRole('button', { name: 'Save' })).toEqual([]);
  });

  it("a game's status, hot flag and sort position are changed from its row; a bad position is refused before sending", async () => {
    const calls = serve(ADMIN);
    openConsole('/vendors');
    const games = await screen.findByRole('table', { name: 'Games' });
    const pond = within(games).getAllByRole('row').find((r) => r.textContent?.includes('Golden Lotus Pond'))!;
    await userEvent.selectOptions(within(pond).getByRole('combobox', { name: 'Status of Golden Lotus Pond' }), 'HIDDEN');
    expect(calls).toContainEqual({ method: 'PUT', url: '/ops/catalogue/games/7', body: { opsStatus: 'HIDDEN' } });
    await userEvent.selectOptions(within(pond).getByRole('combobox', { name: 'Hot flag of Golden Lotus Pond' }), 'on');
    expect(calls).toContainEqual({ method: 'PUT', url: '/ops/catalogue/games/7', body: { opsHot: true } });

    const sort = within(pond).getByRole('textbox', { name: "Sort position of Golden Lotus Pond (empty: the vendor's)" });
    await userEvent.type(sort, '10000');
    expect(within(pond).getByText('A whole number from 0 to 9999, or empty')).toBeTruthy();
    expect((within(pond).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.clear(sort);
    await userEvent.type(sort, '5{Enter}');
    expect(calls).toContainEqual({ method: 'PUT', url: '/ops/catalogue/games/7', body: { opsSort: 5 } });
    expect(calls.filter((c) => c.method === 'PUT' && (c.body as { opsSort?: number }).opsSort === 10000)).toEqual([]);

    // The vendor filter and the name search go to the server.
    await userEvent.selectOptions(screen.getByLabelText('Vendor'), 'ACME');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search (name or code)' }), 'lucky');
    await vi.waitFor(() => expect(calls.some((c) => c.url === '/ops/catalogue/games?vendor=ACME&name=lucky&limit=1000')).toBe(true));
  });
});
