import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { errorResponse, mockApi, renderWithProviders, setTestLanguage } from '@/test/render';
import { loginResult, memberInfo } from '@/test/fixtures';
import { useSession } from '@/lib/session/session-store';
import { useWalletBalance } from '@/lib/session/get-wallet-balance';
import { DialogHost } from '@/components/ui/dialog/dialog-host';
import { closeAllDialogs } from '@/components/ui/dialog/dialog-store';
import { LotteryPage } from './components/lottery-page';

const LOTTO_URL = 'https://house.example/house/lotto/play?token=t1&gameCode=VN_MB';

/** What the header shows: the balance query's answer. */
function BalanceProbe() {
  const balance = useWalletBalance();
  return <output data-testid="probe-balance">{balance.data?.sumBalance ?? ''}</output>;
}

function renderPage(
  route: string,
  launch: (init?: RequestInit) => unknown = () => ({
    url: LOTTO_URL,
    nodeId: 6,
    gameType: 'LOTT',
    gameName: 'Vietnam North (Hanoi)',
  }),
) {
  const launches: unknown[] = [];
  let balance = 1000;
  mockApi({
    '/wps/member/info': () => memberInfo(),
    '/wps/v2/wallets/balance': () => ({ sumBalance: `${(balance += 10)}.00`, isSingle: true }),
    '/wps/relay/GCSGAME_newGameVendor': () => [],
    '/wps/relay/GCSGAME_getRankList': () => ({ list: [] }),
    '/lgw/vn/games/game_menu': () => [],
    '/wps/game/launchGame': (_url, init) => {
      launches.push(JSON.parse(String(init?.body)));
      return launch(init);
    },
  });
  const requestLogin = vi.fn();
  const view = renderWithProviders(
    <>
      <LotteryPage requestLogin={requestLogin} />
      <BalanceProbe />
      <DialogHost />
    </>,
    { route },
  );
  return { ...view, launches, requestLogin };
}

beforeAll(async () => {
  await setTestLanguage('en');
});
beforeEach(() => {
  useSession.getState().clear();
  closeAllDialogs();
});

describe('/lottery, the lottery in a frame', () => {
  it('2.R.16 7.PAR.15 reads gameCode, vendor and playType, launches with lottoArea VN, launchMode LOTT and the betting view, and shows the answer in the frame', async () => {
    useSession.getState().setLogin(loginResult());
    const { launches } = renderPage('/lottery?gameCode=VN_MB&vendor=LOTT&playType=2D');
    const frame = await screen.findByTestId('lottery-frame');
    expect(frame.getAttribute('src')).toBe(LOTTO_URL);
    expect(launches).toHaveLength(1);
    expect(launches[0]).toMatchObject({
      vendor: 'LOTT',
      gameCode: 'VN_MB',
      language: 'en',
      lottoArea: 'VN',
      launchMode: 'LOTT',
      view: 'betting',
      device: 'WEB',
      defaultPlayType: '2D',
    });
    expect(screen.getByTestId('lottery-frame-title').textContent).toBe('Vietnam North (Hanoi)');
    expect(screen.getByTestId('lottery-page')).toBeTruthy();
  });

  it('ADR 0078 the header balance is asked again when the lottery says it moved (only from the frame’s own origin)', async () => {
    useSession.getState().setLogin(loginResult());
    renderPage('/lottery?gameCode=VN_MB&vendor=LOTT');
    const frame = (await screen.findByTestId('lottery-frame')) as HTMLIFrameElement;
    await waitFor(() => expect(screen.getByTestId('probe-balance').textContent).toBe('1010.00'));
    act(() =>
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { type: 'lotus:balance-changed' },
          origin: 'https://evil.example',
          source: frame.contentWindow,
        }),
      ),
    );
    act(() =>
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { type: 'lotus:balance-changed' },
          origin: 'https://house.example',
          source: frame.contentWindow,
        }),
      ),
    );
    await waitFor(() => expect(screen.getByTestId('probe-balance').textContent).toBe('1020.00'));
  });

  it('8.ERR a refused launch (maintenance) is said in the frame in the catalogue’s words, with a retry', async () => {
    useSession.getState().setLogin(loginResult());
    let refuse = true;
    const { launches } = renderPage('/lottery?gameCode=VN_MB&vendor=LOTT', () =>
      refuse ? errorResponse('game_maintenance', 503) : { url: LOTTO_URL, nodeId: 6, gameType: 'LOTT' },
    );
    expect((await screen.findByTestId('lottery-frame-error-text')).textContent).toBe('Game maintenance');
    expect(screen.queryByTestId('lottery-frame')).toBeNull();
    refuse = false;
    fireEvent.click(screen.getByTestId('lottery-frame-retry'));
    expect((await screen.findByTestId('lottery-frame')).getAttribute('src')).toBe(LOTTO_URL);
    expect(launches).toHaveLength(2);
  });

  it('5.GATE.03 a trial account refused a real-money lottery gets the real-account warning', async () => {
    useSession.getState().setLogin(loginResult({ userInfo: memberInfo({ isAgent: 4 }) }));
    renderPage('/lottery?gameCode=VN_MB&vendor=LOTT', () => errorResponse('in_need_true_account', 403));
    expect((await screen.findByTestId('dialog')).textContent).toContain(
      'Please register a real account to use this feature',
    );
  });

  it('4.GS.01 a visitor is asked to log in for this game, and nothing is launched', async () => {
    const { launches, requestLogin, location } = renderPage(
      '/lottery?gameCode=VN_MB&vendor=LOTT&playType=2D',
    );
    expect(await screen.findByText('Log in to play the lottery.')).toBeTruthy();
    expect(requestLogin).toHaveBeenCalledTimes(1);
    expect(requestLogin).toHaveBeenCalledWith({ gameCode: 'VN_MB', vendor: 'LOTT', playType: '2D' });
    fireEvent.click(screen.getByTestId('lottery-frame-login-open'));
    expect(requestLogin).toHaveBeenCalledTimes(2);
    expect(launches).toEqual([]);
    expect(location().pathname).toBe('/lottery');
  });

  it('the way back leads to the lottery lobby when the page was opened directly', async () => {
    useSession.getState().setLogin(loginResult());
    const { location } = renderPage('/lottery?gameCode=VN_MB&vendor=LOTT');
    await screen.findByTestId('lottery-frame');
    fireEvent.click(screen.getByTestId('lottery-frame-close'));
    await waitFor(() => expect(location().pathname).toBe('/vnlottery'));
  });

  it('2.R.16 without a game code the page offers the lobby to choose from (the launch needs a game code)', async () => {
    useSession.getState().setLogin(loginResult());
    const { launches } = renderPage('/lottery?vendor=LOTT');
    expect(await screen.findByTestId('lottery-lobby')).toBeTruthy();
    expect(screen.getByText('Choose a lottery to play')).toBeTruthy();
    expect(launches).toEqual([]);
  });
});
