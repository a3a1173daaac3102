import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/ui/modal/modal';
import { closeLoginPopup, useLoginUi } from '../login-ui-store';
import { LoginForm } from './login-form';

/** The login popup (2.MOD.01): the login form in a modal. Mount once (the app layout does). */
export function LoginPopupHost() {
  const { t } = useTranslation('common');
  const popup = useLoginUi((s) => s.popup);
  if (!popup.open) return null;
  return (
    <Modal open onClose={closeLoginPopup} title={t('titles.login')} width={460} height="auto" data-testid="login-popup">
      <LoginForm key={popup.key} initial={popup.initial} onFinished={closeLoginPopup} onLeave={closeLoginPopup} idBase="login-popup" />
    </Modal>
  );
}
