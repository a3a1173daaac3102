import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { TLottoDraw, TLottoGame } from '@lotus/contracts/lottery';
import { mockApi, renderWithProviders, setTestLanguage } from '@/test/render';
import { useSession } from '@/lib/session/session-store';
import { ElottPage } from './components/elott-page';
import { elottVerifyHref } from './lib/verify-link';

const E5: TLottoGame = {
  gameCode: 'ELOTT_5M',
  vassalage: 'LOTT',
  gameType: 'ELOTT',
  gameGroupCode: 'ELECTRONIC',
  names: { th: 'หวยอิเล็กทรอนิกส์ 5 นาที', en: 'Electronic lottery, every 5 minutes' },
  numero: '20261207164',
  remainTime: 100,
  lockTime: 5,
  drawDayOfWeek: [1, 2, 3, 4, 5, 6, 7],
  winningTime: '2026-12-07T06:40:00.000Z',
};
const VN_MB: TLottoGame = {
  ...E5,
  gameCode: 'VN_MB',
  gameType: 'LOTT',
  gameGroupCode: 'VN_NORTH',
  names: { th: 'หวยฮานอย', en: 'Vietnam North' },
  numero: '20261207',
};

const SIGNATURE = 'ab'.repeat(48);
const draw = (over: Partial<TLottoDraw>): TLottoDraw => ({
  numero: '20261207163',
  drawAt: '2026-12-07T06:35:00.000Z',
  status: 'settled',
  result: { first: '123456', front3: ['123', '456'], last3: ['789', '012'], last2: '34' },
  resultSource: 'beacon',
  beaconChain: 'sandbox',
  beaconRound: 34607312,
  beaconSignature: SIGNATURE,
  ...over,
});

beforeAll(async () => {
  await setTestLanguage('en');
});
beforeEach(() => useSession.getState().clear());

describe('/elott, the electronic lottery', () => {
  it('1.CAT.01 7.PAR.11 lists the ELOTT games of the lobby call with their countdown, play button and latest 10 results', async () => {
    const numerosAsked: URL[] = [];
    mockApi({
      '/wps/relay/GCSGAME_newGameVendor': () => [],
      '/lgw/vn/games/game_menu': () => [
        { menu: 'VN_NORTH', games: [VN_MB] },
        { menu: 'ELECTRONIC', games: [E5] },
      ],
      '/lgw/vn/numeros/opened/game': (url) => {
        numerosAsked.push(url);
        return {
          gameCode: 'ELOTT_5M',
          vassalage: 'LOTT',
          format: 'elott',
          list: [
            draw({ numero: '20261207164', status: 'scheduled', result: null, beaconSignature: null }),
            draw({ numero: '20261207163' }),
            draw({ numero: '20261207162', status: 'void', result: null, beaconSignature: null }),
          ],
        };
      },
    });
    renderWithProviders(<ElottPage />, { route: '/elott' });
    const card = await screen.findByTestId('elott-game-ELOTT_5M');
    expect(screen.queryByTestId('elott-game-VN_MB')).toBeNull();
    expect(within(card).getByTestId('lottery-countdown-ELOTT_5M').textContent).toBe('00:01:35');
    expect(within(card).getByTestId('lottery-play-ELOTT_5M').getAttribute('href')).toBe(
      '/lottery?gameCode=ELOTT_5M&vendor=LOTT',
    );
    expect(within(card).getByTestId('lottery-numero-ELOTT_5M').textContent).toBe('207164');

    const verify = await screen.findByTestId('elott-verify-ELOTT_5M-20261207163');
    expect(verify.getAttribute('href')).toBe(
      `/house/lotto/fair?chain=sandbox&round=34607312&signature=${SIGNATURE}&drawId=ELOTT_5M-20261207163`,
    );
    // The open draw and the void one carry no signature: no verify link.
    expect(screen.queryByTestId('elott-verify-ELOTT_5M-20261207164')).toBeNull();
    expect(screen.queryByTestId('elott-verify-ELOTT_5M-20261207162')).toBeNull();
    expect(screen.getByTestId('elott-draw-ELOTT_5M-20261207164').textContent).toContain('Open for bets');
    expect(screen.getByTestId('elott-draw-ELOTT_5M-20261207163').textContent).toContain('123456');
    expect(screen.getByTestId('elott-draw-ELOTT_5M-20261207162').textContent).toContain('Void');
    expect(numerosAsked[0]!.searchParams.get('gameCode')).toBe('ELOTT_5M');
    expect(numerosAsked[0]!.searchParams.get('count')).toBe('10');
  });

  it('a verify link needs all three pieces of evidence', () => {
    expect(elottVerifyHref('ELOTT_5M', draw({ beaconRound: null }))).toBeNull();
    expect(elottVerifyHref('ELOTT_5M', draw({ beaconChain: null }))).toBeNull();
    expect(elottVerifyHref('ELOTT_5M', draw({ beaconSignature: null }))).toBeNull();
    expect(elottVerifyHref('ELOTT_5M', draw({ beaconRound: 0 }))).toContain('round=0&');
  });
});
