import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button/button';
import { getErrorText } from '@/lib/error-text';
import { Field } from '../../login/components/field';
import { useRegisterSettings } from '@/api/get-register-settings';
import { useChangePasswordMutation } from '../api/put-password';
import { getPasswordRule, validatePasswordChange, type TFieldMessage, type TPasswordErrors } from '../password-rule';

export type ChangePasswordFormProps = {
  /** The current password when the app knows it (forced change after login): not asked (5.CPW.04). */
  knownOldPassword: string | null;
  /** Called with the new password once the server accepted it. */
  onChanged: (newPassword: string) => void;
  /** Extra buttons below the submit button (cancel, log out). */
  secondaryActions?: ReactNode;
};

/**
 * Change password (5.CPW, 3.LOG.06, 7.AUTH.12): old password (only when not known), new password
 * by the registration password rule, confirmation equal to it; PUT /wps/member/password (enc).
 */
export function ChangePasswordForm({ knownOldPassword, onChanged, secondaryActions }: ChangePasswordFormProps) {
  const { t } = useTranslation('auth-login');
  const { data: settings } = useRegisterSettings();
  const rule = getPasswordRule(settings);
  const askOldPassword = knownOldPassword === null;
  const [values, setValues] = useState({ oldPassword: '', newPassword: '', confirmNewPassword: '' });
  const [errors, setErrors] = useState<TPasswordErrors>({});
  const [message, setMessage] = useState('');
  const [pending, setPending] = useState(false);
  const changePassword = useChangePasswordMutation();

  const text = (m: TFieldMessage | undefined) => (m ? t(m.key, m.values ?? {}) : undefined);
  const set = (field: keyof typeof values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const next = validatePasswordChange(values, { askOldPassword, rule });
    setErrors(next);
    setMessage('');
    if (Object.keys(next).length > 0) return;
    setPending(true);
    try {
      await changePassword.mutateAsync({
        oldPassword: knownOldPassword ?? values.oldPassword,
        newPassword: values.newPassword,
        confirmNewPassword: values.confirmNewPassword,
      });
      onChanged(values.newPassword);
    } catch (error) {
      setMessage(getErrorText(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="auth-form" onSubmit={(e) => void onSubmit(e)} noValidate data-testid="change-password-form">
      {message && (
        <p className="auth-form__message" role="alert" data-testid="change-password-error">
          {message}
        </p>
      )}
      {askOldPassword && (
        <Field
          label={t('password.old')}
          type="password"
          revealable
          autoComplete="current-password"
          maxLength={128}
          value={values.oldPassword}
          onChange={set('oldPassword')}
          error={text(errors.oldPassword)}
          data-testid="old-password"
        />
      )}
      <Field
        label={t('password.new')}
        type="password"
        revealable
        autoComplete="new-password"
        maxLength={rule.maxLength}
        value={values.newPassword}
        onChange={set('newPassword')}
        error={text(errors.newPassword)}
        data-testid="new-password"
      />
      <p className="auth-form__note">
        {rule.minLength === rule.maxLength
          ? t('password.hint_exact', { count: rule.minLength })
          : t('password.hint', { min: rule.minLength, max: rule.maxLength })}
      </p>
      <Field
        label={t('password.confirm')}
        type="password"
        revealable
        autoComplete="new-password"
        maxLength={rule.maxLength}
        value={values.confirmNewPassword}
        onChange={set('confirmNewPassword')}
        error={text(errors.confirmNewPassword)}
        data-testid="confirm-password"
      />
      <div className="auth-form__actions">
        <Button type="submit" variant="primary" block disabled={pending} aria-busy={pending || undefined} data-testid="change-password-submit">
          {pending ? t('form.please_wait') : t('password.submit')}
        </Button>
        {secondaryActions}
      </div>
    </form>
  );
}
