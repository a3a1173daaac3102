import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TDepositStatus } from '@lotus/contracts/cashier';
import { EmptyState } from '@/components/ui/empty-state/empty-state';
import { Pager } from '@/components/ui/pager/pager';
import { Skeleton } from '@/components/ui/skeleton/skeleton';
import { formatBalance } from '@/lib/money';
import { useDeposits, DEPOSIT_PAGE_SIZE } from '../api/get-deposits';
import { formatRecordTime } from '../lib/bangkok-days';
import { LoadError } from './load-error';
import { StatusBadge, type TStatusTone } from './status-badge';

const TONE: Record<TDepositStatus, TStatusTone> = {
  pending: 'wait',
  awaiting_approval: 'wait',
  credited: 'ok',
  rejected: 'bad',
  failed: 'bad',
  expired: 'off',
};

/** Deposit history (2.MC.04): newest first, 15 a page, each with its status and, when refused, why. */
export function DepositHistory({ currencySymbol }: { currencySymbol: string | undefined }) {
  const { t, i18n } = useTranslation('member-centre', { keyPrefix: 'deposit' });
  const language = i18n.resolvedLanguage ?? 'th';
  const [page, setPage] = useState(1);
  const deposits = useDeposits(page);
  const data = deposits.data;
  const totalPages = data ? Math.ceil(data.total / DEPOSIT_PAGE_SIZE) : 0;

  return (
    <section className="wallet-section" aria-labelledby="deposit-history-title" data-testid="deposit-history">
      <h4 id="deposit-history-title" className="wallet-section__title">
        {t('history')}
      </h4>
      {deposits.isError && !data ? (
        <LoadError
          error={deposits.error}
          onRetry={() => void deposits.refetch()}
          testId="deposit-history-error"
        />
      ) : !data ? (
        <div aria-busy="true">
          <Skeleton height={64} count={3} className="wallet-list-skeleton" />
        </div>
      ) : data.items.length === 0 ? (
        <EmptyState compact message={t('history_empty')} />
      ) : (
        <>
          <ul className="wallet-list" role="list" aria-busy={deposits.isFetching || undefined}>
            {data.items.map((d) => (
              <li key={d.id} className="wallet-item" data-testid="deposit-item" data-status={d.status}>
                <div className="wallet-item__main">
                  <span className="wallet-item__title">
                    {language === 'en' ? d.channelName.en : d.channelName.th}
                  </span>
                  <span className="wallet-item__meta">{formatRecordTime(d.createdAt, language)}</span>
                  {d.reference ? (
                    <span className="wallet-item__meta">{`${t('cols.reference')}: ${d.reference}`}</span>
                  ) : null}
                  {d.slips.length > 0 ? (
                    <span className="wallet-item__meta">{t('slips', { count: d.slips.length })}</span>
                  ) : null}
                  {d.reason ? (
                    <span className="wallet-item__reason" data-testid="deposit-reason">
                      {t('reason', { reason: d.reason })}
                    </span>
                  ) : null}
                </div>
                <div className="wallet-item__side">
                  <span className="wallet-item__amount" data-testid="deposit-amount">
                    {formatBalance(d.amount, currencySymbol)}
                  </span>
                  <StatusBadge tone={TONE[d.status]} testId="deposit-status">
                    {t(`status.${d.status}`)}
                  </StatusBadge>
                </div>
              </li>
            ))}
          </ul>
          <Pager page={page} totalPages={totalPages} onChange={setPage} />
        </>
      )}
    </section>
  );
}
