import { Suspense, use, type ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton/skeleton';
import { createChunkLoader, type ChunkLoader } from '@/lib/lazy-chunk';
import type { TMemberCentrePage } from '@/features/member-centre/member-centre-pages';
import { ChunkErrorBoundary } from '../chunk-error-boundary';

/** A page's chunk, resolving to what renders the page. */
type TPageLoader = ChunkLoader<() => ReactNode>;

/** A member-centre page loaded on demand: `page('<key>', () => import(...), (m) => <m.Component />)`. */
function page<M>(key: TMemberCentrePage, importer: () => Promise<M>, render: (module: M) => ReactNode): TPageLoader {
  return createChunkLoader(`member-${key}`, () => importer().then((module) => () => render(module)));
}

/**
 * The member centre's page table (2.MC): each spec page key ("Member centre menu") and the feature
 * component that renders it, loaded when the page is opened. Adding a page is one line here; a key
 * that is not in the table shows the panel's coming-soon notice until its issue brings the page.
 * (The trial-account refusal of the money pages is REAL_MONEY_PAGES, 5.GATE.04.)
 */
export const MEMBER_CENTRE_PAGE_TABLE: Partial<Record<TMemberCentrePage, TPageLoader>> = {
  securityCenter: page('securityCenter', () => import('./security-centre-page'), (m) => <m.SecurityCentrePage />),
  transferFund: page('transferFund', () => import('@/features/wallet/components/wallet-page'), (m) => <m.WalletPage />),
  depositv2: page('depositv2', () => import('@/features/wallet/components/deposit-page'), (m) => <m.DepositPage />),
  withdraw: page('withdraw', () => import('@/features/wallet/components/withdraw-page'), (m) => <m.WithdrawPage />),
  transferUpline: page('transferUpline', () => import('@/features/wallet/components/share-profit-page'), (m) => <m.ShareProfitPage />),
  messageV2: page('messageV2', () => import('@/features/inbox/components/messages-page'), (m) => <m.MessagesPage />),
  personalHistoryCopy: page('personalHistoryCopy', () => import('@/features/wallet/components/bet-record-page'), (m) => <m.BetRecordPage />),
  transactionHistory: page('transactionHistory', () => import('@/features/wallet/components/account-record-page'), (m) => <m.AccountRecordPage />),
};

function LoadedPage({ loader }: { loader: TPageLoader }) {
  const render = use(loader.load());
  return <>{render()}</>;
}

/** Renders a page of the table: a skeleton while it loads, the load error with Retry if it fails (8.LOAD). */
export function MemberCentrePageSlot({ loader }: { loader: TPageLoader }) {
  return (
    <ChunkErrorBoundary onRetry={() => loader.reset()} resetKey={loader.name}>
      <Suspense fallback={<Skeleton height={160} />}>
        <LoadedPage loader={loader} />
      </Suspense>
    </ChunkErrorBoundary>
  );
}
