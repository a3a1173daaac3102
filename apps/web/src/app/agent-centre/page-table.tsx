import { Suspense, use, type ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton/skeleton';
import { createChunkLoader, type ChunkLoader } from '@/lib/lazy-chunk';
import type { TAgentCentrePage } from '@/features/agent-centre/agent-centre-pages';
import { ChunkErrorBoundary } from '../chunk-error-boundary';

/** A page's chunk, resolving to what renders the page. */
type TPageLoader = ChunkLoader<() => ReactNode>;

/** An agent-centre page loaded on demand: `page('<key>', () => import(...), (m) => <m.Component />)`. */
function page<M>(key: TAgentCentrePage, importer: () => Promise<M>, render: (module: M) => ReactNode): TPageLoader {
  return createChunkLoader(`agent-${key}`, () => importer().then((module) => () => render(module)));
}

/**
 * The agent centre's page table (2.AC): each page key and the feature component that renders it, loaded when the
 * page is opened. Transaction details is the member centre's account record (ODSFE2_MemTransDet, the wallet
 * feature's page: features do not import each other, so the app composes them). A key without a page in the table
 * would show the panel's "not available yet" state.
 */
export const AGENT_CENTRE_PAGE_TABLE: Partial<Record<TAgentCentrePage, TPageLoader>> = {
  announcement: page('announcement', () => import('@/features/agent-centre/components/announcement-page'), (m) => <m.AnnouncementPage />),
  teamOverview: page('teamOverview', () => import('@/features/agent-centre/components/team-overview-page'), (m) => <m.TeamOverviewPage />),
  accountCentre: page('accountCentre', () => import('@/features/agent-centre/components/account-centre-page'), (m) => <m.AccountCentrePage />),
  teamManagement: page('teamManagement', () => import('@/features/agent-centre/components/team-management-page'), (m) => <m.TeamManagementPage />),
  teamBetting: page('teamBetting', () => import('@/features/agent-centre/components/team-betting-page'), (m) => <m.TeamBettingPage />),
  userProfitLoss: page('userProfitLoss', () => import('@/features/agent-centre/components/user-profit-page'), (m) => <m.UserProfitPage />),
  myIncome: page('myIncome', () => import('@/features/agent-centre/components/my-income-page'), (m) => <m.MyIncomePage />),
  transactionDetails: page('transactionDetails', () => import('@/features/wallet/components/account-record-page'), (m) => <m.AccountRecordPage />),
  contracts: page('contracts', () => import('@/features/agent-centre/components/contracts-page'), (m) => <m.ContractsPage />),
  dividend: page('dividend', () => import('@/features/agent-centre/components/contract-kind-page'), (m) => <m.ContractKindPage kind="dividend" />),
  dailyWages: page('dailyWages', () => import('@/features/agent-centre/components/contract-kind-page'), (m) => <m.ContractKindPage kind="daily" />),
  hourlySalary: page('hourlySalary', () => import('@/features/agent-centre/components/contract-kind-page'), (m) => <m.ContractKindPage kind="hourly" />),
  realtimeSalary: page('realtimeSalary', () => import('@/features/agent-centre/components/contract-kind-page'), (m) => <m.ContractKindPage kind="realtime" />),
};

function LoadedPage({ loader }: { loader: TPageLoader }) {
  const render = use(loader.load());
  return <>{render()}</>;
}

/** Renders a page of the table: a skeleton while it loads, the load error with Retry if it fails (8.LOAD). */
export function AgentCentrePageSlot({ loader }: { loader: TPageLoader }) {
  return (
    <ChunkErrorBoundary onRetry={() => loader.reset()} resetKey={loader.name}>
      <Suspense fallback={<Skeleton height={160} />}>
        <LoadedPage loader={loader} />
      </Suspense>
    </ChunkErrorBoundary>
  );
}
