import type { QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { ERROR_CATALOGUE } from '@lotus/contracts/error-codes';
import { paths } from '@/config/paths';
import { showDialog } from '@/components/ui/dialog/dialog-store';
import { endSession } from './end-session';

/**
 * The trial-account warning (5.GATE.03, 6.ROLE.09): `in_need_true_account` with the confirm button
 * labelled `in_increase_submit`. Decision 5.GATE.06: confirming ends the trial session (no second
 * question: the trial account has nothing to keep) and opens registration; cancel just closes.
 * Resolves true when the user chose to register.
 */
export async function showTrialWarning(deps: { navigate: (to: string) => void; queryClient: QueryClient | null }): Promise<boolean> {
  const t = i18next.getFixedT(null, 'auth-login');
  const choice = await showDialog({
    icon: 'warning',
    title: t('trial.title'),
    html: i18next.t('in_need_true_account', { ns: 'errors', defaultValue: ERROR_CATALOGUE.in_need_true_account }),
    buttons: [
      { label: t('trial.cancel'), variant: 'secondary' },
      { label: t('in_increase_submit'), variant: 'primary', isDefault: true },
    ],
  });
  if (choice !== 1) return false;
  await endSession(deps.queryClient);
  deps.navigate(paths.register.getHref());
  return true;
}
