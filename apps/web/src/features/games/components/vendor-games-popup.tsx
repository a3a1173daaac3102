import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCatalogueGame } from '@lotus/contracts/catalogue';
import { Modal } from '@/components/ui/modal/modal';
import { Pager } from '@/components/ui/pager/pager';
import { LazyImage } from '@/components/ui/lazy-image/lazy-image';
import { EmptyState } from '@/components/ui/empty-state/empty-state';
import { useGameList } from '../api/get-game-list';
import { GAME_PAGE_SIZE } from '../lib/list-state';
import type { TVendorPopup } from '../lib/vendor-popup-store';
import { useGameLauncher } from './use-game-launcher';
import '../games.css';

function PopupGame({
  game,
  launching,
  onPlay,
}: {
  game: TCatalogueGame;
  launching: boolean;
  onPlay: () => void;
}) {
  const { t } = useTranslation('games');
  const tile = (
    <span className="vendor-popup__tile" aria-hidden="true">
      {game.gameName.slice(0, 1)}
    </span>
  );
  return (
    <li className="vendor-popup__item" data-testid={`vendor-popup-game-${game.gameCode}`}>
      <button
        type="button"
        className="vendor-popup__play"
        aria-label={t('card.play', { name: game.gameName })}
        aria-busy={launching || undefined}
        onClick={onPlay}
      >
        <span className="vendor-popup__picture">
          {game.imageUrl ? <LazyImage src={game.imageUrl} alt="" fallback={tile} /> : tile}
          {game.status === 'MAINTENANCE' && (
            <span className="game-card__maintenance">{t('card.maintenance')}</span>
          )}
          {launching && (
            <span className="game-card__spinner" role="status" aria-label={t('launch.launching')} />
          )}
        </span>
        <span className="vendor-popup__name">{game.gameName}</span>
      </button>
    </li>
  );
}

/**
 * The VASSALAGE popup game list (4.GS.04, ADR 0057): a launch target whose isGame is VASSALAGE opens
 * this list of the vendor's games (GCSGAME_gameList, page size 15) instead of launching; choosing a
 * game starts it through the usual launcher (login gating 4.GS.01, frame or window, refusals).
 */
export function VendorGamesPopup({ popup, onClose }: { popup: TVendorPopup; onClose: () => void }) {
  const { t } = useTranslation('games');
  const [page, setPage] = useState(1);
  const list = useGameList({
    gameType: popup.gameType,
    vassalage: popup.vassalage,
    pageNo: page,
    pageSize: GAME_PAGE_SIZE,
  });
  // Games in the popup are launched, never expanded again (a VASSALAGE entry inside it would loop).
  const { launch, launching } = useGameLauncher({ onLaunched: onClose });
  const games = list.data?.games ?? [];

  return (
    <Modal
      open
      onClose={onClose}
      title={t('popup.title', { vendor: popup.title })}
      width={760}
      data-testid="vendor-popup"
      bodyClassName="vendor-popup"
    >
      <p className="visually-hidden" role="status">
        {list.isPending ? t('list.loading') : t('list.count', { count: list.data?.total ?? 0 })}
      </p>
      {list.isError ? (
        <EmptyState compact message={t('list.error')}>
          <button type="button" className="btn btn--outline btn--sm" onClick={() => void list.refetch()}>
            {t('list.retry')}
          </button>
        </EmptyState>
      ) : list.isPending ? (
        <ul className="vendor-popup__grid" aria-hidden="true">
          {Array.from({ length: GAME_PAGE_SIZE }, (_, i) => (
            <li key={i} className="vendor-popup__item vendor-popup__item--skeleton">
              <span className="vendor-popup__picture skeleton-block" />
              <span className="vendor-popup__name skeleton-line" />
            </li>
          ))}
        </ul>
      ) : games.length === 0 ? (
        <EmptyState compact message={t('popup.empty')} />
      ) : (
        <ul
          className="vendor-popup__grid"
          aria-label={t('popup.list', { vendor: popup.title })}
          data-testid="vendor-popup-list"
          aria-busy={list.isFetching || undefined}
        >
          {games.map((game) => (
            <PopupGame
              key={game.nodeId}
              game={game}
              launching={launching === game.nodeId}
              onPlay={() => launch({ ...game, isGame: 'GAME' })}
            />
          ))}
        </ul>
      )}
      <div className="vendor-popup__pager">
        {list.data && list.data.totalPages > 1 && (
          <Pager page={page} totalPages={list.data.totalPages} onChange={setPage} />
        )}
      </div>
    </Modal>
  );
}
