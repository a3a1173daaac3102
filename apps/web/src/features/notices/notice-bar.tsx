import { lazy, Suspense, useEffect, useState, type CSSProperties, type FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnnouncements } from './api/get-announcements';
import { prewarmNoticeDate } from './format-notice-date';
import { SpeakerIcon } from './speaker-icon';
import './notice-bar.css';

// The modal (with the HTML sanitiser) loads when a title is opened: the bar is on the home page's
// first load, the modal is not (issue 10: less code before the page is live).
const NoticeModal = lazy(() => import('./notice-modal').then((m) => ({ default: m.NoticeModal })));

/** Scrolling speed of the titles: seconds per character, with a floor for short lists. */
const SECONDS_PER_CHAR = 0.25;
const MIN_DURATION_S = 12;

export type NoticeBarProps = { className?: string };

/**
 * The notice bar under the banners (2.NOT.01-03): speaker icon, label and the titles of the type B
 * notices scrolling right to left. It pauses while hovered or while a title has keyboard focus;
 * with reduced motion the titles do not move (the row scrolls by hand instead). A title click
 * opens the notice modal at that index. While loading it keeps the bar's place (an empty bar of the
 * same height, so nothing below moves when the notices arrive, issue 10); nothing when there is no
 * notice or the call fails.
 */
export function NoticeBar({ className }: NoticeBarProps) {
  const { t, i18n } = useTranslation('notices');
  const { data: notices, isPending } = useAnnouncements(['B']);
  const language = i18n.resolvedLanguage ?? i18n.language;
  useEffect(() => prewarmNoticeDate(language), [language]);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [openIndex, setOpenIndex] = useState<number | null>(null);

  if (isPending) {
    return (
      <div className={`notice-bar notice-bar--pending${className ? ` ${className}` : ''}`} aria-hidden="true" data-testid="notice-bar-pending">
        <span className="notice-bar__label">
          <SpeakerIcon />
        </span>
      </div>
    );
  }
  if (!notices || notices.length === 0) return null;

  const paused = hovered || focused;
  const chars = notices.reduce((sum, n) => sum + n.title.length, 0);
  const style = {
    '--notice-duration': `${Math.max(MIN_DURATION_S, Math.round(chars * SECONDS_PER_CHAR + notices.length * 2))}s`,
  } as CSSProperties;

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) setFocused(false);
  };

  const renderGroup = (clone: boolean) => (
    <ul className={`notice-bar__group${clone ? ' notice-bar__group--clone' : ''}`} aria-hidden={clone || undefined}>
      {notices.map((notice, index) => (
        <li key={notice.id} className="notice-bar__item">
          <button
            type="button"
            className="notice-bar__title"
            onClick={() => setOpenIndex(index)}
            tabIndex={clone ? -1 : undefined}
            data-testid={clone ? undefined : `notice-item-${index}`}
          >
            {notice.title}
          </button>
        </li>
      ))}
    </ul>
  );

  return (
    <>
      <div
        className={`notice-bar${className ? ` ${className}` : ''}`}
        data-testid="notice-bar"
        data-paused={paused ? 'true' : 'false'}
        role="region"
        aria-label={t('announcement')}
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={onBlur}
      >
        <span className="notice-bar__label">
          <SpeakerIcon />
          <span className="notice-bar__label-text">{t('announcement')}</span>
        </span>
        <div className="notice-bar__viewport">
          <div className="notice-bar__track" style={style}>
            {renderGroup(false)}
            {renderGroup(true)}
          </div>
        </div>
      </div>
      {openIndex !== null && (
        <Suspense fallback={null}>
          <NoticeModal open notices={notices} initialIndex={openIndex} onClose={() => setOpenIndex(null)} />
        </Suspense>
      )}
    </>
  );
}
