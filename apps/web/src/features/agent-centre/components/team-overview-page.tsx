import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TEAM_RANGES, type TTeamOverview, type TTeamRange } from '@lotus/contracts/agent';
import { parseMinor } from '@lotus/contracts/money';
import { Skeleton } from '@/components/ui/skeleton/skeleton';
import { TabPanel, Tabs } from '@/components/ui/tabs/tabs';
import { useTeamOverview } from '../api/get-team-overview';
import { formatDate, formatTime } from '../lib/format';
import { formatCount, useMoney } from '../lib/use-money';
import { LoadError } from './load-error';

type TCard = { key: string; value: string; sub?: string; tone?: 'up' | 'down' | 'strong' };

/** The cards of an overview, in reading order. */
function useCards(o: TTeamOverview): TCard[] {
  const { t } = useTranslation('agent-centre', { keyPrefix: 'overview' });
  const money = useMoney();
  const net = parseMinor(o.net) ?? 0n;
  return [
    { key: 'members', value: formatCount(o.members), sub: t('members_sub', { direct: formatCount(o.directMembers), agents: formatCount(o.agents) }) },
    { key: 'newMembers', value: formatCount(o.newMembers) },
    { key: 'activeMembers', value: formatCount(o.activeMembers) },
    { key: 'firstDeposits', value: formatCount(o.firstDeposits) },
    { key: 'deposits', value: money(o.deposits) },
    { key: 'withdrawals', value: money(o.withdrawals) },
    { key: 'stakes', value: money(o.stakes) },
    { key: 'wins', value: money(o.wins) },
    { key: 'net', value: money(o.net), sub: net < 0n ? t('net_won') : t('net_lost'), ...(net < 0n ? { tone: 'down' as const } : {}) },
    { key: 'income', value: money(o.income), tone: 'strong' },
  ];
}

/** The last day a range covers: its end is exclusive (the next day's midnight in Bangkok). */
const lastInstant = (iso: string) => new Date(new Date(iso).getTime() - 1).toISOString();

function OverviewCards({ overview }: { overview: TTeamOverview }) {
  const { t, i18n } = useTranslation('agent-centre', { keyPrefix: 'overview' });
  const language = i18n.resolvedLanguage ?? 'th';
  const cards = useCards(overview);
  const from = formatDate(overview.from, language);
  const to = formatDate(lastInstant(overview.to), language);
  return (
    <>
      <p className="ac-summary" data-testid="ac-overview-range">
        {from === to ? from : t('range_text', { from, to })}
        {' · '}
        <span data-testid="ac-overview-asof">{overview.asOf ? t('as_of', { time: formatTime(overview.asOf, language) }) : t('as_of_none')}</span>
      </p>
      <ul className="ac-stats" role="list" data-testid="ac-overview-cards">
        {cards.map((card) => (
          <li key={card.key} className={`ac-stat${card.tone ? ` ac-stat--${card.tone}` : ''}`} data-testid={`ac-stat-${card.key}`}>
            <span className="ac-stat__label">{t(`cards.${card.key}`)}</span>
            <span className="ac-stat__value" data-testid={`ac-stat-${card.key}-value`}>
              {card.value}
            </span>
            {card.sub ? <span className="ac-stat__sub">{card.sub}</span> : null}
          </li>
        ))}
      </ul>
    </>
  );
}

/** The skeleton keeps the cards' final size and count (no shift when the figures arrive). */
function OverviewSkeleton() {
  const { t } = useTranslation('agent-centre');
  return (
    <div aria-busy="true" data-testid="ac-overview-loading">
      <span className="visually-hidden" role="status">
        {t('common.loading')}
      </span>
      <p className="ac-summary" aria-hidden="true">
        <Skeleton width="60%" height={18} />
      </p>
      <ul className="ac-stats" role="list" aria-hidden="true">
        {Array.from({ length: 10 }, (_, i) => (
          <li key={i} className="ac-stat ac-stat--skeleton">
            <Skeleton width="50%" height={14} />
            <Skeleton width="80%" height={24} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Team overview, the agent centre's default page (2.AC.02): the whole team below the agent over today, yesterday,
 * this week (from Monday) or this month (from the 1st), Bangkok time: its members, new and active members, first
 * deposits, deposits, withdrawals, stakes, wins, net and my income, as of the team rollup's time.
 */
export function TeamOverviewPage() {
  const { t } = useTranslation('agent-centre');
  const [range, setRange] = useState<TTeamRange>('today');
  const overview = useTeamOverview(range);
  return (
    <div className="ac-page" data-testid="ac-overview-page">
      <h3 className="ac-page__title">{t('pages.teamOverview')}</h3>
      <Tabs
        idBase="ac-range"
        label={t('overview.range_label')}
        value={range}
        onChange={setRange}
        items={TEAM_RANGES.map((r) => ({ key: r, label: t(`overview.ranges.${r}`) }))}
        data-testid="ac-overview-ranges"
      />
      <TabPanel idBase="ac-range" tabKey={range} className="ac-tabpanel">
        {overview.isError && !overview.data ? (
          <LoadError error={overview.error} onRetry={() => void overview.refetch()} testId="ac-overview-error" />
        ) : overview.data ? (
          <OverviewCards overview={overview.data} />
        ) : (
          <OverviewSkeleton />
        )}
      </TabPanel>
    </div>
  );
}
