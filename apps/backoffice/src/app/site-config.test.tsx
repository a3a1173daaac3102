import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createConsoleRouter } from './app';
import { initI18n } from '@/i18n/i18n';
import { createQueryClient } from '@/lib/query-client';

/** The site configuration page against a stubbed operator API (the server's own tests cover the calls). */
const ADMIN = ['read', 'config.write', 'members.write', 'secrets.read', 'operators.read', 'operators.write', 'audit.read', 'self'];
const READ_ONLY = ['read', 'vendors.read', 'self.rotate', 'self'];

const rule = (enabled: boolean, required: boolean, patternId: number, minLength: number, maxLength: number) => ({
  enabled,
  required,
  acceptedPattern: '',
  patternId,
  minLength,
  maxLength,
});
const REGISTER = {
  username: rule(true, true, 2, 2, 15),
  password: rule(true, true, 0, 6, 20),
  confirmPassword: rule(true, true, 0, 6, 20),
  payeeName: rule(true, false, 13, 2, 50),
  email: rule(true, false, 17, 5, 100),
  qqNum: rule(false, false, 3, 5, 12),
  mobileNum: rule(true, false, 18, 6, 15),
  line: rule(true, false, 23, 2, 50),
  whatsapp: rule(false, false, 3, 6, 15),
  facebook: rule(false, false, 0, 2, 50),
  wechat: rule(false, false, 0, 2, 50),
  idNumber: rule(false, false, 3, 13, 13),
  paymentPassword: rule(false, false, 3, 6, 6),
  birthday: rule(false, false, 6, 10, 10),
  affiliateCode: rule(true, false, 0, 2, 40),
  referralCode: rule(true, false, 0, 2, 40),
  recommenderId: rule(false, false, 0, 2, 40),
};
const FLAGS = {
  USERNAMEREG3: true,
  MOBILENUMREG3: false,
  MOBILENUMPASSREG3: true,
  REGMOBVERF3: false,
  FREEPLAY3: true,
  PWDEXPFORCECHANGE3: true,
  MOBILEVERCODELOGIN3: true,
  CHNGPASSVERIF3: true,
  showCaptcha: false,
  LOGINREQHOME3: false,
  REGBUTTON3: true,
  PWDLOGIN3: true,
  GOOGLELOGIN3: false,
  FACEBOOKLOGIN3: false,
};
const UPLOADS = { dailyBytesPerMember: 20 * 1024 * 1024 };
const AGENTS = { teamBalances: 'hidden' };
const REGION = { blockedCountries: [], blockedCidrs: [], allowedCidrs: [], countryRanges: [], info: { th: 'ไม่ให้บริการ', en: 'Not available' } };

const ok = (value: unknown) => new Response(JSON.stringify({ success: true, message: 'ok', value }), { status: 200 });
const refused = (message: string, fields?: Record<string, string>) =>
  new Response(JSON.stringify({ success: false, message, value: null, ...(fields ? { fields } : {}) }), { status: 400 });

type Call = { method: string; url: string; body: unknown };
function serve(permissions: string[], put?: (url: string, body: unknown) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      if (url === '/ops/console/me') return ok({ id: 1, username: 'ann', displayName: 'Ann', role: 'admin', permissions, idleSeconds: 900 });
      if (method === 'PUT' && put) return put(url, body);
      if (method === 'PUT') return ok(body);
      if (url === '/ops/config/whitelabel') return ok(FLAGS);
      if (url === '/ops/config/register') return ok(REGISTER);
      if (url === '/ops/config/region') return ok(REGION);
      if (url === '/ops/config/uploads') return ok(UPLOADS);
      if (url === '/ops/config/agents') return ok(AGENTS);
      return refused('not_found');
    }),
  );
  return calls;
}

function open(path: string) {
  window.history.pushState({}, '', `/backoffice${path}`);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={createConsoleRouter()} />
    </QueryClientProvider>,
  );
}

async function confirmDialog() {
  const dialog = await screen.findByRole('dialog');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
}

beforeAll(async () => {
  initI18n('en');
  // The page is a lazy route: load its module once here so each test waits only for its data.
  await import('@/features/site/site-config-page');
  // jsdom has no modal dialogs: open/close them as attributes.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});
afterEach(() => vi.unstubAllGlobals());

// The rules table renders 17 rows of 25-option selects: give a loaded machine room (no timing is asserted).
describe('site configuration page', { timeout: 20_000 }, () => {
  it('3.FLAG.01 shows each flag with its meaning and saves the changed document after confirmation', async () => {
    const calls = serve(ADMIN);
    open('/site/config');
    const freePlay = await screen.findByRole('switch', { name: /FREEPLAY3/ });
    expect(screen.getByText('The free-play (trial account) button and call are available.')).toBeTruthy();
    await userEvent.click(freePlay);
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await confirmDialog();
    await screen.findByText('Saved. The member site shows it now.');
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe('/ops/config/whitelabel');
    expect(put?.body).toEqual({ ...FLAGS, FREEPLAY3: false });
  });

  it('issue 23 #4 the daily upload allowance per member is shown in MB and saved in bytes after confirmation', async () => {
    const calls = serve(ADMIN);
    open('/site/config?tab=uploads');
    const field = await screen.findByLabelText('Daily allowance per member (MB)');
    expect((field as HTMLInputElement).value).toBe('20');
    // Outside 1 to 1,024 MB, or not a whole number: nothing can be saved.
    for (const bad of ['0', '2000', '1.5']) {
      await userEvent.clear(field);
      await userEvent.type(field, bad);
      expect((screen.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement).disabled).toBe(true);
    }
    await userEvent.clear(field);
    await userEvent.type(field, '50');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await confirmDialog();
    await screen.findByText('Saved. The member site shows it now.');
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe('/ops/config/uploads');
    expect(put?.body).toEqual({ dailyBytesPerMember: 50 * 1024 * 1024 });
  });

  it('issue 28 the agents tab shows what agents see of their team balances and saves the chosen visibility', async () => {
    const calls = serve(ADMIN);
    open('/site/config?tab=agents');
    const group = await screen.findByRole('group', { name: "What an agent sees of its team's money in the agent centre's team management." });
    expect(group.getAttribute('aria-describedby')).toBe('agents-privacy');
    expect(screen.getByText("Members' balances are personal data (PDPA): show them only as far as agents need. Hidden is the default.")).toBeTruthy();
    const hidden = within(group).getByRole('radio', { name: 'Hidden' });
    const direct = within(group).getByRole('radio', { name: 'Direct downlines' });
    expect((hidden as HTMLInputElement).checked).toBe(true);
    expect((direct as HTMLInputElement).checked).toBe(false);
    expect(within(group).getAllByRole('radio')).toHaveLength(3);
    expect(screen.getByText('An agent sees the balances of its own direct members.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(direct);
    expect((direct as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await confirmDialog();
    await screen.findByText('Saved. The member site shows it now.');
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe('/ops/config/agents');
    expect(put?.body).toEqual({ teamBalances: 'direct' });
  });

  it('3.REG.12 5.PAT.06 the live preview follows the draft rules: a required real name leaves the optional section and gets its pattern check', async () => {
    serve(ADMIN);
    open('/site/config?tab=register');
    const preview = await screen.findByTestId('register-preview');
    // Optional at first: inside the collapsed section.
    expect(preview.querySelector('details #preview-payeeName')).not.toBeNull();
    await userEvent.click(screen.getByLabelText('Required: Real name'));
    expect(preview.querySelector('details #preview-payeeName')).toBeNull();
    const input = within(preview).getByLabelText(/Real name/);
    await userEvent.click(input);
    await userEvent.paste('somchai');
    expect(within(preview).getByText('Must be: Capital letters, words separated by one space')).toBeTruthy();
    await userEvent.clear(input);
    await userEvent.click(input);
    await userEvent.paste('SOMCHAI JAIDEE');
    expect(within(preview).queryByText('Must be: Capital letters, words separated by one space')).toBeNull();
  });

  it('3.REG.12 a minimum above the maximum is marked and cannot be saved', async () => {
    serve(ADMIN);
    open('/site/config?tab=register');
    const min = await screen.findByLabelText('Min: Username');
    await userEvent.clear(min);
    await userEvent.click(min);
    await userEvent.paste('20');
    expect(screen.getByText('The minimum must not exceed the maximum.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a region change is a four-eyes request with a reason; refused fields are listed with their message', async () => {
    let first = true;
    const calls = serve(ADMIN, () => {
      if (first) {
        first = false;
        return refused('validation_failed', { 'blockedCountries.0': 'country_code_unknown' });
      }
      return ok({ approvalId: 42, status: 'pending', expiresAt: '2026-11-27T09:00:00.000Z' });
    });
    open('/site/config?tab=region');
    const countries = await screen.findByLabelText('Blocked countries (ISO codes, e.g. KP SG)');
    await userEvent.click(countries);
    await userEvent.paste('ZZ');
    await userEvent.click(screen.getByRole('button', { name: 'Request the change' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('textbox'));
    await userEvent.paste('Sanctions update');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByTestId('field-errors')).textContent).toContain('This is not a known country code');
    await userEvent.clear(countries);
    await userEvent.click(countries);
    await userEvent.paste('kp');
    await userEvent.click(screen.getByRole('button', { name: 'Request the change' }));
    const again = await screen.findByRole('dialog');
    await userEvent.click(within(again).getByRole('textbox'));
    await userEvent.paste('Sanctions update');
    await userEvent.click(within(again).getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Request #42 sent: a second admin approves it on the Approvals page.');
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts[1]?.url).toBe('/ops/config/region?reason=Sanctions+update');
    expect(puts[1]?.body).toMatchObject({ blockedCountries: ['KP'] });
  });

  it('a read-only operator sees the configuration without save buttons', async () => {
    serve(READ_ONLY);
    open('/site/config');
    await screen.findByRole('switch', { name: /FREEPLAY3/ });
    expect(screen.getByText('Your role may read the configuration but not change it.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull());
  });
});
