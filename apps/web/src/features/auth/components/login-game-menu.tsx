import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TGameType, TGameVendor } from '@lotus/contracts/relay';
import { getVendorHref, paths } from '@/config/paths';
import { groupVendorsByType, uniqueVendors, useVendorCards } from '@/api/get-vendor-cards';
import { useAppStore } from '@/lib/app-store';
import { Skeleton } from '@/components/ui/skeleton/skeleton';

type TMenuTab = 'HOT' | TGameType;

/**
 * The login screen's top game menu (2.LGN.01-04): Hot, then the game types of the vendor call.
 * Hot lists hot vendors (click -> /rng?vassalage=). FISH goes to /fish. Other types list their
 * vendors; a slots vendor opens /rng?vassalage=, others their category page (decision 2.HDR.11).
 */
export function LoginGameMenu() {
  const { t } = useTranslation(['pages', 'common']);
  const navigate = useNavigate();
  const selectVendor = useAppStore((s) => s.selectVendor);
  const { data, isPending, isError } = useVendorCards();
  const [tab, setTab] = useState<TMenuTab>('HOT');

  if (isError) return null; // 8.LOAD.04: quietly nothing
  if (isPending) {
    return (
      <div className="login-menu" aria-hidden="true">
        <Skeleton height={36} />
        <Skeleton height={36} />
      </div>
    );
  }

  const types = data.filter((card) => card.cards.length > 0).map((card) => card.title);
  const byType = groupVendorsByType(data);
  const hot = uniqueVendors(data).filter((vendor) => vendor.isHot === 1);
  const vendors: { type: TGameType; vendor: TGameVendor }[] =
    tab === 'HOT'
      ? hot.map((vendor) => ({ type: 'RNG' as const, vendor }))
      : byType[tab].map((vendor) => ({ type: tab, vendor }));

  const onTab = (next: TMenuTab) => {
    if (next === 'FISH') {
      void navigate(paths.fish.getHref());
      return;
    }
    setTab(next);
  };

  return (
    <nav className="login-menu" aria-label={t('login.game_menu')} data-testid="login-game-menu">
      <ul className="login-menu__tabs" role="list">
        {(['HOT', ...types] as TMenuTab[]).map((key) => (
          <li key={key}>
            <button
              type="button"
              className={`login-menu__tab${tab === key ? ' login-menu__tab--active' : ''}`}
              aria-pressed={tab === key}
              data-testid={`login-menu-${key}`}
              onClick={() => onTab(key)}
            >
              {key === 'HOT' ? t('common:header.hot') : t(`common:categories.${key}`)}
            </button>
          </li>
        ))}
      </ul>
      <ul className="login-menu__vendors" aria-label={tab === 'HOT' ? t('login.hot_vendors') : t(`common:categories.${tab}`)}>
        {vendors.length === 0 && <li className="login-menu__empty">{t('common:no_data')}</li>}
        {vendors.map(({ type, vendor }) => (
          <li key={`${type}-${vendor.vassalage}`}>
            <Link
              className="login-menu__vendor"
              to={getVendorHref(type, vendor.vassalage)}
              onClick={() => {
                if (type === 'RNG') selectVendor({ gameType: type, vassalage: vendor.vassalage, displayName: vendor.displayName });
              }}
            >
              {vendor.logoUrl ? <img src={vendor.logoUrl} alt="" width={28} height={28} loading="lazy" /> : null}
              <span>{vendor.displayName}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
