import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TRegisterSettings, TWhitelabel } from '@lotus/contracts/system';
import { useRegisterSettings } from '@/api/get-register-settings';
import { useWhitelabel } from '@/api/get-whitelabel';
import { Button } from '@/components/ui/button/button';
import { getErrorText } from '@/lib/error-text';

/**
 * What the accounts forms (registration, forgot password) render from: the site's flags and its
 * field rules. Meanwhile the form's skeleton; when either cannot be loaded, the error and a retry.
 */
export function SiteRulesGate({
  testId,
  skeleton,
  className = 'acc-form',
  children,
}: {
  /** Prefix of the test ids of the error (`-error`) and the skeleton (`-loading`). */
  testId: string;
  skeleton: ReactNode;
  /** The skeleton's class. */
  className?: string;
  children: (flags: TWhitelabel, rules: TRegisterSettings) => ReactNode;
}) {
  const { t } = useTranslation('ui');
  const flags = useWhitelabel();
  const rules = useRegisterSettings();
  if (flags.isError || rules.isError) {
    return (
      <div className="acc-form" data-testid={`${testId}-error`}>
        <p className="acc-form__message" role="alert">
          {getErrorText(flags.error ?? rules.error)}
        </p>
        <Button
          onClick={() => {
            void flags.refetch();
            void rules.refetch();
          }}
        >
          {t('retry')}
        </Button>
      </div>
    );
  }
  if (!flags.data || !rules.data) {
    return (
      <div className={className} aria-busy="true" data-testid={`${testId}-loading`}>
        {skeleton}
      </div>
    );
  }
  return children(flags.data, rules.data);
}
