import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import type { useRememberMe } from '../use-remember-me';

/** Remember me (4.REM) and the forgot-password link, under the login fields. */
export function LoginRememberRow({
  remember,
  onLeave,
}: {
  remember: Pick<ReturnType<typeof useRememberMe>, 'checked' | 'toggle'>;
  /** The link leaves the form (the popup closes). */
  onLeave?: () => void;
}) {
  const { t } = useTranslation('auth-login');
  return (
    <div className="login-form__links">
      <label className="auth-form__check">
        <input
          type="checkbox"
          checked={remember.checked}
          onChange={(e) => remember.toggle(e.target.checked)}
          data-testid="login-remember"
        />
        <span>{t('form.remember')}</span>
      </label>
      <Link to={paths.forget.getHref()} onClick={onLeave} data-testid="login-forget">
        {t('form.forget')}
      </Link>
    </div>
  );
}
