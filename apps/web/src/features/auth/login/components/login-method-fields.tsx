import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { nationalNumber } from '@lotus/contracts/phone';
import { TabPanel, Tabs } from '@/components/ui/tabs/tabs';
import { CountryCodePicker } from '@/components/ui/country-code-picker/country-code-picker';
import { SmsCodeButton } from '../../verification/sms-code-button';
import type { AccountForm } from '../../use-account-form';
import { trimLoginValues, validateLogin, type TLoginFields, type TLoginMode } from '../lib/validate-login';
import { Field } from './field';

type LoginAccountForm = AccountForm<TLoginFields>;

/** A login input's props from the form: its value, a change (its error goes with it), its error's text. */
export function loginFieldProps(
  { form, values, change }: LoginAccountForm,
  t: TFunction,
  field: keyof TLoginFields,
) {
  const key = form.formState.errors[field]?.message;
  return {
    value: values[field],
    onChange: (value: string) => change(field, value),
    error: key ? t(key) : undefined,
  };
}

/** The login methods the flags allow (2.LGN.06/07): SMS with MOBILEVERCODELOGIN3, password unless PWDLOGIN3 is off. */
export function getLoginModes(
  flags: { MOBILEVERCODELOGIN3: boolean; PWDLOGIN3: boolean } | undefined,
): TLoginMode[] {
  if (!flags) return ['username'];
  const modes: TLoginMode[] = [];
  if (flags.PWDLOGIN3) modes.push('username');
  if (flags.MOBILEVERCODELOGIN3) modes.push('sms');
  return modes.length > 0 ? modes : ['username'];
}

/** The method tabs (2.LGN.06: only when both methods are on) around the chosen method's fields. */
export function LoginMethodTabs({
  modes,
  mode,
  idBase,
  onChange,
  children,
}: {
  modes: TLoginMode[];
  mode: TLoginMode;
  idBase: string;
  onChange: (mode: TLoginMode) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('auth-login');
  if (modes.length < 2) return children;
  return (
    <>
      <Tabs
        idBase={idBase}
        label={t('form.methods')}
        items={modes.map((key) => ({
          key,
          label: key === 'sms' ? t('form.tab_sms') : t('form.tab_username'),
        }))}
        value={mode}
        onChange={onChange}
        data-testid="login-tabs"
      />
      <TabPanel idBase={idBase} tabKey={mode} className="auth-form">
        {children}
      </TabPanel>
    </>
  );
}

/**
 * Username and password (3.LOG.01), with the autocomplete a password manager needs (security #19).
 * The login ID is a username or the member's mobile number (issue 25, docs/adr/0072).
 */
export function UsernameLoginFields({
  account,
  autoFocus,
}: {
  account: LoginAccountForm;
  autoFocus: boolean;
}) {
  const { t } = useTranslation('auth-login');
  return (
    <>
      <Field
        label={t('form.login_id')}
        {...loginFieldProps(account, t, 'username')}
        autoComplete="username"
        maxLength={60}
        autoCapitalize="none"
        spellCheck={false}
        autoFocus={autoFocus}
        data-testid="login-username"
      />
      <Field
        label={t('form.password')}
        type="password"
        revealable
        {...loginFieldProps(account, t, 'password')}
        autoComplete="current-password"
        maxLength={128}
        data-testid="login-password"
      />
    </>
  );
}

/** SMS login (3.LOG.02): the mobile number with its dialling code, and the code its button sends. */
export function SmsLoginFields({ account }: { account: LoginAccountForm }) {
  const { t } = useTranslation('auth-login');
  const { form, values, change } = account;

  /** 4.SMS.02: the number is checked (and its error shown) before a code is sent. */
  const validateMobile = () => {
    const error = validateLogin({ ...values, mode: 'sms' }, { captchaShown: false }).mobileNum;
    if (error) form.setError('mobileNum', { message: error });
    else form.clearErrors('mobileNum');
    return !error;
  };

  return (
    <>
      <div className="login-form__mobile">
        <CountryCodePicker
          initialCode={values.countryDialingCode}
          onChange={(code) => change('countryDialingCode', code)}
          data-testid="login-country-code"
        />
        <Field
          label={t('form.mobile')}
          {...loginFieldProps(account, t, 'mobileNum')}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={16}
          // Issue 25: the number shows as it is kept beside its code (0812345678 -> 812345678).
          onBlur={(e) => {
            const national = nationalNumber(e.target.value);
            if (national !== e.target.value) change('mobileNum', national);
          }}
          data-testid="login-mobile"
        />
      </div>
      <Field
        label={t('form.sms_code')}
        {...loginFieldProps(account, t, 'smsCode')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={10}
        data-testid="login-sms-code"
        addon={
          <SmsCodeButton
            endpoint="noLogin"
            mobileNum={trimLoginValues(values).mobileNum}
            countryDialingCode={values.countryDialingCode}
            validate={validateMobile}
          />
        }
      />
    </>
  );
}
