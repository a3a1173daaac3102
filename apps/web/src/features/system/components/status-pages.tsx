import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/components/page-frame/use-document-title';
import { HeadsetIcon } from '@/components/icons/icons';
import '../system.css';
import { dateTimeFormat } from '@/lib/intl';

export type ContactSupport = () => Promise<void> | void;

/** Formats an ISO time in the current interface language; null when absent or not a date. */
export function formatEndTime(endTime: string | null | undefined, language: string): string | null {
  if (!endTime) return null;
  const date = new Date(endTime);
  if (Number.isNaN(date.getTime())) return null;
  try {
    return dateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' }).format(date);
  } catch {
    return date.toLocaleString();
  }
}

function ContactButton({ onContactSupport }: { onContactSupport: ContactSupport }) {
  const { t } = useTranslation('common');
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="btn btn--primary status-page__cs"
      data-testid="status-cs-button"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await onContactSupport();
        } finally {
          setBusy(false);
        }
      }}
    >
      <HeadsetIcon size={18} />
      {t('actions.contact_cs')}
    </button>
  );
}

/** 2.MNT: title, end time (only when given, in the current language), info text, customer service. */
export function MaintenancePage({
  endTime,
  info,
  onContactSupport,
}: {
  endTime: string | null;
  info: string | null;
  onContactSupport: ContactSupport;
}) {
  const { t, i18n } = useTranslation('common');
  useDocumentTitle(t('titles.maintenance'));
  const end = formatEndTime(endTime, i18n.language);
  return (
    <main className="status-page" data-testid="maintenance-page">
      <div className="status-page__card card">
        <svg className="status-page__art" viewBox="0 0 64 64" width="72" height="72" aria-hidden="true" focusable="false">
          <circle cx="32" cy="32" r="30" fill="currentColor" opacity="0.12" />
          <path
            fill="none"
            stroke="currentColor"
            strokeWidth="3"
            strokeLinecap="round"
            d="M40 18a9 9 0 0 0-11 11L17 41a4 4 0 0 0 6 6l12-12a9 9 0 0 0 11-11l-6 6-5-1-1-5z"
          />
        </svg>
        <h1 className="status-page__title">{t('status.maintenance_title')}</h1>
        {end && (
          <p className="status-page__time" data-testid="maintenance-end-time">
            {t('status.maintenance_until', { time: end })}
          </p>
        )}
        <p className="status-page__info">{info || t('status.maintenance_info')}</p>
        <ContactButton onContactSupport={onContactSupport} />
      </div>
    </main>
  );
}

/** 2.MNT: the visitor's IP, info text, customer service. */
export function RegionBlockedPage({
  ip,
  info,
  onContactSupport,
}: {
  ip: string;
  info: string | null;
  onContactSupport: ContactSupport;
}) {
  const { t } = useTranslation('common');
  useDocumentTitle(t('titles.region_blocked'));
  return (
    <main className="status-page" data-testid="region-blocked-page">
      <div className="status-page__card card">
        <svg className="status-page__art" viewBox="0 0 64 64" width="72" height="72" aria-hidden="true" focusable="false">
          <circle cx="32" cy="32" r="30" fill="currentColor" opacity="0.12" />
          <circle cx="32" cy="32" r="16" fill="none" stroke="currentColor" strokeWidth="3" />
          <path d="M21 43 43 21" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
        </svg>
        <h1 className="status-page__title">{t('status.region_title')}</h1>
        <p className="status-page__ip" data-testid="visitor-ip">
          {t('status.region_ip', { ip })}
        </p>
        <p className="status-page__info">{info || t('status.region_info')}</p>
        <ContactButton onContactSupport={onContactSupport} />
      </div>
    </main>
  );
}
