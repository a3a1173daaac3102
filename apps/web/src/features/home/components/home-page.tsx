import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { GAME_TYPES, type TGameType } from '@lotus/contracts/constants';
import { getCategoryHref } from '@/config/paths';
import { env } from '@/config/env';
import { useDocumentTitle } from '@/components/page-frame/use-document-title';
import { Skeleton } from '@/components/ui/skeleton/skeleton';
import { CategoryIcon } from '@/components/icons/category-icons';
import { useGameCategories } from '../api/get-game-categories';
import '../home.css';

/**
 * Home (2.R.01): the layout adds header, banner, notice bar, footer and side menu; the page itself
 * shows the category showcase, each card linking to its category page with the number of providers
 * that have a game open to play, as the catalogue counts them (docs/adr/0074). A category with none
 * is not shown; while the counts load every card holds its place, and if they fail every category
 * shows without a count.
 */
/**
 * The showcase's order: what players here play most first (slots, then the lottery and the electronic lottery,
 * issue 27), then the header's order. The page is prerendered with every category and drops those without a
 * provider when the counts arrive; the most played first keeps the cards a site has from moving up under the
 * player's eyes (a card that moves into view is a layout shift: 0.115 on a phone when the lottery came seventh).
 */
const SHOWCASE_ORDER: readonly TGameType[] = [
  'RNG',
  'LOTT',
  'ELOTT',
  ...GAME_TYPES.filter((c) => c !== 'RNG' && c !== 'LOTT' && c !== 'ELOTT'),
];

export function HomePage() {
  const { t } = useTranslation(['pages', 'common']);
  useDocumentTitle(t('common:titles.home'));
  const site = t('common:site.name', { defaultValue: env.siteName });
  const { data, isPending, isError } = useGameCategories();
  const counts = new Map((data?.list ?? []).map((c) => [c.gameType, c.vendorCount] as const));
  const shown = data ? SHOWCASE_ORDER.filter((code) => counts.has(code)) : SHOWCASE_ORDER;

  return (
    <div className="container page home" data-testid="home-page">
      <section className="home__intro">
        <h1 className="home__heading">{t('home.heading', { site })}</h1>
        <p className="home__lead">{t('home.intro')}</p>
      </section>
      <section className="home__categories" aria-labelledby="home-categories">
        <h2 id="home-categories" className="home__section-title">
          {t('home.categories')}
        </h2>
        <ul className="home__grid">
          {shown.map((code) => {
            const count = counts.get(code) ?? 0;
            return (
              <li key={code}>
                <Link
                  to={getCategoryHref(code)}
                  className={`home-card home-card--${code.toLowerCase()}`}
                  data-testid={`home-category-${code}`}
                >
                  <span className="home-card__icon">
                    <CategoryIcon code={code} />
                  </span>
                  <span className="home-card__name">{t(`common:categories.${code}`)}</span>
                  <span className="home-card__desc">{t(`home.category_desc.${code}`)}</span>
                  <span className="home-card__count" data-testid={`home-category-count-${code}`}>
                    {isPending ? (
                      <Skeleton width={90} height={14} />
                    ) : isError ? null : (
                      t('home.vendor_count', { count })
                    )}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
        {shown.length === 0 && (
          <p className="home__lead" data-testid="home-categories-empty">
            {t('home.vendor_count_zero')}
          </p>
        )}
      </section>
    </div>
  );
}
