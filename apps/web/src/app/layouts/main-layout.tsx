import { lazy, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getBannerGroup } from '@/config/banner-groups';
import { findPathKey } from '@/config/paths';
import { Header } from '@/features/shell/components/header';
import { Footer } from '@/features/shell/components/footer';
import { SideMenu } from '@/features/shell/components/side-menu';
import { LazySlot } from '../lazy-slot';

// Loaded beside the page rather than in the first bundle (carousel, HTML sanitiser, cs crypto):
// each renders nothing until it has data, so nothing jumps while they arrive.
const BannerCarousel = lazy(() => import('@/features/banners/banner-carousel').then((m) => ({ default: m.BannerCarousel })));
const NoticeBar = lazy(() => import('@/features/notices/notice-bar').then((m) => ({ default: m.NoticeBar })));
const NewsPopup = lazy(() => import('@/features/notices/news-popup').then((m) => ({ default: m.NewsPopup })));
const CustomerServiceBar = lazy(() =>
  import('@/features/customer-service/customer-service-bar').then((m) => ({ default: m.CustomerServiceBar })),
);

/** A new page starts at the top (a hash keeps its own position, e.g. /help#term). */
function useScrollToTop(pathname: string, hash: string) {
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
}

/**
 * The layout of every main route (2.R.01): header; the route's banner group (config/banner-groups,
 * nothing when unmapped or empty); on home the notice bar under the banner and the 'news' popup;
 * the page; footer; side menu (recent games) and the customer-service right bar.
 */
export function MainLayout() {
  const { t } = useTranslation('common');
  const { pathname, hash } = useLocation();
  useScrollToTop(pathname, hash);
  const bannerGroup = getBannerGroup(pathname);
  const isHome = findPathKey(pathname) === 'home';

  return (
    <div className="app-shell">
      <a
        className="skip-link"
        href="#main"
        onClick={(event) => {
          // Focus the content without touching the URL hash (the help centre reads the hash).
          event.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        {t('skip_to_content')}
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="app-main">
        {bannerGroup && (
          <LazySlot>
            <BannerCarousel key={bannerGroup} group={bannerGroup} />
          </LazySlot>
        )}
        {isHome && (
          <LazySlot>
            <NoticeBar />
          </LazySlot>
        )}
        <Outlet />
      </main>
      <Footer />
      <SideMenu />
      <LazySlot>
        <CustomerServiceBar />
      </LazySlot>
      {isHome && (
        <LazySlot>
          <NewsPopup />
        </LazySlot>
      )}
    </div>
  );
}
