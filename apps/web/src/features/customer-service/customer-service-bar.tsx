import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCsEntry } from '@lotus/contracts/system';
import { useCsEntries } from './api/get-cs-entries';
import { CsIcon } from './cs-icon';
import { openCustomerService, VIP_RANK_THRESHOLD } from './open-customer-service';
import './cs-channels.css';
import './customer-service-bar.css';

export type CustomerServiceBarProps = {
  /** The member's rank level (decision 3.MEM.07); above 4 shows the VIP line and routes live chat to it. */
  rankLevel?: number | null;
};

/**
 * Decision 2.SIDE.06: the right bar shows the entries whose csPosition is RIGHT or BOTH, in the
 * configured order; a VIP entry only for a member whose rankLevel is above 4 (the VIP line).
 */
export function selectRightBarEntries(entries: readonly TCsEntry[], rankLevel?: number | null): TCsEntry[] {
  const isVip = typeof rankLevel === 'number' && rankLevel > VIP_RANK_THRESHOLD;
  return entries.filter(
    (e) => (e.csPosition === 'RIGHT' || e.csPosition === 'BOTH') && (e.csType !== 'VIP' || isVip),
  );
}

/**
 * The fixed right-side bar of customer-service channels (2.SIDE.04/05). Absent while loading, on
 * error and when no channel is configured for it. On phones the channels fold behind one
 * customer-service button (aria-expanded) so the bar does not cover the page.
 */
export function CustomerServiceBar({ rankLevel }: CustomerServiceBarProps) {
  const { t } = useTranslation('cs');
  const { data } = useCsEntries();
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const entries = data ? selectRightBarEntries(data, rankLevel) : [];
  if (entries.length === 0) return null;

  return (
    <nav
      className={`cs-bar${expanded ? ' cs-bar--expanded' : ''}`}
      aria-label={t('channels')}
      data-testid="customer-service-bar"
    >
      <button
        type="button"
        className="cs-bar__toggle"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-label={t('customerService')}
        title={t('customerService')}
        onClick={() => setExpanded((v) => !v)}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path
            d="M4 13v-1a8 8 0 0 1 16 0v1M4 13a2 2 0 0 1 2-2h1v6H6a2 2 0 0 1-2-2zM20 13a2 2 0 0 0-2-2h-1v6h1a2 2 0 0 0 2-2zM18 17v1a3 3 0 0 1-3 3h-2"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </button>
      <ul className="cs-bar__list" id={listId}>
        {entries.map((entry, index) => {
          const label = entry.title.trim() || t(`type_${entry.csType}`);
          return (
            <li key={`${entry.csType}-${index}`}>
              <button
                type="button"
                className={`cs-bar__button cs-channel--${entry.csType.toLowerCase()}`}
                aria-label={`${label} (${t('opensInNewWindow')})`}
                title={label}
                onClick={() => void openCustomerService(entry.csType, rankLevel)}
                data-testid={`cs-bar-${entry.csType}`}
              >
                <CsIcon type={entry.csType} />
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
