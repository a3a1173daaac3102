import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';
import { session } from '@/lib/storage';
import { ChangePasswordHost } from '../../password/components/change-password-host';
import { useSession } from '@/lib/session/session-store';
import { isTrialAccount } from '@/lib/session/roles';
import { AFTER_LOGIN_KEY, useLoginUi } from '../login-ui-store';

const LoginPopupHost = lazy(() => import('./login-popup').then((m) => ({ default: m.LoginPopupHost })));

/** The login popup and the change-password modal, mounted once by the app layout. */
export function AuthHosts() {
  const popupOpen = useLoginUi((s) => s.popup.open);
  return (
    <>
      {popupOpen && (
        <Suspense fallback={null}>
          <LoginPopupHost />
        </Suspense>
      )}
      <ChangePasswordHost />
    </>
  );
}

/**
 * The after-login notice (4.LOGIN.13, decision 4.LOGIN.14): the first home page after a login
 * greets the member once with a welcome-back toast. Mounted on home by the layout.
 */
export function AfterLoginNotice() {
  const { t } = useTranslation('auth-login');
  const token = useSession((s) => s.token);
  const nickname = useSession((s) => s.member?.nickname ?? s.member?.account ?? '');
  const trial = useSession(isTrialAccount);
  useEffect(() => {
    if (!token || session.get(AFTER_LOGIN_KEY) !== '1') return;
    session.remove(AFTER_LOGIN_KEY);
    // Issue 11: a free-play session is not "welcome back": it says the credit is a trial's.
    if (trial) notify.info(t('after_login.trial'));
    else notify.success(nickname ? t('after_login.welcome_name', { name: nickname }) : t('after_login.welcome'));
  }, [token, nickname, trial, t]);
  return null;
}
