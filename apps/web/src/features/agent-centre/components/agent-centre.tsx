import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/components/page-frame/page-frame';
import { CloseIcon } from '@/components/icons/icons';
import { Skeleton } from '@/components/ui/skeleton/skeleton';
import { CONTRACT_PAGES, getMenuPages, isContractPage, type TAgentCentrePage, type TContractFlags } from '../agent-centre-pages';
import { NotAvailable } from './not-available';
import '../agent-centre.css';

export type AgentCentreProps = {
  page: TAgentCentrePage;
  /** The contract flags (team overview); undefined while they load or when they could not be read. */
  flags: TContractFlags | undefined;
  /** The menu waits for the flags (its contract entries depend on them), so it never grows under the finger. */
  loaded: boolean;
  onSelect: (page: TAgentCentrePage) => void;
  onClose: () => void;
  /** The chosen page's content; pages no server call serves yet show their "not available yet" state. */
  content?: ReactNode;
};

/**
 * The agent centre (2.AC): the menu of page keys (2.AC.01; contract entries by their flags, 2.AC.03/04, decision
 * 2.AC.06), a close button (2.AC.05) and the chosen page. A column beside the page on a desktop, one scrolling row
 * above it on a phone (like the member centre).
 */
export function AgentCentre({ page, flags, loaded, onSelect, onClose, content }: AgentCentreProps) {
  const { t } = useTranslation('agent-centre');
  // Phones show the menu as one scrolling row: the current entry is scrolled into view.
  const activeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const item = activeRef.current;
    const row = item?.closest('ul');
    if (!item || !row || row.scrollWidth <= row.clientWidth) return;
    row.scrollLeft = item.offsetLeft - (row.clientWidth - item.offsetWidth) / 2;
  }, [page, loaded]);
  return (
    <PageFrame title={t('title')} testId="agentHome-page" headingHidden>
      <div className="ac-panel card" data-testid="agent-centre">
        <header className="ac-panel__head">
          <h2 className="ac-panel__title">{t('title')}</h2>
          <button type="button" className="ac-panel__close" onClick={onClose} aria-label={t('close')} title={t('close')} data-testid="agent-centre-close">
            <CloseIcon />
          </button>
        </header>
        <div className="ac-panel__body">
          {loaded ? (
            <nav className="ac-menu" aria-label={t('menu')} data-testid="agent-centre-menu">
              <ul role="list">
                {getMenuPages(flags).map((key) => {
                  const offer = isContractPage(key) && flags?.[CONTRACT_PAGES[key].flag] === 1;
                  return (
                    <li key={key}>
                      <button
                        type="button"
                        ref={key === page ? activeRef : undefined}
                        className={`ac-menu__item${key === page ? ' ac-menu__item--active' : ''}`}
                        aria-current={key === page ? 'page' : undefined}
                        onClick={() => onSelect(key)}
                        data-testid={`ac-entry-${key}`}
                      >
                        <span>{t(`pages.${key}`)}</span>
                        {offer ? ' ' : null}
                        {offer ? (
                          <span className="ac-menu__badge" data-testid={`ac-offer-${key}`}>
                            {t('menu_offer')}
                          </span>
                        ) : null}
                      </button>
                    </li>
                  );
                })}
              </ul>
            </nav>
          ) : (
            <div className="ac-menu" aria-hidden="true" data-testid="agent-centre-menu-loading">
              <Skeleton height="var(--ac-menu-skeleton-height, 420px)" />
            </div>
          )}
          <section className="ac-content" aria-label={t(`pages.${page}`)} data-testid={`ac-page-${page}`}>
            {content ?? <NotAvailable page={page} />}
          </section>
        </div>
      </div>
    </PageFrame>
  );
}
