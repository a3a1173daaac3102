import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '../hooks/use-media-query';
import { getPageItems } from './get-page-items';
import './pager.css';

export type PagerProps = {
  /** Current page, 1-based. */
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  /** Pages shown on each side of the current one. Default 1. */
  siblings?: number;
  className?: string;
};

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d={direction === 'left' ? 'M15 6l-6 6 6 6' : 'M9 6l6 6-6 6'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The phone width (pager.css) below which the pager keeps one row of 44 px buttons. */
const NARROW = '(max-width: 480px)';

/**
 * Previous / page numbers / next. Renders nothing when there is a single page or none. On a phone
 * the current page shows without neighbours (previous, 1, …, 4, …, 7, next), so the row of 44 px
 * buttons fits a 360 px screen (issue 25).
 */
export function Pager({ page, totalPages, onChange, siblings = 1, className }: PagerProps) {
  const { t } = useTranslation('ui');
  const narrow = useMediaQuery(NARROW);
  if (totalPages <= 1) return null;
  const items = getPageItems(page, totalPages, narrow ? 0 : siblings);
  const go = (p: number) => {
    if (p >= 1 && p <= totalPages && p !== page) onChange(p);
  };
  return (
    <nav className={`ui-pager${className ? ` ${className}` : ''}`} aria-label={t('pagination')}>
      <button
        type="button"
        className="ui-pager__button ui-pager__arrow"
        aria-label={t('previousPage')}
        disabled={page <= 1}
        onClick={() => go(page - 1)}
      >
        <Chevron direction="left" />
      </button>
      {items.map((item) =>
        typeof item === 'number' ? (
          <button
            key={item}
            type="button"
            className="ui-pager__button"
            aria-label={t('page', { page: item })}
            aria-current={item === page ? 'page' : undefined}
            onClick={() => go(item)}
          >
            {item}
          </button>
        ) : (
          <span key={item} className="ui-pager__gap" aria-hidden="true">
            …
          </span>
        ),
      )}
      <button
        type="button"
        className="ui-pager__button ui-pager__arrow"
        aria-label={t('nextPage')}
        disabled={page >= totalPages}
        onClick={() => go(page + 1)}
      >
        <Chevron direction="right" />
      </button>
    </nav>
  );
}
