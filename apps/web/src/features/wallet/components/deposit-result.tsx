import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button/button';
import { Skeleton } from '@/components/ui/skeleton/skeleton';
import { formatBalance } from '@/lib/money';
import { watchMoney } from '@/lib/session/money-watch';
import { useRefreshBalance } from '@/lib/session/refresh-balance';
import { useDeposit } from '../api/get-deposit';
import { StatusBadge } from './status-badge';

/**
 * Where the payment provider sends the payer back (`/member?page=depositv2&deposit=<id>`; docs/adr/0073):
 * that deposit's amount and status read from the server, asked again every 2 s while the payment is
 * pending; once it is settled the balance is refreshed, so the header shows the credit at once.
 */
export function DepositResult({
  id,
  currencySymbol,
  onClose,
}: {
  id: string;
  currencySymbol: string | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('member-centre', { keyPrefix: 'deposit' });
  const deposit = useDeposit(id);
  const refreshBalance = useRefreshBalance();
  const d = deposit.data;
  const status = d?.status;
  const settled = useRef(false);
  // Back from the provider: its callback's outcome also comes as a message, asked for often for a while.
  useEffect(() => watchMoney(), []);

  useEffect(() => {
    if (!status || status === 'pending' || status === 'awaiting_approval' || settled.current) return;
    settled.current = true;
    void refreshBalance();
  }, [status, refreshBalance]);

  const amount = d ? formatBalance(d.amount, currencySymbol) : '';
  const tone = status === 'credited' ? 'ok' : status === 'pending' || status === 'awaiting_approval' ? 'wait' : 'bad';
  const message =
    status === 'credited'
      ? t('result_credited', { amount })
      : status === 'pending' || status === 'awaiting_approval'
        ? t('result_pending')
        : t('result_failed');

  return (
    <section
      className="wallet-form card wallet-result"
      aria-labelledby="deposit-result-title"
      aria-live="polite"
      data-testid="deposit-result"
      data-status={status ?? 'loading'}
    >
      <h4 id="deposit-result-title" className="wallet-form__title">
        {t('result_title')}
      </h4>
      {deposit.isError ? (
        <p className="wallet-notice">{t('result_missing')}</p>
      ) : !d ? (
        <Skeleton height={96} />
      ) : (
        <>
          <span className="wallet-result__amount" data-testid="deposit-result-amount">
            {amount}
          </span>
          <span>
            <StatusBadge tone={tone} testId="deposit-result-status">
              {t(`status.${d.status}`)}
            </StatusBadge>
          </span>
          <p className="wallet-form__hint">{message}</p>
          {d.reason ? <p className="wallet-form__hint">{t('reason', { reason: d.reason })}</p> : null}
        </>
      )}
      <div className="wallet-result__actions">
        <Button variant="secondary" onClick={onClose} data-testid="deposit-result-again">
          {t('result_again')}
        </Button>
      </div>
    </section>
  );
}
