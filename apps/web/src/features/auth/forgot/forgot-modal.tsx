import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/ui/modal/modal';
import { ForgotForm } from './forgot-form';
import { closeForgotModal } from './forgot-modal-store';
import './forgot.css';

/** The forget-password modal (2.MOD.01): the same forms as /forget; it closes on success (4.PWR.02/03). */
export function ForgotModal({ contactList }: { contactList?: ReactNode }) {
  const { t } = useTranslation('auth-forgot');
  return (
    <Modal open onClose={closeForgotModal} title={t('title')} width={520} height="auto" className="forgot-modal" data-testid="forgot-modal">
      <ForgotForm contactList={contactList} onEmailSent={closeForgotModal} onLoggedIn={closeForgotModal} />
    </Modal>
  );
}
