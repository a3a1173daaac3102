import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { env } from '@/config/env';
import { PageFrame } from '@/components/page-frame/page-frame';
import { ComingSoon } from '@/components/coming-soon/coming-soon';
import { LoginGameMenu } from './login-game-menu';
import '../auth.css';

/**
 * Login screen (2.R.03, 2.LGN): the top game menu, the login form on the left (brought by the
 * accounts issue: a clear coming-soon notice until then) and the register prompt on the right.
 * Its banner group (w_login) comes from the layout.
 */
export function LoginPage() {
  const { t } = useTranslation(['pages', 'common']);
  const site = t('common:site.name', { defaultValue: env.siteName });
  return (
    <PageFrame title={t('common:titles.login')} testId="login-page" headingHidden>
      <LoginGameMenu />
      <div className="auth-layout">
        <section className="auth-layout__main card" aria-labelledby="login-form-title">
          <h2 id="login-form-title" className="auth-layout__title">
            {t('login.form_title')}
          </h2>
          <ComingSoon>{t('common:coming_soon.form_login')}</ComingSoon>
          <p className="auth-layout__link">
            <Link to={paths.forget.getHref()}>{t('login.forget_link')}</Link>
          </p>
        </section>
        <aside className="auth-layout__side card" aria-labelledby="login-register-title">
          <h2 id="login-register-title" className="auth-layout__title">
            {t('login.register_title', { site })}
          </h2>
          <p>{t('login.register_text')}</p>
          <Link to={paths.register.getHref()} className="btn btn--primary">
            {t('login.register_cta')}
          </Link>
        </aside>
      </div>
    </PageFrame>
  );
}

/** Registration (2.R.06): banner w_reg from the layout; the form arrives with the accounts issue. */
export function RegisterPage() {
  const { t } = useTranslation(['pages', 'common']);
  return (
    <PageFrame title={t('common:titles.register')} testId="register-page" headingHidden>
      <div className="auth-layout auth-layout--single">
        <section className="auth-layout__main card" aria-labelledby="register-form-title">
          <h2 id="register-form-title" className="auth-layout__title">
            {t('register.form_title')}
          </h2>
          <ComingSoon>{t('common:coming_soon.form_register')}</ComingSoon>
          <p className="auth-layout__link">
            {t('register.have_account')} <Link to={paths.login.getHref()}>{t('common:actions.login')}</Link>
          </p>
        </section>
      </div>
    </PageFrame>
  );
}

/** Forgot password (2.R.07): banner w_forget from the layout; the form arrives with the accounts issue. */
export function ForgetPage() {
  const { t } = useTranslation(['pages', 'common']);
  return (
    <PageFrame title={t('common:titles.forget')} testId="forget-page" headingHidden>
      <div className="auth-layout auth-layout--single">
        <section className="auth-layout__main card" aria-labelledby="forget-form-title">
          <h2 id="forget-form-title" className="auth-layout__title">
            {t('forget.form_title')}
          </h2>
          <ComingSoon>{t('common:coming_soon.form_forget')}</ComingSoon>
          <p className="auth-layout__hint">{t('forget.contact_text')}</p>
          <p className="auth-layout__link">
            <Link to={paths.login.getHref()}>{t('common:actions.login')}</Link>
          </p>
        </section>
      </div>
    </PageFrame>
  );
}
