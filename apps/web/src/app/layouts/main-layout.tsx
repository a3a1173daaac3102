import { lazy, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getBannerGroup } from '@/config/banner-groups';
import { findPathKey } from '@/config/paths';
import { Header } from '@/features/shell/components/header';
import { Footer } from '@/features/shell/components/footer';
import { SideMenu } from '@/features/shell/components/side-menu';
import { HeaderAuth, loadHeaderMemberBar } from '@/features/auth/login/components/header-auth';
import { AfterLoginNotice, AuthHosts } from '@/features/auth/login/components/auth-hosts';
import { useSession } from '@/lib/session/session-store';
import { isMember, isTrialAccount } from '@/lib/session/roles';
import { RegisterPopupSlot } from '@/features/auth/register/register-popup-slot';
import { NextStepCard } from '@/features/auth/register/next-step';
import { ForgotModalSlot } from '@/features/auth/forgot/forgot-modal-slot';
import { LazySlot } from '../lazy-slot';
import { GameLoginBridge } from '../game-login-bridge';
import { loadMemberTexts } from '@/i18n/i18n';

// Loaded beside the page rather than in the first bundle (carousel, HTML sanitiser, cs crypto):
// each renders nothing until it has data, so nothing jumps while they arrive.
const slotModules = {
  banner: () => import('@/features/banners/banner-carousel'),
  notices: () => import('@/features/notices/notice-bar'),
  news: () => import('@/features/notices/news-popup'),
  cs: () => import('@/features/customer-service/customer-service-bar'),
  // The notifier's texts are member-only ones (loaded with it).
  inbox: () => Promise.all([import('@/features/inbox/components/message-notifier'), loadMemberTexts()]).then(([m]) => m),
  contacts: () => import('@/features/customer-service/contact-list'),
  recentGames: () => import('@/features/games/components/recent-games-list'),
  vendorPopup: () => import('@/features/games/components/vendor-games-popup-host'),
};
const BannerCarousel = lazy(() => slotModules.banner().then((m) => ({ default: m.BannerCarousel })));
const NoticeBar = lazy(() => slotModules.notices().then((m) => ({ default: m.NoticeBar })));
const NewsPopup = lazy(() => slotModules.news().then((m) => ({ default: m.NewsPopup })));
const CustomerServiceBar = lazy(() => slotModules.cs().then((m) => ({ default: m.CustomerServiceBar })));
const MessageNotifier = lazy(() => slotModules.inbox().then((m) => ({ default: m.MessageNotifier })));
const ContactList = lazy(() => slotModules.contacts().then((m) => ({ default: m.ContactList })));
// The side panel's recent games (loaded when a member first opens the panel) and the VASSALAGE popup
// host (ADR 0057): neither is needed for the first paint.
const RecentGamesList = lazy(() => slotModules.recentGames().then((m) => ({ default: m.RecentGamesList })));
const VendorGamesPopupHost = lazy(() => slotModules.vendorPopup().then((m) => ({ default: m.VendorGamesPopupHost })));

/**
 * Loads the layout's parts that a signed-out visitor's page shows (and, for a member frame, ADR 0079,
 * the logged-in bar), before a prerendered page hydrates (ADR 0040): each part then hydrates with the
 * page, before any of its data can arrive.
 */
export function preloadLayoutSlots(pathname: string, { member = false }: { member?: boolean } = {}): Promise<unknown> {
  const home = findPathKey(pathname) === 'home';
  return Promise.all([
    member ? loadHeaderMemberBar() : null,
    member ? slotModules.inbox() : null,
    member ? slotModules.vendorPopup() : null,
    getBannerGroup(pathname) ? slotModules.banner() : null,
    home ? slotModules.notices() : null,
    home ? slotModules.news() : null,
    slotModules.cs(),
    slotModules.contacts(),
  ]);
}

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
  const pageKey = findPathKey(pathname);
  const isHome = pageKey === 'home';
  // Issue 11: on the account forms the form comes first (above the fold at 1440x900 and on a
  // phone); their banner follows the page.
  const bannerAfterPage = pageKey === 'login' || pageKey === 'register' || pageKey === 'forget';
  const banner = bannerGroup && (
    <LazySlot>
      <BannerCarousel key={bannerGroup} group={bannerGroup} className={bannerAfterPage ? 'banner-carousel--after' : undefined} />
    </LazySlot>
  );
  // The VIP service channel follows the member's rank (gone after logout, 4.OUT.05).
  const rankLevel = useSession((s) => s.member?.clubLabel.rankLevel ?? null);
  // New platform messages (deposit arrival, withdrawal results) are announced to real members.
  const realMember = useSession((s) => isMember(s) && !isTrialAccount(s));

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
      <Header authSlot={({ onNavigate, tools }) => <HeaderAuth onNavigate={onNavigate} tools={tools} />} />
      <main id="main" tabIndex={-1} className="app-main">
        {!bannerAfterPage && banner}
        {isHome && (
          <LazySlot>
            <NoticeBar />
          </LazySlot>
        )}
        {isHome && <NextStepCard />}
        <Outlet />
        {bannerAfterPage && banner}
      </main>
      <Footer />
      {/* Phones: the bar the recent-games tab and the customer-service button dock in (issue 11). */}
      <div className="phone-dock" aria-hidden="true" />
      <SideMenu recentGames={<RecentGamesList />} />
      <LazySlot>
        <VendorGamesPopupHost />
      </LazySlot>
      <LazySlot>
        <CustomerServiceBar rankLevel={rankLevel} />
      </LazySlot>
      {isHome && (
        <LazySlot>
          <NewsPopup />
        </LazySlot>
      )}
      {isHome && <AfterLoginNotice />}
      {realMember && (
        <LazySlot>
          <MessageNotifier enabled />
        </LazySlot>
      )}
      {/* Accounts modals (2.MOD.01): login popup and change password. */}
      <AuthHosts />
      {/* A visitor's tapped game: the login sheet, then the game (issue 25). */}
      <GameLoginBridge />
      {/* Accounts modals (2.RGP, 2.MOD.01): registration popup and forget-password modal. */}
      <RegisterPopupSlot />
      <ForgotModalSlot
        contactList={
          <LazySlot>
            <ContactList />
          </LazySlot>
        }
      />
    </div>
  );
}
