import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TLoginResult } from '@lotus/contracts/auth';
import { Button } from '@/components/ui/button/button';
import { getErrorText } from '@/lib/error-text';
import { Field } from '../../login/components/field';
import { postLoginSecondFactor } from '../../login/api/post-login-2fa';

/** A code is 6 digits (authenticator) or a recovery code (letters, digits, dashes). */
export const normalizeSecondFactorCode = (code: string) => code.trim().replace(/\s+/g, '');

/**
 * The 2FA login step (decision 2.OTH.07): after username and password, a member who enrolled
 * enters the 6-digit code of the authenticator app, or one of the recovery codes.
 */
export function TwoFactorStep({
  ticket,
  onDone,
  onCancel,
}: {
  ticket: string;
  onDone: (result: TLoginResult) => void | Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('auth-login');
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const value = normalizeSecondFactorCode(code);
    if (value.length < 6) {
      setError(t('two_factor.code_required'));
      return;
    }
    setPending(true);
    setError('');
    try {
      const result = await postLoginSecondFactor({ ticket, code: value });
      await onDone(result);
    } catch (e) {
      setError(getErrorText(e));
      setPending(false);
    }
  };

  return (
    <form className="two-factor-step auth-form" onSubmit={(e) => void onSubmit(e)} noValidate data-testid="two-factor-step">
      <h3 className="auth-layout__title">{t('two_factor.step_title')}</h3>
      <p className="auth-form__note">{t('two_factor.step_text')}</p>
      <Field
        label={t('two_factor.code')}
        value={code}
        onChange={(v) => {
          setCode(v);
          setError('');
        }}
        error={error || undefined}
        inputMode="text"
        autoComplete="one-time-code"
        autoFocus
        maxLength={20}
        data-testid="two-factor-code"
      />
      <div className="auth-form__actions">
        <Button type="submit" variant="primary" block disabled={pending} aria-busy={pending || undefined} data-testid="two-factor-submit">
          {pending ? t('form.please_wait') : t('two_factor.verify')}
        </Button>
        <Button variant="ghost" block onClick={onCancel}>
          {t('form.cancel')}
        </Button>
      </div>
    </form>
  );
}
