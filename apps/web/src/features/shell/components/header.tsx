import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { COMPACT_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { CloseIcon, MenuIcon } from '@/components/icons/icons';
import { LanguagePicker } from './language-picker';
import { Logo } from './logo';
import { NavBar } from './nav-bar';
import { ThemeToggle } from './theme-toggle';
import '../shell.css';

const NAV_ID = 'main-nav';

/** What the header hands its login slot: `tools` (language, theme, phone menu) must be rendered once. */
export type THeaderSlotProps = { onNavigate: () => void; tools: ReactNode };

/**
 * The site header (2.HDR): logo, login slot, language picker, theme switch, nav bar. The login slot
 * (2.HDR.02: login form or logged-in bar) comes from the app layout, which owns the accounts
 * feature; `onNavigate` closes the phone menu. The slot places the header's tools among its own
 * controls (issue 25): on a phone the logged-in bar's controls sit on two rows, and the keyboard must
 * meet them in the order they are seen, so the tools go where row 1 ends, before the money row.
 */
export function Header({ authSlot }: { authSlot?: (props: THeaderSlotProps) => ReactNode }) {
  const { t } = useTranslation('common');
  const compact = useMediaQuery(COMPACT_QUERY);
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();

  // A new page closes the phone menu.
  const [lastPath, setLastPath] = useState(location.pathname);
  if (lastPath !== location.pathname) {
    setLastPath(location.pathname);
    setMenuOpen(false);
  }

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const closeMenu = () => setMenuOpen(false);

  const tools = (
    <>
      <LanguagePicker />
      <ThemeToggle />
      {/* Always in the markup (a prerendered page has no media query yet); CSS shows it on
          phones only, so nothing moves when the script decides the layout. */}
      <button
        type="button"
        className="icon-button site-header__menu"
        aria-expanded={menuOpen}
        aria-controls={NAV_ID}
        aria-label={menuOpen ? t('actions.close_menu') : t('actions.open_menu')}
        data-testid="menu-toggle"
        onClick={() => setMenuOpen((open) => !open)}
      >
        {menuOpen ? <CloseIcon /> : <MenuIcon />}
      </button>
    </>
  );

  return (
    <header className="site-header">
      <div className="site-header__bar container">
        <Logo onNavigate={closeMenu} />
        <div className="site-header__tools">{authSlot ? authSlot({ onNavigate: closeMenu, tools }) : tools}</div>
      </div>
      <NavBar id={NAV_ID} open={!compact || menuOpen} compact={compact} onNavigate={closeMenu} />
    </header>
  );
}
