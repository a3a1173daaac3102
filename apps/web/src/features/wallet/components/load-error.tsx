import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button/button';
import { getErrorText } from '@/lib/error-text';

/** A failed read: what went wrong, in the member's language, and a retry button (8.LOAD). */
export function LoadError({
  error,
  onRetry,
  testId,
}: {
  error: unknown;
  onRetry: () => void;
  testId: string;
}) {
  const { t } = useTranslation('wallet');
  return (
    <div className="wallet-error" role="alert" data-testid={testId}>
      <p className="wallet-error__text">{t('common.load_error', { reason: getErrorText(error) })}</p>
      <Button variant="secondary" className="wallet-touch" onClick={onRetry} data-testid={`${testId}-retry`}>
        {t('common.retry')}
      </Button>
    </div>
  );
}
