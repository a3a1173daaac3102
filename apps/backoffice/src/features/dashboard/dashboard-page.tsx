import { getSmsBudget } from '@lotus/contracts/ops-accounts';
import { getAccountFigures, listApprovals, type TOpsAccountFigures } from '@lotus/contracts/ops-console';
import { listFailedJobs } from '@lotus/contracts/ops-jobs';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '@/components/states';
import { opsApi } from '@/lib/api';
import { formatTime } from '@/lib/format';

const REFRESH_MS = 60_000;

function Figure({ label, value, hint, testId }: { label: string; value: string | number; hint?: string; testId?: string }) {
  return (
    <div className="figure" data-testid={testId}>
      <dt>{label}</dt>
      <dd>
        <strong>{value}</strong>
        {hint ? <span className="hint"> {hint}</span> : null}
      </dd>
    </div>
  );
}

/** Seven days as bars (decorative) with the same numbers in a table for screen readers and exact reading. */
function WeekChart({ days }: { days: TOpsAccountFigures['days'] }) {
  const { t } = useTranslation('dashboard');
  const max = Math.max(1, ...days.flatMap((d) => [d.registrations, d.logins, d.failedLogins]));
  const series = [
    { key: 'registrations', label: t('registrations'), className: 'bar-a' },
    { key: 'logins', label: t('logins'), className: 'bar-b' },
    { key: 'failedLogins', label: t('failedLogins'), className: 'bar-c' },
  ] as const;
  return (
    <figure className="chart">
      <figcaption>{t('weekTitle')}</figcaption>
      <div className="bars" aria-hidden="true">
        {days.map((d) => (
          <div key={d.day} className="bar-day">
            <div className="bar-stack">
              {series.map((s) => (
                <span key={s.key} className={`bar ${s.className}`} style={{ height: `${(d[s.key] / max) * 100}%` }} title={`${s.label}: ${d[s.key]}`} />
              ))}
            </div>
            <span className="bar-label">{d.day.slice(5)}</span>
          </div>
        ))}
      </div>
      <p className="legend" aria-hidden="true">
        {series.map((s) => (
          <span key={s.key}>
            <span className={`swatch ${s.className}`} /> {s.label}
          </span>
        ))}
      </p>
      <div className="table-wrap">
        <table>
          <caption className="sr-only">{t('weekTitle')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('day')}</th>
              {series.map((s) => (
                <th key={s.key} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <th scope="row">{d.day}</th>
                <td>{d.registrations}</td>
                <td>{d.logins}</td>
                <td>{d.failedLogins}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

/**
 * The dashboard: account figures, SMS against the daily budget, dead letters and pending approvals,
 * all read from the database through the operator API (refreshed every minute).
 */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const figures = useQuery({ queryKey: ['dashboard', 'figures'], queryFn: () => opsApi.call(getAccountFigures), refetchInterval: REFRESH_MS });
  const sms = useQuery({ queryKey: ['dashboard', 'sms'], queryFn: () => opsApi.call(getSmsBudget), refetchInterval: REFRESH_MS });
  const jobs = useQuery({ queryKey: ['dashboard', 'jobs'], queryFn: () => opsApi.call(listFailedJobs, { query: { limit: 1000 } }), refetchInterval: REFRESH_MS });
  const approvals = useQuery({
    queryKey: ['dashboard', 'approvals'],
    queryFn: () => opsApi.call(listApprovals, { query: { status: 'pending', pageSize: 1 } }),
    refetchInterval: REFRESH_MS,
  });

  if (figures.isPending) return <LoadingState />;
  if (figures.error) return <ErrorState error={figures.error} onRetry={() => void figures.refetch()} />;
  const f = figures.data;
  const dash = '—';
  return (
    <section aria-labelledby="dashboard-title">
      <h1 id="dashboard-title">{t('title')}</h1>
      <p className="hint">{t('asOf', { at: formatTime(f.generatedAt) })}</p>
      <dl className="figures">
        <Figure label={t('members')} value={f.members} />
        <Figure label={t('registrations24h')} value={f.registrations24h} testId="figure-registrations" />
        <Figure label={t('logins24h')} value={f.logins24h} />
        <Figure label={t('failedLogins24h')} value={f.failedLogins24h} />
        <Figure label={t('lockouts24h')} value={f.lockouts24h} />
        <Figure label={t('activeSessions')} value={f.activeSessions} />
        <Figure
          label={t('smsToday')}
          value={sms.data ? `${sms.data.daily.sent} / ${sms.data.daily.limit}` : dash}
          {...(sms.data && sms.data.alarms.length > 0 ? { hint: t('smsAlarms', { count: sms.data.alarms.length }) } : {})}
        />
        <Figure label={t('deadLetters')} value={jobs.data ? (jobs.data.length >= 1000 ? '1000+' : jobs.data.length) : dash} />
        <Figure label={t('pendingApprovals')} value={approvals.data ? approvals.data.total : dash} />
      </dl>
      <WeekChart days={f.days} />
    </section>
  );
}
