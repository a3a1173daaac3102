import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session/session-store';
import { agentBill, loginResult, memberInfo } from '@/test/fixtures';
import { mockApi, renderWithProviders, setTestLanguage } from '@/test/render';
import { MyIncomePage } from './components/my-income-page';

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
