import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state/empty-state';
import { getErrorText } from '@/lib/error-text';
import { formatBalance } from '@/lib/money';
import { useMemberInfo } from '@/lib/session/get-member-info';
import { useRankList } from '../api/get-rank-list';

/** Below this many wins the board stands still (nothing to scroll through). */
const SCROLL_FROM = 6;
/** Seconds each row takes to pass: the scroll's speed whatever the number of wins. */
const SECONDS_PER_ROW = 2.5;

type TWin = { rank: number; account: string; gameName: string; amount: string };

/** A ranked row of a board: rank, masked account with a line under it, and the amount won. */
export function RankRow({
  rank,
  account,
  detail,
  amount,
  symbol,
}: {
  rank: number;
  account: string;
  detail: string;
  amount: string;
  symbol: string | undefined;
}) {
  const { t } = useTranslation('lottery');
  return (
    <li className="lotto-winners__row">
      <span className="lotto-winners__rank">{rank}</span>
      <span className="lotto-winners__who">
        <span className="lotto-winners__account">{account}</span>
        <span className="lotto-winners__game">{detail}</span>
      </span>
      <span className="lotto-winners__amount">
        <span className="visually-hidden">{t('winners.won')} </span>
        {formatBalance(amount, symbol)}
      </span>
    </li>
  );
}

/** A board's placeholder rows while it loads (read out once as `status`). */
export function RankSkeleton({ rows, status, className = '' }: { rows: number; status: string; className?: string }) {
  return (
    <>
      <span className="visually-hidden" role="status">
        {status}
      </span>
      <ul className={`lotto-winners__list ${className}`.trim()} aria-hidden="true">
        {Array.from({ length: rows }, (_, i) => (
          <li key={i} className="lotto-winners__row">
            <span className="lotto-skeleton lotto-skeleton--line" />
          </li>
        ))}
      </ul>
    </>
  );
}

function WinRow({ win, symbol }: { win: TWin; symbol: string | undefined }) {
  return <RankRow rank={win.rank} account={win.account} detail={win.gameName} amount={win.amount} symbol={symbol} />;
}

/**
 * The lobby's leaderboard (1.CAT.04): the winner board (2.LOB, 7.PAR.12: the relay's rank list, limit 50) as
 * a scrolling list. It scrolls on its own, pauses under the pointer or the keyboard, and stands still for a
 * player who asked for less motion (the copy that makes the loop seamless is hidden from assistive
 * technology). Its box keeps one height while loading, empty or failed, so the page does not move.
 */
export function WinnerBoard() {
  const { t, i18n } = useTranslation('lottery');
  const symbol = useMemberInfo().data?.currencySymbol;
  const { data, isPending, isError, error } = useRankList(i18n.language);
  const wins = data?.list ?? [];
  const scrolling = wins.length >= SCROLL_FROM;

  return (
    <section
      className="lotto-panel lotto-winners"
      data-testid="lottery-winner-board"
      aria-labelledby="lotto-winners-title"
    >
      <header className="lotto-winners__head">
        <h2 id="lotto-winners-title" className="lotto-section-title">
          {t('winners.title')}
        </h2>
        <p className="lotto-winners__sub">{t('winners.subtitle')}</p>
      </header>
      <div
        className="lotto-winners__viewport"
        tabIndex={scrolling ? 0 : undefined}
        aria-label={scrolling ? t('winners.list') : undefined}
        role={scrolling ? 'region' : undefined}
      >
        {isPending ? (
          <RankSkeleton rows={6} status={t('winners.loading')} />
        ) : isError ? (
          <EmptyState compact message={`${t('winners.error')}: ${getErrorText(error)}`} />
        ) : wins.length === 0 ? (
          <EmptyState compact message={t('winners.empty')} />
        ) : (
          <div
            className={`lotto-winners__track${scrolling ? ' lotto-winners__track--scrolling' : ''}`}
            style={scrolling ? { animationDuration: `${wins.length * SECONDS_PER_ROW}s` } : undefined}
            data-testid="lottery-winner-track"
          >
            <ul className="lotto-winners__list" aria-label={t('winners.list')}>
              {wins.map((win) => (
                <WinRow key={`${win.rank}-${win.account}-${win.winTime}`} win={win} symbol={symbol} />
              ))}
            </ul>
            {scrolling && (
              <ul className="lotto-winners__list" aria-hidden="true">
                {wins.map((win) => (
                  <WinRow key={`copy-${win.rank}-${win.account}-${win.winTime}`} win={win} symbol={symbol} />
                ))}
              </ul>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
