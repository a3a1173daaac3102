import type { TOpsPermission } from '@lotus/contracts/ops-operators';

/** Every console page: its path (under the /backoffice basename), nav label key and the permission that shows it. */
export const PAGES = {
  dashboard: { path: '/dashboard', label: 'nav.dashboard', permission: 'read' },
  members: { path: '/members', label: 'nav.members', permission: 'read' },
  approvals: { path: '/approvals', label: 'nav.approvals', permission: 'read' },
  deposits: { path: '/cashier/deposits', label: 'nav.deposits', permission: 'money.read' },
  withdrawals: { path: '/cashier/withdrawals', label: 'nav.withdrawals', permission: 'money.read' },
  reports: { path: '/cashier/reports', label: 'nav.reports', permission: 'money.read' },
  channels: { path: '/cashier/channels', label: 'nav.channels', permission: 'money.read' },
  vendors: { path: '/vendors', label: 'nav.vendors', permission: 'vendors.read' },
  lottery: { path: '/lottery', label: 'nav.lottery', permission: 'lottery.read' },
  agents: { path: '/agents', label: 'nav.agents', permission: 'money.read' },
  content: { path: '/content', label: 'nav.content', permission: 'read' },
  maintenance: { path: '/site/maintenance', label: 'nav.maintenance', permission: 'config.write' },
  siteConfig: { path: '/site/config', label: 'nav.siteConfig', permission: 'read' },
  support: { path: '/support', label: 'nav.support', permission: 'read' },
  operators: { path: '/operators', label: 'nav.operators', permission: 'operators.read' },
  audit: { path: '/audit', label: 'nav.audit', permission: 'audit.read' },
  account: { path: '/account', label: 'nav.account', permission: 'self' },
} as const satisfies Record<string, { path: string; label: string; permission: TOpsPermission }>;

export type TPage = keyof typeof PAGES;
export const SIGN_IN_PATH = '/sign-in';
export const memberHref = (id: number) => `/members/${id}`;
