import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TCatalogueGame } from '@lotus/contracts/catalogue';
import { EmptyState } from '@/components/ui/empty-state/empty-state';
import { LazyImage } from '@/components/ui/lazy-image/lazy-image';
import { useVendorCards, uniqueVendors } from '@/api/get-vendor-cards';
import { paths } from '@/config/paths';
import { HistoryIcon } from '@/components/icons/icons';
import { useRecentGames } from '../api/get-recent-games';
import { useGameLauncher } from './use-game-launcher';
import '../games.css';

/** How many recent games the side panel lists (its list scrolls; the games screens page the rest). */
export const SIDE_RECENT_COUNT = 10;
/** Rows the panel's list area is sized for, loaded or not (no jump while the list arrives). */
const SKELETON_ROWS = 5;

function Thumb({ game }: { game: TCatalogueGame }) {
  const tile = (
    <span className="recent-games__tile" aria-hidden="true">
      {game.gameName.slice(0, 1)}
    </span>
  );
  return (
    <span className="recent-games__thumb">
      {game.imageUrl ? <LazyImage src={game.imageUrl} alt="" fallback={tile} /> : tile}
    </span>
  );
}

/**
 * The member's recent games in the side panel (2.SIDE.01/02, 7.PAR.08): GCS_recentGame (clientType 3),
 * the first SIDE_RECENT_COUNT; 'No data' when there are none. A click starts the game through the
 * launcher (login gating 4.GS.01, frame or window, refusals; a VASSALAGE entry opens its popup list).
 * Rendered by the side menu for members while the panel is open.
 */
export function RecentGamesList() {
  const { t } = useTranslation(['games', 'common']);
  const recent = useRecentGames({ pageNo: 1, pageSize: SIDE_RECENT_COUNT }, true);
  const { data: cards } = useVendorCards();
  const { launch, launching } = useGameLauncher();
  const names = new Map(uniqueVendors(cards).map((v) => [v.vassalage, v.displayName] as const));

  if (recent.isPending) {
    return (
      <div className="recent-games" role="status" aria-label={t('list.loading')}>
        <ul className="recent-games__list" aria-hidden="true">
          {Array.from({ length: SKELETON_ROWS }, (_, i) => (
            <li key={i} className="recent-games__row recent-games__row--skeleton">
              <span className="recent-games__thumb skeleton-block" />
              <span className="recent-games__text">
                <span className="skeleton-line" />
                <span className="skeleton-line skeleton-line--short" />
              </span>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  if (recent.isError) {
    return (
      <div className="recent-games">
        <EmptyState compact message={t('list.error')}>
          <button type="button" className="btn btn--outline btn--sm" onClick={() => void recent.refetch()}>
            {t('list.retry')}
          </button>
        </EmptyState>
      </div>
    );
  }
  const games = recent.data.list;
  if (games.length === 0) {
    return (
      <div className="recent-games" data-testid="recent-games-empty">
        {/* 2.SIDE.02: 'No data', then what the panel will hold (ADR 0033). */}
        <EmptyState compact icon={<HistoryIcon size={28} />} message={t('common:no_data')}>
          <p className="recent-games__hint">{t('common:side.recent_empty')}</p>
          <Link to={paths.rng.getHref()} className="btn btn--outline btn--sm">
            {t('common:side.recent_browse')}
          </Link>
        </EmptyState>
      </div>
    );
  }
  return (
    <div className="recent-games">
      <ul
        className="recent-games__list"
        data-testid="recent-games-list"
        aria-label={t('common:side.recent_games')}
      >
        {games.map((game) => (
          <li key={game.nodeId} className="recent-games__row">
            <button
              type="button"
              className="recent-games__play"
              data-testid={`recent-game-${game.gameCode}`}
              aria-label={t('card.play', { name: game.gameName })}
              aria-busy={launching === game.nodeId || undefined}
              onClick={() => launch(game)}
            >
              <Thumb game={game} />
              <span className="recent-games__text">
                <span className="recent-games__name">{game.gameName}</span>
                <span className="recent-games__vendor">{names.get(game.vassalage) ?? game.vassalage}</span>
              </span>
              {launching === game.nodeId && (
                <span
                  className="game-card__spinner recent-games__spinner"
                  role="status"
                  aria-label={t('launch.launching')}
                />
              )}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
