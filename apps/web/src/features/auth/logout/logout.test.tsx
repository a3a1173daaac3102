import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { DialogHost } from '@/components/ui/dialog/dialog-host';
import { closeAllDialogs } from '@/components/ui/dialog/dialog-store';
import { mockApi, renderWithProviders, setTestLanguage } from '@/test/render';
import { useSession } from '@/lib/session/session-store';
import { loginResult } from '@/test/fixtures';
import { openLoginPopup, useLoginUi } from '../login/login-ui-store';
import { openChangePassword, useChangePasswordStore } from '../password/change-password-store';
import { useLogout } from './use-logout';

function LogoutButton() {
  const logout = useLogout();
  return (
    <button type="button" onClick={() => void logout()}>
      logout
    </button>
  );
}

beforeEach(async () => {
  closeAllDialogs();
  await setTestLanguage('en');
  useSession.getState().clear();
  useSession.getState().setLogin(loginResult(), { agentPortal: true });
  sessionStorage.setItem('merchant', 'lotus');
});

describe('logout (4.OUT)', () => {
  it('4.OUT.01 asks first; cancelling keeps the session and makes no call', async () => {
    const fetchMock = mockApi({ '/wps/session/logout': () => ({ done: true }) });
    renderWithProviders(
      <>
        <LogoutButton />
        <DialogHost />
      </>,
      { route: '/member' },
    );
    fireEvent.click(screen.getByText('logout'));
    expect(await screen.findByText('Do you want to log out?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('dialog-button-0'));
    await waitFor(() => expect(screen.queryByTestId('dialog')).toBeNull());
    expect(fetchMock).not.toHaveBeenCalled();
    expect(useSession.getState().token).toBe('tok-1');
    expect(screen.getByTestId('location').textContent).toBe('/member');
  });

  it('4.OUT.02-05 confirming calls logout, clears the session but the merchant value, resets login and agent state, goes home', async () => {
    const fetchMock = mockApi({ '/wps/session/logout': () => ({ done: true }), '/wps/member/info': () => ({}) });
    const { queryClient } = renderWithProviders(
      <>
        <LogoutButton />
        <DialogHost />
      </>,
      { route: '/member' },
    );
    queryClient.setQueryData(['member', 'info', 'tok-1'], { balance: '1' });
    openLoginPopup({ username: 'x' });
    void openChangePassword({ forced: true, oldPassword: '123456' });
    fireEvent.click(screen.getByText('logout'));
    fireEvent.click(await screen.findByTestId('dialog-button-1'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/wps/session/logout'));
    expect(call?.[1]?.method).toBe('DELETE');
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('isAgent')).toBeNull();
    expect(sessionStorage.getItem('merchant')).toBe('lotus');
    expect(useSession.getState()).toMatchObject({ token: null, member: null, isAgent: null, isAgentPortal: false });
    expect(queryClient.getQueryData(['member', 'info', 'tok-1'])).toBeUndefined();
    expect(useLoginUi.getState().popup.open).toBe(false);
    expect(useChangePasswordStore.getState().request).toBeNull();
    expect(sessionStorage.getItem('forcePasswordChange')).toBeNull();
  });
});
