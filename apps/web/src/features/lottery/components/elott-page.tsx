import { useTranslation } from 'react-i18next';
import type { TLottoDraw, TLottoGame, TPrizeMode } from '@lotus/contracts/lottery';
import { PageFrame } from '@/components/page-frame/page-frame';
import { EmptyState } from '@/components/ui/empty-state/empty-state';
import { getErrorText } from '@/lib/error-text';
import { allGames, useLottoMenus } from '../api/get-lotto-menus';
import { useLottoNumeros } from '../api/get-lotto-numeros';
import { elottVerifyHref } from '../lib/verify-link';
import { gameNameIn, lottoRefreshSeconds, shortNumero } from '../lib/lottery-rules';
import { LotteryCard, LotteryCardSkeleton, formatDrawTime } from './lottery-card';
import { useLotteryPrizeMode } from './lottery-lobby';
import '../lottery.css';

/** The prizes an electronic result shows, in the order of its format (docs/lottery.md "elott"). */
const ELOTT_PRIZES = ['first', 'front3', 'last3', 'last2'] as const;

function prizeText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.join(' · ');
  return null;
}

function DrawResult({ draw }: { draw: TLottoDraw }) {
  const { t } = useTranslation('lottery');
  if (!draw.result) return null;
  const result = draw.result;
  const prizes = ELOTT_PRIZES.flatMap((key) => {
    const text = prizeText(result[key]);
    return text ? [{ key, text }] : [];
  });
  if (prizes.length === 0) return null;
  return (
    <dl className="elott-result">
      {prizes.map(({ key, text }) => (
        <div key={key} className={`elott-result__prize elott-result__prize--${key}`}>
          <dt>{t(`elott.${key}`)}</dt>
          <dd>{text}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A game's latest draws (7.GAME.06: count 10), newest first, with the verify link of each drawn one. */
function LatestResults({
  game,
  prizeMode,
  refreshMs,
}: {
  game: TLottoGame;
  prizeMode: TPrizeMode;
  refreshMs: number;
}) {
  const { t, i18n } = useTranslation('lottery');
  const name = gameNameIn(game, i18n.language);
  const numeros = useLottoNumeros(
    { gameCode: game.gameCode, vassalage: game.vassalage, prizeMode },
    refreshMs,
  );
  const headingId = `elott-results-${game.gameCode}`;
  return (
    <section className="elott-results" aria-labelledby={headingId} aria-busy={numeros.isFetching}>
      <h3 id={headingId} className="elott-results__title">
        {t('elott.results')}
        <span className="visually-hidden"> {name}</span>
      </h3>
      {numeros.isPending ? (
        <ul className="elott-results__list" aria-hidden="true">
          {Array.from({ length: 3 }, (_, i) => (
            <li key={i} className="elott-draw">
              <span className="lotto-skeleton lotto-skeleton--line" />
            </li>
          ))}
        </ul>
      ) : numeros.isError && !numeros.data ? (
        <EmptyState compact message={`${t('elott.resultsError')}: ${getErrorText(numeros.error)}`} />
      ) : numeros.data.list.length === 0 ? (
        <EmptyState compact message={t('elott.noResults')} />
      ) : (
        <ol className="elott-results__list">
          {numeros.data.list.map((draw) => {
            const verify = elottVerifyHref(game.gameCode, draw);
            const open = draw.status === 'scheduled' && draw.numero === game.numero;
            const status = open ? 'open' : draw.status;
            return (
              <li
                key={draw.numero}
                className={`elott-draw elott-draw--${status}`}
                data-testid={`elott-draw-${game.gameCode}-${draw.numero}`}
              >
                <div className="elott-draw__head">
                  <span className="elott-draw__numero" title={draw.numero}>
                    {t('card.draw')} {shortNumero(draw.numero)}
                  </span>
                  <span className="elott-draw__time">{formatDrawTime(draw.drawAt, i18n.language)}</span>
                  <span className={`elott-draw__status elott-draw__status--${status}`}>
                    {t(`elott.status.${status}`)}
                  </span>
                </div>
                <DrawResult draw={draw} />
                {verify && (
                  <a
                    className="elott-draw__verify"
                    href={verify}
                    target="_blank"
                    rel="noopener"
                    data-testid={`elott-verify-${game.gameCode}-${draw.numero}`}
                    aria-label={t('elott.verifyLabel', { numero: draw.numero })}
                  >
                    {t('elott.verify')}
                  </a>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

/**
 * /elott, the electronic lottery (1.CAT.01 ELOTT): the electronic games (gameType ELOTT) of the lobby's
 * call, each with its open draw's countdown and the play button (4.GS.02), and its latest results
 * (GET /lgw/vn/numeros/opened/game, count 10), each drawn one with a link that checks its randomness
 * (the house lottery's verifier, docs/lottery.md). The list and the results are asked again on the
 * lobby's timer (4.LOT.01-04).
 */
export function ElottPage() {
  const { t } = useTranslation(['lottery', 'common']);
  const prizeMode = useLotteryPrizeMode();
  const menus = useLottoMenus(prizeMode, 'ALL');
  const games = allGames(menus.data).filter((g) => g.gameType === 'ELOTT');

  return (
    <PageFrame title={t('common:categories.ELOTT')} testId="category-page-ELOTT">
      <div className="elott-page" data-testid="elott-page">
        <p className="lotto-lead">{t('elott.intro')}</p>
        {menus.isError && !menus.data ? (
          <EmptyState message={`${t('lobby.error')}: ${getErrorText(menus.error)}`}>
            <button type="button" className="btn btn--primary" onClick={() => void menus.refetch()}>
              {t('lobby.retry')}
            </button>
          </EmptyState>
        ) : prizeMode === null || menus.isPending ? (
          <>
            <span className="visually-hidden" role="status">
              {t('lobby.loading')}
            </span>
            <ul className="elott-games" aria-hidden="true">
              <li className="elott-game">
                <ul className="lotto-grid lotto-grid--single">
                  <LotteryCardSkeleton />
                </ul>
              </li>
            </ul>
          </>
        ) : games.length === 0 ? (
          <EmptyState message={t('elott.empty')} />
        ) : (
          <ul className="elott-games">
            {games.map((game) => (
              <li key={`${game.vassalage}:${game.gameCode}`} className="elott-game">
                <ul className="lotto-grid lotto-grid--single">
                  <LotteryCard game={game} answeredAt={menus.data.answeredAt} testIdPrefix="elott" />
                </ul>
                <LatestResults
                  game={game}
                  prizeMode={prizeMode}
                  refreshMs={lottoRefreshSeconds([game]) * 1000}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </PageFrame>
  );
}
