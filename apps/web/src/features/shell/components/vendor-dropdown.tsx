import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TGameType, TGameVendor } from '@lotus/contracts/relay';
import { getVendorHref } from '@/config/paths';
import { useAppStore } from '@/state/app-store';
import { FlameIcon } from '@/components/icons/icons';
import { isHotVendor, toVendorColumns } from '../lib/vendor-columns';
import { VendorLogo } from './vendor-logo';

export function HotIcon() {
  const { t } = useTranslation('common');
  return (
    <span className="hot-icon" data-testid="hot-icon" role="img" aria-label={t('header.hot')} title={t('header.hot')}>
      <FlameIcon size={14} />
    </span>
  );
}

/**
 * The vendor dropdown of a nav category (2.HDR.06-10): up to 30 vendors in three columns of 10,
 * logo and name, a hot icon for isHot 1. A slots vendor is stored in the app store and opens
 * /rng?vassalage=<vendor>; other vendors open their category page (decision 2.HDR.11).
 */
export function VendorDropdown({
  id,
  code,
  vendors,
  loading,
  focusable,
  onNavigate,
}: {
  id: string;
  code: TGameType;
  vendors: readonly TGameVendor[];
  loading: boolean;
  /** Whether the vendor links are in the tab order (opened on purpose, not by a passing hover/focus). */
  focusable: boolean;
  onNavigate: () => void;
}) {
  const { t } = useTranslation('common');
  const selectVendor = useAppStore((s) => s.selectVendor);
  const category = t(`categories.${code}`);
  const columns = toVendorColumns(vendors);

  return (
    <div id={id} className="vendor-dropdown" data-testid={`vendor-dropdown-${code}`} role="region" aria-label={t('nav.vendors_of', { category })}>
      {loading ? (
        <div className="vendor-dropdown__loading" role="status">
          <span className="visually-hidden">{t('loading')}</span>
          {Array.from({ length: 6 }, (_, i) => (
            <span key={i} className="vendor-dropdown__skeleton" aria-hidden="true" />
          ))}
        </div>
      ) : (
        <div className="vendor-dropdown__columns">
          {columns.map((column, index) => (
            <ul key={index} className="vendor-dropdown__column" data-testid="vendor-column">
              {column.map((vendor) => (
                <li key={vendor.vassalage}>
                  <Link
                    className="vendor-dropdown__item"
                    to={getVendorHref(code, vendor.vassalage)}
                    tabIndex={focusable ? 0 : -1}
                    data-testid={`vendor-item-${vendor.vassalage}`}
                    onClick={() => {
                      if (code === 'RNG') {
                        selectVendor({ gameType: code, vassalage: vendor.vassalage, displayName: vendor.displayName });
                      }
                      onNavigate();
                    }}
                  >
                    <VendorLogo vendor={vendor} />
                    <span className="vendor-dropdown__name">{vendor.displayName}</span>
                    {isHotVendor(vendor) && <HotIcon />}
                  </Link>
                </li>
              ))}
            </ul>
          ))}
        </div>
      )}
    </div>
  );
}
