import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { TCashierChannel } from '@lotus/contracts/cashier';
import { PROMPTPAY_BANK_CODE } from '@lotus/contracts/promptpay';
import { Button } from '@/components/ui/button/button';
import { EmptyState } from '@/components/ui/empty-state/empty-state';
import { Skeleton } from '@/components/ui/skeleton/skeleton';
import { isApiError } from '@/lib/api-client';
import { getErrorText } from '@/lib/error-text';
import { formatBalance } from '@/lib/money';
import { notify } from '@/lib/notify';
import { useMemberInfo } from '@/lib/session/get-member-info';
import { useCashierChannels } from '../api/get-cashier-channels';
import { usePostDepositMutation } from '../api/post-deposit';
import { amountForWire, checkAmount, type TAmountError } from '../lib/amount-input';
import { fromBangkokLocal, toBangkokLocal } from '@lotus/contracts/calendar';
import { formatRecordTime } from '../lib/bangkok-days';
import { bankName } from '../lib/banks';
import { checkImage, IMAGE_ACCEPT, readImage } from '../lib/read-image';
import { DepositHistory } from './deposit-history';
import { DepositResult } from './deposit-result';
import { FilePicker } from './file-picker';
import { LoadError } from './load-error';
import { PromptPayQr } from './promptpay-qr';
import '../wallet.css';

type TFieldErrors = Partial<Record<'amount' | 'transferredAt' | 'reference' | 'slip', string>>;

/** Where the browser goes for a PSP payment (the provider's hosted page); a seam for tests. */
export const paymentRedirect = { go: (url: string) => window.location.assign(url) };

/**
 * Deposit (depositv2, 2.MC.04, decision 2.MC.20; docs/cashier.md): the channels with their limits,
 * a bank transfer form (the receiving account; amount, time of transfer, reference, optional slip)
 * that awaits an operator's approval, or a PSP channel that sends the member to the provider's
 * hosted page; then the deposit history with statuses.
 */
export function DepositPage() {
  const { t, i18n } = useTranslation('member-centre', { keyPrefix: 'deposit' });
  const language = i18n.resolvedLanguage === 'en' ? 'en' : 'th';
  const { data: member } = useMemberInfo();
  const symbol = member?.currencySymbol;
  const channels = useCashierChannels();
  const [code, setCode] = useState<string | null>(null);
  const list = channels.data ?? [];
  // A channel outside its opening hours is shown, closed, and cannot be chosen (docs/adr/0084).
  const openList = list.filter((c) => c.open);
  const channel = openList.find((c) => c.code === code) ?? openList[0];
  const ids = useId();
  // The PSP's return (`&deposit=<id>`): the result of that deposit above the form.
  const [params, setParams] = useSearchParams();
  const returned = params.get('deposit');
  const resultId = returned && /^[A-Za-z0-9-]{1,40}$/.test(returned) ? returned : null;

  return (
    <div className="wallet-page" data-testid="deposit-page">
      <div className="wallet-page__head">
        <h3 className="wallet-page__title">{t('title')}</h3>
      </div>

      {resultId ? (
        <DepositResult
          key={resultId}
          id={resultId}
          currencySymbol={symbol}
          onClose={() =>
            setParams(
              (p) => {
                const next = new URLSearchParams(p);
                next.delete('deposit');
                return next;
              },
              { replace: true },
            )
          }
        />
      ) : null}

      {channels.isError && !channels.data ? (
        <LoadError
          error={channels.error}
          onRetry={() => void channels.refetch()}
          testId="deposit-channels-error"
        />
      ) : !channels.data ? (
        <div aria-busy="true" data-testid="deposit-loading">
          <Skeleton height={56} count={2} className="wallet-list-skeleton" />
          <Skeleton height={220} />
        </div>
      ) : list.length === 0 ? (
        <EmptyState message={t('channels_empty')} />
      ) : (
        <>
          <fieldset className="wallet-choices">
            <legend className="wallet-label">{t('channel')}</legend>
            {list.map((c) => (
              <label
                key={c.code}
                className={`wallet-choice${c.code === channel?.code ? ' wallet-choice--on' : ''}${c.open ? '' : ' wallet-choice--off'}`}
                data-testid={`deposit-channel-${c.code}`}
              >
                <input
                  type="radio"
                  name={`${ids}-channel`}
                  value={c.code}
                  checked={c.code === channel?.code}
                  disabled={!c.open}
                  onChange={() => setCode(c.code)}
                />
                <span className="wallet-choice__name">{c.name[language]}</span>
                <span className="wallet-choice__meta">
                  {c.bank?.bankCode === PROMPTPAY_BANK_CODE ? t('kind_promptpay') : t(`kind.${c.kind}`)}
                </span>
                {c.open ? null : (
                  <span className="wallet-choice__meta" data-testid={`deposit-channel-closed-${c.code}`}>
                    {c.hours ? t('closed_hours', c.hours) : t('closed')}
                  </span>
                )}
              </label>
            ))}
          </fieldset>
          {channel ? null : <p className="wallet-form__hint" data-testid="deposit-all-closed">{t('all_closed')}</p>}
          {channel ? (
            <DepositForm key={channel.code} channel={channel} currencySymbol={symbol} language={language} />
          ) : null}
        </>
      )}

      <DepositHistory currencySymbol={symbol} />
    </div>
  );
}

function DepositForm({
  channel,
  currencySymbol,
  language,
}: {
  channel: TCashierChannel;
  currencySymbol: string | undefined;
  language: 'th' | 'en';
}) {
  const { t } = useTranslation('member-centre', { keyPrefix: 'deposit' });
  const { t: tErrors } = useTranslation('errors');
  const ids = useId();
  const bank = channel.kind === 'bank_transfer';
  const promptPay = bank && channel.bank?.bankCode === PROMPTPAY_BANK_CODE ? channel.bank : null;
  const deposit = usePostDepositMutation();
  const [amount, setAmount] = useState('');
  const [openedAt] = useState(() => toBangkokLocal(Date.now()));
  const [transferredAt, setTransferredAt] = useState(openedAt);
  const [reference, setReference] = useState('');
  const [payerName, setPayerName] = useState('');
  const [slip, setSlip] = useState<File | null>(null);
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [redirecting, setRedirecting] = useState(false);
  const [slipKey, setSlipKey] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const money = (v: string) => formatBalance(v, currencySymbol);
  const limits = {
    min: money(channel.min),
    max: money(channel.max),
    remaining: money(channel.remainingToday),
  };

  const amountText = (e: TAmountError) => t(`errors.${e}`, limits);
  const quick = quickAmounts(channel);
  const typed = amountForWire(amount);
  const validAmount =
    checkAmount(amount, { min: channel.min, max: channel.max, remaining: channel.remainingToday }) === null
      ? typed
      : null;

  const validate = (now: number): TFieldErrors => {
    const next: TFieldErrors = {};
    const a = checkAmount(amount, { min: channel.min, max: channel.max, remaining: channel.remainingToday });
    if (a) next.amount = amountText(a);
    if (bank) {
      const iso = fromBangkokLocal(transferredAt);
      if (!iso) next.transferredAt = t('errors.transferred_at_required');
      else if (Date.parse(iso) > now + 60_000) next.transferredAt = t('errors.transferred_at_future');
      if (reference.trim() === '') next.reference = t('errors.reference_required');
    }
    if (slip) {
      const s = checkImage(slip);
      if (s) next.slip = tErrors(s);
    }
    return next;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(new Date().getTime());
    setErrors(found);
    const first = (['amount', 'transferredAt', 'reference', 'slip'] as const).find((k) => found[k]);
    if (first) {
      form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    try {
      const slipImage = bank && slip ? await readImage(slip) : undefined;
      const created = await deposit.mutateAsync({
        channel: channel.code,
        amount: amountForWire(amount),
        ...(bank
          ? {
              transferredAt: fromBangkokLocal(transferredAt)!,
              reference: reference.trim(),
              // The sending account's name, when given: the desk compares it with the real name (ADR 0085).
              ...(payerName.trim().length >= 2 ? { payerName: payerName.trim() } : {}),
              ...(slipImage ? { slipImage } : {}),
            }
          : { lang: language }),
      });
      if (created.paymentUrl) {
        setRedirecting(true);
        paymentRedirect.go(created.paymentUrl);
        return;
      }
      notify.success(t('submitted', { amount: money(created.deposit.amount) }));
      setAmount('');
      setReference('');
      setPayerName('');
      setSlip(null);
      setSlipKey((k) => k + 1);
    } catch (error) {
      const fields = isApiError(error) ? error.details.fields : undefined;
      if (fields?.amount || fields?.transferredAt || fields?.reference) {
        setErrors({
          ...(fields.amount ? { amount: getErrorText(error) } : {}),
          ...(fields.transferredAt ? { transferredAt: t('errors.transferred_at_required') } : {}),
          ...(fields.reference ? { reference: t('errors.reference_required') } : {}),
        });
      }
      notify.error(getErrorText(error));
    }
  };

  const describedBy = (key: keyof TFieldErrors, hint?: boolean) =>
    [hint ? `${ids}-${key}-hint` : '', errors[key] ? `${ids}-${key}-error` : ''].filter(Boolean).join(' ') ||
    undefined;
  const fieldError = (key: keyof TFieldErrors) =>
    errors[key] ? (
      <p id={`${ids}-${key}-error`} className="wallet-field__error" data-testid={`deposit-${key}-error`}>
        {errors[key]}
      </p>
    ) : null;

  return (
    <form
      ref={form}
      className="wallet-form card"
      noValidate
      onSubmit={(e) => void submit(e)}
      data-testid="deposit-form"
      data-kind={channel.kind}
    >
      <p className="wallet-form__limits" data-testid="deposit-limits">
        {t('limits', limits)}
      </p>

      {promptPay ? null : bank && channel.bank ? (
        <div className="wallet-bank" data-testid="deposit-bank">
          <p className="wallet-form__hint">{t('bank_hint')}</p>
          <dl className="wallet-bank__details">
            <div>
              <dt>{t('bank_code')}</dt>
              <dd>{bankName(channel.bank.bankCode, language)}</dd>
            </div>
            <div>
              <dt>{t('account_number')}</dt>
              <dd className="wallet-bank__number">
                <span data-testid="deposit-account-number">{channel.bank.accountNumber}</span>
                <CopyButton text={channel.bank.accountNumber} />
              </dd>
            </div>
            <div>
              <dt>{t('account_name')}</dt>
              <dd>{channel.bank.accountName}</dd>
            </div>
          </dl>
        </div>
      ) : (
        <p className="wallet-form__hint">{t('psp_hint')}</p>
      )}

      <div className="wallet-field">
        <label htmlFor={`${ids}-amount`}>{t('amount')}</label>
        <input
          id={`${ids}-amount`}
          name="amount"
          className="record-input"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          aria-invalid={errors.amount ? true : undefined}
          aria-describedby={describedBy('amount')}
          data-testid="deposit-amount-input"
        />
        {fieldError('amount')}
      </div>

      {quick.length > 0 ? (
        <fieldset className="wallet-quick" data-testid="deposit-quick">
          <legend className="visually-hidden">{t('quick')}</legend>
          {quick.map((q) => (
            <Button
              key={q}
              variant={typed === q ? 'primary' : 'secondary'}
              className="wallet-quick__button"
              aria-pressed={typed === q}
              onClick={() => {
                setAmount(q);
                setErrors((x) => ({ ...x, amount: undefined }));
              }}
            >
              {money(q).replace(/\.00$/, '')}
            </Button>
          ))}
        </fieldset>
      ) : null}

      {promptPay ? (
        <PromptPayQr
          promptPayId={promptPay.accountNumber}
          accountName={promptPay.accountName}
          amount={validAmount}
          money={money}
        />
      ) : null}

      {bank ? (
        <>
          <div className="wallet-field">
            <label htmlFor={`${ids}-time`}>{t('transferred_at')}</label>
            <input
              id={`${ids}-time`}
              name="transferredAt"
              type="datetime-local"
              className="record-input"
              value={transferredAt}
              max={openedAt}
              onChange={(e) => setTransferredAt(e.target.value)}
              aria-invalid={errors.transferredAt ? true : undefined}
              aria-describedby={describedBy('transferredAt', true)}
              data-testid="deposit-time-input"
            />
            <p id={`${ids}-transferredAt-hint`} className="wallet-field__hint">
              {t('transferred_at_hint')}
              {fromBangkokLocal(transferredAt)
                ? ` · ${formatRecordTime(fromBangkokLocal(transferredAt)!, language).replace(/:\d\d$/, '')}`
                : ''}
            </p>
            {fieldError('transferredAt')}
          </div>
          <div className="wallet-field">
            <label htmlFor={`${ids}-reference`}>{t('reference')}</label>
            <input
              id={`${ids}-reference`}
              name="reference"
              className="record-input"
              maxLength={60}
              autoComplete="off"
              value={reference}
              onChange={(e) => setReference(e.target.value)}
              aria-invalid={errors.reference ? true : undefined}
              aria-describedby={describedBy('reference', true)}
              data-testid="deposit-reference-input"
            />
            <p id={`${ids}-reference-hint`} className="wallet-field__hint">
              {t('reference_hint')}
            </p>
            {fieldError('reference')}
          </div>
          <div className="wallet-field">
            <label htmlFor={`${ids}-payer`}>
              {t('payer_name')} <span className="wallet-field__optional">({t('slip_optional')})</span>
            </label>
            <input
              id={`${ids}-payer`}
              name="payerName"
              className="record-input"
              maxLength={120}
              autoComplete="name"
              value={payerName}
              onChange={(e) => setPayerName(e.target.value)}
              aria-describedby={`${ids}-payer-hint`}
              data-testid="deposit-payer-input"
            />
            <p id={`${ids}-payer-hint`} className="wallet-field__hint">
              {t('payer_name_hint')}
            </p>
          </div>
          <div className="wallet-field">
            <label htmlFor={`${ids}-slip`}>
              {t('slip')} <span className="wallet-field__optional">({t('slip_optional')})</span>
            </label>
            <FilePicker
              key={slipKey}
              id={`${ids}-slip`}
              accept={IMAGE_ACCEPT}
              onFiles={(files) => {
                const file = files[0] ?? null;
                setSlip(file);
                const problem = file ? checkImage(file) : null;
                setErrors((x) => ({ ...x, slip: problem ? tErrors(problem) : undefined }));
              }}
              aria-invalid={errors.slip ? true : undefined}
              aria-describedby={describedBy('slip')}
              testId="deposit-slip-input"
            />
            {fieldError('slip')}
          </div>
        </>
      ) : null}

      <Button
        type="submit"
        variant="primary"
        block
        disabled={deposit.isPending || redirecting}
        aria-busy={deposit.isPending || undefined}
        data-testid="deposit-submit"
      >
        {redirecting ? t('redirecting') : deposit.isPending ? t('submitting') : bank ? t('submit') : t('pay')}
      </Button>
    </form>
  );
}

/** The quick amounts offered: round sums within the channel's limits per deposit (at most six), else its minimum. */
const QUICK = ['100', '300', '500', '1000', '5000', '10000', '20000', '50000'];
function quickAmounts(channel: TCashierChannel): string[] {
  const min = Number(channel.min);
  const max = Number(channel.max);
  const within = QUICK.filter((q) => Number(q) >= min && Number(q) <= max).slice(0, 6);
  return within.length > 0 ? within : [String(Number(channel.min))];
}

/** Copies the receiving account number (phones: no selecting digits by hand). */
function CopyButton({ text }: { text: string }) {
  const { t } = useTranslation('member-centre', { keyPrefix: 'deposit' });
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="wallet-copy"
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(
          () => setCopied(true),
          () => undefined,
        );
      }}
      aria-live="polite"
      data-testid="deposit-copy"
    >
      {copied ? t('copied') : t('copy')}
    </button>
  );
}
