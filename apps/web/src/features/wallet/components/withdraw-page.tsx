import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TBankAccount } from '@lotus/contracts/withdrawal';
import { Button } from '@/components/ui/button/button';
import { Skeleton } from '@/components/ui/skeleton/skeleton';
import { isApiError } from '@/lib/api-client';
import { getErrorText } from '@/lib/error-text';
import { formatBalance } from '@/lib/money';
import { notify } from '@/lib/notify';
import { useMemberInfo } from '@/lib/session/get-member-info';
import { useBankAccounts } from '../api/get-bank-accounts';
import { useConsolidatedFunds } from '../api/get-consolidated-funds';
import { useWithdrawalSettings, type TWithdrawalSettingsView } from '../api/get-withdrawal-settings';
import { useWithdrawMutation } from '../api/post-withdrawal';
import { amountForWire } from '../lib/amount-input';
import { checkWithdraw, type TWithdrawErrors, type TWithdrawFields } from '../lib/withdraw-rules';
import { bankName } from '../lib/banks';
import { BankAccounts } from './bank-accounts';
import { Field } from './field';
import { LoadError } from './load-error';
import { PaymentPasswordFields } from './payment-password-fields';
import { PaymentPasswordForm } from './payment-password-form';
import { StatusBadge } from './status-badge';
import { WithdrawalHistory } from './withdrawal-history';
import { WithdrawSetup } from './withdraw-setup';
import '../wallet.css';

/** A fresh idempotency key for one withdrawal attempt (the server answers a repeated key with the same withdrawal). */
const newRequestKey = () =>
  (
    globalThis.crypto?.randomUUID?.() ??
    `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`
  ).replace(/[^A-Za-z0-9_-]/g, '');

/** The limits, hours, today's count and turnover the request is held to (2.MC.05). */
function Limits({ settings, money }: { settings: TWithdrawalSettingsView; money: (v: string) => string }) {
  const { t } = useTranslation('wallet', { keyPrefix: 'withdraw' });
  const rows: [string, string, ReactNode?][] = [
    [
      'per',
      t('per_withdrawal'),
      t('per_withdrawal_value', { min: money(settings.minAmount), max: money(settings.maxAmount) }),
    ],
    [
      'today',
      t('today'),
      t('today_value', {
        used: settings.usedToday,
        count: settings.dailyCount,
        remaining: settings.remainingToday,
      }),
    ],
    [
      'hours',
      t('hours'),
      <>
        {t('hours_value', { from: settings.hours.from, to: settings.hours.to })}{' '}
        <StatusBadge tone={settings.openNow ? 'ok' : 'bad'}>
          {settings.openNow ? t('open_now') : t('closed_now')}
        </StatusBadge>
      </>,
    ],
    [
      'turnover',
      t('turnover'),
      <>
        {t('turnover_value', {
          outstanding: money(settings.turnover.outstanding),
          multiple: settings.turnover.multiple,
        })}{' '}
        <StatusBadge tone={settings.turnover.met ? 'ok' : 'wait'} testId="withdraw-turnover-status">
          {settings.turnover.met ? t('turnover_met') : t('turnover_not_met')}
        </StatusBadge>
      </>,
    ],
  ];
  return (
    <section className="wallet-section" aria-labelledby="limits-title" data-testid="withdraw-limits">
      <h4 id="limits-title" className="wallet-section__title">
        {t('limits_title')}
      </h4>
      <dl className="wallet-limits">
        {rows.map(([key, label, value]) => (
          <div key={key} data-testid={`withdraw-limit-${key}`}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="wallet-form__hint">{t('auto_receipt', { minutes: settings.autoReceiptMinutes })}</p>
    </section>
  );
}

const EMPTY: TWithdrawFields = { amount: '', bankAccountId: '', paymentPassword: '', totpCode: '' };

/** The request with its step-up: amount, account, the payment password and, with two-factor on, the code. */
function WithdrawForm({
  settings,
  accounts,
  money,
  language,
  available,
}: {
  settings: TWithdrawalSettingsView;
  accounts: TBankAccount[];
  money: (v: string) => string;
  language: string;
  /** What the member can withdraw now (the main wallet, at most the per-withdrawal maximum); null while it loads. */
  available: string | null;
}) {
  const { t } = useTranslation('wallet', { keyPrefix: 'withdraw' });
  const withdraw = useWithdrawMutation();
  const [values, setValues] = useState<TWithdrawFields>(() => ({
    ...EMPTY,
    bankAccountId: accounts.length === 1 ? String(accounts[0]!.id) : '',
  }));
  const [errors, setErrors] = useState<TWithdrawErrors>({});
  const [requestKey, setRequestKey] = useState(newRequestKey);
  const set = (key: keyof TWithdrawFields) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));
  const limits = { min: money(settings.minAmount), max: money(settings.maxAmount) };
  const locked = !settings.turnover.met;
  const canMax = available !== null && Number(available) >= Number(settings.minAmount);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = checkWithdraw(values, settings);
    setErrors(found);
    const first = (Object.keys(EMPTY) as (keyof TWithdrawFields)[]).find((k) => found[k]);
    if (first) {
      event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    try {
      const created = await withdraw.mutateAsync({
        amount: amountForWire(values.amount),
        bankAccountId: Number(values.bankAccountId),
        paymentPassword: values.paymentPassword,
        ...(settings.secondFactorRequired ? { totpCode: values.totpCode.trim() } : {}),
        requestKey,
      });
      notify.success(t('requested', { amount: money(created.amount) }));
      setValues((v) => ({ ...EMPTY, bankAccountId: v.bankAccountId }));
      setRequestKey(newRequestKey());
    } catch (error) {
      // A refused request may be sent again as a new attempt; a lost answer keeps its key (no double hold).
      if (!(isApiError(error) && error.code === 'network_abnormal')) setRequestKey(newRequestKey());
      setValues((v) => ({ ...v, paymentPassword: '', totpCode: '' }));
      notify.error(getErrorText(error));
    }
  };

  return (
    <form
      className="wallet-form card"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-labelledby="request-title"
      data-testid="withdraw-form"
    >
      <h4 id="request-title" className="wallet-form__title">
        {t('request_title')}
      </h4>
      <fieldset
        className="wallet-fieldset"
        disabled={locked}
        data-testid={locked ? 'withdraw-form-locked' : undefined}
      >
        <div className="wallet-available">
          <span data-testid="withdraw-available">
            {available === null ? '…' : t('available', { amount: money(available) })}
          </span>
          <Button
            variant="secondary"
            disabled={!canMax}
            onClick={() => {
              if (available !== null) setValues((v) => ({ ...v, amount: available }));
            }}
            aria-label={available === null ? t('max') : t('max_label', { amount: money(available) })}
            data-testid="withdraw-max"
          >
            {t('max')}
          </Button>
        </div>
        <Field
          label={t('amount')}
          error={errors.amount && t(`errors.${errors.amount}`, limits)}
          testId="withdraw-amount"
        >
          <input
            name="amount"
            className="record-input"
            inputMode="decimal"
            autoComplete="off"
            value={values.amount}
            onChange={set('amount')}
            data-testid="withdraw-amount"
          />
        </Field>
        <Field
          label={t('to_account')}
          error={errors.bankAccountId && t(`errors.${errors.bankAccountId}`)}
          testId="withdraw-account"
        >
          <select
            name="bankAccountId"
            className="record-input"
            value={values.bankAccountId}
            onChange={set('bankAccountId')}
            data-testid="withdraw-account"
          >
            <option value="">{t('choose_account')}</option>
            {accounts.map((a) => (
              <option key={a.id} value={a.id}>
                {t('account_label', { bank: bankName(a.bankCode, language), number: a.accountNumberMasked })}
              </option>
            ))}
          </select>
        </Field>
        <PaymentPasswordFields
          texts="withdraw"
          testId="withdraw"
          password={{
            value: values.paymentPassword,
            onChange: set('paymentPassword'),
            error: errors.paymentPassword && t(`errors.${errors.paymentPassword}`),
          }}
          code={
            settings.secondFactorRequired
              ? {
                  value: values.totpCode,
                  onChange: set('totpCode'),
                  error: errors.totpCode && t(`errors.${errors.totpCode}`),
                }
              : undefined
          }
        />
        <Button
          type="submit"
          variant="primary"
          block
          disabled={withdraw.isPending}
          aria-busy={withdraw.isPending || undefined}
          data-testid="withdraw-submit"
        >
          {withdraw.isPending ? t('submitting') : t('submit')}
        </Button>
      </fieldset>
    </form>
  );
}

/**
 * Withdraw (withdraw, 2.MC.05, decision 2.MC.20; docs/cashier.md "Withdrawals"): the limits, hours,
 * today's count and turnover; the payment password; bank accounts (bind, remove); the request with
 * its step-up (payment password, authenticator code when two-factor is on); the history, where a paid
 * withdrawal is confirmed received or not received with proof (4.WD.01-05).
 */
export function WithdrawPage() {
  const { t, i18n } = useTranslation('wallet', { keyPrefix: 'withdraw' });
  const language = i18n.resolvedLanguage ?? 'th';
  const { data: member } = useMemberInfo();
  const money = (v: string) => formatBalance(v, member?.currencySymbol);
  const settings = useWithdrawalSettings();
  const accounts = useBankAccounts();
  const funds = useConsolidatedFunds();
  const [changingPassword, setChangingPassword] = useState(false);
  const s = settings.data;
  const list = accounts.data?.items ?? [];
  // The first withdrawal's setup is one form (real name, payment password, bank account; ADR 0073).
  const needsSetup = s ? !s.paymentPasswordSet || !s.realNameSet || list.length === 0 : false;
  const available = s && funds.data ? withdrawable(funds.data.main, s.maxAmount) : null;
  // Once the payment password is set, it can be changed at the end of the page.
  const passwordSection = s?.paymentPasswordSet ? (
    <section className="wallet-section" aria-labelledby="pp-title" data-testid="payment-password">
      <h4 id="pp-title" className="wallet-section__title">
        {t('pp_title')}
      </h4>
      {changingPassword ? (
        <PaymentPasswordForm onDone={() => setChangingPassword(false)} />
      ) : (
        <div className="wallet-row">
          <span>{t('pp_set')}</span>
          <Button variant="ghost" onClick={() => setChangingPassword(true)} data-testid="pp-change">
            {t('pp_change')}
          </Button>
        </div>
      )}
    </section>
  ) : null;

  return (
    <div className="wallet-page" data-testid="withdraw-page">
      <div className="wallet-page__head">
        <h3 className="wallet-page__title">{t('title')}</h3>
      </div>
      {settings.isError && !s ? (
        <LoadError error={settings.error} onRetry={() => void settings.refetch()} testId="withdraw-error" />
      ) : !s || !accounts.data ? (
        <div aria-busy="true" data-testid="withdraw-loading">
          <Skeleton height={150} />
          <Skeleton height={120} />
          <Skeleton height={260} />
        </div>
      ) : (
        <>
          {!s.turnover.met ? (
            <div
              className="wallet-notice wallet-notice--warn wallet-lock"
              role="status"
              data-testid="withdraw-locked"
            >
              <p className="wallet-lock__line" data-testid="withdraw-turnover-progress">
                {t('turnover_progress', { amount: money(s.turnover.outstanding) })}
              </p>
              <p className="wallet-lock__note">{t('locked_note')}</p>
            </div>
          ) : null}

          {needsSetup ? (
            <WithdrawSetup
              realNameSet={s.realNameSet}
              paymentPasswordSet={s.paymentPasswordSet}
              language={language}
            />
          ) : (
            <>
              <WithdrawForm
                settings={s}
                accounts={list}
                money={money}
                language={language}
                available={available}
              />
              <BankAccounts
                accounts={list}
                max={accounts.data.max}
                language={language}
                canChange={s.paymentPasswordSet}
                canBind={s.realNameSet}
              />
            </>
          )}

          <Limits settings={s} money={money} />

          {passwordSection}
        </>
      )}
      <WithdrawalHistory currencySymbol={member?.currencySymbol} language={language} />
    </div>
  );
}

/** The main wallet, at most the per-withdrawal maximum, as an amount string with two decimals ("1000.00"). */
function withdrawable(main: string, max: string): string {
  const toMinor = (v: string) => Math.round(Number(v) * 100);
  const minor = Math.max(0, Math.min(toMinor(main), toMinor(max)));
  return (minor / 100).toFixed(2);
}
