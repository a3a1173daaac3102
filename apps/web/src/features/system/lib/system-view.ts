import { SYSTEM_STATUS } from '@lotus/contracts/constants';

export type TSystemView = 'loading' | 'app' | 'maintenance' | 'region-blocked';

/**
 * What the root shows for a system status (2.R.28-30):
 * 0 the main app, 1 the maintenance page, 2 the region-blocked page.
 *
 * Decision 4.SYS.01:
 * - any OTHER status value shows the maintenance page (an unknown state is treated as "not
 *   normal": safer to hold visitors on a neutral page than to open an app the platform did not
 *   say is available);
 * - a FAILED status call shows the app, with a toast saying the status could not be checked (the
 *   status service being down must not take the whole site down; every other call still answers
 *   with its own errors, including system_maintenance / access_restricted).
 */
export function resolveSystemView(state: { isPending: boolean; isError: boolean; status?: number | undefined }): TSystemView {
  if (state.isError) return 'app';
  if (state.isPending || state.status === undefined) return 'loading';
  switch (state.status) {
    case SYSTEM_STATUS.normal:
      return 'app';
    case SYSTEM_STATUS.maintenance:
      return 'maintenance';
    case SYSTEM_STATUS.regionRestricted:
      return 'region-blocked';
    default:
      return 'maintenance';
  }
}
