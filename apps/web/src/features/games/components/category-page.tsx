import { useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ZGameType } from '@lotus/contracts/relay';
import { toCategoryCode } from '@/config/paths';
import { groupVendorsByType, useVendorCards } from '@/api/get-vendor-cards';
import { PageFrame } from '@/components/page-frame/page-frame';
import { ComingSoon } from '@/components/coming-soon/coming-soon';

/** The `{games}` segment of a category path: /live -> live (2.R.12 upper-cases it). */
export function getGamesParam(pathname: string): string {
  return pathname.split('/').filter(Boolean)[0] ?? '';
}

/**
 * A game category page (2.R.11/13/15: /live, /sports, /esports, /pvp, /elott, /cockfight, /rng,
 * /fish). The category code is the path segment upper-cased (2.R.12). The game lists arrive with
 * the games issue; until then the page shows its real frame and a coming-soon notice, naming the
 * vendor chosen through ?vassalage= when there is one (2.R.14).
 */
export function CategoryPage() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const code = toCategoryCode(getGamesParam(pathname));
  const known = ZGameType.safeParse(code);
  const label = known.success ? t(`categories.${known.data}`) : code;
  const vassalage = params.get('vassalage');
  const { data } = useVendorCards();
  const vendor =
    known.success && vassalage ? groupVendorsByType(data)[known.data].find((v) => v.vassalage === vassalage) : undefined;

  return (
    <PageFrame title={t('titles.category', { category: label })} testId={`category-page-${code}`}>
      <div data-category={code}>
        {vendor && (
          <p className="category-page__vendor" data-testid="selected-vendor">
            {vendor.displayName}
          </p>
        )}
        <ComingSoon />
      </div>
    </PageFrame>
  );
}
