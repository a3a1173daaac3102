import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { menuTagsNeedArrows } from '../lib/lottery-rules';

export type TMenuTag = { menu: string; label: string; count: number };

/**
 * The lobby's menu tags (2.LOB.01): one toggle button per menu, in the call's order; with more than 7 menus
 * the row scrolls and shows previous/next arrows. A row of buttons with aria-pressed (each tag filters the
 * list below), like the game lists' vendor tabs. `value` null: no tag chosen (a hot, fav or recent list).
 */
export function MenuTags({
  tags,
  value,
  onChange,
}: {
  tags: readonly TMenuTag[];
  value: string | null;
  onChange: (menu: string) => void;
}) {
  const { t } = useTranslation('lottery');
  const rowRef = useRef<HTMLDivElement>(null);
  const withArrows = menuTagsNeedArrows(tags.length);
  const [edges, setEdges] = useState({ start: true, end: false });

  const measure = useCallback(() => {
    const row = rowRef.current;
    if (!row) return;
    setEdges({ start: row.scrollLeft <= 1, end: row.scrollLeft + row.clientWidth >= row.scrollWidth - 1 });
  }, []);
  useEffect(measure, [measure, tags.length]);

  const scroll = (direction: 1 | -1) => {
    const row = rowRef.current;
    row?.scrollBy({ left: direction * Math.max(160, row.clientWidth * 0.8), behavior: 'smooth' });
  };

  return (
    <div className={`lotto-tags${withArrows ? ' lotto-tags--arrows' : ''}`} data-testid="lottery-menus">
      {withArrows && (
        <button
          type="button"
          className="lotto-tags__arrow"
          data-testid="lottery-menus-prev"
          aria-label={t('lobby.previous')}
          disabled={edges.start}
          onClick={() => scroll(-1)}
        >
          ‹
        </button>
      )}
      <div
        className="lotto-tags__row"
        ref={rowRef}
        onScroll={measure}
        role="group"
        aria-label={t('lobby.menus')}
      >
        {tags.map((tag) => (
          <button
            key={tag.menu}
            type="button"
            className="lotto-tag"
            data-testid={`lottery-menu-${tag.menu}`}
            aria-pressed={value === tag.menu}
            onClick={() => onChange(tag.menu)}
          >
            {tag.label}
            <span className="lotto-tag__count">{tag.count}</span>
          </button>
        ))}
      </div>
      {withArrows && (
        <button
          type="button"
          className="lotto-tags__arrow"
          data-testid="lottery-menus-next"
          aria-label={t('lobby.next')}
          disabled={edges.end}
          onClick={() => scroll(1)}
        >
          ›
        </button>
      )}
    </div>
  );
}

/** The menu row's placeholder while the menus load: its final height. */
export function MenuTagsSkeleton() {
  return (
    <div className="lotto-tags" aria-hidden="true">
      <div className="lotto-tags__row">
        {Array.from({ length: 5 }, (_, i) => (
          <span key={i} className="lotto-tag lotto-tag--skeleton lotto-skeleton" />
        ))}
      </div>
    </div>
  );
}
