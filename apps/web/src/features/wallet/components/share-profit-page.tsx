import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TShareResult } from '@lotus/contracts/agent';
import { Button } from '@/components/ui/button/button';
import { EmptyState } from '@/components/ui/empty-state/empty-state';
import { Skeleton } from '@/components/ui/skeleton/skeleton';
import { isApiError } from '@/lib/api-client';
import { getErrorText } from '@/lib/error-text';
import { formatBalance } from '@/lib/money';
import { notify } from '@/lib/notify';
import { useMemberInfo } from '@/lib/session/get-member-info';
import { useConsolidatedFunds } from '../api/get-consolidated-funds';
import { useDownlines } from '../api/get-downlines';
import { useWithdrawalSettings } from '../api/get-withdrawal-settings';
import { useShareMutation } from '../api/post-share';
import { amountForWire, checkAmount, type TAmountError } from '../lib/amount-input';
import { newRequestKey } from '../lib/request-key';
import { Field } from './field';
import { LoadError } from './load-error';
import { PaymentPasswordFields } from './payment-password-fields';
import { PaymentPasswordForm } from './payment-password-form';
import '../wallet.css';

/** Agent levels (decision 6.ROLE.07): 1, 2, 41, 42; 0 is a member and 4 a trial account. */
export const isAgentLevel = (isAgent: number | undefined) => isAgent !== undefined && isAgent !== 0 && isAgent !== 4;

type TShareErrors = Partial<Record<'downline' | 'amount' | 'paymentPassword' | 'totpCode', string>>;

/** The search text once the member stops typing (a request per pause, not per key). */
function useDebounced(value: string, ms = 300) {
  const [current, setCurrent] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setCurrent(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return current;
}

/** The direct-downline picker: a username search and the matching downlines as radio choices. */
function DownlinePicker({ value, onChange, error }: { value: string; onChange: (username: string) => void; error?: string | undefined }) {
  const { t } = useTranslation('wallet', { keyPrefix: 'share' });
  const ids = useId();
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim().replace(/[^A-Za-z0-9_]/g, ''));
  const downlines = useDownlines(query);
  const list = downlines.data?.list ?? [];
  return (
    <fieldset className="wallet-choices share-picker" aria-describedby={error ? `${ids}-error` : undefined} data-testid="share-picker">
      <legend className="wallet-label">{t('downline')}</legend>
      <label className="share-picker__search">
        <span className="visually-hidden">{t('search')}</span>
        <input
          type="search"
          className="record-input"
          placeholder={t('search')}
          autoComplete="off"
          maxLength={30}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          data-testid="share-search"
        />
      </label>
      {isApiError(downlines.error) && downlines.error.code === 'error_not_agent' ? (
        <p className="wallet-notice wallet-notice--warn" data-testid="share-not-agent">
          {t('not_agent')}
        </p>
      ) : downlines.isError && !downlines.data ? (
        <LoadError error={downlines.error} onRetry={() => void downlines.refetch()} testId="share-downlines-error" />
      ) : !downlines.data ? (
        <Skeleton height={56} count={2} className="wallet-list-skeleton" />
      ) : list.length === 0 ? (
        <p className="wallet-section__empty" data-testid="share-downlines-empty">
          {query ? t('no_match', { search: query }) : t('no_downlines')}
        </p>
      ) : (
        <div className="share-picker__list" aria-busy={downlines.isFetching || undefined} data-testid="share-downlines">
          {list.map((d) => (
            <label
              key={d.id}
              className={`wallet-choice${d.username === value ? ' wallet-choice--on' : ''}${d.active ? '' : ' wallet-choice--off'}`}
              data-testid={`share-downline-${d.username}`}
            >
              <input
                type="radio"
                name="downline"
                value={d.username}
                disabled={!d.active}
                checked={d.username === value}
                onChange={() => onChange(d.username)}
              />
              <span className="wallet-choice__name">{d.username}</span>
              <span className="wallet-choice__meta">{d.active ? t('active') : t('inactive')}</span>
            </label>
          ))}
          {downlines.data.total > list.length ? (
            <p className="wallet-form__hint">{t('more', { shown: list.length, total: downlines.data.total })}</p>
          ) : null}
        </div>
      )}
      {error ? (
        <p id={`${ids}-error`} className="wallet-field__error" data-testid="share-downline-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

const EMPTY = { downline: '', amount: '', paymentPassword: '', totpCode: '' };

/** The transfer with its step-up: downline, amount, the payment password and, with two-factor on, the code. */
function ShareForm({ main, symbol, secondFactor }: { main: string; symbol: string | undefined; secondFactor: boolean }) {
  const { t } = useTranslation('wallet', { keyPrefix: 'share' });
  const share = useShareMutation();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<TShareErrors>({});
  const [requestKey, setRequestKey] = useState(newRequestKey);
  const [result, setResult] = useState<TShareResult | null>(null);
  const money = (v: string) => formatBalance(v, symbol);
  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: TShareErrors = {};
    if (!values.downline) found.downline = t('errors.downline_required');
    const amountError: TAmountError | null = checkAmount(values.amount, { min: '0.01', max: main });
    if (amountError) found.amount = t(`errors.${amountError}`, { max: money(main) });
    if (!values.paymentPassword) found.paymentPassword = t('errors.password_required');
    if (secondFactor && !values.totpCode.trim()) found.totpCode = t('errors.totp_required');
    setErrors(found);
    const first = (['downline', 'amount', 'paymentPassword', 'totpCode'] as const).find((k) => found[k]);
    if (first) {
      event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setResult(null);
    try {
      const done = await share.mutateAsync({
        downline: values.downline,
        amount: amountForWire(values.amount),
        paymentPassword: values.paymentPassword,
        ...(secondFactor ? { totpCode: values.totpCode.trim() } : {}),
        requestKey,
      });
      setResult(done);
      notify.success(t('done', { amount: money(done.amount), downline: done.downline }));
      setValues((v) => ({ ...EMPTY, downline: v.downline }));
      setRequestKey(newRequestKey());
    } catch (error) {
      // A refused send may be made again as a new transfer; a lost answer keeps its key (no second transfer).
      if (!(isApiError(error) && error.code === 'network_abnormal')) setRequestKey(newRequestKey());
      setValues((v) => ({ ...v, paymentPassword: '', totpCode: '' }));
      const field = isApiError(error) && error.code === 'downline_not_found' ? 'downline' : null;
      if (field) setErrors({ downline: getErrorText(error) });
      notify.error(getErrorText(error));
    }
  };

  return (
    <>
      <form className="wallet-form card" noValidate onSubmit={(e) => void submit(e)} aria-labelledby="share-form-title" data-testid="share-form">
        <h4 id="share-form-title" className="wallet-form__title">
          {t('form_title')}
        </h4>
        <DownlinePicker value={values.downline} onChange={(downline) => setValues((v) => ({ ...v, downline }))} error={errors.downline} />
        <Field label={t('amount')} hint={t('available', { amount: money(main) })} error={errors.amount} testId="share-amount">
          <input
            name="amount"
            className="record-input"
            inputMode="decimal"
            autoComplete="off"
            value={values.amount}
            onChange={set('amount')}
            data-testid="share-amount"
          />
        </Field>
        <PaymentPasswordFields
          texts="share"
          testId="share"
          password={{ value: values.paymentPassword, onChange: set('paymentPassword'), error: errors.paymentPassword }}
          code={secondFactor ? { value: values.totpCode, onChange: set('totpCode'), error: errors.totpCode } : undefined}
        />
        <Button type="submit" variant="primary" block disabled={share.isPending} aria-busy={share.isPending || undefined} data-testid="share-submit">
          {share.isPending ? t('submitting') : t('submit')}
        </Button>
      </form>
      <div role="status" aria-live="polite">
        {result ? (
          <dl className="wallet-limits share-result card" data-testid="share-result">
            <div>
              <dt>{t('result_to')}</dt>
              <dd data-testid="share-result-downline">{result.downline}</dd>
            </div>
            <div>
              <dt>{t('result_amount')}</dt>
              <dd data-testid="share-result-amount">{money(result.amount)}</dd>
            </div>
            <div>
              <dt>{t('result_balance')}</dt>
              <dd data-testid="share-result-balance">{money(result.balance)}</dd>
            </div>
            <div>
              <dt>{t('result_ref')}</dt>
              <dd>{result.transactionId}</dd>
            </div>
          </dl>
        ) : null}
      </div>
    </>
  );
}

/**
 * Share profit with downline (transferUpline, 2.MC.06, decision 2.MC.07; docs/adr/0030): an agent moves money
 * from its main wallet to a direct downline's main wallet, with the payment password and, when two-factor login
 * is on, the authenticator code (the step-up of Withdraw). A request key makes a retried send answer the first
 * transfer. Members who are not agents see that the page is for agents.
 */
export function ShareProfitPage() {
  const { t } = useTranslation('wallet', { keyPrefix: 'share' });
  const { data: member } = useMemberInfo();
  const agent = member ? isAgentLevel(member.isAgent) : undefined;
  const funds = useConsolidatedFunds();
  const settings = useWithdrawalSettings();
  const symbol = member?.currencySymbol;
  const s = settings.data;

  return (
    <div className="wallet-page" data-testid="share-page">
      <div className="wallet-page__head">
        <h3 className="wallet-page__title">{t('title')}</h3>
      </div>
      {agent === false ? (
        <div role="note" data-testid="share-not-agent">
          <EmptyState message={t('not_agent')} />
        </div>
      ) : (
        <>
          <p className="wallet-form__hint">{t('intro')}</p>
          {agent === undefined || (!s && !settings.isError) || (!funds.data && !funds.isError) ? (
            <div aria-busy="true" data-testid="share-loading">
              <Skeleton height={56} />
              <Skeleton height={360} />
            </div>
          ) : settings.isError || funds.isError ? (
            <LoadError
              error={settings.error ?? funds.error}
              onRetry={() => {
                void settings.refetch();
                void funds.refetch();
              }}
              testId="share-error"
            />
          ) : (
            <>
              <div className="wallet-row" data-testid="share-balance-row">
                <span className="wallet-row__name">{t('balance')}</span>
                <span className="wallet-row__amount" data-testid="share-balance">
                  {formatBalance(funds.data!.main, symbol)}
                </span>
              </div>
              {s!.paymentPasswordSet ? (
                <ShareForm main={funds.data!.main} symbol={symbol} secondFactor={s!.secondFactorRequired} />
              ) : (
                // An agent may share without ever withdrawing: the payment password is set here (the
                // withdrawal setup also asks for a bank account; docs/adr/0073).
                <>
                  <p className="wallet-notice wallet-notice--warn" data-testid="share-pp-missing">
                    {t('pp_missing')}
                  </p>
                  <PaymentPasswordForm />
                </>
              )}
            </>
          )}
        </>
      )}
    </div>
  );
}
