import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import type { AccountForm } from '../use-account-form';
import type { RegisterFormValues } from './register-rules';

/**
 * The age and terms box of registration and its error (4.REG.02, 5.REQ.08). It starts unticked
 * (issue 25, docs/adr/0072: a consent the player gives, not one given for them; over 4.REG.01).
 */
export function RegisterTerms({
  id,
  account: { form, values },
}: {
  id: string;
  account: AccountForm<RegisterFormValues>;
}) {
  const { t } = useTranslation('auth-register');
  const invalid = !!form.formState.errors.acceptTerms;
  return (
    <div className="acc-field">
      <label className="acc-terms">
        <input
          type="checkbox"
          checked={values.acceptTerms}
          onChange={(e) => {
            form.setValue('acceptTerms', e.target.checked);
            // Its error goes once the box is ticked.
            if (e.target.checked) form.clearErrors('acceptTerms');
          }}
          data-field="acceptTerms"
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-terms-error` : undefined}
          data-testid="register-terms"
        />
        <span>
          {t('terms.prefix')}{' '}
          <Link to={paths.help.getHref('term')} target="_blank" rel="noopener">
            {t('terms.link')}
          </Link>
        </span>
      </label>
      {invalid && (
        <p
          id={`${id}-terms-error`}
          className="acc-terms__error"
          role="alert"
          data-testid="register-terms-error"
        >
          {t('terms.error')}
        </p>
      )}
    </div>
  );
}
