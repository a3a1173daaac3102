import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCsEntry, TCsType } from '@lotus/contracts/system';
import { useCsEntries } from './api/get-cs-entries';
import { CsIcon } from './cs-icon';
import { openCustomerService } from './open-customer-service';
import './cs-channels.css';
import './contact-list.css';

/** 2.FGT.03: the forgot-password contact list, in this order. */
export const CONTACT_LIST_ORDER = ['OFFICIAL', 'OFFICIAL', 'EMAIL', 'TELEGRAM', 'FACEBOOK', 'LIVECHAT'] as const;

export type ContactListProps = {
  /** Shown by the first OFFICIAL entry; default the current host name. */
  officialWebsite?: string;
  /** Shown by the second OFFICIAL entry: the official LINE id or label. */
  officialLine?: string;
  /** Passed to openCustomerService (rankLevel above 4 turns live chat into the VIP line). */
  rankLevel?: number | null;
  className?: string;
};

type ChannelType = Extract<TCsType, 'EMAIL' | 'TELEGRAM' | 'FACEBOOK' | 'LIVECHAT'>;

/** Title of a channel: the configured entry (csPosition FORGET or BOTH) when there is one. */
function findTitle(entries: readonly TCsEntry[] | undefined, type: ChannelType): string | undefined {
  const entry = entries?.find((e) => e.csType === type && (e.csPosition === 'FORGET' || e.csPosition === 'BOTH'));
  return entry?.title.trim() || undefined;
}

const neverChanges = () => () => {};
/**
 * The site's host name; '' in a page prerendered at build time (ADR 0040) and while such a page
 * hydrates, so the hydrated page matches its HTML; the host shows right after.
 */
function useHost(): string {
  return useSyncExternalStore(
    neverChanges,
    () => window.location.host,
    () => '',
  );
}

/**
 * The forgot-password contact list (2.FGT.03/04). Decision 2.FGT.05: the two OFFICIAL entries are
 * both intended and informational: the first shows the official website, the second the official
 * LINE; clicking them opens nothing. EMAIL, TELEGRAM, FACEBOOK and LIVECHAT open that channel.
 */
export function ContactList({ officialWebsite, officialLine, rankLevel, className }: ContactListProps) {
  const { t } = useTranslation('cs');
  const { data: entries } = useCsEntries();
  const host = useHost();
  const website = officialWebsite ?? host;
  const channels: ChannelType[] = ['EMAIL', 'TELEGRAM', 'FACEBOOK', 'LIVECHAT'];

  return (
    <section className={`contact-list${className ? ` ${className}` : ''}`} aria-label={t('contactUs')}>
      <ul className="contact-list__items" data-testid="contact-list">
        <li className="contact-list__item contact-list__item--info" data-type="OFFICIAL" data-testid="contact-item-0">
          <span className="contact-list__icon cs-channel--livechat">
            <CsIcon type="OFFICIAL_WEB" />
          </span>
          <span className="contact-list__text">
            <span className="contact-list__label">{t('officialWebsite')}</span>
            {/* A no-break space holds the line while the host is not known yet (no shift when it shows). */}
            <span className="contact-list__value">{website || '\u00a0'}</span>
          </span>
        </li>
        <li className="contact-list__item contact-list__item--info" data-type="OFFICIAL" data-testid="contact-item-1">
          <span className="contact-list__icon cs-channel--line">
            <CsIcon type="OFFICIAL_LINE" />
          </span>
          <span className="contact-list__text">
            <span className="contact-list__label">{t('officialLine')}</span>
            {officialLine && <span className="contact-list__value">{officialLine}</span>}
          </span>
        </li>
        {channels.map((type, i) => {
          const label = findTitle(entries, type) ?? t(`type_${type}`);
          return (
            <li key={type} className="contact-list__item" data-type={type} data-testid={`contact-item-${i + 2}`}>
              <button
                type="button"
                className="contact-list__button"
                onClick={() => void openCustomerService(type, rankLevel)}
                aria-label={`${label} (${t('opensInNewWindow')})`}
              >
                <span className={`contact-list__icon cs-channel--${type.toLowerCase()}`}>
                  <CsIcon type={type} />
                </span>
                <span className="contact-list__text">
                  <span className="contact-list__label">{label}</span>
                </span>
                <svg className="contact-list__arrow" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
                  <path d="M9 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
