import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';
import { PAGES, SIGN_IN_PATH } from '@/config/paths';
import { createQueryClient } from '@/lib/query-client';
import { SignInPage } from '@/features/auth/sign-in-page';
import { AccountPage } from '@/features/auth/account-page';
import { MembersPage } from '@/features/members/members-page';
import { MemberDetailPage } from '@/features/members/member-detail-page';
import { OperatorsPage } from '@/features/operators/operators-page';
import { ApprovalsPage } from '@/features/approvals/approvals-page';
import { AuditPage } from '@/features/audit/audit-page';
import { MaintenancePage } from '@/features/site/maintenance-page';
import { DashboardPage } from '@/features/dashboard/dashboard-page';
import { LoadingState } from '@/components/states';
import { Frame, RequirePermission } from './frame';

// Pages loaded on demand (their own chunks, not in the console's first load; docs/adr/0045).
// The content pages carry the rich-text editor.
const ContentPage = lazy(() => import('@/features/content/content-page').then((m) => ({ default: m.ContentPage })));
const SiteConfigPage = lazy(() => import('@/features/site/site-config-page').then((m) => ({ default: m.SiteConfigPage })));
const DepositsPage = lazy(() => import('@/features/cashier/deposits-page').then((m) => ({ default: m.DepositsPage })));
const WithdrawalsPage = lazy(() => import('@/features/cashier/withdrawals-page').then((m) => ({ default: m.WithdrawalsPage })));
const ReportsPage = lazy(() => import('@/features/cashier/reports-page').then((m) => ({ default: m.ReportsPage })));
const ChannelsPage = lazy(() => import('@/features/cashier/channels-page').then((m) => ({ default: m.ChannelsPage })));
const VendorsPage = lazy(() => import('@/features/vendors/vendors-page').then((m) => ({ default: m.VendorsPage })));
const LotteryPage = lazy(() => import('@/features/lottery/lottery-page').then((m) => ({ default: m.LotteryPage })));
const AgentsPage = lazy(() => import('@/features/agents/agents-page').then((m) => ({ default: m.AgentsPage })));
const SupportPage = lazy(() => import('@/features/support/support-page').then((m) => ({ default: m.SupportPage })));
const onDemand = (page: ReactNode) => <Suspense fallback={<LoadingState />}>{page}</Suspense>;

/** The console's routes (basename /backoffice, where the platform serves it). */
export function createConsoleRouter(basename = '/backoffice') {
  return createBrowserRouter(
    [
      { path: SIGN_IN_PATH, element: <SignInPage /> },
      {
        path: '/',
        element: <Frame />,
        children: [
          { index: true, element: <Navigate to={PAGES.dashboard.path} replace /> },
          { path: PAGES.dashboard.path, element: <RequirePermission page="dashboard"><DashboardPage /></RequirePermission> },
          { path: PAGES.members.path, element: <RequirePermission page="members"><MembersPage /></RequirePermission> },
          { path: `${PAGES.members.path}/:id`, element: <RequirePermission page="members"><MemberDetailPage /></RequirePermission> },
          { path: PAGES.approvals.path, element: <RequirePermission page="approvals"><ApprovalsPage /></RequirePermission> },
          { path: PAGES.deposits.path, element: <RequirePermission page="deposits">{onDemand(<DepositsPage />)}</RequirePermission> },
          { path: PAGES.withdrawals.path, element: <RequirePermission page="withdrawals">{onDemand(<WithdrawalsPage />)}</RequirePermission> },
          { path: PAGES.reports.path, element: <RequirePermission page="reports">{onDemand(<ReportsPage />)}</RequirePermission> },
          { path: PAGES.channels.path, element: <RequirePermission page="channels">{onDemand(<ChannelsPage />)}</RequirePermission> },
          { path: PAGES.vendors.path, element: <RequirePermission page="vendors">{onDemand(<VendorsPage />)}</RequirePermission> },
          { path: PAGES.lottery.path, element: <RequirePermission page="lottery">{onDemand(<LotteryPage />)}</RequirePermission> },
          { path: PAGES.agents.path, element: <RequirePermission page="agents">{onDemand(<AgentsPage />)}</RequirePermission> },
          { path: `${PAGES.content.path}/:tab?`, element: <RequirePermission page="content">{onDemand(<ContentPage />)}</RequirePermission> },
          { path: PAGES.maintenance.path, element: <RequirePermission page="maintenance"><MaintenancePage /></RequirePermission> },
          { path: PAGES.siteConfig.path, element: <RequirePermission page="siteConfig">{onDemand(<SiteConfigPage />)}</RequirePermission> },
          { path: PAGES.support.path, element: <RequirePermission page="support">{onDemand(<SupportPage />)}</RequirePermission> },
          { path: PAGES.operators.path, element: <RequirePermission page="operators"><OperatorsPage /></RequirePermission> },
          { path: PAGES.audit.path, element: <RequirePermission page="audit"><AuditPage /></RequirePermission> },
          { path: PAGES.account.path, element: <RequirePermission page="account"><AccountPage /></RequirePermission> },
          { path: '*', element: <Navigate to={PAGES.dashboard.path} replace /> },
        ],
      },
    ],
    { basename },
  );
}

export function App() {
  const [client] = useState(createQueryClient);
  const [router] = useState(() => createConsoleRouter());
  return (
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
