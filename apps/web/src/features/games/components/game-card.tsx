import { useTranslation } from 'react-i18next';
import type { TCatalogueGame } from '@lotus/contracts/catalogue';
import { LazyImage } from '@/components/ui/lazy-image/lazy-image';

function GameTile({ name }: { name: string }) {
  return (
    <span className="game-card__tile" aria-hidden="true">
      {name.slice(0, 1)}
    </span>
  );
}

function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
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

/**
 * A game in a list: its picture (lazy, one attempt, a tile with the initial when it fails: 9.C.14/15),
 * name, provider, a hot badge (isHot 1), maintenance on the card, and the favourite toggle with its
 * loader (4.FAV.02). The picture and name are one button that starts the game.
 */
export function GameCard({
  game,
  vendorName,
  favorite,
  favoritePending,
  launching,
  onPlay,
  onToggleFavorite,
}: {
  game: TCatalogueGame;
  /** The provider's display name (the vendor code when no card names it). */
  vendorName: string;
  favorite: boolean;
  favoritePending: boolean;
  launching: boolean;
  onPlay: (game: TCatalogueGame) => void;
  onToggleFavorite: (game: TCatalogueGame) => void;
}) {
  const { t } = useTranslation('games');
  const maintenance = game.status === 'MAINTENANCE';
  return (
    <li className={`game-card${maintenance ? ' game-card--maintenance' : ''}`} data-testid={`game-card-${game.gameCode}`} data-vendor={game.vassalage}>
      <button
        type="button"
        className="game-card__play"
        data-testid="game-card-play"
        aria-label={t('card.play', { name: game.gameName })}
        aria-busy={launching || undefined}
        onClick={() => onPlay(game)}
      >
        <span className="game-card__picture">
          {game.imageUrl ? (
            <LazyImage src={game.imageUrl} alt="" fallback={<GameTile name={game.gameName} />} />
          ) : (
            <GameTile name={game.gameName} />
          )}
          {game.isHot === 1 && (
            <span className="game-card__hot" data-testid="game-card-hot">
              {t('card.hot')}
            </span>
          )}
          {maintenance && (
            <span className="game-card__maintenance" data-testid="game-card-maintenance">
              {t('card.maintenance')}
            </span>
          )}
          {launching && <span className="game-card__spinner" role="status" aria-label={t('launch.launching')} />}
        </span>
        <span className="game-card__name" data-testid="game-card-name">
          {game.gameName}
        </span>
        <span className="game-card__meta">{vendorName}</span>
      </button>
      <button
        type="button"
        className={`game-card__fav${favorite ? ' game-card__fav--on' : ''}`}
        data-testid="game-card-fav"
        aria-pressed={favorite}
        aria-busy={favoritePending || undefined}
        aria-label={t(favorite ? 'card.removeFav' : 'card.addFav', { name: game.gameName })}
        disabled={favoritePending}
        onClick={() => onToggleFavorite(game)}
      >
        {favoritePending ? <span className="game-card__fav-loader" data-testid="game-card-fav-loader" /> : <StarIcon filled={favorite} />}
      </button>
    </li>
  );
}

/** A card-sized placeholder while a page loads (the final size, so nothing moves). */
export function GameCardSkeleton() {
  return (
    <li className="game-card game-card--skeleton" aria-hidden="true">
      <span className="game-card__picture skeleton-block" />
      <span className="game-card__name skeleton-line" />
      <span className="game-card__meta skeleton-line skeleton-line--short" />
    </li>
  );
}
