import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { mockApi, renderWithProviders, setTestLanguage } from '@/test/render';
import { loginResult, memberInfo } from '@/test/fixtures';
import { useSession } from '@/lib/session/session-store';
import { closeLoginPopup, useLoginUi } from '@/features/auth/login/login-ui-store';
import { PendingLaunch } from '@/features/games/components/pending-launch';
import { forgetPendingLaunch } from '@/features/games/lib/pending-launch';
import { getCategoryHref } from '@/config/paths';
import { GameLoginBridge } from './game-login-bridge';
import { LotteryPage } from './groups/lottery';

beforeAll(async () => {
  await setTestLanguage('en');
});
beforeEach(() => useSession.getState().clear());
afterEach(() => {
  forgetPendingLaunch();
  closeLoginPopup();
});

describe('the lottery page in the app (4.GS.01/02)', () => {
  it('4.GS.01 a visitor on /lottery gets the login sheet and, once logged in, is brought back to the same lottery', async () => {
    const launches: unknown[] = [];
    mockApi({
      '/wps/member/info': () => memberInfo(),
      '/wps/v2/wallets/balance': () => ({ sumBalance: '0.00', isSingle: true }),
      '/wps/game/launchGame': (_url, init) => {
        launches.push(JSON.parse(String(init?.body)));
        return { url: 'https://house.example/house/lotto/play?token=t', nodeId: 6, gameType: 'LOTT' };
      },
    });
    const { location } = renderWithProviders(
      <>
        <LotteryPage />
        <GameLoginBridge />
        <PendingLaunch />
      </>,
      { route: '/lottery?gameCode=VN_MB&vendor=LOTT' },
    );
    await waitFor(() => expect(useLoginUi.getState().popup.open).toBe(true));
    // The login finishes (it moves the member home), then the sheet closes.
    act(() => useSession.getState().setLogin(loginResult()));
    act(() => closeLoginPopup());
    await waitFor(() =>
      expect(`${location().pathname}${location().search}`).toBe('/lottery?gameCode=VN_MB&vendor=LOTT'),
    );
    expect(await screen.findByTestId('lottery-frame')).toBeTruthy();
    // Started once, after the login brought the member back (not as the session appeared).
    expect(launches).toHaveLength(1);
  });

  it('1.CAT.01 the lottery categories lead to their pages: LOTT to the lobby, ELOTT to /elott', () => {
    expect(getCategoryHref('LOTT')).toBe('/vnlottery');
    expect(getCategoryHref('ELOTT')).toBe('/elott');
  });
});
