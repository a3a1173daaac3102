import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button/button';
import { EmptyState } from '@/components/ui/empty-state/empty-state';
import { SafeHtml } from '@/components/ui/safe-html/safe-html';
import { Skeleton } from '@/components/ui/skeleton/skeleton';
import { useAnnouncements } from './api/get-announcements';
import { formatNoticeDate } from './format-notice-date';
import './notice-list.css';

export type NoticeListProps = {
  /** Notice expanded at first (e.g. from a link); default none. */
  initialOpenId?: number;
  className?: string;
};

/**
 * The notices of the /noticePage route: PL (notice page) and B (bar) notices in the server's order,
 * each an expandable row (disclosure button + region) with its sanitised HTML body.
 * Loading shows skeleton rows; an error offers a retry; no notice shows an empty state.
 */
export function NoticeList({ initialOpenId, className }: NoticeListProps) {
  const { t, i18n } = useTranslation('notices');
  const { data: notices, isPending, isError, refetch, isFetching } = useAnnouncements(['PL', 'B']);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set(initialOpenId ? [initialOpenId] : []));
  const baseId = useId();
  const language = i18n.resolvedLanguage ?? i18n.language;

  const classes = `notice-list${className ? ` ${className}` : ''}`;

  if (isPending) {
    return (
      <div className={classes} role="status" aria-busy="true" data-testid="notice-list-loading">
        <span className="notice-list__sr-only">{t('ui:loading')}</span>
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className="notice-list__skeleton">
            <Skeleton width="60%" height={18} />
            <Skeleton width={120} height={12} />
          </div>
        ))}
      </div>
    );
  }

  if (isError) {
    return (
      <div className={classes} data-testid="notice-list">
        <EmptyState message={t('loadFailed')}>
          <Button onClick={() => void refetch()} disabled={isFetching}>
            {t('retry')}
          </Button>
        </EmptyState>
      </div>
    );
  }

  if (notices.length === 0) {
    return (
      <div className={classes} data-testid="notice-list">
        <EmptyState message={t('noNotices')} />
      </div>
    );
  }

  const toggle = (id: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <ul className={classes} data-testid="notice-list">
      {notices.map((notice, index) => {
        const isOpen = expanded.has(notice.id);
        const buttonId = `${baseId}-button-${notice.id}`;
        const panelId = `${baseId}-panel-${notice.id}`;
        return (
          <li key={notice.id} className={`notice-list__item${isOpen ? ' notice-list__item--open' : ''}`}>
            <h3 className="notice-list__heading">
              <button
                type="button"
                id={buttonId}
                className="notice-list__toggle"
                aria-expanded={isOpen}
                aria-controls={panelId}
                onClick={() => toggle(notice.id)}
                data-testid={`notice-list-item-${index}`}
              >
                <span className="notice-list__title">{notice.title}</span>
                <time className="notice-list__date" dateTime={notice.startTime}>
                  {formatNoticeDate(notice.startTime, language)}
                </time>
                <svg className="notice-list__chevron" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                  <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </button>
            </h3>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              className="notice-list__panel"
              hidden={!isOpen}
            >
              {isOpen && <SafeHtml html={notice.content} />}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
