import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { hasToken } from '@/lib/storage';
import { HistoryIcon } from '@/components/icons/icons';
import { EmptyState } from '@/components/ui/empty-state/empty-state';

/**
 * The side menu's recent-games panel (2.SIDE.01/02): fixed at the left edge (on phones docked in
 * the bottom bar, issue 11), it expands on hover, on keyboard focus or on tap, and says what the
 * panel will hold when the list is empty and where to find games.
 * Decision 2.SIDE.03: visitors see the panel with "No data" and a login prompt (recent games need
 * a token). Until the games issue brings GCS_recentGame, the member list is empty too.
 */
export function SideMenu() {
  const { t } = useTranslation('common');
  const [expanded, setExpanded] = useState(false);
  const loggedIn = hasToken();
  const recentGames: never[] = [];

  return (
    <aside
      className={`side-menu${expanded ? ' side-menu--expanded' : ''}`}
      data-testid="recent-games-panel"
      aria-label={t('side.recent_games')}
      onMouseEnter={() => setExpanded(true)}
      onMouseLeave={() => setExpanded(false)}
      onFocus={() => setExpanded(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setExpanded(false);
      }}
    >
      <button
        type="button"
        className="side-menu__tab"
        aria-expanded={expanded}
        aria-controls="recent-games-body"
        aria-label={t('side.recent_games')}
        data-testid="recent-games-tab"
        onClick={() => setExpanded((value) => !value)}
      >
        <HistoryIcon size={20} />
        <span className="side-menu__tab-label">{t('side.recent_games')}</span>
      </button>
      <div id="recent-games-body" className="side-menu__body" hidden={!expanded}>
        {/* Rendered while open only: one empty state on the page at a time. */}
        {expanded && (
          <>
            <h2 className="side-menu__title">{t('side.recent_games')}</h2>
            {recentGames.length === 0 && (
              <div data-testid="recent-games-empty">
                <EmptyState compact icon={<HistoryIcon size={28} />} message={t('side.recent_empty')}>
                  {loggedIn && (
                    <Link to={paths.rng.getHref()} className="btn btn--outline btn--sm">
                      {t('side.recent_browse')}
                    </Link>
                  )}
                </EmptyState>
              </div>
            )}
            {!loggedIn && (
              <p className="side-menu__prompt">
                {t('side.recent_login_prompt')}{' '}
                <Link to={paths.login.getHref()} className="btn btn--primary btn--sm">
                  {t('actions.login')}
                </Link>
              </p>
            )}
          </>
        )}
      </div>
    </aside>
  );
}
