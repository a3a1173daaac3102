import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TAgentBill } from '@lotus/contracts/agent';
import { useSession } from '@/lib/session/session-store';
import { agentBill, loginResult, memberInfo } from '@/test/fixtures';
import { errorResponse, mockApi, renderWithProviders, setTestLanguage } from '@/test/render';
import { MyIncomePage } from './components/my-income-page';

/** A bill as the server answers it now: not revised, not disputed (docs/adr/0101), unless the test says so. */

beforeEach(async () => {
  await setTestLanguage('en');
  useSession.getState().clear();
  useSession.getState().setLogin(loginResult({ userInfo: memberInfo({ isAgent: 1 }) }));
});

const DIVIDEND = agentBill({
  id: 5,
  kind: 'dividend',
  payer: 'boss',
  amount: '1530.25',
  status: 'paid',
  calculation: {
    stakes: '120000.00',
    wins: '109800.00',
    base: '10200.00',
    activeMembers: 1234,
    tier: 2,
    rateBp: 1550,
    carriedIn: '-50.75',
    amount: '1530.25',
    carriedOut: '0.00',
  },
});

function serve() {
  const asked: URL[] = [];
  mockApi({
    '/wps/member/info': () => memberInfo({ isAgent: 1 }),
    '/wps/agent/bills': (url) => {
      asked.push(url);
      return url.searchParams.get('side') === 'paid'
        ? { list: [agentBill({ id: 6, agent: 'sub01', payer: 'demo', amount: '12.00' })], total: 1, totalPages: 1 }
        : { list: [DIVIDEND, agentBill({ id: 4, status: 'carried', payer: null, amount: '0.00' })], total: 45, totalPages: 3 };
    },
  });
  return asked;
}

describe('My income', () => {
  it("a bill opens to its calculation line by line: stakes, wins, base, active members, tier, rate, carried in, amount, carried out", async () => {
    const asked = serve();
    renderWithProviders(<MyIncomePage />);
    const bill = await screen.findByTestId('ac-bill-5');
    expect(asked[0]!.searchParams.get('side')).toBe('received');
    expect(bill.textContent).toContain('Paid by boss');
    expect(screen.getByTestId('ac-bill-5-amount').textContent).toBe('฿1,530.25');
    expect(screen.getByTestId('ac-bill-4').textContent).toContain('Paid by the platform');
    expect(screen.getByTestId('ac-bill-4').textContent).toContain('Carried forward');
    const toggle = within(bill).getByTestId('ac-bill-5-toggle');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const calc = screen.getByTestId('ac-bill-5-calc');
    expect(toggle.getAttribute('aria-controls')).toBe(calc.id);
    const lines = [...calc.querySelectorAll('div')].map((line) => [line.querySelector('dt')!.textContent, line.querySelector('dd')!.textContent]);
    expect(lines).toEqual([
      ['Team stakes', '฿120,000.00'],
      ['Team wins', '฿109,800.00'],
      ['Team net loss (the base)', '฿10,200.00'],
      ['Active members', '1,234'],
      ['Tier reached', 'Tier 2'],
      ['Rate', '15.50%'],
      ['Carried in from earlier periods', '-฿50.75'],
      ['Amount (base × rate + carried in)', '฿1,530.25'],
      ['Carried to the next period', '฿0.00'],
    ]);
    fireEvent.click(toggle);
    expect(screen.queryByTestId('ac-bill-5-calc')).toBeNull();
  });

  it('bills page by 20 and filter by kind; "Paid to my team" asks side=paid', async () => {
    const asked = serve();
    renderWithProviders(<MyIncomePage />);
    await screen.findByTestId('ac-bill-5');
    expect(asked[0]!.searchParams.get('pageSize')).toBe('20');
    expect(asked[0]!.searchParams.has('kind')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(asked.at(-1)!.searchParams.get('pageNo')).toBe('2'));
    fireEvent.change(screen.getByTestId('ac-bills-received-kind'), { target: { value: 'hourly' } });
    await waitFor(() => expect(asked.at(-1)!.searchParams.get('kind')).toBe('hourly'));
    expect(asked.at(-1)!.searchParams.get('pageNo')).toBe('1');
    fireEvent.click(screen.getByRole('tab', { name: 'Paid to my team' }));
    expect((await screen.findByTestId('ac-bill-6')).textContent).toContain('To sub01');
    expect(asked.at(-1)!.searchParams.get('side')).toBe('paid');
  });
});

describe('Bill disputes', () => {
  /** The bills the server holds: a dispute turns one disputed (and the list answers it so from then on). */
  function serveDisputes(bills: TAgentBill[], answer?: () => Response) {
    const disputes: { path: string; body: unknown }[] = [];
    const list = [...bills];
    mockApi({
      '/wps/member/info': () => memberInfo({ isAgent: 1 }),
      '/wps/agent/bills': (url) => {
        const side = url.searchParams.get('side');
        const shown = list.filter((b) => (side === 'paid' ? b.agent !== 'demo' : b.agent === 'demo'));
        return { list: shown, total: shown.length, totalPages: 1 };
      },
      '/wps/agent/bills/5/dispute': (url, init) => {
        disputes.push({ path: url.pathname, body: JSON.parse(String(init?.body)) });
        if (answer) return answer();
        const at = list.findIndex((b) => b.id === 5);
        const { reason } = JSON.parse(String(init?.body)) as { reason: string };
        list[at] = { ...list[at]!, status: 'disputed', dispute: { by: 'agent', reason, at: '2026-12-07T03:00:00.000Z' } };
        return list[at];
      },
    });
    return disputes;
  }

  it('a disputable bill opens the Dispute form; the reason is required, then posted, and the card shows disputed with its note focused', async () => {
    const disputes = serveDisputes([agentBill({ id: 5, status: 'paid', payer: 'boss' })]);
    renderWithProviders(<MyIncomePage />);
    const open = await screen.findByTestId('ac-bill-5-dispute');
    open.focus();
    fireEvent.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Dispute this bill' });
    const reason = within(dialog).getByLabelText('Reason');
    expect(reason).toBe(screen.getByTestId('ac-dispute-reason'));
    expect(document.activeElement).toBe(reason);
    expect(reason.getAttribute('maxlength')).toBe('500');
    expect(dialog.textContent).toContain('0 / 500 characters');

    // Blank (spaces only) is refused here, with the focus back on the field.
    fireEvent.change(reason, { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByTestId('ac-dispute-submit'));
    expect((await within(dialog).findByTestId('ac-dispute-reason-error')).textContent).toBe('Enter a reason of 1 to 500 characters.');
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(reason);
    expect(disputes).toEqual([]);

    fireEvent.change(reason, { target: { value: '  The active members are wrong  ' } });
    expect(dialog.textContent).toContain('32 / 500 characters');
    fireEvent.click(within(dialog).getByTestId('ac-dispute-submit'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(disputes).toEqual([{ path: '/wps/agent/bills/5/dispute', body: { reason: 'The active members are wrong' } }]);

    const card = screen.getByTestId('ac-bill-5');
    expect(card.getAttribute('data-status')).toBe('disputed');
    expect(screen.getByTestId('ac-bill-5-status').textContent).toBe('Disputed');
    expect(screen.queryByTestId('ac-bill-5-dispute')).toBeNull();
    const note = screen.getByTestId('ac-bill-5-dispute-note');
    expect(note.textContent).toContain('Disputed by you');
    expect(screen.getByTestId('ac-bill-5-dispute-reason').textContent).toBe('The active members are wrong');
    expect(screen.getByTestId('ac-bill-5-dispute-done').closest('[aria-live="polite"]')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(note));
  });

  it("the server's refusal shows in the form from the error catalogue", async () => {
    const disputes = serveDisputes([agentBill({ id: 5, status: 'unpaid', payer: 'boss' })], () => errorResponse('agent_bill_not_disputable', 409));
    renderWithProviders(<MyIncomePage />);
    const open = await screen.findByTestId('ac-bill-5-dispute');
    open.focus();
    fireEvent.click(open);
    fireEvent.change(screen.getByTestId('ac-dispute-reason'), { target: { value: 'Wrong tier' } });
    fireEvent.click(screen.getByTestId('ac-dispute-submit'));
    const refusal = await screen.findByTestId('ac-dispute-refusal');
    expect(refusal.getAttribute('role')).toBe('alert');
    expect(refusal.textContent).toBe('This bill cannot be disputed now: it is already disputed or closed');
    expect(disputes).toHaveLength(1);
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.click(screen.getByTestId('ac-dispute-cancel'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(open);
  });

  it("only pending, unpaid, paid and carried bills can be disputed; a reversed bill is muted with its note, its period's new bill revised", async () => {
    serveDisputes([
      agentBill({ id: 1, status: 'pending' }),
      agentBill({ id: 2, status: 'carried', amount: '0.00' }),
      agentBill({ id: 3, status: 'refused' }),
      agentBill({ id: 7, status: 'reversed', resolution: 'Stakes of a void round corrected' }),
      agentBill({ id: 8, status: 'pending', revision: 1 }),
    ]);
    renderWithProviders(<MyIncomePage />);
    const reversed = await screen.findByTestId('ac-bill-7');
    expect(screen.getByTestId('ac-bill-1-dispute')).toBeTruthy();
    expect(screen.getByTestId('ac-bill-2-dispute')).toBeTruthy();
    expect(screen.queryByTestId('ac-bill-3-dispute')).toBeNull();
    expect(screen.queryByTestId('ac-bill-7-dispute')).toBeNull();
    expect(reversed.className).toContain('ac-bill--reversed');
    expect(screen.getByTestId('ac-bill-7-status').className).toContain('ac-status--reversed');
    expect(screen.getByTestId('ac-bill-7-status').textContent).toBe('Reversed');
    expect(screen.getByTestId('ac-bill-7-reversed').textContent).toBe("This bill was reversed and replaced by the period's new bill.");
    expect(screen.getByTestId('ac-bill-7-resolution').textContent).toBe("Operator's decision: Stakes of a void round corrected");
    expect(screen.queryByTestId('ac-bill-7-revision')).toBeNull();
    expect(screen.getByTestId('ac-bill-8-revision').textContent).toBe('Revised settlement (revision 1)');
  });

  it('a disputed bill shows who disputed it, the reason and date, and the operator\'s decision once there is one', async () => {
    serveDisputes([
      agentBill({ id: 5, status: 'disputed', payer: 'boss', dispute: { by: 'payer', reason: 'Team stakes counted twice', at: '2026-12-07T03:00:00.000Z' } }),
      agentBill({
        id: 6,
        agent: 'sub01',
        payer: 'demo',
        status: 'paid',
        dispute: { by: 'payer', reason: 'Wrong rate', at: '2026-12-07T03:00:00.000Z' },
        resolution: 'The rate is the contract\'s: upheld',
      }),
      agentBill({ id: 9, agent: 'sub01', payer: 'demo', status: 'disputed', dispute: { by: 'agent', reason: 'Missing members', at: '2026-12-07T03:00:00.000Z' } }),
    ]);
    renderWithProviders(<MyIncomePage />);
    const note = await screen.findByTestId('ac-bill-5-dispute-note');
    expect(note.textContent).toContain('Disputed by the payer');
    expect(note.textContent).toContain('Team stakes counted twice');
    expect(note.querySelector('time')!.getAttribute('dateTime')).toBe('2026-12-07T03:00:00.000Z');
    expect(note.querySelector('time')!.textContent).toMatch(/^on .*2026/);
    expect(screen.queryByTestId('ac-bill-5-resolution')).toBeNull();
    expect(screen.queryByTestId('ac-bill-5-dispute')).toBeNull();

    // On "Paid to my team" I am the payer.
    fireEvent.click(screen.getByRole('tab', { name: 'Paid to my team' }));
    const upheld = await screen.findByTestId('ac-bill-6-dispute-note');
    expect(upheld.textContent).toContain('Disputed by you');
    expect(upheld.textContent).toContain('Wrong rate');
    expect(screen.getByTestId('ac-bill-6-resolution').textContent).toBe("Operator's decision: The rate is the contract's: upheld");
    // Upheld, it is paid again and could be disputed again.
    expect(screen.getByTestId('ac-bill-6-dispute')).toBeTruthy();
    expect(screen.getByTestId('ac-bill-9-dispute-note').textContent).toContain('Disputed by the agent');
  });

  it('shows the dispute texts in Thai', async () => {
    await setTestLanguage('th');
    serveDisputes([agentBill({ id: 5, status: 'disputed', dispute: { by: 'agent', reason: 'ยอดผิด', at: '2026-12-07T03:00:00.000Z' }, resolution: 'ยืนยันยอดเดิม' })]);
    renderWithProviders(<MyIncomePage />);
    expect((await screen.findByTestId('ac-bill-5-status')).textContent).toBe('อยู่ระหว่างโต้แย้ง');
    expect(screen.getByTestId('ac-bill-5-dispute-note').textContent).toContain('คุณโต้แย้งบิลนี้');
    expect(screen.getByTestId('ac-bill-5-resolution').textContent).toBe('คำตัดสินของผู้ดูแล: ยืนยันยอดเดิม');
  });
});
