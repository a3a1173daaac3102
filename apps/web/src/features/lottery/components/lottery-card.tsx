import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TLottoGame } from '@lotus/contracts/lottery';
import { dateTimeFormat } from '@/lib/intl';
import { useNow } from '../lib/use-now';
import {
  gameNameIn,
  lockCountdown,
  lotteryStartHref,
  shortNumero,
  splitCountdown,
} from '../lib/lottery-rules';

const REGION_MARK: Record<TLottoGame['gameGroupCode'], string> = {
  VN_NORTH: 'MB',
  VN_SOUTH: 'MN',
  VN_CENTRAL: 'MT',
  TH: 'TH',
  ELECTRONIC: 'E',
};

function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The draw time in the page's language ("7 Dec 18:15"), or nothing for a value that is not a date. */
export function formatDrawTime(iso: string | null, language: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  try {
    return dateTimeFormat(language, {
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
    }).format(date);
  } catch {
    return date.toISOString();
  }
}

/** The countdown to a game's lock (4.LOT.02), "closed" once it has passed; ticks with the page's clock. */
export function LockCountdown({ game, answeredAt }: { game: TLottoGame; answeredAt: number }) {
  const { t } = useTranslation('lottery');
  const now = useNow();
  const left = lockCountdown(game, now - answeredAt);
  if (left === null) return <span className="lotto-card__closed">{t('card.noDraw')}</span>;
  if (left <= 0) return <span className="lotto-card__closed">{t('card.closed')}</span>;
  const { days, clock } = splitCountdown(left);
  return (
    <span className={left < 300 ? 'lotto-card__clock lotto-card__clock--soon' : 'lotto-card__clock'}>
      {days > 0 ? t('card.days', { count: days, clock }) : clock}
    </span>
  );
}

/**
 * A lottery game (2.LOB, 3.GAME.04): its region's mark, its name, the open draw's number (at most 6 digits,
 * 4.LOT.05), the countdown to its lock (4.LOT.02; "closed" once passed), the draw time, the favourite star
 * (4.FAV.04) and the play button, which starts the game on /lottery (4.GS.02).
 */
export function LotteryCard({
  game,
  answeredAt,
  favorite,
  onToggleFavorite,
  testIdPrefix = 'lottery',
}: {
  game: TLottoGame;
  /** When the answer that carried the game's times arrived (Date.now()): its countdown runs from there. */
  answeredAt: number;
  favorite?: boolean;
  /** Omitted: the card has no favourite star. */
  onToggleFavorite?: (game: TLottoGame) => void;
  /** The card's own test id: lottery-game-<code> in the lobby, elott-game-<code> on /elott. */
  testIdPrefix?: 'lottery' | 'elott';
}) {
  const { t, i18n } = useTranslation('lottery');
  const name = gameNameIn(game, i18n.language);
  const numero = shortNumero(game.numero);
  const drawAt = formatDrawTime(game.winningTime, i18n.language);
  return (
    <li
      className={`lotto-card${onToggleFavorite ? '' : ' lotto-card--no-fav'}`}
      data-testid={`${testIdPrefix}-game-${game.gameCode}`}
      data-region={game.gameGroupCode}
    >
      <span
        className={`lotto-card__mark lotto-card__mark--${game.gameGroupCode.toLowerCase()}`}
        aria-hidden="true"
      >
        {REGION_MARK[game.gameGroupCode]}
      </span>
      <h3 className="lotto-card__name">{name}</h3>
      {onToggleFavorite && (
        <button
          type="button"
          className={`lotto-card__fav${favorite ? ' lotto-card__fav--on' : ''}`}
          data-testid={`lottery-fav-${game.gameCode}`}
          aria-pressed={favorite ?? false}
          aria-label={t(favorite ? 'card.removeFav' : 'card.addFav', { name })}
          onClick={() => onToggleFavorite(game)}
        >
          <StarIcon filled={favorite ?? false} />
        </button>
      )}
      <dl className="lotto-card__facts">
        {numero && (
          <div className="lotto-card__fact">
            <dt>{t('card.draw')}</dt>
            <dd
              className="lotto-card__numero"
              data-testid={`lottery-numero-${game.gameCode}`}
              title={game.numero ?? undefined}
            >
              {numero}
            </dd>
          </div>
        )}
        <div className="lotto-card__fact">
          <dt>{t('card.closesIn')}</dt>
          <dd>
            <span data-testid={`lottery-countdown-${game.gameCode}`} role="timer">
              <LockCountdown game={game} answeredAt={answeredAt} />
            </span>
          </dd>
        </div>
      </dl>
      {drawAt && <p className="lotto-card__when">{t('card.drawAt', { time: drawAt })}</p>}
      <Link
        className="btn btn--primary lotto-card__play"
        to={lotteryStartHref({ gameCode: game.gameCode, vassalage: game.vassalage, gameType: game.gameType })}
        state={{ name }}
        data-testid={`lottery-play-${game.gameCode}`}
        aria-label={t('card.playName', { name })}
      >
        {t('card.play')}
      </Link>
    </li>
  );
}

/** A card-sized placeholder while the list loads (the card's final size, so nothing moves). */
export function LotteryCardSkeleton() {
  return (
    <li className="lotto-card lotto-card--skeleton" aria-hidden="true">
      <span className="lotto-card__mark lotto-skeleton" />
      <span className="lotto-card__name lotto-skeleton lotto-skeleton--line" />
      <span className="lotto-card__facts">
        <span className="lotto-skeleton lotto-skeleton--line" />
        <span className="lotto-skeleton lotto-skeleton--line lotto-skeleton--short" />
      </span>
      <span className="lotto-card__play lotto-skeleton lotto-skeleton--button" />
    </li>
  );
}
