import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TGameType, TGameVendor } from '@lotus/contracts/relay';
import { getCategoryHref, paths } from '@/config/paths';
import { groupVendorsByType, useVendorCards } from '@/api/get-vendor-cards';
import { ChevronDownIcon } from '@/components/icons/icons';
import { hasVendorDropdown, NAV_CATEGORIES } from '../lib/vendor-columns';

// The dropdown's code loads when a dropdown first opens (not needed for the first paint, ADR 0057).
const VendorDropdown = lazy(() => import('./vendor-dropdown').then((m) => ({ default: m.VendorDropdown })));

/** While the dropdown's code loads: the dropdown's frame with its loading rows. */
function DropdownFallback({ id }: { id: string }) {
  const { t } = useTranslation('common');
  return (
    <div id={id} className="vendor-dropdown" role="status">
      <div className="vendor-dropdown__loading">
        <span className="visually-hidden">{t('loading')}</span>
        {Array.from({ length: 6 }, (_, i) => (
          <span key={i} className="vendor-dropdown__skeleton" aria-hidden="true" />
        ))}
      </div>
    </div>
  );
}

const navClass = ({ isActive }: { isActive: boolean }) => `nav-link${isActive ? ' nav-link--active' : ''}`;

function CategoryItem({
  code,
  vendors,
  loading,
  compact,
  onNavigate,
}: {
  code: TGameType;
  vendors: TGameVendor[];
  loading: boolean;
  compact: boolean;
  onNavigate: () => void;
}) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  // Opened on purpose (click, tap or keyboard) rather than by a passing hover/focus.
  const [pinned, setPinned] = useState(false);
  const itemRef = useRef<HTMLLIElement>(null);
  const linkRef = useRef<HTMLAnchorElement>(null);
  // Returning focus to the link after Escape must not reopen the dropdown.
  const returningFocus = useRef(false);
  const label = t(`categories.${code}`);
  const dropdownId = `vendor-dropdown-${code}`;
  // 2.HDR.08: no FISH dropdown. 8.LOAD.04: a failed vendor fetch simply leaves no dropdown.
  const withDropdown = hasVendorDropdown(code) && (loading || vendors.length > 0);
  const expanded = withDropdown && open;

  const close = () => {
    setOpen(false);
    setPinned(false);
  };

  useEffect(() => {
    if (!expanded) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!itemRef.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [expanded]);

  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    if (event.key === 'Escape' && expanded) {
      event.stopPropagation();
      close();
      returningFocus.current = true;
      linkRef.current?.focus();
      returningFocus.current = false;
    } else if (event.key === 'ArrowDown' && withDropdown && event.target === linkRef.current) {
      event.preventDefault();
      setOpen(true);
      setPinned(true);
    }
  };

  const navigateAndClose = () => {
    close();
    onNavigate();
  };

  return (
    <li
      ref={itemRef}
      className={`nav-item${withDropdown ? ' nav-item--has-dropdown' : ''}${expanded ? ' nav-item--open' : ''}`}
      onMouseEnter={compact ? undefined : () => setOpen(true)}
      onMouseLeave={compact ? undefined : () => !pinned && setOpen(false)}
      onFocus={compact ? undefined : () => !returningFocus.current && setOpen(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close();
      }}
      onKeyDown={onKeyDown}
    >
      <NavLink ref={linkRef} to={getCategoryHref(code)} className={navClass} data-testid={`nav-category-${code}`} onClick={navigateAndClose}>
        {label}
      </NavLink>
      {withDropdown && (
        <button
          type="button"
          className="nav-item__toggle"
          aria-expanded={expanded}
          aria-controls={dropdownId}
          aria-label={t('actions.show_vendors', { category: label })}
          data-testid={`nav-toggle-${code}`}
          onClick={() => {
            const next = !(expanded && pinned);
            setOpen(next);
            setPinned(next);
          }}
        >
          <ChevronDownIcon size={16} />
        </button>
      )}
      {expanded && (
        <Suspense fallback={<DropdownFallback id={dropdownId} />}>
          <VendorDropdown
            id={dropdownId}
            code={code}
            vendors={vendors}
            loading={loading}
            focusable={pinned || compact}
            onNavigate={navigateAndClose}
          />
        </Suspense>
      )}
    </li>
  );
}

/**
 * 2.HDR.05: Home, one entry per game category, Promotions (label `event`) and App download.
 * On phones (compact) the list is a collapsible menu and dropdowns open on tap.
 */
export function NavBar({ id, open, compact, onNavigate }: { id: string; open: boolean; compact: boolean; onNavigate: () => void }) {
  const { t } = useTranslation('common');
  const { data, isPending, isError } = useVendorCards();
  const byType = groupVendorsByType(data);
  const loading = isPending && !isError;

  return (
    <nav id={id} className={`main-nav${compact ? ' main-nav--compact' : ''}${open ? ' main-nav--open' : ''}`} aria-label={t('nav.label')}>
      <ul className="main-nav__list container">
        <li className="nav-item">
          <NavLink to={paths.home.getHref()} end className={navClass} data-testid="nav-home" onClick={onNavigate}>
            {t('nav.home')}
          </NavLink>
        </li>
        {NAV_CATEGORIES.map((code) => (
          <CategoryItem key={code} code={code} vendors={byType[code]} loading={loading} compact={compact} onNavigate={onNavigate} />
        ))}
        <li className="nav-item">
          <NavLink to={paths.promotions.getHref()} className={navClass} data-testid="nav-event" onClick={onNavigate}>
            {t('nav.event')}
          </NavLink>
        </li>
        <li className="nav-item">
          <NavLink to={paths.download.getHref()} className={navClass} data-testid="nav-download" onClick={onNavigate}>
            {t('nav.download')}
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}
