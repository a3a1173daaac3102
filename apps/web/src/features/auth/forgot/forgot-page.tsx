import type { ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { PageFrame } from '@/components/page-frame/page-frame';
import { ForgotForm } from './forgot-form';
import { ResetPasswordForm } from './reset-password-form';
import '../auth.css';
import './forgot.css';

/**
 * Forgot-password screen (2.R.07, 2.FGT: /forget; the layout shows banner group w_forget): the
 * email and mobile tabs with the contact list, or, when the URL carries the mailed `resetToken`,
 * the set-new-password form.
 */
export function ForgotPage({ contactList }: { contactList?: ReactNode }) {
  const { t } = useTranslation(['auth-forgot', 'common']);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('resetToken')?.trim() || null;
  return (
    <PageFrame title={t('common:titles.forget')} testId="forget-page" headingHidden>
      <div className="auth-layout auth-layout--single">
        <section className="auth-layout__main card" aria-labelledby="forget-form-title">
          <h2 id="forget-form-title" className="auth-layout__title">
            {token ? t('reset_title') : t('title')}
          </h2>
          {token ? (
            <ResetPasswordForm token={token} onRestart={() => void navigate(paths.forget.getHref(), { replace: true })} />
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
