import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TBankCode } from '@lotus/contracts/withdrawal';
import { useRegisterSettings } from '@/api/get-register-settings';
import { Button } from '@/components/ui/button/button';
import { getErrorText } from '@/lib/error-text';
import { notify } from '@/lib/notify';
import { useBindBankAccountMutation } from '../api/post-bank-account';
import { useSetPaymentPasswordMutation } from '../api/put-payment-password';
import { useSetRealNameMutation } from '../api/put-real-name';
import { checkRealName } from '../lib/real-name-rules';
import { checkBind, checkPaymentPassword, paymentPasswordLength } from '../lib/withdraw-rules';
import { BankAccountFields } from './bank-account-fields';
import { Field } from './field';
import { NewPaymentPasswordFields } from './payment-password-fields';
import { paymentPasswordRuleText } from './payment-password-form';

type TSetupFields = {
  password: string;
  realName: string;
  newPaymentPassword: string;
  confirmPaymentPassword: string;
  paymentPassword: string;
  bankCode: string;
  accountNumber: string;
  accountName: string;
};
type TSetupErrors = Partial<Record<keyof TSetupFields, string>>;
const EMPTY: TSetupFields = {
  password: '',
  realName: '',
  newPaymentPassword: '',
  confirmPaymentPassword: '',
  paymentPassword: '',
  bankCode: '',
  accountNumber: '',
  accountName: '',
};
/** The order fields are checked and focused in. */
const ORDER = Object.keys(EMPTY) as (keyof TSetupFields)[];

/**
 * Everything a first withdrawal needs, as one short form (issue 25, docs/adr/0073): the real name (when
 * the account has none), a payment password and the bank account to be paid to. The login password is
 * asked once and confirms the real name and the payment password; the new payment password then confirms
 * the bank account, and the account name is the real name. The calls run in that order (the server checks
 * each as before); a step that succeeded is not sent again when a later one fails and the form is sent again.
 */
export function WithdrawSetup({
  realNameSet,
  paymentPasswordSet,
  language,
}: {
  realNameSet: boolean;
  paymentPasswordSet: boolean;
  language: string;
}) {
  const { t } = useTranslation('wallet', { keyPrefix: 'withdraw' });
  const { data: rules } = useRegisterSettings();
  const length = paymentPasswordLength(rules?.paymentPassword);
  const digits = rules?.paymentPassword.patternId === 3;
  const rule = paymentPasswordRuleText(t, length, digits);
  // What the form asks is decided when it opens: it keeps its shape while its steps are saved.
  const [asks] = useState(() => ({ realName: !realNameSet, paymentPassword: !paymentPasswordSet }));
  const asksLogin = asks.realName || asks.paymentPassword;
  const done = useRef({ realName: false, paymentPassword: false });
  const saveName = useSetRealNameMutation();
  const savePassword = useSetPaymentPasswordMutation();
  const bind = useBindBankAccountMutation();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<TSetupErrors>({});
  const [busy, setBusy] = useState(false);
  const set = (key: keyof TSetupFields) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: key === 'realName' ? e.target.value.toUpperCase() : e.target.value }));

  const validate = (): TSetupErrors => {
    const found: TSetupErrors = {};
    if (asksLogin && values.password === '') found.password = t('errors.login_password_required');
    if (asks.realName) {
      const name = checkRealName({ realName: values.realName, password: 'x' }).realName;
      if (name) found.realName = t(`errors.${name}`);
    }
    if (asks.paymentPassword) {
      const pp = checkPaymentPassword(
        {
          password: 'x',
          newPaymentPassword: values.newPaymentPassword,
          confirmPaymentPassword: values.confirmPaymentPassword,
        },
        length,
        digits,
      );
      if (pp.newPaymentPassword) found.newPaymentPassword = t('errors.payment_password_rule_as', { rule });
      if (pp.confirmPaymentPassword) found.confirmPaymentPassword = t(`errors.${pp.confirmPaymentPassword}`);
    }
    const bound = checkBind({
      bankCode: values.bankCode,
      accountNumber: values.accountNumber,
      accountName: asks.realName ? values.realName || 'XX' : values.accountName,
      paymentPassword: asks.paymentPassword ? 'x' : values.paymentPassword,
    });
    if (bound.bankCode) found.bankCode = t(`errors.${bound.bankCode}`);
    if (bound.accountNumber) found.accountNumber = t(`errors.${bound.accountNumber}`);
    if (bound.accountName) found.accountName = t(`errors.${bound.accountName}`);
    if (bound.paymentPassword) found.paymentPassword = t(`errors.${bound.paymentPassword}`);
    return found;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const found = validate();
    setErrors(found);
    const first = ORDER.find((k) => found[k]);
    if (first) {
      form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const realName = values.realName.trim();
      if (asks.realName && !done.current.realName) {
        await saveName.mutateAsync({ realName, password: values.password });
        done.current.realName = true;
      }
      if (asks.paymentPassword && !done.current.paymentPassword) {
        await savePassword.mutateAsync({
          password: values.password,
          newPaymentPassword: values.newPaymentPassword,
          confirmPaymentPassword: values.confirmPaymentPassword,
        });
        done.current.paymentPassword = true;
      }
      await bind.mutateAsync({
        bankCode: values.bankCode as TBankCode,
        accountNumber: values.accountNumber.replace(/[\s-]/g, ''),
        accountName: asks.realName ? realName : values.accountName.trim().toUpperCase(),
        paymentPassword: asks.paymentPassword ? values.newPaymentPassword : values.paymentPassword,
      });
      notify.success(t('setup_done'));
    } catch (error) {
      notify.error(getErrorText(error));
      setErrors({ [stepOf(done.current, asks)]: getErrorText(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="wallet-section" aria-labelledby="setup-title" data-testid="withdraw-setup">
      <h4 id="setup-title" className="wallet-section__title">
        {t('setup_title')}
      </h4>
      <p className="wallet-form__hint">{t('setup_intro')}</p>
      <form
        className="wallet-form wallet-form--inline"
        noValidate
        onSubmit={(e) => void submit(e)}
        data-testid="setup-form"
      >
        {asksLogin ? (
          <Field
            label={t('pp_login_password')}
            hint={t('setup_login_hint')}
            error={errors.password}
            testId="setup-login-password"
          >
            <input
              name="password"
              type="password"
              className="record-input"
              autoComplete="current-password"
              value={values.password}
              onChange={set('password')}
              data-testid="setup-login-password"
            />
          </Field>
        ) : null}
        {asks.realName ? (
          <Field
            label={t('rn_name')}
            hint={t('rn_name_hint')}
            error={errors.realName}
            testId="setup-real-name"
          >
            <input
              name="realName"
              className="record-input"
              autoComplete="name"
              autoCapitalize="characters"
              maxLength={120}
              value={values.realName}
              onChange={set('realName')}
              data-testid="setup-real-name"
            />
          </Field>
        ) : null}
        {asks.paymentPassword ? (
          <>
            <NewPaymentPasswordFields
              testId="setup-pp"
              rule={rule}
              length={length}
              digits={digits}
              next={{ value: values.newPaymentPassword, onChange: set('newPaymentPassword'), error: errors.newPaymentPassword }}
              confirm={{ value: values.confirmPaymentPassword, onChange: set('confirmPaymentPassword'), error: errors.confirmPaymentPassword }}
            />
          </>
        ) : null}
        <BankAccountFields
          language={language}
          testIds={{ bank: 'setup-bank', number: 'setup-number', name: 'setup-account-name' }}
          bank={{ value: values.bankCode, onChange: set('bankCode'), error: errors.bankCode }}
          number={{ value: values.accountNumber, onChange: set('accountNumber'), error: errors.accountNumber }}
          name={asks.realName ? undefined : { value: values.accountName, onChange: set('accountName'), error: errors.accountName }}
        />
        {asks.realName ? (
          <p className="wallet-form__hint" data-testid="setup-account-name">
            {t('setup_account_name', { name: values.realName.trim() || '—' })}
          </p>
        ) : null}
        {asks.paymentPassword ? null : (
          <Field label={t('payment_password')} error={errors.paymentPassword} testId="setup-payment-password">
            <input
              name="paymentPassword"
              type="password"
              className="record-input"
              autoComplete="off"
              value={values.paymentPassword}
              onChange={set('paymentPassword')}
              data-testid="setup-payment-password"
            />
          </Field>
        )}
        <Button
          type="submit"
          variant="primary"
          block
          disabled={busy}
          aria-busy={busy || undefined}
          data-testid="setup-submit"
        >
          {busy ? t('setup_saving') : t('setup_submit')}
        </Button>
      </form>
    </section>
  );
}

/** The field a failed step's answer belongs beside: the login password for the first two, the bank account after. */
function stepOf(
  done: { realName: boolean; paymentPassword: boolean },
  asks: { realName: boolean; paymentPassword: boolean },
): keyof TSetupFields {
  if (asks.realName && !done.realName) return 'password';
  if (asks.paymentPassword && !done.paymentPassword) return 'password';
  return asks.paymentPassword ? 'accountNumber' : 'paymentPassword';
}
