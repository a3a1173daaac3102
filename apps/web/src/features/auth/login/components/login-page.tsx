import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { env } from '@/config/env';
import { PageFrame } from '@/components/page-frame/page-frame';
import { LoginGameMenu } from '../../components/login-game-menu';
import type { TPortal } from '../lib/login-flow';
import { LoginForm } from './login-form';
import '../../auth.css';

/**
 * Login screen (2.R.03, 2.LGN): the login form on the left and the register prompt on the right
 * (2.LGN.05), then the game menu (issue 11: the form comes first, above the fold on a phone, and
 * its username field has the focus). Its banner group (w_login) comes from the layout. With portal
 * 'agent' it is the agent login page (decision 2.R.27: /agentHome for a visitor).
 */
export function LoginPage({ portal = 'member' }: { portal?: TPortal }) {
  const { t } = useTranslation(['auth-login', 'pages', 'common']);
  const site = t('common:site.name', { defaultValue: env.siteName });
  const agent = portal === 'agent';
  return (
    <PageFrame
      title={agent ? t('auth-login:agent.title') : t('common:titles.login')}
      testId={agent ? 'agent-login-page' : 'login-page'}
      headingHidden
    >
      <div className="auth-layout">
        <section className="auth-layout__main card" aria-labelledby="login-form-title">
          <h2 id="login-form-title" className="auth-layout__title">
            {agent ? t('auth-login:agent.form_title') : t('pages:login.form_title')}
          </h2>
          {agent && <p className="auth-layout__hint">{t('auth-login:agent.text')}</p>}
          <LoginForm portal={portal} idBase={agent ? 'agent-login' : 'login'} autoFocus />
        </section>
        <aside className="auth-layout__side card" aria-labelledby="login-register-title">
          <h2 id="login-register-title" className="auth-layout__title">
            {t('pages:login.register_title', { site })}
          </h2>
          <p>{t('pages:login.register_text')}</p>
          <Link to={paths.register.getHref()} className="btn btn--primary" data-testid="login-register-prompt">
            {t('pages:login.register_cta')}
          </Link>
        </aside>
      </div>
      {!agent && <LoginGameMenu />}
    </PageFrame>
  );
}
