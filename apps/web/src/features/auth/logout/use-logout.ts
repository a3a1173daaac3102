import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { showDialog } from '@/components/ui/dialog/dialog-store';
import { notify } from '@/lib/notify';
import { useEndSessionMutation } from '@/lib/session/end-session';

/**
 * Logout (4.OUT.01-05): asks for confirmation (cancel keeps the session), calls logout, clears the
 * session (merchant value kept), resets login, agent and vip-service state, goes home and says so.
 * Resolves true when the member was logged out.
 */
export function useLogout() {
  const { t } = useTranslation('auth-login');
  const navigate = useNavigate();
  const endSession = useEndSessionMutation();
  return async (): Promise<boolean> => {
    const choice = await showDialog({
      icon: 'warning',
      title: t('logout.confirm_title'),
      html: t('logout.confirm_text'),
      buttons: [
        { label: t('logout.cancel'), variant: 'secondary' },
        { label: t('logout.confirm'), variant: 'primary', isDefault: true },
      ],
    });
    if (choice !== 1) return false;
    await endSession.mutateAsync();
    void navigate(paths.home.getHref());
    notify.success(t('logout.done'));
    return true;
  };
}
