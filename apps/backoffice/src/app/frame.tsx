import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { ErrorState, LoadingState } from '@/components/states';
import { PAGES, SIGN_IN_PATH, type TPage } from '@/config/paths';
import { CONSOLE_LANGUAGES, setLanguage, type TConsoleLanguage } from '@/i18n/i18n';
import { can, endSession, useMe } from '@/lib/session';

/** "/" anywhere but in a text field focuses the page's search field (the element marked data-search). */
function useSearchShortcut() {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return;
      const search = document.querySelector<HTMLInputElement>('[data-search]');
      if (!search) return;
      event.preventDefault();
      search.focus();
      search.select();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}

/**
 * The console frame: navigation by role (only the pages the role may open), language switch,
 * the operator and sign-out; the page in the main landmark. Signed out: the sign-in page.
 */
export function Frame() {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const client = useQueryClient();
  const location = useLocation();
  useSearchShortcut();
  const signOut = useMutation({
    mutationFn: endSession,
    onSettled: () => {
      client.clear();
      client.setQueryData(['console', 'me'], null);
    },
  });

  if (me.isPending) return <LoadingState />;
  if (me.error) return <ErrorState error={me.error} onRetry={() => void me.refetch()} />;
  if (!me.data) return <Navigate to={SIGN_IN_PATH} replace state={{ from: location.pathname }} />;

  const pages = (Object.keys(PAGES) as TPage[]).filter((p) => can(me.data, PAGES[p].permission));
  return (
    <div className="frame">
      <a className="skip" href="#main">
        {t('frame.skip')}
      </a>
      <header className="topbar">
        <span className="brand">{t('frame.brand')}</span>
        <span className="who" data-testid="console-operator">
          {me.data.displayName} · {t(`roles.${me.data.role}`)}
        </span>
        <label className="lang">
          <span className="sr-only">{t('frame.language')}</span>
          <select value={i18n.language} onChange={(e) => void setLanguage(e.target.value as TConsoleLanguage)}>
            {CONSOLE_LANGUAGES.map((code) => (
              <option key={code} value={code}>
                {t(`languages.${code}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          {t('frame.signOut')}
        </button>
      </header>
      <nav className="sidebar" aria-label={t('frame.navigation')}>
        <ul>
          {pages.map((p) => (
            <li key={p}>
              <NavLink to={PAGES[p].path}>{t(PAGES[p].label)}</NavLink>
            </li>
          ))}
        </ul>
        <p className="hint">{t('frame.searchHint')}</p>
      </nav>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}

/** A page the role may not open says so (the server refuses its calls as well). */
export function RequirePermission({ page, children }: { page: TPage; children: React.ReactNode }) {
  const { t } = useTranslation();
  const me = useMe();
  if (!can(me.data, PAGES[page].permission)) {
    return (
      <section aria-labelledby="denied-title">
        <h1 id="denied-title">{t('frame.deniedTitle')}</h1>
        <p role="alert" data-testid="page-denied">
          {t('errors:ops_permission_denied')}
        </p>
      </section>
    );
  }
  return <>{children}</>;
}
