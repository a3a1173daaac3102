import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { PageFrame } from '@/components/page-frame/page-frame';
import { ForgotForm } from './forgot-form';
import { ResetPasswordForm } from './reset-password-form';
import '../auth.css';
import './forgot.css';

/**
 * Forgot-password screen (2.R.07, 2.FGT: /forget; the layout shows banner group w_forget): the
 * email and mobile tabs with the contact list, or, when the URL carries the mailed token, the
 * set-new-password form.
 *
 * Security #18: the mailed link carries the token in the fragment (/forget#token=...), which the
 * browser never sends to a server; the page keeps it in memory and removes it from the address bar
 * at once (no history entry, no Referer, no copy-paste of a live token). A link of an older mail
 * (?resetToken=...) is read the same way.
 */
export function readResetToken(location: { hash: string; search: string }): string | null {
  const fromHash = new URLSearchParams(location.hash.replace(/^#/, '')).get('token');
  const fromQuery = new URLSearchParams(location.search).get('resetToken');
  return (fromHash ?? fromQuery)?.trim() || null;
}

export function ForgotPage({ contactList }: { contactList?: ReactNode }) {
  const { t } = useTranslation(['auth-forgot', 'common']);
  const location = useLocation();
  const navigate = useNavigate();
  const inAddressBar = readResetToken(location);
  // The token of the last link opened (kept in memory once the address bar no longer shows it).
  const [token, setToken] = useState(inAddressBar);
  const [lastSeen, setLastSeen] = useState(inAddressBar);
  if (inAddressBar && inAddressBar !== lastSeen) {
    // Another link opened while this page was shown (adjusting state during render, not in an effect).
    setLastSeen(inAddressBar);
    setToken(inAddressBar);
  }
  useEffect(() => {
    if (inAddressBar) void navigate({ pathname: location.pathname, search: '', hash: '' }, { replace: true });
  }, [inAddressBar, location.pathname, navigate]);
  return (
    <PageFrame title={t('common:titles.forget')} testId="forget-page" headingHidden>
      <div className="auth-layout auth-layout--single">
        <section className="auth-layout__main card" aria-labelledby="forget-form-title">
          <h2 id="forget-form-title" className="auth-layout__title">
            {token ? t('reset_title') : t('title')}
          </h2>
          {token ? (
            <ResetPasswordForm
              token={token}
              onRestart={() => {
                setToken(null);
                void navigate(paths.forget.getHref(), { replace: true });
              }}
            />
          ) : (
            <ForgotForm contactList={contactList} />
          )}
          {!token && (
            <p className="auth-layout__link">
              <Link to={paths.login.getHref()}>{t('back_to_login')}</Link>
            </p>
          )}
        </section>
      </div>
    </PageFrame>
  );
}
