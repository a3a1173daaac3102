import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VENDOR_TABS_WITHOUT_ARROWS } from '../lib/list-state';

export type TVendorTab = { vassalage: string; displayName: string };

/**
 * The vendor tabs of a game list (2.GL.01): "all providers" then each vendor; with more than 7
 * vendors the row scrolls and shows previous/next arrows (2.GL.02). A row of buttons with
 * aria-pressed (each tab filters the same list below, so they are toggle buttons, not a tablist).
 */
export function VendorTabs({
  vendors,
  value,
  onChange,
}: {
  vendors: readonly TVendorTab[];
  value: string;
  onChange: (vassalage: string) => void;
}) {
  const { t } = useTranslation('games');
  const rowRef = useRef<HTMLDivElement>(null);
  const withArrows = vendors.length > VENDOR_TABS_WITHOUT_ARROWS;
  const [edges, setEdges] = useState({ start: true, end: false });

  const measure = useCallback(() => {
    const row = rowRef.current;
    if (!row) return;
    setEdges({ start: row.scrollLeft <= 1, end: row.scrollLeft + row.clientWidth >= row.scrollWidth - 1 });
  }, []);
  useEffect(measure, [measure, vendors.length]);

  const scroll = (direction: 1 | -1) => {
    const row = rowRef.current;
    row?.scrollBy({ left: direction * Math.max(160, row.clientWidth * 0.8), behavior: 'smooth' });
  };

  const tabs = [{ vassalage: '', displayName: t('vendors.all') }, ...vendors];
  return (
    <div className={`vendor-tabs${withArrows ? ' vendor-tabs--arrows' : ''}`} data-testid="vendor-tabs">
      {withArrows && (
        <button
          type="button"
          className="vendor-tabs__arrow"
          data-testid="vendor-tabs-prev"
          aria-label={t('vendors.previous')}
          disabled={edges.start}
          onClick={() => scroll(-1)}
        >
          ‹
        </button>
      )}
      <div className="vendor-tabs__row" ref={rowRef} onScroll={measure} role="group" aria-label={t('vendors.label')}>
        {tabs.map((vendor) => (
          <button
            key={vendor.vassalage || '*'}
            type="button"
            className="vendor-tabs__tab"
            data-testid={`vendor-tab-${vendor.vassalage || 'all'}`}
            aria-pressed={value === vendor.vassalage}
            onClick={() => onChange(vendor.vassalage)}
          >
            {vendor.displayName}
          </button>
        ))}
      </div>
      {withArrows && (
        <button
          type="button"
          className="vendor-tabs__arrow"
          data-testid="vendor-tabs-next"
          aria-label={t('vendors.next')}
          disabled={edges.end}
          onClick={() => scroll(1)}
        >
          ›
        </button>
      )}
    </div>
  );
}
