import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { GAME_TYPES } from '@lotus/contracts/constants';
import { toCategoryCode } from '@/config/paths';
import { PageFrame } from '@/components/page-frame/page-frame';
import { EmptyState } from '@/components/ui/empty-state/empty-state';
import { useMemberInfo } from '@/lib/session/get-member-info';
import { useHouseJackpot } from '../api/get-house-jackpot';
import { GameListScreen } from './game-list-screen';
import { JackpotCounter } from './jackpot-counter';

/** The `{games}` segment of a category path: /live -> live (2.R.12 upper-cases it). */
export function getGamesParam(pathname: string): string {
  return pathname.split('/').filter(Boolean)[0] ?? '';
}

/**
 * A game category page (2.R.11/13/15: /live, /sports, /esports, /pvp, /elott, /cockfight, /rng,
 * /fish). The category code is the path segment upper-cased (2.R.12); the page lists that category's
 * vendors and games from the catalogue (an empty category, such as esports, says so: 3.STAT.09/10).
 * /rng shows the jackpot counter first (2.JP.01: under the layout's banner).
 */
export function CategoryPage() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const code = toCategoryCode(getGamesParam(pathname));
  // The list itself, not its zod enum: zod stays out of the scripts the prerendered page runs first.
  const gameType = (GAME_TYPES as readonly string[]).includes(code) ? (code as (typeof GAME_TYPES)[number]) : null;
  const label = gameType ? t(`categories.${gameType}`) : code;
  const { data: member } = useMemberInfo();
  // The house vendor's progressive jackpot is the counter's start when it answers (ADR 0049, 0051).
  const { data: jackpot } = useHouseJackpot({ enabled: code === 'RNG' });

  return (
    <PageFrame title={t('titles.category', { category: label })} testId={`category-page-${code}`}>
      <div data-category={code}>
        {code === 'RNG' && <JackpotCounter startMinor={jackpot ?? undefined} currencySymbol={member?.currencySymbol} />}
        {gameType ? <GameListScreen key={gameType} gameType={gameType} /> : <EmptyState />}
      </div>
    </PageFrame>
  );
}
