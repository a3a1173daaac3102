import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { nationalNumber } from '@lotus/contracts/phone';
import type { TRegisterSettings } from '@lotus/contracts/system';
import { Button } from '@/components/ui/button/button';
import { CountryCodePicker } from '@/components/ui/country-code-picker/country-code-picker';
import { FullPageLoader } from '@/components/ui/full-page-loader/full-page-loader';
import { errorOfReason, fieldErrorText, patternText, type FieldError } from '../register/register-rules';
import { useAccountForm } from '../use-account-form';
import { SmsCodeButton } from '../verification/sms-code-button';
import { ForgotField } from './forgot-field';
import {
  forgotPhoneSchema,
  fromServerPhoneFields,
  getMobileRule,
  passwordHint,
  validateMobile,
  validatePhoneForm,
  type PhoneForm,
} from './forgot-rules';
import { usePhoneReset } from './use-phone-reset';

const EMPTY: PhoneForm = {
  countryDialingCode: '',
  mobileNum: '',
  verificationCode: '',
  newPassword: '',
  confirmPassword: '',
};
const NEW_PASSWORD = { type: 'password', autoComplete: 'new-password', maxLength: 128 } as const;

/** The mobile tab (3.LOG.08, 4.PWR.01/02, 5.FGP.01-03): the number, its SMS code and a new password. */
export function ForgotPhoneForm({
  rules,
  onLoggedIn,
}: {
  rules: TRegisterSettings;
  onLoggedIn?: () => void;
}) {
  const { t } = useTranslation(['auth-forgot', 'auth-register', 'errors', 'ui']);
  const id = useId();
  const schema = useMemo(() => forgotPhoneSchema(rules), [rules]);
  const { form, values, change, formRef, focus, submitHandler } = useAccountForm<PhoneForm>({
    defaultValues: EMPTY,
    resolver: zodResolver(schema, undefined, { raw: true }),
  });
  const shown = { ...form.formState.errors };

  /** Errors beside their fields (a server's answer replaces those shown), the focus on the first. */
  const showErrors = (
    errors: Partial<Record<keyof PhoneForm, FieldError>>,
    { replace } = { replace: true },
  ) => {
    if (replace) form.clearErrors();
    for (const [field, error] of Object.entries(errors))
      form.setError(field as keyof PhoneForm, { message: error.reason });
    const first = Object.keys(errors)[0];
    if (first) focus(first);
  };
  const reset = usePhoneReset({ rules, onLoggedIn, showErrors });

  /** A field's error text, naming the rule of the form's own check or of the server's answer. */
  const errorText = (field: keyof PhoneForm, label: string) => {
    const reason = form.formState.errors[field]?.message;
    if (!reason) return undefined;
    const server = fromServerPhoneFields({ [field]: reason }, rules)[field];
    return fieldErrorText(t, errorOfReason(reason, validatePhoneForm(values, rules)[field], server), label);
  };
  const bind = (field: keyof PhoneForm) => {
    const label = t(`fields.${field}`);
    const onChange = (value: string) => change(field, value);
    return {
      id: `${id}-${field}`,
      field,
      label,
      value: values[field],
      onChange,
      error: errorText(field, label),
    };
  };

  /** 4.SMS.02: the number is checked before a code is sent. */
  const checkMobile = () => {
    const error = validateMobile(values, rules);
    if (error) showErrors({ mobileNum: error }, { replace: false });
    else form.clearErrors('mobileNum');
    return !error;
  };

  return (
    <form
      ref={formRef}
      className="acc-form"
      noValidate
      onSubmit={submitHandler(
        (sending) => {
          // The errors shown stay beside their fields until those change, a new attempt included.
          for (const [field, error] of Object.entries(shown))
            form.setError(field as keyof PhoneForm, { message: error?.message });
          return reset.submit(sending);
        },
        (errors) => focus(Object.keys(errors)[0]!),
      )}
      data-testid="forgot-phone-form"
    >
      <ForgotField
        {...bind('mobileNum')}
        hint={patternText(t, getMobileRule(rules))}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={20}
        // Issue 25: the number shows as it is kept beside its code (0812345678 -> 812345678).
        onBlur={(e) => {
          const national = nationalNumber(e.target.value);
          if (national !== e.target.value) change('mobileNum', national);
        }}
        before={
          <CountryCodePicker
            initialCode={values.countryDialingCode}
            onChange={(code) => change('countryDialingCode', code)}
            data-testid="forgot-country-code"
          />
        }
      />
      <ForgotField
        {...bind('verificationCode')}
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={10}
        after={
          <SmsCodeButton
            endpoint="noLogin"
            mobileNum={nationalNumber(values.mobileNum)}
            countryDialingCode={values.countryDialingCode}
            validate={checkMobile}
            data-testid="forgot-sms-button"
          />
        }
      />
      <ForgotField {...bind('newPassword')} {...NEW_PASSWORD} hint={passwordHint(t, rules)} />
      <ForgotField {...bind('confirmPassword')} {...NEW_PASSWORD} />
      <Button
        type="submit"
        variant="primary"
        className="acc-form__submit"
        disabled={form.formState.isSubmitting}
        data-testid="forgot-phone-submit"
      >
        {t('phone_submit')}
      </Button>
      <FullPageLoader visible={reset.submitting} label={t('submitting')} />
    </form>
  );
}
