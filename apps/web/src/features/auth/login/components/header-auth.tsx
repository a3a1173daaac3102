import { lazy, Suspense, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { notify } from '@/lib/notify';
import { getErrorText } from '@/lib/error-text';
import { useSession } from '@/lib/session/session-store';
import { openRegisterPopup } from '../../register/register-popup-store';
import { openLoginPopup } from '../login-ui-store';
import type { TLoginErrors } from '../lib/validate-login';
import '../login.css';

// The logged-in bar and the login sequence load when needed, not with a visitor's first page.
/** The logged-in bar's code; a prerendered member frame loads it before it hydrates (ADR 0079). */
export const loadHeaderMemberBar = () => import('./header-member-bar');
const HeaderMemberBar = lazy(() => loadHeaderMemberBar().then((m) => ({ default: m.HeaderMemberBar })));
const loadLoginSequence = () => Promise.all([import('../use-login-actions'), import('../lib/validate-login')]);

/**
 * The header's login slot (2.HDR.02, decision 2.HDR.03): without a token the login form (username,
 * password, Log in, Register); with one the logged-in bar. `tools` (the header's language, theme and
 * menu controls) follow the form, and sit inside the logged-in bar where its first row ends (issue 25:
 * the tab order follows the phone's two rows).
 */
export function HeaderAuth({ onNavigate, tools }: { onNavigate?: () => void; tools?: ReactNode }) {
  const token = useSession((s) => s.token);
  if (!token)
    return (
      <>
        <HeaderLoginForm onNavigate={onNavigate} />
        {tools}
      </>
    );
  return (
    <Suspense
      fallback={
        <>
          <span className="header-member" data-testid="header-member-loading" />
          {tools}
        </>
      }
    >
      <HeaderMemberBar onNavigate={onNavigate} tools={tools} />
    </Suspense>
  );
}

/**
 * The header login form: the same sequence as /login (validate, slider, login call). When the
 * answer needs more than two fields — a captcha or the 2FA code — the login popup takes over with
 * what was typed; with nothing typed (phones fold the fields away) Log in opens the popup.
 */
export function HeaderLoginForm({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation(['auth-login', 'common']);
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<TLoginErrors>({});
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    // Nothing typed (or the fields are folded away on a phone): the full form opens in the popup.
    if (username.trim() === '' && password === '') {
      onNavigate?.();
      openLoginPopup();
      return;
    }
    setBusy(true);
    try {
      const [{ createLoginActions }, { EMPTY_LOGIN_VALUES }] = await loadLoginSequence();
      const actions = createLoginActions({ navigate: (to) => void navigate(to), queryClient });
      const outcome = await actions.submit({ ...EMPTY_LOGIN_VALUES, username, password }, { captchaShown: false, captchaId: null, portal: 'member' });
      switch (outcome.kind) {
        case 'invalid': {
          setErrors(outcome.errors);
          const first = outcome.errors.username ?? outcome.errors.password;
          if (first) notify.error(t(first));
          return;
        }
        case 'cancelled':
          return;
        case 'failed':
          if (outcome.captchaRequired) {
            openLoginPopup({ username: username.trim(), password, captcha: true, message: getErrorText(outcome.error) });
          } else {
            notify.error(getErrorText(outcome.error));
          }
          return;
        case 'two-factor':
          openLoginPopup({ username: outcome.values.username, password: outcome.values.password, twoFactorTicket: outcome.ticket });
          return;
        case 'success':
          setPassword('');
          onNavigate?.();
          await actions.complete(outcome.result, { portal: 'member', username: outcome.values.username, password: outcome.values.password });
          return;
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="header-auth" aria-label={t('common:header.login_form')} onSubmit={(e) => void onSubmit(e)} noValidate data-testid="header-auth-slot">
      <div className="header-auth__fields">
        <label className="visually-hidden" htmlFor={`${id}-username`}>
          {t('common:header.username')}
        </label>
        <input
          id={`${id}-username`}
          className="header-auth__input"
          name="username"
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={t('common:header.username')}
          maxLength={60}
          value={username}
          aria-invalid={errors.username ? true : undefined}
          onChange={(e) => {
            setUsername(e.target.value);
            setErrors((x) => ({ ...x, username: undefined }));
          }}
          data-testid="header-username"
        />
        <label className="visually-hidden" htmlFor={`${id}-password`}>
          {t('common:header.password')}
        </label>
        <input
          id={`${id}-password`}
          className="header-auth__input"
          name="password"
          type="password"
          autoComplete="current-password"
          placeholder={t('common:header.password')}
          maxLength={128}
          value={password}
          aria-invalid={errors.password ? true : undefined}
          onChange={(e) => {
            setPassword(e.target.value);
            setErrors((x) => ({ ...x, password: undefined }));
          }}
          data-testid="header-password"
        />
      </div>
      <button type="submit" className="btn btn--outline btn--sm header-auth__login" disabled={busy} aria-busy={busy || undefined} data-testid="header-login">
        {t('common:actions.login')}
      </button>
      <Link
        to={paths.register.getHref()}
        // Issue 11: for a visitor, registering is the call to action (the strongest button).
        className="btn btn--cta btn--sm header-auth__register"
        data-testid="header-register"
        onClick={(event) => {
          // 2.RGP.01: registration opens as a popup (the link still works in a new tab).
          event.preventDefault();
          onNavigate?.();
          openRegisterPopup();
        }}
      >
        {t('common:actions.register')}
      </Link>
    </form>
  );
}
