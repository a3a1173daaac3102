import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/components/page-frame/page-frame';
import { ComingSoon } from '@/components/coming-soon/coming-soon';
import { CloseIcon } from '@/components/icons/icons';
import { Skeleton } from '@/components/ui/skeleton/skeleton';
import { getBadgeCount, getMenuPages, type TBadgeCounts, type TMemberCentrePage } from '../member-centre-pages';
import '../member-centre.css';

export type MemberCentreProps = {
  page: TMemberCentrePage;
  /** 2.MC.19: the menu renders only once its data (member info) has loaded. */
  loaded: boolean;
  counts: TBadgeCounts;
  onSelect: (page: TMemberCentrePage) => void;
  onClose: () => void;
  /** Agent levels see the agent-only entries (share profit); plain members do not. */
  agent?: boolean;
  /** The content of pages this issue brings (securityCenter); the others show coming soon. */
  pages: Partial<Record<TMemberCentrePage, ReactNode>>;
};

/**
 * The member-centre panel (2.MC): the menu of page keys with badges (2.MC.16), a close button
 * (2.MC.18), and the chosen page. Pages that later issues bring show a coming-soon notice inside
 * the panel.
 */
export function MemberCentre({ page, loaded, counts, onSelect, onClose, pages, agent = false }: MemberCentreProps) {
  const { t } = useTranslation('member-centre');
  // Phones show the menu as one scrolling row: the current entry is scrolled into view.
  const activeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const item = activeRef.current;
    const row = item?.closest('ul');
    if (!item || !row || row.scrollWidth <= row.clientWidth) return;
    row.scrollLeft = item.offsetLeft - (row.clientWidth - item.offsetWidth) / 2;
  }, [page, loaded]);
  return (
    <PageFrame title={t('title')} testId="member-centre" headingHidden>
      <div className="mc-panel card">
        <header className="mc-panel__head">
          <h2 className="mc-panel__title">{t('title')}</h2>
          <button type="button" className="mc-panel__close" onClick={onClose} aria-label={t('close')} title={t('close')} data-testid="member-centre-close">
            <CloseIcon />
          </button>
        </header>
        <div className="mc-panel__body">
          {loaded ? (
            <nav className="mc-menu" aria-label={t('menu')} data-testid="member-centre-menu">
              <ul role="list">
                {getMenuPages(agent).map((key) => {
                  const count = getBadgeCount(key, counts);
                  return (
                    <li key={key}>
                      <button
                        type="button"
                        ref={key === page ? activeRef : undefined}
                        className={`mc-menu__item${key === page ? ' mc-menu__item--active' : ''}`}
                        aria-current={key === page ? 'page' : undefined}
                        onClick={() => onSelect(key)}
                        data-testid={`mc-entry-${key}`}
                      >
                        <span>{t(`pages.${key}`)}</span>
                        {count > 0 && (
                          <span className="mc-menu__badge" data-testid={`mc-badge-${key}`}>
                            {count > 99 ? '99+' : count}
                          </span>
                        )}
                      </button>
                    </li>
                  );
                })}
              </ul>
            </nav>
          ) : (
            <div className="mc-menu" aria-hidden="true" data-testid="member-centre-menu-loading">
              {/* The menu's final height: a column on desktop, one row of entries on phones (no shift). */}
              <Skeleton height="var(--mc-menu-skeleton-height, 320px)" />
            </div>
          )}
          <section className="mc-content" aria-label={t(`pages.${page}`)} data-testid={`mc-page-${page}`}>
            {pages[page] ?? <ComingSoon title={t(`pages.${page}`)}>{t('coming_soon')}</ComingSoon>}
          </section>
        </div>
      </div>
    </PageFrame>
  );
}
