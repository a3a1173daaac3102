import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TGameType } from '@lotus/contracts/constants';
import { getVendorHref, paths } from '@/config/paths';
import { uniqueVendors, useVendorCards } from '@/api/get-vendor-cards';
import { useAppStore } from '@/state/app-store';
import { FlameIcon } from '@/components/icons/icons';
import { useGameMenus, type TGameMenus } from '../api/get-game-menus';

type TMenuKey = TGameMenus[number]['menu'];
type TMenuVendor = TGameMenus[number]['vendors'][number];

/** Where a vendor of the menu leads: Hot and slots vendors /rng?vassalage= (2.LGN.02/04), others their page (2.HDR.11). */
const targetType = (menu: TMenuKey, vendor: TMenuVendor): TGameType => (menu === 'HOT' ? 'RNG' : vendor.gameType);

/**
 * The login screen's top game menu (2.LGN.01-04), from /lgw/games/game_menus: Hot, then the game
 * types that have vendors. Hot lists the hot vendors (click -> /rng?vassalage=). FISH goes to /fish.
 * Other types list their vendors; a slots vendor opens /rng?vassalage= (stored as the chosen vendor),
 * others their category page with ?vassalage= (decision 2.HDR.11). Logos come from the vendor cards
 * when they are loaded. The skeleton is the menu's two rows at their final height.
 */
export function LoginGameMenu() {
  const { t, i18n } = useTranslation(['pages', 'common']);
  const navigate = useNavigate();
  const selectVendor = useAppStore((s) => s.selectVendor);
  const { data, isPending, isError } = useGameMenus(i18n.language);
  const { data: cards } = useVendorCards();
  const [tab, setTab] = useState<TMenuKey>('HOT');

  if (isError) return null; // 8.LOAD.04: quietly nothing
  if (isPending) {
    return (
      <div className="login-menu" role="status" aria-label={t('common:loading')} data-testid="login-game-menu-loading">
        <div className="login-menu__tabs" aria-hidden="true">
          {Array.from({ length: 5 }, (_, i) => (
            <span key={i} className="login-menu__skeleton login-menu__skeleton--tab" />
          ))}
        </div>
        <div className="login-menu__vendors" aria-hidden="true">
          {Array.from({ length: 4 }, (_, i) => (
            <span key={i} className="login-menu__skeleton login-menu__skeleton--vendor" />
          ))}
        </div>
      </div>
    );
  }

  const logos = new Map(uniqueVendors(cards).map((v) => [v.vassalage, v.logoUrl] as const));
  const menus = data.some((m) => m.menu === 'HOT') ? data : [{ menu: 'HOT' as const, vendors: [] }, ...data];
  const current = menus.find((m) => m.menu === tab) ?? menus[0]!;
  const label = (key: TMenuKey) => (key === 'HOT' ? t('common:header.hot') : t(`common:categories.${key}`));

  const onTab = (next: TMenuKey) => {
    if (next === 'FISH') {
      void navigate(paths.fish.getHref()); // 2.LGN.03
      return;
    }
    setTab(next);
  };

  return (
    <nav className="login-menu" aria-label={t('login.game_menu')} data-testid="login-game-menu">
      <ul className="login-menu__tabs" role="list">
        {menus.map(({ menu }) => (
          <li key={menu}>
            <button
              type="button"
              className={`login-menu__tab${current.menu === menu ? ' login-menu__tab--active' : ''}`}
              aria-pressed={current.menu === menu}
              aria-controls={menu === 'FISH' ? undefined : 'login-menu-vendors'}
              data-testid={`login-menu-${menu}`}
              onClick={() => onTab(menu)}
            >
              {menu === 'HOT' && <FlameIcon size={14} />}
              {label(menu)}
            </button>
          </li>
        ))}
      </ul>
      <ul
        id="login-menu-vendors"
        className="login-menu__vendors"
        aria-label={current.menu === 'HOT' ? t('login.hot_vendors') : label(current.menu)}
        data-testid="login-menu-vendors"
      >
        {current.vendors.length === 0 && <li className="login-menu__empty">{t('common:no_data')}</li>}
        {current.vendors.map((vendor) => {
          const type = targetType(current.menu, vendor);
          const logo = logos.get(vendor.vassalage);
          return (
            <li key={vendor.vassalage}>
              <Link
                className="login-menu__vendor"
                to={getVendorHref(type, vendor.vassalage)}
                data-testid={`login-menu-vendor-${vendor.vassalage}`}
                onClick={() => {
                  if (type === 'RNG') selectVendor({ gameType: type, vassalage: vendor.vassalage, displayName: vendor.displayName });
                }}
              >
                {logo ? (
                  <img src={logo} alt="" width={28} height={28} loading="lazy" decoding="async" />
                ) : (
                  <span className="login-menu__initial" aria-hidden="true">
                    {vendor.displayName.slice(0, 1)}
                  </span>
                )}
                <span>{vendor.displayName}</span>
                {vendor.isHot === 1 && current.menu !== 'HOT' && (
                  <span className="login-menu__hot" role="img" aria-label={t('common:header.hot')} title={t('common:header.hot')}>
                    <FlameIcon size={14} />
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
