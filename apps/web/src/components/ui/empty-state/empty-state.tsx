import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './empty-state.css';

export type EmptyStateProps = {
  /** Default the translated "No data" (spec 2.SIDE.02 wording). */
  message?: ReactNode;
  icon?: ReactNode;
  /** Actions under the message (e.g. a retry button). */
  children?: ReactNode;
  compact?: boolean;
  className?: string;
};

function EmptyBox() {
  return (
    <svg viewBox="0 0 64 48" width="64" height="48" aria-hidden="true" focusable="false">
      <path d="M8 18l10-12h28l10 12v22a4 4 0 0 1-4 4H12a4 4 0 0 1-4-4z" fill="currentColor" opacity="0.1" />
      <path
        d="M8 18l10-12h28l10 12M8 18v22a4 4 0 0 0 4 4h40a4 4 0 0 0 4-4V18M8 18h14a10 10 0 0 0 20 0h14"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function EmptyState({ message, icon, children, compact, className }: EmptyStateProps) {
  const { t } = useTranslation('ui');
  return (
    <div
      className={`ui-empty-state${compact ? ' ui-empty-state--compact' : ''}${className ? ` ${className}` : ''}`}
      data-testid="empty-state"
    >
      <span className="ui-empty-state__icon">{icon ?? <EmptyBox />}</span>
      <p className="ui-empty-state__message">{message ?? t('noData')}</p>
      {children}
    </div>
  );
}
