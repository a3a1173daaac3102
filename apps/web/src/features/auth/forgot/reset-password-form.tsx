import { useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { Button } from '@/components/ui/button/button';
import { showDialog } from '@/components/ui/dialog/dialog-store';
import { Skeleton } from '@/components/ui/skeleton/skeleton';
import { escapeHtml, getErrorText } from '@/lib/error-text';
import { useRegisterSettings } from '@/api/get-register-settings';
import { describedBy, FormField } from '../register/form-field';
import { fieldErrorText, type FieldError } from '../register/register-rules';
import { useResetByLinkMutation } from './api/post-reset-by-link';
import { getPasswordRule, passwordHint, validateResetForm, type ResetForm } from './forgot-rules';
import '../register/accounts-form.css';

/**
 * The page the mailed reset link opens (/forget#token=<token>): a new password, twice, meeting
 * the password rule; success -> a toast and /login. A used or expired link says so and offers a new
 * request.
 */
export function ResetPasswordForm({ token, onRestart }: { token: string; onRestart: () => void }) {
  const { t } = useTranslation(['auth-forgot', 'auth-register', 'errors', 'ui']);
  const rules = useRegisterSettings();
  const navigate = useNavigate();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<ResetForm>({ newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof ResetForm, FieldError>>>({});
  const [busy, setBusy] = useState(false);
  const resetByLink = useResetByLinkMutation();
  const [linkInvalid, setLinkInvalid] = useState(false);

  if (rules.isError) {
    return (
      <p className="acc-form__message" role="alert">
        {getErrorText(rules.error)}
      </p>
    );
  }
  if (!rules.data) return <Skeleton height={44} count={3} />;
  const settings = rules.data;

  if (linkInvalid) {
    return (
      <div className="acc-form" data-testid="reset-link-invalid">
        <p className="acc-form__message" role="alert">
          {t('errors:reset_link_invalid')}
        </p>
        <Button variant="primary" onClick={onRestart}>
          {t('reset_restart')}
        </Button>
      </div>
    );
  }

  const label = (field: keyof ResetForm) => t(`fields.${field}`);
  const set = (field: keyof ResetForm, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const errs = validateResetForm(values, settings);
    if (Object.keys(errs).length > 0) {
      setErrors(errs);
      formRef.current?.querySelector<HTMLElement>(`[data-field="${Object.keys(errs)[0]}"]`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await resetByLink.mutateAsync({ token, newPassword: values.newPassword, confirmNewPassword: values.confirmPassword });
      notify.success(t('reset_done'));
      void navigate(paths.login.getHref(), { replace: true });
    } catch (error) {
      if (isApiError(error) && error.code === 'reset_link_invalid') setLinkInvalid(true);
      else if (isApiError(error) && error.details.fields?.newPassword) {
        setErrors({ newPassword: { reason: error.details.fields.newPassword, rule: getPasswordRule(settings) } });
      } else if (isApiError(error) && error.details.fields?.confirmNewPassword) {
        setErrors({ confirmPassword: { reason: error.details.fields.confirmNewPassword } });
      } else {
        void showDialog({ icon: 'warning', html: escapeHtml(getErrorText(error)), buttons: [{ label: t('ui:ok'), variant: 'primary' }] });
      }
    } finally {
      setBusy(false);
    }
  };

  const field = (name: keyof ResetForm, hint?: string) => {
    const fid = `${id}-${name}`;
    const error = errors[name] ? fieldErrorText(t, errors[name], label(name)) : undefined;
    return (
      <FormField id={fid} label={label(name)} required error={error} hint={hint} testId={`reset-field-${name}`}>
        <input
          id={fid}
          className="acc-input"
          type="password"
          autoComplete="new-password"
          maxLength={128}
          value={values[name]}
          onChange={(e) => set(name, e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-required
          aria-describedby={describedBy(fid, { error, hint })}
          data-field={name}
          data-testid={`reset-input-${name}`}
        />
      </FormField>
    );
  };

  return (
    <form ref={formRef} className="acc-form" noValidate onSubmit={(e) => void onSubmit(e)} data-testid="reset-password-form">
      <p className="acc-field__hint">{t('reset_intro')}</p>
      {field('newPassword', passwordHint(t, settings))}
      {field('confirmPassword')}
      <Button type="submit" variant="primary" className="acc-form__submit" disabled={busy} data-testid="reset-submit">
        {t('reset_submit')}
      </Button>
      <p className="acc-form__footer">
        <Link to={paths.login.getHref()}>{t('back_to_login')}</Link>
      </p>
    </form>
  );
}
