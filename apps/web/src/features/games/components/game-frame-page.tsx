import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ZCatalogueGameType } from '@lotus/contracts/catalogue';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/components/page-frame/use-document-title';
import { EmptyState } from '@/components/ui/empty-state/empty-state';
import { useRefreshBalanceOnLeave } from '@/lib/session/refresh-balance';
import { selectIsLoggedIn, useSession } from '@/lib/session/session-store';
import { useLaunchGameMutation } from '../api/launch-game';
import { useGameMessages } from '@/lib/game-messages';
import { isSafeGameUrl } from '../lib/launch-target';
import { launchAfterLogin, usePendingLaunch } from '../lib/pending-launch';
import { showLaunchError, type TGameFrameState } from './use-game-launcher';
import '../games.css';

const VASSALAGE = /^[A-Z0-9]{2,16}$/;
const GAME_CODE = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * /game, the embedded game frame (2.R.25): the vendor's launch URL in a full-height iframe under a slim
 * bar that names the game and offers the exit back to the list. On a phone it takes the whole screen
 * (issue 25, ADR 0074). The list passes the URL it obtained and the game's name; opened directly (a
 * reload, a shared link) the page launches again from ?vendor=&gameCode=&gameType= (tokens are
 * one-time) and names the game from the launch's answer; a visitor gets the login sheet on this page and
 * the game once logged in, as a tap on a card does (ADR 0074). A win in the game updates the header and
 * shows a toast at once (`useGameMessages`, ADR 0078).
 */
export function GameFramePage() {
  const { t } = useTranslation('games');
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const loggedIn = useSession(selectIsLoggedIn);
  const passedState = location.state as Partial<TGameFrameState> | null;
  const passed = passedState?.url;
  const [url, setUrl] = useState<string | null>(passed && isSafeGameUrl(passed) ? passed : null);
  const [name, setName] = useState<string | null>(passedState?.name || null);
  const title = name ?? t('frame.title');
  useDocumentTitle(title);
  const launch = useLaunchGameMutation();
  const started = useRef(false);
  const askedLogin = useRef(false);
  const frame = useRef<HTMLIFrameElement>(null);
  useGameMessages(frame, url);
  // The login sheet is up for this game (a visitor opened the address directly).
  const awaitingLogin = usePendingLaunch((s) => s.game !== null && !loggedIn);
  // Stakes and wins moved the balance in the game: the header asks for it again on leaving.
  useRefreshBalanceOnLeave();

  const vendor = params.get('vendor') ?? '';
  const gameCode = params.get('gameCode') ?? '';
  const gameType = ZCatalogueGameType.safeParse(params.get('gameType'));
  const valid = VASSALAGE.test(vendor) && GAME_CODE.test(gameCode) && gameType.success;

  useEffect(() => {
    if (url || started.current || !valid) return;
    if (!loggedIn) {
      // Once: a visitor who closes the sheet stays on the page with its "Log in" button.
      if (!askedLogin.current) askLogin();
      askedLogin.current = true;
      return;
    }
    // Logged in through the sheet: the pending launch starts the game (after the login's own move).
    if (usePendingLaunch.getState().game) return;
    started.current = true;
    launch
      .mutateAsync({ vendor, gameCode, gameType: gameType.data })
      .then((answer) => {
        if (answer.gameName) setName(answer.gameName);
        if (isSafeGameUrl(answer.url)) setUrl(answer.url);
      })
      .catch((error: unknown) => void showLaunchError(error));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- askLogin reads the same params listed here
  }, [url, valid, loggedIn, vendor, gameCode, gameType.data, launch]);

  /** The login sheet, then this game (the launch after login goes through the list's launcher). */
  function askLogin() {
    if (!gameType.success) return;
    launchAfterLogin({ nodeId: 0, vassalage: vendor, gameCode, gameType: gameType.data, gameName: name ?? '', isGame: 'GAME' });
  }

  const close = () => {
    if (window.history.length > 1 && location.key !== 'default') void navigate(-1);
    else void navigate(paths.rng.getHref(vendor ? { vassalage: vendor } : undefined));
  };

  return (
    <div className="game-frame" data-testid="game-page">
      <div className="game-frame__bar">
        <h1 className="game-frame__title" data-testid="game-frame-title">
          {title}
        </h1>
        <button type="button" className="game-frame__close" data-testid="game-frame-close" onClick={close} aria-label={t('frame.close')} title={t('frame.close')}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" fill="none" />
          </svg>
        </button>
      </div>
      {url ? (
        <iframe ref={frame} className="game-frame__iframe" data-testid="game-frame" src={url} title={title} allow="autoplay; fullscreen" allowFullScreen referrerPolicy="origin" />
      ) : valid && launch.isError ? (
        <EmptyState message={t('frame.missing')} />
      ) : valid && !loggedIn ? (
        <div className="game-frame__login" data-testid="game-frame-login">
          <p>{t('frame.loginToPlay')}</p>
          {!awaitingLogin ? (
            <button type="button" className="btn btn--primary" data-testid="game-frame-login-open" onClick={askLogin}>
              {t('frame.login')}
            </button>
          ) : null}
        </div>
      ) : valid ? (
        <div className="game-frame__loading" role="status">
          {t('frame.loading')}
        </div>
      ) : (
        <EmptyState message={t('frame.missing')} />
      )}
    </div>
  );
}
