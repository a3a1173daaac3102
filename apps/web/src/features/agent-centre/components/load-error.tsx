import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button/button';
import { getErrorText } from '@/lib/error-text';

/** A failed read: what went wrong, in the agent's language, and a retry button (8.LOAD). */
export function LoadError({ error, onRetry, testId }: { error: unknown; onRetry: () => void; testId: string }) {
  const { t } = useTranslation('agent-centre');
  return (
    <div className="ac-error" role="alert" data-testid={testId}>
      <p className="ac-error__text">{t('common.load_error', { reason: getErrorText(error) })}</p>
      <Button variant="secondary" onClick={onRetry} data-testid={`${testId}-retry`}>
        {t('common.retry')}
      </Button>
    </div>
  );
}
