import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state/empty-state';
import { SafeHtml } from '@/components/ui/safe-html/safe-html';
import { Skeleton } from '@/components/ui/skeleton/skeleton';
import { useAgentNotices } from '../api/list-agent-notices';
import { formatDate } from '../lib/format';
import { LoadError } from './load-error';

/**
 * Announcement (2.AC.01): the operators' notices to agents (notice type AG, written in the console's Content page),
 * newest rules first as the operators ordered them; the HTML is sanitised by the server and again here (SafeHtml).
 */
export function AnnouncementPage() {
  const { t, i18n } = useTranslation('agent-centre');
  const language = i18n.resolvedLanguage ?? 'th';
  const notices = useAgentNotices(language);
  return (
    <div className="ac-page" data-testid="ac-notices-page">
      <h3 className="ac-page__title">{t('pages.announcement')}</h3>
      {notices.isError && !notices.data ? (
        <LoadError error={notices.error} onRetry={() => void notices.refetch()} testId="ac-notices-error" />
      ) : !notices.data ? (
        <div aria-busy="true" data-testid="ac-notices-loading">
          <Skeleton height={96} />
          <Skeleton height={96} />
        </div>
      ) : notices.data.length === 0 ? (
        <EmptyState message={t('notices.empty')} />
      ) : (
        <ul className="ac-list" role="list" data-testid="ac-notices">
          {notices.data.map((n) => (
            <li key={n.id} className="ac-card ac-notice" data-testid={`ac-notice-${n.id}`}>
              <h4 className="ac-notice__title">{n.title}</h4>
              <p className="ac-notice__meta">{formatDate(n.startTime, language)}</p>
              <SafeHtml html={n.content} className="ac-notice__body" />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
