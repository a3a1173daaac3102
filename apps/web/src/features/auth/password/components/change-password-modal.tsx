import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button/button';
import { Modal } from '@/components/ui/modal/modal';
import { paths } from '@/config/paths';
import { notify } from '@/lib/notify';
import { endSession } from '@/lib/session/end-session';
import { useChangePasswordStore } from '../change-password-store';
import { ChangePasswordForm } from './change-password-form';

/**
 * The change-password modal opened with openChangePassword() (2.MOD.01). A forced change
 * (4.LOGIN.11) has no close button, ignores Escape and the background (decision 4.LOGIN.12) and
 * offers only "Log out" besides changing.
 */
export function ChangePasswordModal() {
  const { t } = useTranslation('auth-login');
  const request = useChangePasswordStore((s) => s.request);
  const finish = useChangePasswordStore((s) => s.finish);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  if (!request) return null;
  const { forced } = request;
  const close = () => finish(request.id, null);
  const onChanged = (newPassword: string) => {
    notify.success(t('password.changed'));
    finish(request.id, newPassword);
  };
  const logout = async () => {
    await endSession(queryClient);
    void navigate(paths.home.getHref());
  };

  return (
    <Modal
      open
      onClose={forced ? () => undefined : close}
      title={forced ? t('password.forced_title') : t('password.title')}
      width={440}
      height="auto"
      closeOnCover={false}
      // Issue 11: until the forced change is done the member is not in: nothing of the logged-in
      // page (header, balance) shows behind the modal.
      className={forced ? 'ui-modal--opaque' : undefined}
      closeOnEscape={!forced}
      showClose={!forced}
      data-testid="change-password-modal"
    >
      {forced && <p className="auth-form__note">{t('password.forced_text')}</p>}
      <ChangePasswordForm
        key={request.id}
        knownOldPassword={request.oldPassword}
        onChanged={onChanged}
        secondaryActions={
          forced ? (
            <Button variant="ghost" block onClick={() => void logout()} data-testid="change-password-logout">
              {t('logout.button')}
            </Button>
          ) : (
            <Button variant="ghost" block onClick={close}>
              {t('form.cancel')}
            </Button>
          )
        }
      />
    </Modal>
  );
}
