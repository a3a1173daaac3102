import type { InputHTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { nationalNumber } from '@lotus/contracts/phone';
import type { TRegisterField } from '@lotus/contracts/system';
import { CountryCodePicker } from '@/components/ui/country-code-picker/country-code-picker';
import { SmsCodeButton } from '../verification/sms-code-button';
import type { AccountForm } from '../use-account-form';
import { describedBy, FormField } from './form-field';
import {
  hintText,
  type EffectiveRules,
  type FormField as TFormField,
  type RegisterFormValues,
} from './register-rules';
import type { useRegisterErrors } from './use-register-errors';

export type RegisterFieldRowProps = {
  field: TFormField;
  id: string;
  account: AccountForm<RegisterFormValues>;
  rules: EffectiveRules;
  /** 5.REQ.05: the SMS code is needed (a mobile number is sent). */
  smsNeeded: boolean;
  errors: Pick<ReturnType<typeof useRegisterErrors>, 'textOf' | 'validateMobile'>;
};

/**
 * The fields of the registration form: the required ones, then the optional ones in a section that
 * starts folded (issue 11).
 */
export function RegisterFields({
  groups,
  idBase,
  errors,
  ...rowProps
}: Omit<RegisterFieldRowProps, 'field' | 'id' | 'errors'> & {
  groups: { required: TFormField[]; optional: TFormField[] };
  idBase: string;
  errors: RegisterFieldRowProps['errors'] &
    Pick<ReturnType<typeof useRegisterErrors>, 'moreOpen' | 'setMoreOpen'>;
}) {
  const { t } = useTranslation('auth-register');
  const row = (field: TFormField) => (
    <RegisterFieldRow key={field} field={field} id={`${idBase}-${field}`} errors={errors} {...rowProps} />
  );
  return (
    <>
      {groups.required.map(row)}
      {groups.optional.length > 0 && (
        <details
          className="acc-more"
          open={errors.moreOpen}
          onToggle={(e) => errors.setMoreOpen(e.currentTarget.open)}
          data-testid="register-optional"
        >
          <summary className="acc-more__summary">{t('optional_section')}</summary>
          <div className="acc-more__body">{groups.optional.map(row)}</div>
        </details>
      )}
    </>
  );
}

/**
 * One row of the registration form: the label (required ones marked), the control its field calls
 * for, its hint or its error (5.VAL, 5.HINT, 8.ERR.03).
 */
export function RegisterFieldRow({ field, id, account, rules, smsNeeded, errors }: RegisterFieldRowProps) {
  const { t } = useTranslation('auth-register');
  const { values, change } = account;
  const required = field === 'verificationCode' ? smsNeeded : rules[field].required;
  const error = errors.textOf(field);
  // The dialling code's error shows on the mobile number's row.
  const codeError = field === 'mobileNum' ? errors.textOf('countryDialingCode') : undefined;
  const hint = hintText(t, field, rules);
  const common = {
    id,
    className: 'acc-input',
    'data-field': field,
    'data-testid': `register-input-${field}`,
    'aria-invalid': error ? true : undefined,
    'aria-required': required || undefined,
    'aria-describedby': describedBy(id, { error, hint }),
  } as const;
  const text = (type: string, autoComplete: string, extra: InputHTMLAttributes<HTMLInputElement> = {}) => (
    <input
      {...common}
      type={type}
      autoComplete={autoComplete}
      value={values[field] ?? ''}
      onChange={(e) => change(field, e.target.value)}
      maxLength={field === 'verificationCode' ? 10 : rules[field as TRegisterField]?.maxLength}
      {...extra}
    />
  );
  const digits = (rule: TRegisterField) => (rules[rule].patternId === 3 ? 'numeric' : undefined);
  let control: ReactNode;
  switch (field) {
    case 'username':
      control = text('text', 'username', { autoCapitalize: 'none', spellCheck: false });
      break;
    case 'password':
    case 'confirmPassword':
      control = text('password', 'new-password');
      break;
    case 'paymentPassword':
      control = text('password', 'off', { inputMode: digits('paymentPassword') });
      break;
    case 'email':
      control = text('email', 'email', { autoCapitalize: 'none', spellCheck: false });
      break;
    case 'payeeName':
      control = text('text', 'name', { autoCapitalize: 'characters' });
      break;
    case 'birthday':
      control = (
        <input
          {...common}
          type="date"
          autoComplete="bday"
          value={values.birthday ?? ''}
          max={new Date().toISOString().slice(0, 10)}
          onChange={(e) => change('birthday', e.target.value)}
        />
      );
      break;
    case 'idNumber':
    case 'qqNum':
      control = text('text', 'off', { inputMode: digits(field) });
      break;
    case 'mobileNum':
      control = (
        <div className="acc-row">
          <CountryCodePicker
            initialCode={values.countryDialingCode}
            onChange={(code) => change('countryDialingCode', code)}
            invalid={!!codeError}
            data-testid="register-country-code"
          />
          {text('tel', 'tel-national', {
            inputMode: 'numeric',
            // Issue 25: the number shows as it is kept beside its code (0812345678 -> 812345678).
            onBlur: (e) => {
              const national = nationalNumber(e.target.value);
              if (national !== e.target.value) change('mobileNum', national);
            },
          })}
        </div>
      );
      break;
    case 'verificationCode':
      control = (
        <div className="acc-row">
          {text('text', 'one-time-code', { inputMode: 'numeric' })}
          <SmsCodeButton
            endpoint="register"
            mobileNum={nationalNumber(values.mobileNum ?? '')}
            countryDialingCode={values.countryDialingCode ?? ''}
            validate={errors.validateMobile}
            data-testid="register-sms-button"
          />
        </div>
      );
      break;
    default:
      control = text('text', 'off', { autoCapitalize: 'none', spellCheck: false });
  }
  return (
    <FormField
      id={id}
      label={t(`fields.${field}`)}
      required={required}
      error={error ?? (field === 'mobileNum' ? codeError : undefined)}
      hint={hint}
      testId={`register-field-${field}`}
    >
      {control}
    </FormField>
  );
}
