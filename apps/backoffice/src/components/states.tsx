import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '@/lib/api';

/** The error text of a failed call, translated, with an optional retry. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="state state-error">
      <p>{t(`errors:${errorCodeOf(error)}`)}</p>
      {onRetry ? (
        <button type="button" onClick={onRetry}>
          {t('actions.retry')}
        </button>
      ) : null}
    </div>
  );
}

export function LoadingState() {
  const { t } = useTranslation();
  return (
    <p className="state" role="status" aria-live="polite">
      {t('states.loading')}
    </p>
  );
}

export function EmptyState({ text }: { text?: string }) {
  const { t } = useTranslation();
  return <p className="state">{text ?? t('states.empty')}</p>;
}

/** A short message after an action (role=status so screen readers announce it). */
export function Notice({ tone = 'ok', children }: { tone?: 'ok' | 'error'; children: React.ReactNode }) {
  return (
    <p className={`notice notice-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}
