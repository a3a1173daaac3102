import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { DialogHost } from '@/components/ui/dialog/dialog-host';
import { closeAllDialogs } from '@/components/ui/dialog/dialog-store';
import { mockApi, renderWithProviders, setTestLanguage } from '@/test/render';
import { useSession } from './session-store';
import { loginResult, memberInfo } from '@/test/fixtures';
import { RequireMember, RequireMemberCentre } from './route-guards';
import { useMemberAction, useRealMoneyAction } from './use-guards';

function Actions() {
  const memberAction = useMemberAction();
  const realMoney = useRealMoneyAction();
  return (
    <>
      <button type="button" onClick={() => memberAction(() => sessionStorage.setItem('ran', 'member'))}>
        favourite
      </button>
      <button type="button" onClick={() => realMoney(() => sessionStorage.setItem('ran', 'money'))}>
        deposit
      </button>
      <DialogHost />
    </>
  );
}

const trial = () =>
  useSession.getState().setLogin(loginResult({ token: 'trial-token', userInfo: memberInfo({ type: 4, isAgent: 4, account: 'trial_abc' }) }));

beforeEach(async () => {
  closeAllDialogs();
  await setTestLanguage('en');
  useSession.getState().clear();
  mockApi({ '/wps/session/logout': () => ({ done: true }) });
});

describe('guards (2.R.35, 5.GATE, 6.ROLE)', () => {
  it('2.R.35 a visitor opening a member-only page lands on /login', () => {
    renderWithProviders(<RequireMember>secret</RequireMember>, { route: '/member' });
    expect(screen.getByTestId('location').textContent).toBe('/login');
    expect(screen.queryByText('secret')).toBeNull();
  });

  it('6.ROLE.04 the member centre opens for a member', () => {
    useSession.getState().setLogin(loginResult());
    renderWithProviders(<RequireMemberCentre>panel</RequireMemberCentre>, { route: '/member' });
    expect(screen.getByText('panel')).toBeTruthy();
  });

  it('6.ROLE.04/09 5.GATE.03 a trial account is refused the member centre with the warning', async () => {
    trial();
    renderWithProviders(
      <>
        <RequireMemberCentre>panel</RequireMemberCentre>
        <DialogHost />
      </>,
      { route: '/member' },
    );
    expect(screen.queryByText('panel')).toBeNull();
    expect(await screen.findByText('Please register a real account to use this feature')).toBeTruthy();
    expect(screen.getByTestId('dialog-button-1').textContent).toBe('Register a real account');
    expect(screen.getByTestId('location').textContent).toBe('/');
  });

  it('2.R.35 5.GATE.01 a member-only action by a visitor goes to /login instead', () => {
    renderWithProviders(<Actions />, { route: '/rng' });
    fireEvent.click(screen.getByText('favourite'));
    expect(screen.getByTestId('location').textContent).toBe('/login');
    expect(sessionStorage.getItem('ran')).toBeNull();
  });

  it('5.GATE.04 a real-money action runs for a real member', () => {
    useSession.getState().setLogin(loginResult());
    renderWithProviders(<Actions />);
    fireEvent.click(screen.getByText('deposit'));
    expect(sessionStorage.getItem('ran')).toBe('money');
  });

  it('5.GATE.03/04/06 a trial account is refused a real-money action; the in_increase_submit button ends the trial and opens registration', async () => {
    trial();
    renderWithProviders(<Actions />, { route: '/' });
    fireEvent.click(screen.getByText('deposit'));
    expect(sessionStorage.getItem('ran')).toBeNull();
    expect(await screen.findByText('Please register a real account to use this feature')).toBeTruthy();
    fireEvent.click(screen.getByTestId('dialog-button-1'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/register'));
    expect(useSession.getState().token).toBeNull();
  });

  it('5.GATE.06 cancelling the warning keeps the trial session', async () => {
    trial();
    renderWithProviders(<Actions />, { route: '/' });
    fireEvent.click(screen.getByText('deposit'));
    fireEvent.click(await screen.findByTestId('dialog-button-0'));
    await waitFor(() => expect(screen.queryByTestId('dialog')).toBeNull());
    expect(useSession.getState().token).toBe('trial-token');
    expect(screen.getByTestId('location').textContent).toBe('/');
  });
});
