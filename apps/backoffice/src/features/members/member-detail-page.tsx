import type { TOpsMemberDetail } from '@lotus/contracts/ops-console';
import { createColumnHelper } from '@tanstack/react-table';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ConfirmAction } from '@/components/confirm-action';
import { DataTable } from '@/components/data-table';
import { ErrorState, LoadingState, Notice } from '@/components/states';
import { PAGES } from '@/config/paths';
import { formatTime } from '@/lib/format';
import { can, useMe } from '@/lib/session';
import { useMemberAction, useMemberDetail } from './api';

type Session = TOpsMemberDetail['sessions'][number];
type AuthEvent = TOpsMemberDetail['authEvents'][number];
const sessionColumn = createColumnHelper<Session>();
// The money section is the cashier desk's (money.read): its own chunk, loaded only for operators who see it.
const MemberMoneyPanel = lazy(() => import('./member-money-panel').then((m) => ({ default: m.MemberMoneyPanel })));
const eventColumn = createColumnHelper<AuthEvent>();

/** One member: profile, agent level, status, sessions and login history; the support actions with a reason. */
export function MemberDetailPage() {
  const { t } = useTranslation('members');
  const id = Number(useParams().id);
  const me = useMe();
  const detail = useMemberDetail(id);
  const username = detail.data?.member.username ?? '';
  const action = useMemberAction(username);
  const [done, setDone] = useState<string | null>(null);

  const sessionColumns = useMemo(
    () => [
      sessionColumn.accessor('createdAt', { header: t('session.createdAt'), cell: (c) => formatTime(c.getValue()) }),
      sessionColumn.accessor('lastSeenAt', { header: t('session.lastSeenAt'), cell: (c) => formatTime(c.getValue()) }),
      sessionColumn.accessor('ip', { header: t('session.ip') }),
      sessionColumn.accessor('userAgent', { header: t('session.userAgent') }),
    ],
    [t],
  );
  const eventColumns = useMemo(
    () => [
      eventColumn.accessor('createdAt', { header: t('event.at'), cell: (c) => formatTime(c.getValue()) }),
      eventColumn.accessor('event', { header: t('event.event') }),
      eventColumn.accessor('outcome', { header: t('event.outcome') }),
      eventColumn.accessor('ip', { header: t('event.ip') }),
    ],
    [t],
  );

  if (detail.isPending) return <LoadingState />;
  if (detail.error) return <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />;
  const m = detail.data.member;
  const writable = can(me.data, 'members.write');
  const run = (kind: 'disable' | 'enable' | 'unlock' | 'revoke' | 'password', doneText: string) => async (reason: string) => {
    setDone(null);
    await action.mutateAsync({ action: kind, reason });
    setDone(doneText);
  };

  return (
    <section aria-labelledby="member-title">
      <p>
        <Link to={PAGES.members.path}>{t('back')}</Link>
      </p>
      <h1 id="member-title">
        {m.username} <span className={`badge badge-${m.status}`}>{t(`statuses.${m.status}`, { defaultValue: m.status })}</span>
      </h1>
      <dl className="facts">
        <dt>{t('id')}</dt>
        <dd>{m.id}</dd>
        <dt>{t('mobile')}</dt>
        <dd>{m.mobile ?? '—'}</dd>
        <dt>{t('email')}</dt>
        <dd>{m.email ?? '—'}</dd>
        <dt>{t('agentLevel')}</dt>
        <dd>{t(`agent.${m.isAgent}`, { defaultValue: String(m.isAgent) })}</dd>
        <dt>{t('createdBy')}</dt>
        <dd>{m.createdBy}</dd>
        <dt>{t('createdAt')}</dt>
        <dd>{formatTime(m.createdAt)}</dd>
        <dt>{t('lastLoginAt')}</dt>
        <dd>
          {formatTime(m.lastLoginAt)} {m.lastLoginIp ? `(${m.lastLoginIp})` : ''}
        </dd>
        <dt>{t('twoFactor')}</dt>
        <dd>{m.twoFactor ? t('yes') : t('no')}</dd>
        <dt>{t('locked')}</dt>
        <dd>{m.locked ? t('yes') : t('no')}</dd>
        <dt>{t('passwordChangeRequired')}</dt>
        <dd>{m.passwordChangeRequired ? t('yes') : t('no')}</dd>
      </dl>
      {writable ? (
        <div className="actions" aria-label={t('actionsLabel')} role="group">
          {m.status === 'active' ? (
            <ConfirmAction danger label={t('actions.disable')} title={t('actions.disableTitle', { username: m.username })} onConfirm={run('disable', t('done.disabled'))} />
          ) : (
            <ConfirmAction label={t('actions.enable')} title={t('actions.enableTitle', { username: m.username })} onConfirm={run('enable', t('done.enabled'))} />
          )}
          <ConfirmAction label={t('actions.unlock')} title={t('actions.unlockTitle', { username: m.username })} onConfirm={run('unlock', t('done.unlocked'))} />
          <ConfirmAction danger label={t('actions.revoke')} title={t('actions.revokeTitle', { username: m.username })} description={t('actions.revokeText')} onConfirm={run('revoke', t('done.revoked'))} />
          <ConfirmAction label={t('actions.password')} title={t('actions.passwordTitle', { username: m.username })} description={t('actions.passwordText')} onConfirm={run('password', t('done.password'))} />
        </div>
      ) : null}
      {done ? <Notice>{done}</Notice> : null}
      {can(me.data, 'money.read') ? (
        <Suspense fallback={<LoadingState />}>
          <MemberMoneyPanel memberId={m.id} />
        </Suspense>
      ) : null}
      <h2>{t('sessionsTitle')}</h2>
      <DataTable caption={t('sessionsTitle')} columns={sessionColumns} rows={detail.data.sessions} loading={detail.isFetching} error={null} rowKey={(s) => s.id} />
      <h2>{t('eventsTitle')}</h2>
      <DataTable caption={t('eventsTitle')} columns={eventColumns} rows={detail.data.authEvents} loading={detail.isFetching} error={null} rowKey={(e) => String(e.id)} />
    </section>
  );
}
