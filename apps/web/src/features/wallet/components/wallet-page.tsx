import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton/skeleton';
import { paths } from '@/config/paths';
import { formatBalance } from '@/lib/money';
import { useMemberInfo } from '@/lib/session/get-member-info';
import { useWalletBalance } from '@/lib/session/get-wallet-balance';
import { useRefreshBalance } from '@/lib/session/refresh-balance';
import { useConsolidatedFunds } from '../api/get-consolidated-funds';
import { LoadError } from './load-error';
import { VendorTransfers } from './vendor-transfers';
import '../wallet.css';

const REFRESH = 'M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7';

/**
 * My wallet (transferFund, 2.MC.03, decision 2.MC.20): the total balance (7.WAL.02 consolidated
 * funds), the main wallet and each game wallet that holds money, whether everything is in the main
 * wallet (3.WAL.02 `isSingle`), and the ways on: deposit, withdraw, the account record. Amounts in
 * the one money format (9.C.04-06). Transfers with transfer-mode game providers, in, out and all back
 * (7.RELAY.03, 7.RELAY.20; VendorTransfers).
 */
export function WalletPage() {
  const { t } = useTranslation('wallet');
  const { data: member } = useMemberInfo();
  const funds = useConsolidatedFunds();
  const balance = useWalletBalance();
  const refreshBalance = useRefreshBalance();
  const symbol = member?.currencySymbol;
  const refreshing = funds.isFetching || balance.isFetching;
  const vendors = funds.data?.wallets.filter((w) => w.balance !== '0.00') ?? [];

  return (
    <div className="wallet-page" data-testid="wallet-page">
      <div className="wallet-page__head">
        <h3 className="wallet-page__title">{t('funds.title')}</h3>
        <button
          type="button"
          className="wallet-icon-btn"
          aria-label={t('funds.refresh')}
          title={t('funds.refresh')}
          aria-busy={refreshing || undefined}
          disabled={refreshing}
          onClick={() => void refreshBalance()}
          data-testid="wallet-refresh"
        >
          <svg
            viewBox="0 0 24 24"
            width="20"
            height="20"
            aria-hidden="true"
            focusable="false"
            className={refreshing ? 'wallet-spin' : undefined}
          >
            <path
              d={REFRESH}
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </button>
      </div>

      {funds.isError && !funds.data ? (
        <LoadError error={funds.error} onRetry={() => void funds.refetch()} testId="wallet-error" />
      ) : (
        <>
          <section
            className="wallet-total card"
            aria-labelledby="wallet-total-label"
            aria-busy={!funds.data || undefined}
          >
            <p id="wallet-total-label" className="wallet-total__label">
              {t('funds.total')}
            </p>
            {funds.data ? (
              <p className="wallet-total__amount" data-testid="wallet-total">
                {formatBalance(funds.data.total, symbol)}
              </p>
            ) : (
              <Skeleton height={40} width="60%" className="wallet-total__skeleton" />
            )}
            <p className="wallet-total__hint" data-testid="wallet-single">
              {balance.data
                ? balance.data.isSingle
                  ? t('funds.single_yes')
                  : t('funds.single_no')
                : '\u00a0'}
            </p>
            <div className="wallet-actions">
              <Link
                className="btn btn--primary wallet-touch"
                to={paths.member.getHref('depositv2')}
                data-testid="wallet-deposit"
              >
                {t('funds.deposit')}
              </Link>
              <Link
                className="btn btn--outline wallet-touch"
                to={paths.member.getHref('withdraw')}
                data-testid="wallet-withdraw"
              >
                {t('funds.withdraw')}
              </Link>
              <Link
                className="btn btn--outline wallet-touch"
                to={paths.member.getHref('transactionHistory')}
                data-testid="wallet-record"
              >
                {t('funds.record')}
              </Link>
            </div>
          </section>

          <section className="wallet-section" aria-labelledby="wallet-main-title">
            <div className="wallet-row">
              <div>
                <h4 id="wallet-main-title" className="wallet-row__name">
                  {t('funds.main')}
                </h4>
                <p className="wallet-row__hint">{t('funds.main_hint')}</p>
              </div>
              {funds.data ? (
                <span className="wallet-row__amount" data-testid="wallet-main">
                  {formatBalance(funds.data.main, symbol)}
                </span>
              ) : (
                <Skeleton height={24} width={120} />
              )}
            </div>
          </section>

          <section className="wallet-section" aria-labelledby="wallet-vendors-title">
            <h4 id="wallet-vendors-title" className="wallet-section__title">
              {t('funds.vendors_title')}
            </h4>
            {!funds.data ? (
              <Skeleton height={48} />
            ) : vendors.length === 0 ? (
              <p className="wallet-section__empty" data-testid="wallet-vendors-empty">
                {t('funds.vendors_empty')}
              </p>
            ) : (
              <ul className="wallet-vendors" role="list" data-testid="wallet-vendors">
                {vendors.map((w) => (
                  <li key={w.vendor} className="wallet-row" data-testid={`wallet-vendor-${w.vendor}`}>
                    <span className="wallet-row__name">{w.name ?? w.vendor}</span>
                    <span className="wallet-row__amount">{formatBalance(w.balance, symbol)}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <VendorTransfers main={funds.data?.main} symbol={symbol} />
        </>
      )}
    </div>
  );
}
