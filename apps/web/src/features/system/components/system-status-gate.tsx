import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';
import { getErrorCode } from '@/lib/api-client';
import { useSystemStatus } from '../api/get-system-status';
import { resolveSystemView } from '../lib/system-view';
import { MaintenancePage, RegionBlockedPage, type ContactSupport } from './status-pages';

/**
 * The root switch on /wps/system/status (2.R.28-30, decision 4.SYS.01 in resolveSystemView): the
 * app for 0 (and when the call fails, with a toast), the maintenance page for 1 or an unknown
 * value, the region-blocked page for 2. While the status loads the app shows: a full-page loader
 * would hide a page that can paint (issue 10, ADR 0040); the server enforces maintenance and region
 * rules on every call, so the page only switches if the answer says so.
 */
export function SystemStatusGate({
  children,
  onContactSupport,
  onStatusPage,
}: {
  children: ReactNode;
  onContactSupport: ContactSupport;
  /** Called when a status page shows (the app preloads customer service then). */
  onStatusPage?: () => void;
}) {
  const { t } = useTranslation(['common', 'errors']);
  const { data, error, isPending, isError } = useSystemStatus();
  const view = resolveSystemView({ isPending, isError, status: data?.status });

  useEffect(() => {
    if (isError) {
      notify.error(t('status.check_failed'), {
        id: 'system-status-failed',
        description: t(getErrorCode(error), { ns: 'errors' }),
      });
    }
  }, [isError, error, t]);

  const onStatusPageRef = useRef(onStatusPage);
  useEffect(() => {
    if (view === 'maintenance' || view === 'region-blocked') onStatusPageRef.current?.();
  }, [view]);

  switch (view) {
    case 'loading':
      return <>{children}</>;
    case 'maintenance':
      return <MaintenancePage endTime={data?.endTime ?? null} info={data?.info ?? null} onContactSupport={onContactSupport} />;
    case 'region-blocked':
      return <RegionBlockedPage ip={data?.ip ?? ''} info={data?.info ?? null} onContactSupport={onContactSupport} />;
    case 'app':
      return <>{children}</>;
  }
}
