import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { mockApi, renderWithProviders, setTestLanguage } from '@/test/render';
import { loginResult, memberInfo } from '@/test/fixtures';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/session/session-store';
import { useWalletBalance } from '@/lib/session/get-wallet-balance';
import { GameFramePage } from './components/game-frame-page';
import { forgetPendingLaunch, usePendingLaunch } from './lib/pending-launch';

vi.mock('@/lib/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

/** What the header shows: the balance query's answer. */
function BalanceProbe() {
  const balance = useWalletBalance();
  return <output data-testid="probe-balance">{balance.data?.sumBalance ?? ''}</output>;
}

const GAME_URL = 'https://slots.example/play?t=1';

/** A logged-in member in /game; every balance answer is 10.00 more than the last (a win landed). */
async function openGame() {
  useSession.getState().setLogin(loginResult());
  let balance = 1000;
  mockApi({
    '/wps/member/info': () => memberInfo(),
    '/wps/v2/wallets/balance': () => ({ sumBalance: `${(balance += 10)}.00`, isSingle: true }),
    '/wps/game/launchGame': () => ({ url: GAME_URL, nodeId: 1, gameType: 'RNG', gameName: 'Lotus Pond' }),
  });
  renderWithProviders(
    <>
      <GameFramePage />
      <BalanceProbe />
    </>,
    { route: '/game?vendor=AAA&gameCode=G1&gameType=RNG' },
  );
  const frame = (await screen.findByTestId('game-frame')) as HTMLIFrameElement;
  await waitFor(() => expect(screen.getByTestId('probe-balance').textContent).toBe('1010.00'));
  return frame;
}

function post(data: unknown, origin: string, source: MessageEventSource | null) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
  });
}

beforeAll(async () => {
  await setTestLanguage('en');
});
beforeEach(() => {
  useSession.getState().clear();
  forgetPendingLaunch();
  vi.mocked(notify.success).mockClear();
});

describe('a win in the game frame (issue 25, ADR 0078)', () => {
  it('the balance is asked again at once and a win shows one toast with its amount', async () => {
    const frame = await openGame();
    post({ type: 'lotus:balance-changed', win: '1250' }, 'https://slots.example', frame.contentWindow);
    await waitFor(() => expect(screen.getByTestId('probe-balance').textContent).toBe('1020.00'));
    expect(notify.success).toHaveBeenCalledWith('You won ฿12.50', { id: 'game-win' });

    // A losing round refreshes the balance without a toast.
    post({ type: 'lotus:balance-changed', win: '0' }, 'https://slots.example', frame.contentWindow);
    await waitFor(() => expect(screen.getByTestId('probe-balance').textContent).toBe('1030.00'));
    expect(notify.success).toHaveBeenCalledTimes(1);
  });

  it('a message from another origin, another window or of another shape changes nothing', async () => {
    const frame = await openGame();
    post({ type: 'lotus:balance-changed', win: '1250' }, 'https://evil.example', frame.contentWindow);
    post({ type: 'lotus:balance-changed', win: '1250' }, 'https://slots.example', window);
    post({ type: 'lotus:balance-changed', win: '12.50' }, 'https://slots.example', frame.contentWindow);
    post({ type: 'something-else', win: '1250' }, 'https://slots.example', frame.contentWindow);
    post('lotus:balance-changed', 'https://slots.example', frame.contentWindow);
    // A valid message afterwards is the first to move anything: the ones above were all ignored.
    post({ type: 'lotus:balance-changed' }, 'https://slots.example', frame.contentWindow);
    await waitFor(() => expect(screen.getByTestId('probe-balance').textContent).toBe('1020.00'));
    expect(notify.success).not.toHaveBeenCalled();
  });
});

describe('a visitor opening a /game address (4.GS.01, ADR 0078)', () => {
  it('4.GS.01 stays on the game: the login sheet is asked for this game, and the page says to log in', async () => {
    mockApi({});
    const { location } = renderWithProviders(<GameFramePage />, { route: '/game?vendor=AAA&gameCode=G1&gameType=RNG' });
    await screen.findByText('Log in to play this game.');
    expect(location().pathname).toBe('/game');
    expect(usePendingLaunch.getState()).toMatchObject({ stage: 'login', game: { vassalage: 'AAA', gameCode: 'G1', gameType: 'RNG' } });

    // The sheet closed without a login (the bridge forgets the game): a button opens it again.
    act(() => forgetPendingLaunch());
    act(() => screen.getByRole('button', { name: 'Log in' }).click());
    expect(usePendingLaunch.getState()).toMatchObject({ stage: 'login', game: { gameCode: 'G1' } });
  });
});
