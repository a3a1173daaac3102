import { Suspense, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { selectIsLoggedIn, useSession } from '@/lib/session/session-store';
import { HistoryIcon } from '@/components/icons/icons';
import { EmptyState } from '@/components/ui/empty-state/empty-state';

/** While the member list's code loads: the list area at its final size (its own loading rows follow). */
function RecentPending() {
  const { t } = useTranslation('common');
  return <div className="recent-games" role="status" aria-label={t('loading')} />;
}

/**
 * The side menu's recent-games panel (2.SIDE.01/02): fixed at the left edge (on phones docked in
 * the bottom bar, issue 11), it expands on hover, on keyboard focus or on tap (a disclosure: the
 * tab button's aria-expanded). A member's list is the `recentGames` slot (the games feature's
 * GCS_recentGame list, loaded when the panel first opens, ADR 0057).
 * Decision 2.SIDE.03: visitors see the panel with "No data" and a login prompt (recent games need
 * a token).
 */
export function SideMenu({ recentGames }: { recentGames?: ReactNode }) {
  const { t } = useTranslation('common');
  const [expanded, setExpanded] = useState(false);
  const loggedIn = useSession(selectIsLoggedIn);
  // What opened the panel. A mouse click arrives after the hover that opened it, a tap after the focus
  // (and, on touch, the emulated hover) that opened it: those gestures' click keeps the panel open and a
  // later click closes it. Reading the state at pointerdown raced the hover's render on a fast machine.
  // A ref, not state: the click reads what this gesture's earlier events set, not the last render.
  const openedBy = useRef<'hover' | 'focus' | 'click' | null>(null);
  const byKeyboard = useRef(false);
  const open = (by: 'hover' | 'focus') => {
    openedBy.current ??= by;
    setExpanded(true);
  };
  const close = () => {
    openedBy.current = null;
    setExpanded(false);
  };
  const toggle = () => {
    const keyboard = byKeyboard.current;
    byKeyboard.current = false;
    // Enter or Space on the focused tab toggles whatever opened it; a pointer closes only its own opening.
    if (keyboard ? openedBy.current !== null : openedBy.current === 'click') close();
    else {
      openedBy.current = 'click';
      setExpanded(true);
    }
  };

  return (
    <aside
      className={`side-menu${expanded ? ' side-menu--expanded' : ''}`}
      data-testid="recent-games-panel"
      aria-label={t('side.recent_games')}
      onMouseEnter={() => open('hover')}
      onMouseLeave={close}
      onFocus={() => open('focus')}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && expanded) {
          event.stopPropagation();
          close();
        }
      }}
    >
      <button
        type="button"
        className="side-menu__tab"
        aria-expanded={expanded}
        aria-controls="recent-games-body"
        aria-label={t('side.recent_games')}
        data-testid="recent-games-tab"
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === ' ') byKeyboard.current = true;
        }}
        onClick={toggle}
      >
        <HistoryIcon size={20} />
        <span className="side-menu__tab-label">{t('side.recent_games')}</span>
      </button>
      <div id="recent-games-body" className="side-menu__body" hidden={!expanded}>
        {/* Rendered while open only: one empty state on the page at a time. */}
        {expanded && (
          <>
            <h2 className="side-menu__title">{t('side.recent_games')}</h2>
            {loggedIn && recentGames ? (
              <Suspense fallback={<RecentPending />}>{recentGames}</Suspense>
            ) : (
              <>
                <div className="recent-games" data-testid="recent-games-empty">
                  <EmptyState compact icon={<HistoryIcon size={28} />} message={t('no_data')}>
                    <p className="recent-games__hint">{t('side.recent_empty')}</p>
                  </EmptyState>
                </div>
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
          </>
        )}
      </div>
    </aside>
  );
}
