import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TCatalogueGame } from '@lotus/contracts/catalogue';
import type { TGameType } from '@lotus/contracts/constants';
import { currencySymbolOrDefault } from '@lotus/contracts/money';
import { uniqueVendors, useVendorCards } from '@/api/get-vendor-cards';
import { EmptyState } from '@/components/ui/empty-state/empty-state';
import { Modal } from '@/components/ui/modal/modal';
import { Pager } from '@/components/ui/pager/pager';
import { notifyError } from '@/lib/notify';
import { useMemberInfo } from '@/lib/session/get-member-info';
import { useMemberAction } from '@/lib/session/use-guards';
import { useGameList } from '../api/get-game-list';
import { useVendorGameTypes } from '../api/get-vendor-game-types';
import { useHotGames } from '../api/get-hot-games';
import { useFavoriteIds } from '../api/get-favorite-ids';
import { useFavoriteList } from '../api/get-favorite-list';
import { useRecentGames } from '../api/get-recent-games';
import { useToggleFavoriteMutation } from '../api/toggle-favorite';
import { GAME_PAGE_SIZE, LIST_TYPES, MEMBER_LIST_TYPES, initialListState, listReducer, type TListType } from '../lib/list-state';
import { GameCard, GameCardSkeleton } from './game-card';
import { GameFilters } from './game-filters';
import { VendorTabs, type TVendorTab } from './vendor-tabs';
import { useGameLauncher } from './use-game-launcher';
import '../games.css';

const VASSALAGE = /^[A-Z0-9]{2,16}$/;
const readVendor = (value: string | null) => (value && VASSALAGE.test(value) ? value : '');

type Page = { games: TCatalogueGame[]; totalPages: number };

function FilterIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d="M4 6h16M7 12h10M10 18h4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
    </svg>
  );
}

/** The games of the chosen list type, one page of 15 (2.GL.03/07). */
function useListPage(gameType: TGameType, state: ReturnType<typeof initialListState>) {
  const { listType, page, vendor } = state;
  const all = useGameList(
    {
      gameType,
      vassalage: vendor || undefined,
      gameClassify: state.classify || undefined,
      gameName: state.name || undefined,
      minBet: state.minBet || undefined,
      pageNo: page,
      pageSize: GAME_PAGE_SIZE,
    },
    listType === 'all',
  );
  const hot = useHotGames(vendor || undefined, listType === 'hot');
  const fav = useFavoriteList({ gameType, pageNo: page, pageSize: GAME_PAGE_SIZE }, listType === 'fav');
  const recent = useRecentGames({ vassalage: vendor || undefined, pageNo: page, pageSize: GAME_PAGE_SIZE }, listType === 'recent');

  const query = { all, hot, fav, recent }[listType];
  const data = useMemo((): Page | undefined => {
    switch (listType) {
      case 'all':
        return all.data && { games: all.data.games, totalPages: all.data.totalPages };
      case 'hot': {
        if (!hot.data) return undefined;
        // The hot list comes whole (at most 100): paged here by 15.
        const games = hot.data.list.filter((g) => g.gameType === gameType);
        return { games: games.slice((page - 1) * GAME_PAGE_SIZE, page * GAME_PAGE_SIZE), totalPages: Math.ceil(games.length / GAME_PAGE_SIZE) };
      }
      case 'fav':
        return fav.data && { games: fav.data.content, totalPages: fav.data.totalPages };
      case 'recent':
        return recent.data && { games: recent.data.list.filter((g) => g.gameType === gameType), totalPages: recent.data.totalPages };
    }
  }, [listType, all.data, hot.data, fav.data, recent.data, gameType, page]);
  return { data, isPending: query.isPending, isFetching: query.isFetching, isError: query.isError && !data, refetch: query.refetch };
}

/**
 * A game list screen (2.GL; /rng, /fish and the category pages): vendor tabs, list types all / hot /
 * fav / recent, the filters of the full list, paging by 15, and the game cards. The vendor and the page
 * live in the address (?vassalage=, ?page=: 2.R.13/14); the rest is the screen's state (ADR 0051).
 */
export function GameListScreen({ gameType }: { gameType: TGameType }) {
  const { t } = useTranslation('games');
  const [params, setParams] = useSearchParams();
  const urlVendor = readVendor(params.get('vassalage'));
  const [state, dispatch] = useReducer(listReducer, { vendor: urlVendor, page: params.get('page') }, initialListState);
  const memberAction = useMemberAction();
  const { launch, launching } = useGameLauncher();
  const favoriteIds = useFavoriteIds();
  const toggle = useToggleFavoriteMutation();
  const { data: member } = useMemberInfo();
  const { data: cards } = useVendorCards();
  const types = useVendorGameTypes(gameType);

  // The address -> the screen (a header dropdown click while on the page), and back (replace, no history).
  const seenUrlVendor = useRef(urlVendor);
  useEffect(() => {
    if (urlVendor === seenUrlVendor.current) return;
    seenUrlVendor.current = urlVendor;
    dispatch({ type: 'vendor', vendor: urlVendor });
  }, [urlVendor]);
  useEffect(() => {
    const next = new URLSearchParams(params);
    if (state.vendor) next.set('vassalage', state.vendor);
    else next.delete('vassalage');
    if (state.page > 1) next.set('page', String(state.page));
    else next.delete('page');
    if (next.toString() !== params.toString()) {
      seenUrlVendor.current = state.vendor;
      setParams(next, { replace: true });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the screen's own changes are written back
  }, [state.vendor, state.page]);

  const names = useMemo(() => new Map(uniqueVendors(cards).map((v) => [v.vassalage, v.displayName] as const)), [cards]);
  const vendors = useMemo((): TVendorTab[] => {
    const codes = [...new Set((types.data ?? []).filter((r) => r.gameType === gameType && r.gameCount > 0).map((r) => r.vassalage))];
    return codes.map((code) => ({ vassalage: code, displayName: names.get(code) ?? code }));
  }, [names, types.data, gameType]);
  const classifications = useMemo(() => {
    const rows = (types.data ?? []).filter((r) => r.gameType === gameType && (!state.vendor || r.vassalage === state.vendor));
    return [...new Set(rows.flatMap((r) => r.gameClassify))].sort();
  }, [types.data, gameType, state.vendor]);

  const list = useListPage(gameType, state);
  const chooseListType = (listType: TListType) => {
    if (MEMBER_LIST_TYPES.includes(listType)) memberAction(() => dispatch({ type: 'listType', listType }));
    else dispatch({ type: 'listType', listType });
  };
  const toggleFavorite = (game: TCatalogueGame) =>
    memberAction(() => {
      toggle.mutate(
        { nodeId: game.nodeId, vendor: game.vassalage, gameType: game.gameType, favorite: favoriteIds.has(game.nodeId) },
        { onError: (error) => void notifyError(error) },
      );
    });

  const filtered = state.classify !== '' || state.name !== '' || state.minBet !== '';
  const activeFilters = [state.classify, state.name, state.minBet].filter((v) => v !== '').length;
  // Phones: the filters open in a bottom sheet from the list-type row, so games fill the first screen (ADR 0074).
  const [sheetOpen, setSheetOpen] = useState(false);
  const filters = (
    <GameFilters
      classifications={classifications}
      classify={state.classify}
      name={state.name}
      minBet={state.minBet}
      currencySymbol={currencySymbolOrDefault(member?.currencySymbol)}
      onClassify={(classify) => dispatch({ type: 'classify', classify })}
      onName={(name) => dispatch({ type: 'name', name })}
      onMinBet={(minBet) => dispatch({ type: 'minBet', minBet })}
    />
  );
  const noCatalogue = types.isSuccess && vendors.length === 0;
  const emptyText =
    state.listType === 'fav'
      ? t('list.emptyFav')
      : state.listType === 'recent'
        ? t('list.emptyRecent')
        : noCatalogue && !filtered
          ? t('list.emptyCategory')
          : t('list.empty');

  return (
    <div className="game-list" data-testid="game-list-screen" data-game-type={gameType}>
      {vendors.length > 0 && <VendorTabs vendors={vendors} value={state.vendor} onChange={(vendor) => dispatch({ type: 'vendor', vendor })} />}
      <div className="game-list__types" role="group" aria-label={t('listTypes.label')} data-testid="list-types">
        {LIST_TYPES.map((listType) => (
          <button
            key={listType}
            type="button"
            className="game-list__type"
            data-testid={`list-type-${listType}`}
            aria-pressed={state.listType === listType}
            onClick={() => chooseListType(listType)}
          >
            {t(`listTypes.${listType}`)}
          </button>
        ))}
        {state.listType === 'all' && (
          <button
            type="button"
            className="game-list__type game-list__filters-open"
            data-testid="game-filters-open"
            aria-haspopup="dialog"
            aria-expanded={sheetOpen}
            onClick={() => setSheetOpen(true)}
          >
            <FilterIcon />
            {activeFilters > 0 ? t('filters.openActive', { count: activeFilters }) : t('filters.open')}
          </button>
        )}
      </div>
      {state.listType === 'all' && <div className="game-list__filters-inline">{filters}</div>}
      {sheetOpen && state.listType === 'all' && (
        <Modal
          open
          onClose={() => setSheetOpen(false)}
          title={t('filters.label')}
          width="100%"
          height="auto"
          className="game-filters-sheet"
          data-testid="game-filters-sheet"
          footer={
            <button type="button" className="game-list__retry game-filters-sheet__done" data-testid="game-filters-done" onClick={() => setSheetOpen(false)}>
              {t('filters.done')}
            </button>
          }
        >
          {filters}
        </Modal>
      )}
      <section className="game-list__results" aria-label={t('list.label')} aria-busy={list.isFetching || list.isPending} data-testid="game-list" data-page={state.page}>
        {list.isError ? (
          <EmptyState message={t('list.error')}>
            <button type="button" className="game-list__retry" onClick={() => void list.refetch()}>
              {t('list.retry')}
            </button>
          </EmptyState>
        ) : list.isPending || !list.data ? (
          <>
            <span className="visually-hidden" role="status">
              {t('list.loading')}
            </span>
            <ul className="game-grid" data-testid="game-list-loading">
              {Array.from({ length: GAME_PAGE_SIZE }, (_, i) => (
                <GameCardSkeleton key={i} />
              ))}
            </ul>
          </>
        ) : list.data.games.length === 0 ? (
          <div data-testid="game-list-empty">
            <EmptyState message={emptyText}>
              {filtered && state.listType === 'all' && (
                <button type="button" className="game-list__retry" onClick={() => dispatch({ type: 'clear' })}>
                  {t('filters.clear')}
                </button>
              )}
            </EmptyState>
          </div>
        ) : (
          <ul className="game-grid" data-testid="game-grid">
            {list.data.games.map((game) => (
              <GameCard
                key={game.nodeId}
                game={game}
                vendorName={names.get(game.vassalage) ?? game.vassalage}
                favorite={favoriteIds.has(game.nodeId)}
                favoritePending={toggle.isPending && toggle.variables?.nodeId === game.nodeId}
                launching={launching === game.nodeId}
                onPlay={launch}
                onToggleFavorite={toggleFavorite}
              />
            ))}
          </ul>
        )}
        {list.data && list.data.totalPages > 1 && (
          <Pager page={state.page} totalPages={list.data.totalPages} onChange={(page) => dispatch({ type: 'page', page })} />
        )}
      </section>
    </div>
  );
}
