import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TBankAccount, TBankCode } from '@lotus/contracts/withdrawal';
import { Button } from '@/components/ui/button/button';
import { getErrorText } from '@/lib/error-text';
import { notify } from '@/lib/notify';
import { useRemoveBankAccountMutation } from '../api/delete-bank-account';
import { useBindBankAccountMutation } from '../api/post-bank-account';
import { bankName } from '../lib/banks';
import { checkBind, type TBindErrors, type TBindFields } from '../lib/withdraw-rules';
import { BankAccountFields } from './bank-account-fields';
import { PaymentPasswordFields } from './payment-password-fields';

/** One bound account with its removal, confirmed by the payment password. */
function AccountRow({
  account,
  language,
  canRemove,
}: {
  account: TBankAccount;
  language: string;
  canRemove: boolean;
}) {
  const { t } = useTranslation('wallet', { keyPrefix: 'withdraw' });
  const remove = useRemoveBankAccountMutation();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const label = t('account_label', {
    bank: bankName(account.bankCode, language),
    number: account.accountNumberMasked,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password === '') {
      setError(t('errors.payment_password_required'));
      return;
    }
    try {
      await remove.mutateAsync({ id: account.id, paymentPassword: password });
      notify.success(t('removed'));
    } catch (e) {
      setError(getErrorText(e));
    }
  };

  return (
    <li className="wallet-item wallet-item--column" data-testid="bank-account">
      <div className="wallet-item__row">
        <div className="wallet-item__main">
          <span className="wallet-item__title">{label}</span>
          <span className="wallet-item__meta">{account.accountName}</span>
        </div>
        {canRemove && !open ? (
          <Button
            variant="ghost"
            onClick={() => setOpen(true)}
            aria-label={t('remove_title', { account: label })}
            data-testid="bank-account-remove"
          >
            {t('remove')}
          </Button>
        ) : null}
      </div>
      {open ? (
        <form
          className="wallet-inline-form"
          noValidate
          onSubmit={(e) => void submit(e)}
          aria-label={t('remove_title', { account: label })}
        >
          <PaymentPasswordFields
            texts="withdraw"
            testId="remove"
            password={{ value: password, onChange: (e) => setPassword(e.target.value), error }}
          />
          <div className="wallet-inline-form__actions">
            <Button type="submit" variant="danger" disabled={remove.isPending} data-testid="remove-confirm">
              {t('remove_confirm')}
            </Button>
            <Button onClick={() => setOpen(false)}>{t('remove_cancel')}</Button>
          </div>
        </form>
      ) : null}
    </li>
  );
}

const EMPTY: TBindFields = { bankCode: '', accountNumber: '', accountName: '', paymentPassword: '' };

/** Binds a bank account in the member's real name (POST /wps/cashier/bank-accounts, enc). */
function BindForm({ language, onDone }: { language: string; onDone: () => void }) {
  const { t } = useTranslation('wallet', { keyPrefix: 'withdraw' });
  const bind = useBindBankAccountMutation();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<TBindErrors>({});
  const set = (key: keyof TBindFields) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = checkBind(values);
    setErrors(found);
    const first = (Object.keys(EMPTY) as (keyof TBindFields)[]).find((k) => found[k]);
    if (first) {
      event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    try {
      await bind.mutateAsync({
        bankCode: values.bankCode as TBankCode,
        accountNumber: values.accountNumber.replace(/[\s-]/g, ''),
        accountName: values.accountName.trim().toUpperCase(),
        paymentPassword: values.paymentPassword,
      });
      notify.success(t('bound'));
      setValues(EMPTY);
      onDone();
    } catch (error) {
      notify.error(getErrorText(error));
    }
  };

  return (
    <form
      className="wallet-form"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-labelledby="bind-title"
      data-testid="bind-form"
    >
      <h5 id="bind-title" className="wallet-form__title">
        {t('bind_title')}
      </h5>
      <BankAccountFields
        language={language}
        testIds={{ bank: 'bind-bank', number: 'bind-number', name: 'bind-name' }}
        bank={{ value: values.bankCode, onChange: set('bankCode'), error: errors.bankCode && t(`errors.${errors.bankCode}`) }}
        number={{
          value: values.accountNumber,
          onChange: set('accountNumber'),
          error: errors.accountNumber && t(`errors.${errors.accountNumber}`),
        }}
        name={{ value: values.accountName, onChange: set('accountName'), error: errors.accountName && t(`errors.${errors.accountName}`) }}
      />
      <PaymentPasswordFields
        texts="withdraw"
        testId="bind"
        password={{
          value: values.paymentPassword,
          onChange: set('paymentPassword'),
          error: errors.paymentPassword && t(`errors.${errors.paymentPassword}`),
        }}
      />
      <Button type="submit" variant="primary" disabled={bind.isPending} data-testid="bind-submit">
        {t('bind_submit')}
      </Button>
    </form>
  );
}

/** Bank accounts (2.MC.05): the bound ones (masked), removal and, below the most allowed, the bind form. */
export function BankAccounts({
  accounts,
  max,
  language,
  canChange,
  canBind,
}: {
  accounts: TBankAccount[];
  max: number;
  language: string;
  /** A payment password is set (it confirms every change). */
  canChange: boolean;
  /** Also a real name is on the account. */
  canBind: boolean;
}) {
  const { t } = useTranslation('wallet', { keyPrefix: 'withdraw' });
  const [adding, setAdding] = useState(false);
  return (
    <section className="wallet-section" aria-labelledby="accounts-title" data-testid="bank-accounts">
      <h4 id="accounts-title" className="wallet-section__title">
        {t('accounts_title')}{' '}
        <span className="wallet-section__count">{t('accounts_count', { count: accounts.length, max })}</span>
      </h4>
      {accounts.length === 0 ? (
        <p className="wallet-section__empty" data-testid="bank-accounts-empty">
          {t('accounts_empty')}
        </p>
      ) : (
        <ul className="wallet-list" role="list">
          {accounts.map((a) => (
            <AccountRow key={a.id} account={a} language={language} canRemove={canChange} />
          ))}
        </ul>
      )}
      {canChange && canBind && accounts.length < max ? (
        accounts.length === 0 || adding ? (
          <BindForm language={language} onDone={() => setAdding(false)} />
        ) : (
          <Button variant="secondary" onClick={() => setAdding(true)} data-testid="bind-open">
            {t('bind_title')}
          </Button>
        )
      ) : null}
    </section>
  );
}
