import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TLottoGame } from '@lotus/contracts/lottery';
import { useVendorCards } from '@/api/get-vendor-cards';
import { EmptyState } from '@/components/ui/empty-state/empty-state';
import { getErrorText } from '@/lib/error-text';
import { useMemberInfo } from '@/lib/session/get-member-info';
import { useMemberAction } from '@/lib/session/use-guards';
import { selectIsLoggedIn, useSession } from '@/lib/session/session-store';
import { allGames, useLottoMenus } from '../api/get-lotto-menus';
import { useLottoPopular } from '../api/get-lotto-popular';
import { useLottoRecent } from '../api/get-lotto-recent';
import { drawsOn, matchesName, prizeModeOf, weekdayOf, type TWeekdayChoice } from '../lib/lottery-rules';
import { useLotteryFavorites } from '../lib/use-lottery-favorites';
import { LotteryCard, LotteryCardSkeleton } from './lottery-card';
import { MissionLeaderboard, MissionSummary } from './lottery-missions';
import { MenuTags, MenuTagsSkeleton } from './menu-tags';
import { WeekdayFilter } from './weekday-filter';
import { WinnerBoard } from './winner-board';
import '../lottery.css';

/** The lobby's lists (2.LOB.05): the chosen menu's games, then hot, fav and recent. */
export const LOTTO_LIST_TYPES = ['all', 'hot', 'fav', 'recent'] as const;
export type TLottoListType = (typeof LOTTO_LIST_TYPES)[number];
/** The lists that need a login (5.GATE.01/02). */
const MEMBER_LISTS: readonly TLottoListType[] = ['fav', 'recent'];
/** Placeholders while a list loads. */
const SKELETON_CARDS = 6;

/** The prize mode the lobby calls send (3.PRZ.02/03), once the vendor cards have answered (or failed: LOTT). */
export function useLotteryPrizeMode() {
  const cards = useVendorCards();
  if (cards.isPending) return null;
  return prizeModeOf(cards.data);
}

function SearchIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M16 16l4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The lottery lobby (1.CAT.03/04, 2.LOB.01-05; /vnlottery): the menus of GET /lgw/vn/games/game_menu as
 * menu tags (arrows above 7), the weekday filter (the call's drawDayOfWeek, 1 Sunday ... 7 Saturday, or
 * every day), a name search over the loaded games, the hot (the popular lottery calls), fav (kept on this
 * device per username) and recent (the member's recent lottery call) lists, and the game cards with their
 * open draw and the countdown to its lock. The list is asked again on the spec's timer (4.LOT.01-04). Beside it:
 * the mission summary and the leaderboard (1.CAT.03/04; docs/adr/0097), then the winner board.
 */
export function LotteryLobby() {
  const { t, i18n } = useTranslation('lottery');
  const memberAction = useMemberAction();
  const loggedIn = useSession(selectIsLoggedIn);
  useMemberInfo();
  const prizeMode = useLotteryPrizeMode();
  const [menu, setMenu] = useState<string | null>(null);
  const [listType, setListType] = useState<TLottoListType>('all');
  const [day, setDay] = useState<TWeekdayChoice>('ALL');
  const [search, setSearch] = useState('');
  const today = weekdayOf(new Date());

  const menus = useLottoMenus(prizeMode, day);
  const popular = useLottoPopular(prizeMode, i18n.language, listType === 'hot');
  const recent = useLottoRecent(prizeMode, loggedIn && listType === 'recent');
  const favorites = useLotteryFavorites();

  const answer = menus.data;
  const games = useMemo(() => allGames(answer), [answer]);
  const tags = useMemo(
    () =>
      (answer?.menus ?? []).map((m) => ({
        menu: m.menu,
        label: t(`menus.${m.menu}`, { defaultValue: m.menu }),
        count: m.games.length,
      })),
    [answer, t],
  );
  // The chosen menu, else the first one with games, else the first.
  const activeMenu = useMemo(() => {
    const list = answer?.menus ?? [];
    if (menu && list.some((m) => m.menu === menu)) return menu;
    return (list.find((m) => m.games.length > 0) ?? list[0])?.menu ?? null;
  }, [answer, menu]);

  /** The chosen list, from the lobby's own answer (one set of times, refreshed on the timer), before the search. */
  const list = useMemo((): { games: TLottoGame[]; pending: boolean; error: unknown } => {
    const byCode = new Map(games.map((g) => [g.gameCode, g] as const));
    switch (listType) {
      case 'all':
        return {
          games: answer?.menus.find((m) => m.menu === activeMenu)?.games ?? [],
          pending: false,
          error: null,
        };
      case 'hot': {
        const byKey = new Map<string, TLottoGame>(games.map((g) => [`${g.vassalage}:${g.gameCode}`, g]));
        const hot = [...new Set(popular.keys ?? [])].flatMap((key) => byKey.get(key) ?? []);
        return {
          games: hot,
          pending: popular.keys === null && !popular.isError,
          error: popular.isError ? popular.error : null,
        };
      }
      case 'fav':
        return {
          games: [...favorites.ids].flatMap((code) => byCode.get(code) ?? []),
          pending: false,
          error: null,
        };
      case 'recent': {
        // The lobby's answer holds the day's games (the filter's rule, ADR 0093): a recent game of another day is left out.
        const played = (recent.data?.list ?? [])
          .filter((g) => drawsOn(g, day))
          .flatMap((g) => byCode.get(g.gameCode) ?? []);
        return {
          games: [...new Set(played)],
          pending: recent.isPending,
          error: recent.isError ? recent.error : null,
        };
      }
    }
  }, [
    listType,
    games,
    answer,
    activeMenu,
    popular,
    favorites.ids,
    recent.data,
    recent.isPending,
    recent.isError,
    recent.error,
    day,
  ]);

  const shown = useMemo(() => list.games.filter((g) => matchesName(g, search)), [list.games, search]);

  const chooseMenu = (next: string) => {
    setMenu(next);
    setListType('all');
  };
  const chooseList = (next: TLottoListType) => {
    if (MEMBER_LISTS.includes(next)) memberAction(() => setListType(next));
    else setListType(next);
  };
  const toggleFavorite = (game: TLottoGame) => memberAction(() => favorites.toggle(game.gameCode));

  const loading = prizeMode === null || menus.isPending || list.pending;
  const failed = menus.isError && !answer ? menus.error : list.error;
  const retry = () => {
    void menus.refetch();
    if (listType === 'hot') void popular.refetch();
    if (listType === 'recent') void recent.refetch();
  };
  const emptyText =
    search.trim() !== '' && list.games.length > 0
      ? t('lobby.emptySearch', { search: search.trim() })
      : listType === 'fav'
        ? t('lobby.emptyFav')
        : listType === 'recent'
          ? t('lobby.emptyRecent')
          : listType === 'hot'
            ? t('lobby.emptyHot')
            : day !== 'ALL'
              ? t('lobby.emptyDay', { day: t(`weekdaysLong.${day}`) })
              : t('lobby.empty');

  return (
    <div className="lotto-lobby" data-testid="lottery-lobby" data-prize-mode={prizeMode ?? undefined}>
      <div className="lotto-lobby__main">
        {answer ? (
          <MenuTags tags={tags} value={listType === 'all' ? activeMenu : null} onChange={chooseMenu} />
        ) : (
          <MenuTagsSkeleton />
        )}
        <div className="lotto-lobby__bar">
          <div className="lotto-lists" role="group" aria-label={t('lobby.listTypes.label')}>
            {LOTTO_LIST_TYPES.map((type) => (
              <button
                key={type}
                type="button"
                className="lotto-list-type"
                data-testid={`lottery-list-${type}`}
                aria-pressed={listType === type}
                onClick={() => chooseList(type)}
              >
                {t(`lobby.listTypes.${type}`)}
              </button>
            ))}
          </div>
          <div className="lotto-search">
            <label htmlFor="lotto-search" className="visually-hidden">
              {t('lobby.search.label')}
            </label>
            <SearchIcon />
            <input
              id="lotto-search"
              type="search"
              className="lotto-search__input"
              data-testid="lottery-search"
              placeholder={t('lobby.search.placeholder')}
              autoComplete="off"
              enterKeyHint="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
        </div>
        <WeekdayFilter value={day} today={today} onChange={setDay} />

        <section
          className="lotto-results"
          aria-label={t('lobby.list')}
          aria-busy={loading || menus.isFetching}
          data-testid="lottery-list"
          data-list={listType}
        >
          {failed ? (
            <EmptyState message={`${t('lobby.error')}: ${getErrorText(failed)}`}>
              <button type="button" className="btn btn--primary" data-testid="lottery-retry" onClick={retry}>
                {t('lobby.retry')}
              </button>
            </EmptyState>
          ) : loading ? (
            <>
              <span className="visually-hidden" role="status">
                {t('lobby.loading')}
              </span>
              <ul className="lotto-grid" data-testid="lottery-loading">
                {Array.from({ length: SKELETON_CARDS }, (_, i) => (
                  <LotteryCardSkeleton key={i} />
                ))}
              </ul>
            </>
          ) : shown.length === 0 ? (
            <div data-testid="lottery-empty">
              <EmptyState message={emptyText}>
                {search.trim() !== '' && list.games.length > 0 ? (
                  <button type="button" className="btn btn--outline" onClick={() => setSearch('')}>
                    {t('lobby.search.clear')}
                  </button>
                ) : day !== 'ALL' && listType === 'all' ? (
                  <button type="button" className="btn btn--outline" onClick={() => setDay('ALL')}>
                    {t('lobby.showAllDays')}
                  </button>
                ) : null}
              </EmptyState>
            </div>
          ) : (
            <>
              <p className="lotto-results__count" aria-live="polite">
                {t('lobby.count', { count: shown.length })}
              </p>
              <ul className="lotto-grid" data-testid="lottery-grid">
                {shown.map((game) => (
                  <LotteryCard
                    key={`${game.vassalage}:${game.gameCode}`}
                    game={game}
                    answeredAt={answer?.answeredAt ?? 0}
                    favorite={favorites.ids.has(game.gameCode)}
                    onToggleFavorite={toggleFavorite}
                  />
                ))}
              </ul>
            </>
          )}
        </section>
      </div>
      <aside className="lotto-lobby__side">
        <MissionSummary />
        <MissionLeaderboard />
        <WinnerBoard />
      </aside>
    </div>
  );
}
