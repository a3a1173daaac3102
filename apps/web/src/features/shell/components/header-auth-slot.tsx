import { useId, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';

/**
 * The header's login-form slot (2.HDR.02). Placeholder until the accounts issue: it shows the
 * username and password fields and the Login/Register buttons, but it does NOT log in — the Login
 * button takes the visitor to /login (where the real form will live) and nothing typed is sent or
 * kept. Register goes to /register.
 */
export function HeaderAuthSlot({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const id = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.currentTarget.reset();
    onNavigate?.();
    void navigate(paths.login.getHref());
  };

  return (
    <form className="header-auth" aria-label={t('header.login_form')} onSubmit={onSubmit} data-testid="header-auth-slot">
      <div className="header-auth__fields">
        <label className="visually-hidden" htmlFor={`${id}-username`}>
          {t('header.username')}
        </label>
        <input
          id={`${id}-username`}
          className="header-auth__input"
          name="username"
          type="text"
          autoComplete="username"
          placeholder={t('header.username')}
          maxLength={15}
        />
        <label className="visually-hidden" htmlFor={`${id}-password`}>
          {t('header.password')}
        </label>
        <input
          id={`${id}-password`}
          className="header-auth__input"
          name="password"
          type="password"
          autoComplete="current-password"
          placeholder={t('header.password')}
        />
      </div>
      <button type="submit" className="btn btn--primary btn--sm" data-testid="header-login">
        {t('actions.login')}
      </button>
      <Link to={paths.register.getHref()} className="btn btn--outline btn--sm header-auth__register" data-testid="header-register" onClick={onNavigate}>
        {t('actions.register')}
      </Link>
    </form>
  );
}
