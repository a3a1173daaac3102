import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button/button';
import { openChangePassword } from '../change-password-store';

/** Opens the change-password modal from the member centre (2.MOD.01; the old password is asked). */
export function ChangePasswordButton() {
  const { t } = useTranslation('auth-login');
  return (
    <Button variant="primary" onClick={() => void openChangePassword({ forced: false })} data-testid="open-change-password">
      {t('password.title')}
    </Button>
  );
}
