import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TMerchantWallets, TWalletTransferQuery, TWalletTransferResult } from '@lotus/contracts/wallet';
import { parseMinor, formatMinor } from '@lotus/contracts/money';
import { Button } from '@/components/ui/button/button';
import { EmptyState } from '@/components/ui/empty-state/empty-state';
import { Skeleton } from '@/components/ui/skeleton/skeleton';
import { isApiError } from '@/lib/api-client';
import { getErrorText } from '@/lib/error-text';
import { formatBalance } from '@/lib/money';
import { useRefreshBalance } from '@/lib/session/refresh-balance';
import { useMerchantWallets } from '../api/get-merchant-wallets';
import { getWalletTransfer, useWalletTransferMutation } from '../api/get-wallet-transfer';
import { amountForWire, checkAmount, type TAmountError } from '../lib/amount-input';
import { newRequestKey } from '../lib/request-key';
import { Field } from './field';
import { LoadError } from './load-error';
import { StatusBadge, type TStatusTone } from './status-badge';

type TMerchantWallet = TMerchantWallets['wallets'][number];
type TDirection = 'in' | 'out';

/** How often, and how many times, a pending transfer is asked again (the same requestId: never a second move). */
export const PENDING_CHECK_MS = 5_000;
export const PENDING_CHECKS = 24;

const STATUS_TONE: Record<TMerchantWallet['status'], TStatusTone> = { active: 'ok', maintenance: 'wait', disabled: 'off' };

/** The last transfer as the member sees it: the question (kept to check a pending one), the answer or the error. */
type TOutcome =
  | { query: TWalletTransferQuery; result: TWalletTransferResult; checks: number }
  | { query: TWalletTransferQuery; error: unknown };

const sumAmounts = (result: TWalletTransferResult) =>
  formatMinor(result.transfers.reduce((sum, t) => sum + (parseMinor(t.amount) ?? 0n), 0n));

/**
 * Transfers with transfer-mode game providers (My wallet, 2.MC.03; 7.RELAY.03 GCS_walletTransfer,
 * 7.RELAY.20 GCS_merchantWallet, 3.WAL.02; docs/adr/0029): each provider's wallet with its status, the
 * platform's balance and the provider's live figure; main -> provider wallet and back with an amount; and
 * "transfer all back". A transfer the provider has not confirmed yet is shown as waiting and asked again
 * (same requestId) until it settles; every answer refreshes the balances.
 */
export function VendorTransfers({ main, symbol }: { main: string | undefined; symbol: string | undefined }) {
  const { t } = useTranslation('wallet', { keyPrefix: 'transfer' });
  const ids = useId();
  const wallets = useMerchantWallets();
  const transfer = useWalletTransferMutation();
  const refreshBalance = useRefreshBalance();
  const money = (v: string) => formatBalance(v, symbol);
  const list = wallets.data?.wallets ?? [];
  const active = list.filter((w) => w.status === 'active');
  const [vendor, setVendor] = useState('');
  const [direction, setDirection] = useState<TDirection>('in');
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<TAmountError | null>(null);
  const [requestId, setRequestId] = useState(newRequestKey);
  const [outcome, setOutcome] = useState<TOutcome | null>(null);
  const chosen = active.find((w) => w.vendor === vendor) ?? active[0];
  const held = list.some((w) => w.balance !== '0.00');
  const nameOf = (code: string | null | undefined) => list.find((w) => w.vendor === code)?.name ?? code ?? '';
  const max = direction === 'in' ? (main ?? '0.00') : (chosen?.liveBalance ?? chosen?.balance ?? '0.00');

  // A pending transfer: ask again (same requestId, so nothing moves twice) until it settles or the checks run out.
  const pending = outcome && 'result' in outcome && outcome.result.status === 'pending' && outcome.checks < PENDING_CHECKS ? outcome : null;
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => {
      getWalletTransfer(pending.query).then(
        (result) => setOutcome({ query: pending.query, result, checks: pending.checks + 1 }),
        (error: unknown) =>
          setOutcome(
            isApiError(error) && error.code === 'network_abnormal'
              ? { ...pending, checks: pending.checks + 1 }
              : { query: pending.query, error },
          ),
      ).finally(() => void refreshBalance());
    }, PENDING_CHECK_MS);
    return () => clearTimeout(timer);
  }, [pending, refreshBalance]);

  const send = async (query: TWalletTransferQuery) => {
    setOutcome(null);
    try {
      const result = await transfer.mutateAsync(query);
      setOutcome({ query, result, checks: 0 });
      if (query.direction !== 'all') setAmount('');
      setRequestId(newRequestKey());
    } catch (error) {
      // A lost answer keeps its key: sending again asks about the same transfer instead of making a second one.
      if (!(isApiError(error) && error.code === 'network_abnormal')) setRequestId(newRequestKey());
      setOutcome({ query, error });
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!chosen) return;
    const found = checkAmount(amount, { min: '0.01', max });
    setAmountError(found);
    if (found) {
      event.currentTarget.querySelector<HTMLElement>('[name="amount"]')?.focus();
      return;
    }
    void send({ vendor: chosen.vendor, direction, amount: amountForWire(amount), requestId });
  };

  const resultView = (() => {
    if (!outcome) return null;
    if ('error' in outcome) return { tone: 'bad' as const, label: t('status.failed'), text: getErrorText(outcome.error) };
    const { query, result } = outcome;
    const vendorName = nameOf(query.vendor ?? result.transfers[0]?.vendor);
    const total = money(sumAmounts(result));
    switch (result.status) {
      case 'confirmed':
        return {
          tone: 'ok' as const,
          label: t('status.confirmed'),
          text:
            query.direction === 'all'
              ? t('done_all', { amount: total })
              : t(query.direction === 'in' ? 'done_in' : 'done_out', { amount: total, vendor: vendorName }),
        };
      case 'pending':
        return {
          tone: 'wait' as const,
          label: t('status.pending'),
          text: `${t('pending', { amount: total, vendor: vendorName })} ${outcome.checks < PENDING_CHECKS ? t('pending_checking') : t('pending_later')}`,
        };
      case 'none':
        return { tone: 'off' as const, label: t('status.none'), text: t('none') };
      default:
        return { tone: 'bad' as const, label: t(`status.${result.status}`), text: t('refused', { vendor: vendorName }) };
    }
  })();

  return (
    <section className="wallet-section" aria-labelledby={`${ids}-title`} data-testid="transfer-section">
      <div className="wallet-section__head">
        <h4 id={`${ids}-title`} className="wallet-section__title">
          {t('title')}
        </h4>
        {list.length > 0 ? (
          <Button
            variant="secondary"
            className="wallet-touch"
            disabled={!held || transfer.isPending}
            onClick={() => void send({ direction: 'all', requestId })}
            data-testid="transfer-all"
          >
            {t('all_back')}
          </Button>
        ) : null}
      </div>
      {wallets.isError && !wallets.data ? (
        <LoadError error={wallets.error} onRetry={() => void wallets.refetch()} testId="transfer-error" />
      ) : !wallets.data ? (
        <div aria-busy="true" data-testid="transfer-loading">
          <Skeleton height={72} />
          <Skeleton height={260} />
        </div>
      ) : list.length === 0 ? (
        <EmptyState message={t('empty')} />
      ) : (
        <>
          <ul className="wallet-vendors" role="list" data-testid="transfer-wallets">
            {list.map((w) => (
              <li key={w.vendor} className="wallet-row" data-testid={`transfer-wallet-${w.vendor}`} data-status={w.status}>
                <div className="transfer-wallet__who">
                  <span className="wallet-row__name">{w.name}</span>
                  <StatusBadge tone={STATUS_TONE[w.status]} testId="transfer-wallet-status">
                    {t(`vendor_status.${w.status}`)}
                  </StatusBadge>
                </div>
                <div className="transfer-wallet__money">
                  <span className="wallet-row__amount" data-testid="transfer-wallet-balance">
                    {money(w.balance)}
                  </span>
                  {w.liveBalance !== null && w.liveBalance !== w.balance ? (
                    <span className="wallet-row__hint" data-testid="transfer-wallet-live">
                      {t('live', { amount: money(w.liveBalance) })}
                    </span>
                  ) : w.liveBalance === null && w.status === 'active' ? (
                    <span className="wallet-row__hint">{t('live_unknown')}</span>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>

          {chosen ? (
            <form className="wallet-form card" noValidate onSubmit={submit} aria-labelledby={`${ids}-form`} data-testid="transfer-form">
              <h5 id={`${ids}-form`} className="wallet-form__title">
                {t('form_title')}
              </h5>
              {active.length > 1 ? (
                <fieldset className="wallet-choices">
                  <legend className="wallet-label">{t('vendor')}</legend>
                  {active.map((w) => (
                    <label
                      key={w.vendor}
                      className={`wallet-choice${w.vendor === chosen.vendor ? ' wallet-choice--on' : ''}`}
                      data-testid={`transfer-vendor-${w.vendor}`}
                    >
                      <input
                        type="radio"
                        name={`${ids}-vendor`}
                        value={w.vendor}
                        checked={w.vendor === chosen.vendor}
                        onChange={() => setVendor(w.vendor)}
                      />
                      <span className="wallet-choice__name">{w.name}</span>
                    </label>
                  ))}
                </fieldset>
              ) : null}
              <fieldset className="wallet-choices">
                <legend className="wallet-label">{t('direction')}</legend>
                {(['in', 'out'] as const).map((d) => (
                  <label
                    key={d}
                    className={`wallet-choice${d === direction ? ' wallet-choice--on' : ''}`}
                    data-testid={`transfer-direction-${d}`}
                  >
                    <input
                      type="radio"
                      name={`${ids}-direction`}
                      value={d}
                      checked={d === direction}
                      onChange={() => {
                        setDirection(d);
                        setAmountError(null);
                      }}
                    />
                    <span className="wallet-choice__name">{t(`direction_${d}`, { vendor: chosen.name })}</span>
                    <span className="wallet-choice__meta">{t('available', { amount: money(d === 'in' ? (main ?? '0.00') : (chosen.liveBalance ?? chosen.balance)) })}</span>
                  </label>
                ))}
              </fieldset>
              <Field
                label={t('amount')}
                error={amountError ? t(`errors.${amountError}`, { max: money(max) }) : undefined}
                testId="transfer-amount"
              >
                <input
                  name="amount"
                  className="record-input"
                  inputMode="decimal"
                  autoComplete="off"
                  value={amount}
                  onChange={(e) => setAmount(e.target.value)}
                  data-testid="transfer-amount"
                />
              </Field>
              <div className="transfer-form__actions">
                <Button
                  variant="ghost"
                  className="wallet-touch"
                  disabled={max === '0.00'}
                  onClick={() => {
                    setAmount(max);
                    setAmountError(null);
                  }}
                  data-testid="transfer-max"
                >
                  {t('max', { amount: money(max) })}
                </Button>
                <Button
                  type="submit"
                  variant="primary"
                  disabled={transfer.isPending}
                  aria-busy={transfer.isPending || undefined}
                  data-testid="transfer-submit"
                >
                  {transfer.isPending ? t('submitting') : t('submit')}
                </Button>
              </div>
            </form>
          ) : (
            <p className="wallet-notice" data-testid="transfer-unavailable">
              {t('unavailable')}
            </p>
          )}
        </>
      )}
      <div role="status" aria-live="polite" className="transfer-result-slot">
        {resultView ? (
          <div className={`wallet-notice transfer-result transfer-result--${resultView.tone}`} data-testid="transfer-result" data-status={'result' in outcome! ? outcome.result.status : 'error'}>
            <StatusBadge tone={resultView.tone}>{resultView.label}</StatusBadge> <span data-testid="transfer-result-text">{resultView.text}</span>
          </div>
        ) : null}
      </div>
    </section>
  );
}
