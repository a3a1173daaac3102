import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button/button';
import { Skeleton } from '@/components/ui/skeleton/skeleton';
import { notify } from '@/lib/notify';
import { getErrorText } from '@/lib/error-text';
import { useRevokeOtherSessionsMutation, useRevokeSessionMutation } from '../api/revoke-session';
import { useSessions, type TSessionView } from '../api/get-sessions';
import '../../login/login.css';
import { dateTimeFormat } from '@/lib/intl';

/** A short, readable name of a browser from its user agent ("Chrome on Windows"). */
export function describeUserAgent(userAgent: string): string {
  const ua = userAgent || '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /Chrome\/|Chromium\//.test(ua)
        ? 'Chrome'
        : /Firefox\//.test(ua)
          ? 'Firefox'
          : /Safari\//.test(ua)
            ? 'Safari'
            : '';
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iOS/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : '';
  if (browser && os) return `${browser} · ${os}`;
  return browser || os || ua.slice(0, 60);
}

function formatDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  } catch {
    return date.toISOString();
  }
}

/** The member's sessions with a revoke button for every other device (member centre, security). */
export function SessionsList() {
  const { t, i18n } = useTranslation('auth-login');
  const { data, isPending, isError, refetch } = useSessions();
  const revokeSession = useRevokeSessionMutation();
  const revokeOthers = useRevokeOtherSessionsMutation();
  const [revoking, setRevoking] = useState<string | null>(null);

  const revoke = async (session: TSessionView) => {
    setRevoking(session.id);
    try {
      await revokeSession.mutateAsync(session.id);
      notify.success(t('security.sessions_revoked'));
    } catch (error) {
      notify.error(getErrorText(error));
    } finally {
      setRevoking(null);
    }
  };

  const revokeAllOthers = async () => {
    try {
      await revokeOthers.mutateAsync();
      notify.success(t('security.sessions_revoked_others'));
    } catch (error) {
      notify.error(getErrorText(error));
    }
  };

  if (isPending) return <Skeleton height={80} />;
  if (isError) {
    return (
      <p className="acct-note">
        {t('security.sessions_failed')}{' '}
        <Button size="sm" onClick={() => void refetch()}>
          {t('form.retry')}
        </Button>
      </p>
    );
  }
  const language = i18n.resolvedLanguage ?? 'th';
  const othersCount = data.filter((s) => !s.current).length;
  return (
    <>
      {/* Issue 11: one action for every other device; each row keeps a quieter one of its own. */}
      {othersCount > 1 && (
        <Button
          variant="danger"
          disabled={revokeOthers.isPending}
          onClick={() => void revokeAllOthers()}
          data-testid="sessions-revoke-others"
        >
          {t('security.sessions_revoke_others', { count: othersCount })}
        </Button>
      )}
      <ul className="acct-sessions" data-testid="sessions-list">
        {data.map((session) => (
          <li
            key={session.id}
            className="acct-sessions__item"
            data-testid="session-row"
            data-current={session.current || undefined}
          >
            <div className="acct-sessions__info">
              <span>
                <strong>{describeUserAgent(session.userAgent)}</strong>
                {session.current && <span className="acct-tag">{t('security.sessions_current')}</span>}
              </span>
              <span className="acct-note">
                {t('security.sessions_detail', {
                  ip: session.ip,
                  created: formatDateTime(session.createdAt, language),
                  seen: formatDateTime(session.lastSeenAt, language),
                })}
              </span>
            </div>
            {!session.current && (
              <Button
                size="sm"
                variant="secondary"
                disabled={revoking === session.id}
                onClick={() => void revoke(session)}
                data-testid="session-revoke"
              >
                {t('security.sessions_revoke')}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
