import type { ChangeEventHandler } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from './field';

type TStepUpInput = { value: string; onChange: ChangeEventHandler<HTMLInputElement>; error?: string };

/**
 * The step-up of a money form: the payment password and, with two-factor login on, the code from the
 * authenticator app (6 digits or a recovery code). Labels and hints come from the page's texts
 * (wallet.json `withdraw` or `share`); the inputs' test ids are `<testId>-password` and `<testId>-totp`.
 */
export function PaymentPasswordFields({
  texts,
  testId,
  password,
  code,
}: {
  texts: 'withdraw' | 'share';
  testId: string;
  password: TStepUpInput;
  /** The authenticator code, when two-factor login is on. */
  code?: TStepUpInput;
}) {
  const { t } = useTranslation('wallet', { keyPrefix: texts });
  return (
    <>
      <Field label={t('payment_password')} error={password.error} testId={`${testId}-password`}>
        <input
          name="paymentPassword"
          type="password"
          className="record-input"
          autoComplete="off"
          value={password.value}
          onChange={password.onChange}
          data-testid={`${testId}-password`}
        />
      </Field>
      {code ? (
        <Field label={t('totp')} hint={t('totp_hint')} error={code.error} testId={`${testId}-totp`}>
          <input
            name="totpCode"
            className="record-input"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={20}
            value={code.value}
            onChange={code.onChange}
            data-testid={`${testId}-totp`}
          />
        </Field>
      ) : null}
    </>
  );
}

type TNewPasswordInput = { value: string; onChange: ChangeEventHandler<HTMLInputElement>; error?: string };

/**
 * A new payment password and its confirmation, under the site's rule (`rule` in words, its length, digits
 * only when the rule says so). Used by the withdrawal setup and by "set / change the payment password";
 * the inputs' test ids are `<testId>-new` and `<testId>-confirm`.
 */
export function NewPaymentPasswordFields({
  testId,
  rule,
  length,
  digits,
  next,
  confirm,
}: {
  testId: string;
  rule: string;
  length: { min: number; max: number };
  digits: boolean;
  next: TNewPasswordInput;
  confirm: TNewPasswordInput;
}) {
  const { t } = useTranslation('wallet', { keyPrefix: 'withdraw' });
  return (
    <>
      <Field label={t('pp_new')} hint={rule} error={next.error} testId={`${testId}-new`}>
        <input
          name="newPaymentPassword"
          type="password"
          className="record-input"
          autoComplete="new-password"
          maxLength={length.max}
          inputMode={digits ? 'numeric' : undefined}
          value={next.value}
          onChange={next.onChange}
          data-testid={`${testId}-new`}
        />
      </Field>
      <Field label={t('pp_confirm')} error={confirm.error} testId={`${testId}-confirm`}>
        <input
          name="confirmPaymentPassword"
          type="password"
          className="record-input"
          autoComplete="new-password"
          maxLength={length.max}
          inputMode={digits ? 'numeric' : undefined}
          value={confirm.value}
          onChange={confirm.onChange}
          data-testid={`${testId}-confirm`}
        />
      </Field>
    </>
  );
}
