import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { PageFrame } from '@/components/page-frame/page-frame';
import { useDocumentTitle } from '@/components/page-frame/use-document-title';
import { getErrorCode } from '@/lib/api-client';
import { getErrorText } from '@/lib/error-text';
import { useGameMessages } from '@/lib/game-messages';
import { useRefreshBalanceOnLeave } from '@/lib/session/refresh-balance';
import { selectIsLoggedIn, useSession } from '@/lib/session/session-store';
import { useTrialWarning } from '@/lib/session/use-guards';
import { useLaunchLotteryMutation } from '../api/launch-lottery';
import { useLotteryPrizeMode } from './lottery-lobby';
import { LotteryLobby } from './lottery-lobby';
import '../lottery.css';

const GAME_CODE = /^[A-Za-z0-9_-]{1,64}$/;
const VENDOR = /^[A-Z0-9_]{2,40}$/;
const PLAY_TYPE = /^[A-Za-z0-9_-]{1,40}$/;

/** The game a visitor asked for, kept through the login (the app layer brings them back to it). */
export type TLotteryLoginRequest = { gameCode: string; vendor: string; playType: string | undefined };
/** The location state a card passes: the game's name, for the bar before the launch answers. */
type TLotteryState = { name?: string } | null;

/** Only an http(s) address becomes the frame's location. */
function isSafeUrl(url: string): boolean {
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:';
  } catch {
    return false;
  }
}

function CloseIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M6 6l12 12M18 6L6 18"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        fill="none"
      />
    </svg>
  );
}

/**
 * The lottery in a frame (2.R.16; /lottery?gameCode=&vendor=&playType=): a member's launch through
 * POST /wps/game/launchGame (7.PAR.15, with the fields its contract has: api/launch-lottery.ts), shown in a
 * full-height frame under a slim bar with the way back, as the slots' /game frame: the whole screen on a
 * phone; the header balance asked again when the lottery says it moved (`lotus:balance-changed`) and on
 * leaving. A visitor is asked to log in first (4.GS.01) and comes back to the game; a refusal (maintenance,
 * a trial account) is said in the frame in the catalogue's words. Without a game code there is nothing the
 * launch can open (the contract requires one): the page offers the lobby to choose from.
 */
export function LotteryPage({
  requestLogin,
  loginPending = false,
}: {
  /** Asks the visitor to log in, then brings them back to this game (the app layer's login sheet). */
  requestLogin: (target: TLotteryLoginRequest) => void;
  /** A login asked by `requestLogin` is under way: the game starts once it has brought the member back. */
  loginPending?: boolean;
}) {
  const { t } = useTranslation(['lottery', 'common']);
  const [params] = useSearchParams();
  const gameCode = params.get('gameCode') ?? '';
  if (gameCode === '') {
    return (
      <PageFrame title={t('common:titles.lottery')} testId="lottery-page">
        <p className="lotto-lead">{t('frame.choose')}</p>
        <LotteryLobby />
      </PageFrame>
    );
  }
  return <LotteryFrame key={params.toString()} requestLogin={requestLogin} loginPending={loginPending} />;
}

function LotteryFrame({
  requestLogin,
  loginPending,
}: {
  requestLogin: (target: TLotteryLoginRequest) => void;
  loginPending: boolean;
}) {
  const { t, i18n } = useTranslation('lottery');
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const loggedIn = useSession(selectIsLoggedIn);
  const trialWarning = useTrialWarning();
  const launch = useLaunchLotteryMutation();
  const prizeMode = useLotteryPrizeMode() ?? undefined;
  const frame = useRef<HTMLIFrameElement>(null);
  const started = useRef(false);
  const askedLogin = useRef(false);
  const [url, setUrl] = useState<string | null>(null);
  const [name, setName] = useState<string | null>((location.state as TLotteryState)?.name || null);
  const title = name ?? t('frame.title');
  useDocumentTitle(title);
  useGameMessages(frame, url);
  // Tickets and wins moved the balance in the frame: the header asks for it again on leaving.
  useRefreshBalanceOnLeave();

  const gameCode = params.get('gameCode') ?? '';
  const vendor = params.get('vendor') ?? '';
  const rawPlayType = params.get('playType');
  const playType = rawPlayType && PLAY_TYPE.test(rawPlayType) ? rawPlayType : undefined;
  const valid = GAME_CODE.test(gameCode) && VENDOR.test(vendor);

  const start = () => {
    started.current = true;
    launch
      .mutateAsync({ vendor, gameCode, playType, prizeMode, language: i18n.language })
      .then((answer) => {
        if (answer.gameName) setName(answer.gameName);
        if (isSafeUrl(answer.url)) setUrl(answer.url);
      })
      .catch((error: unknown) => {
        if (getErrorCode(error) === 'in_need_true_account') void trialWarning();
      });
  };

  useEffect(() => {
    if (!valid || url || started.current) return;
    if (!loggedIn) {
      // Once: a visitor who closes the login keeps the page with its "Log in" button.
      if (!askedLogin.current) requestLogin({ gameCode, vendor, playType });
      askedLogin.current = true;
      return;
    }
    // Logged in through the sheet: the login moves the member away, then brings them back here to start.
    if (loginPending) return;
    start();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- started once per address (the page is keyed by it)
  }, [valid, loggedIn, url, loginPending]);

  const close = () => {
    if (window.history.length > 1 && location.key !== 'default') void navigate(-1);
    else void navigate(paths.vnlottery.getHref());
  };

  let body;
  if (url) {
    body = (
      <iframe
        ref={frame}
        className="lotto-frame__iframe"
        data-testid="lottery-frame"
        src={url}
        title={title}
        allow="autoplay; fullscreen"
        allowFullScreen
        referrerPolicy="origin"
      />
    );
  } else if (!valid) {
    body = (
      <div className="lotto-frame__message" data-testid="lottery-frame-invalid">
        <p>{t('frame.choose')}</p>
        <Link className="btn btn--primary" to={paths.vnlottery.getHref()}>
          {t('frame.back')}
        </Link>
      </div>
    );
  } else if (!loggedIn) {
    body = (
      <div className="lotto-frame__message" data-testid="lottery-frame-login">
        <p>{t('frame.loginToPlay')}</p>
        <button
          type="button"
          className="btn btn--primary"
          data-testid="lottery-frame-login-open"
          onClick={() => requestLogin({ gameCode, vendor, playType })}
        >
          {t('frame.login')}
        </button>
      </div>
    );
  } else if (launch.isError) {
    body = (
      <div className="lotto-frame__message" role="alert" data-testid="lottery-frame-error">
        <p className="lotto-frame__error-title">{t('frame.failed')}</p>
        <p data-testid="lottery-frame-error-text">{getErrorText(launch.error)}</p>
        <div className="lotto-frame__actions">
          <button
            type="button"
            className="btn btn--primary"
            data-testid="lottery-frame-retry"
            onClick={start}
          >
            {t('frame.retry')}
          </button>
          <Link className="btn btn--outline" to={paths.vnlottery.getHref()}>
            {t('frame.back')}
          </Link>
        </div>
      </div>
    );
  } else {
    body = (
      <div className="lotto-frame__message" role="status" data-testid="lottery-frame-loading">
        <span className="lotto-frame__spinner" aria-hidden="true" />
        <p>{t('frame.loading')}</p>
      </div>
    );
  }

  return (
    <div className="lotto-frame" data-testid="lottery-page">
      <div className="lotto-frame__bar">
        <h1 className="lotto-frame__title" data-testid="lottery-frame-title">
          {title}
        </h1>
        <button
          type="button"
          className="lotto-frame__close"
          data-testid="lottery-frame-close"
          onClick={close}
          aria-label={t('frame.close')}
          title={t('frame.close')}
        >
          <CloseIcon />
        </button>
      </div>
      {body}
    </div>
  );
}
