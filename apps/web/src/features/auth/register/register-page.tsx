import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { PageFrame } from '@/components/page-frame/page-frame';
import { RegisterForm } from './register-form';
import '../auth.css';

/**
 * Registration screen (2.R.06: /register and /register.html; the layout shows banner group w_reg).
 * The query string may carry `referralCode` (a member's code) and `affiliateCode` (an agent's
 * code, decision 4.AFF.04). Success -> home, logged in.
 */
export function RegisterPage() {
  const { t } = useTranslation(['auth-register', 'common']);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <PageFrame title={t('common:titles.register')} testId="register-page" headingHidden>
      <div className="auth-layout auth-layout--single">
        <section className="auth-layout__main card" aria-labelledby="register-form-title">
          <h2 id="register-form-title" className="auth-layout__title">
            {t('title')}
          </h2>
          <RegisterForm
            referralCode={params.get('referralCode')}
            affiliateCode={params.get('affiliateCode')}
            onRegistered={() => void navigate(paths.home.getHref(), { replace: true })}
          />
        </section>
      </div>
    </PageFrame>
  );
}
