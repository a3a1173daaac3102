import { useState, type FormEvent } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useRegisterSettings } from '@/api/get-register-settings';
import { Button } from '@/components/ui/button/button';
import { getErrorText } from '@/lib/error-text';
import { notify } from '@/lib/notify';
import { useSetPaymentPasswordMutation } from '../api/put-payment-password';
import {
  checkPaymentPassword,
  paymentPasswordLength,
  type TPaymentPasswordErrors,
  type TPaymentPasswordFields,
} from '../lib/withdraw-rules';
import { Field } from './field';
import { NewPaymentPasswordFields } from './payment-password-fields';

/**
 * The payment password rule in words: "6 digits" when the site's rule is six digits exactly (never
 * "6 to 6 characters"), "4 to 8 digits", "6 characters, no spaces" or "6 to 64 characters, no spaces".
 */
export function paymentPasswordRuleText(
  t: TFunction<'wallet', 'withdraw'>,
  length: { min: number; max: number },
  digits: boolean,
): string {
  if (digits) return length.min === length.max ? t('pp_rule_digits_exact', { count: length.min }) : t('pp_rule_digits_range', length);
  return length.min === length.max ? t('pp_rule_chars_exact', { count: length.min }) : t('pp_new_hint', length);
}

const EMPTY: TPaymentPasswordFields = { password: '', newPaymentPassword: '', confirmPaymentPassword: '' };

/** Sets or changes the payment password (PUT /wps/member/password/payment); the login password confirms it. */
export function PaymentPasswordForm({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation('wallet', { keyPrefix: 'withdraw' });
  const save = useSetPaymentPasswordMutation();
  // The payment password follows the site's registration rule `paymentPassword` (length; digits when its pattern is 3).
  const { data: rules } = useRegisterSettings();
  const length = paymentPasswordLength(rules?.paymentPassword);
  const digits = rules?.paymentPassword.patternId === 3;
  const rule = paymentPasswordRuleText(t, length, digits);
  const ruleError = (key: NonNullable<TPaymentPasswordErrors['newPaymentPassword']>) =>
    key === 'payment_password_rule' ? t('errors.payment_password_rule_as', { rule }) : t(`errors.${key}`);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<TPaymentPasswordErrors>({});
  const set = (key: keyof TPaymentPasswordFields) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = checkPaymentPassword(values, length, digits);
    setErrors(found);
    const first = (Object.keys(EMPTY) as (keyof TPaymentPasswordFields)[]).find((k) => found[k]);
    if (first) {
      event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    try {
      await save.mutateAsync(values);
      notify.success(t('pp_saved'));
      setValues(EMPTY);
      onDone?.();
    } catch (error) {
      notify.error(getErrorText(error));
    }
  };

  return (
    <form
      className="wallet-form wallet-form--inline"
      noValidate
      onSubmit={(e) => void submit(e)}
      data-testid="pp-form"
    >
      <Field
        label={t('pp_login_password')}
        error={errors.password && t(`errors.${errors.password}`)}
        testId="pp-password"
      >
        <input
          name="password"
          type="password"
          className="record-input"
          autoComplete="current-password"
          value={values.password}
          onChange={set('password')}
          data-testid="pp-password"
        />
      </Field>
      <NewPaymentPasswordFields
        testId="pp"
        rule={rule}
        length={length}
        digits={digits}
        next={{
          value: values.newPaymentPassword,
          onChange: set('newPaymentPassword'),
          error: errors.newPaymentPassword && ruleError(errors.newPaymentPassword),
        }}
        confirm={{
          value: values.confirmPaymentPassword,
          onChange: set('confirmPaymentPassword'),
          error: errors.confirmPaymentPassword && t(`errors.${errors.confirmPaymentPassword}`),
        }}
      />
      <Button type="submit" variant="primary" disabled={save.isPending} data-testid="pp-submit">
        {t('pp_submit')}
      </Button>
    </form>
  );
}
