import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { mockApi, renderWithProviders, setTestLanguage } from '@/test/render';
import { loginResult, memberInfo } from '@/test/fixtures';
import { fillMemberFrame, startMemberFrame } from './member-frame';
import { useMemberInfo } from './get-member-info';
import { useWalletBalance } from './get-wallet-balance';
import { useSession } from './session-store';

function Frame() {
  const member = useMemberInfo();
  const wallet = useWalletBalance();
  return (
    <p data-testid="frame">
      {member.data?.email ?? 'loading'} {wallet.data?.sumBalance ?? 'loading'}
    </p>
  );
}

beforeAll(async () => {
  await setTestLanguage('th');
});
afterEach(() => {
  onlineManager.setOnline(true);
  useSession.getState().clear();
});

describe('a prerendered member frame (ADR 0079)', () => {
  it("asks the member's data as it starts and shows it before the page's other calls resume", async () => {
    useSession.getState().setLogin(loginResult());
    const fetchMock = mockApi({
      '/wps/member/info': () => memberInfo({ email: 'frame@lotus.example' }),
      '/wps/v2/wallets/balance': () => ({ sumBalance: '1234.50', isSingle: true }),
    });
    startMemberFrame('th');
    // Hydration: data calls paused, the frame in its loading state.
    onlineManager.setOnline(false);
    const { queryClient } = renderWithProviders(<Frame />);
    expect(screen.getByTestId('frame').textContent).toBe('loading loading');

    await act(() => fillMemberFrame(queryClient));
    // Still offline: the answers asked at the start are what the frame shows.
    await waitFor(() => expect(screen.getByTestId('frame').textContent).toBe('frame@lotus.example 1234.50'));
    expect(onlineManager.isOnline()).toBe(false);
    act(() => onlineManager.setOnline(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    const asked = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);
    // Once online, the frame's own paused calls go out too (ADR 0079: cancelling them while paused could leave
    // the balance "refreshing" for good, and the page's taps unanswered): asked twice each, shown at once.
    expect(asked.filter((p) => p === '/wps/member/info')).toHaveLength(2);
    expect(asked.filter((p) => p === '/wps/v2/wallets/balance')).toHaveLength(2);
    expect(screen.getByTestId('frame').textContent).toBe('frame@lotus.example 1234.50');
  });
});
