import type { ReactNode } from 'react';
import { Outlet, useRoutes, type RouteObject } from 'react-router';
import { findPathKey, paths, type TPathKey } from '@/config/paths';
import { createChunkLoader, type ChunkLoader } from '@/lib/lazy-chunk';
import { LoginRequiredGate } from '@/features/system/components/login-required-gate';
import { loadMemberTexts } from '@/i18n/i18n';
import { LazyPage } from './lazy-page';
import { MainLayout } from './layouts/main-layout';

/*
 * Page groups, loaded on demand (4.CHK.01). Each group is one module in ./groups, so the build
 * emits one chunk per group named after it. Decision 4.CHK.02 — route -> group:
 *
 * | group       | routes                                                   |
 * |-------------|----------------------------------------------------------|
 * | index       | / /index /index.html /home                               |
 * | auth *      | /login /register /register.html /forget                  |
 * | notice *    | /noticePage                                              |
 * | vip         | /vip                                                     |
 * | pointMall   | /pointMall                                               |
 * | egame       | /live /sports /esports /pvp /cockfight (category pages)  |
 * | game        | /rng /fish (game-list pages)                             |
 * | elott       | /elott                                                   |
 * | lottery     | /lottery                                                 |
 * | vnlottery   | /vnlottery                                               |
 * | promo       | /promotions                                              |
 * | promoDetail | /promoDetail                                             |
 * | seamless    | /seamless                                                |
 * | fbSports    | /fbsports                                                |
 * | help        | /help /helpmc (/help#term)                               |
 * | download    | /down /download                                          |
 * | joinus      | /join                                                    |
 * | byIframe    | /game (embedded game frame)                              |
 * | agent *     | /agentHome (agent login for a visitor; for an agent the  |
 * |             | agent centre, /agentHome?page=<key>, 2.AC)               |
 * | member *    | /member?page=<pageKey> (member centre, 2.MC)             |
 * | not-found * | any other path                                           |
 * (* = groups the project adds for routes the spec's list does not cover.)
 */
export const chunks = {
  index: createChunkLoader('index', () => import('./groups/index')),
  auth: createChunkLoader('auth', () => import('./groups/auth')),
  notice: createChunkLoader('notice', () => import('./groups/notice')),
  vip: createChunkLoader('vip', () => import('./groups/vip')),
  pointMall: createChunkLoader('pointMall', () => import('./groups/pointMall')),
  egame: createChunkLoader('egame', () => import('./groups/egame')),
  game: createChunkLoader('game', () => import('./groups/game')),
  elott: createChunkLoader('elott', () => import('./groups/elott')),
  lottery: createChunkLoader('lottery', () => import('./groups/lottery')),
  vnlottery: createChunkLoader('vnlottery', () => import('./groups/vnlottery')),
  promo: createChunkLoader('promo', () => import('./groups/promo')),
  promoDetail: createChunkLoader('promoDetail', () => import('./groups/promoDetail')),
  seamless: createChunkLoader('seamless', () => import('./groups/seamless')),
  fbSports: createChunkLoader('fbSports', () => import('./groups/fbSports')),
  help: createChunkLoader('help', () => import('./groups/help')),
  download: createChunkLoader('download', () => import('./groups/download')),
  joinus: createChunkLoader('joinus', () => import('./groups/joinus')),
  byIframe: createChunkLoader('byIframe', () => import('./groups/byIframe')),
  agent: createChunkLoader('agent', () => import('./groups/agent')),
  // The member centre's texts come with it (member-only namespaces, src/i18n/i18n.ts).
  member: createChunkLoader('member', () => Promise.all([import('./groups/member'), loadMemberTexts()]).then(([m]) => m)),
  notFound: createChunkLoader('not-found', () => import('./groups/not-found')),
};
export type TChunkName = keyof typeof chunks;

type RouteEntry = {
  key: TPathKey;
  group: TChunkName;
  /** 'main' = inside the site layout; 'bare' = without header/footer (/helpmc). */
  layout: 'main' | 'bare';
  element: ReactNode;
};

const page = <M,>(group: TChunkName, render: (module: M) => ReactNode) => (
  <LazyPage loader={chunks[group] as unknown as ChunkLoader<M>} render={render} />
);

/** The one route table (spec section 2, "Routes"). Aliases come from config/paths. */
export const ROUTE_TABLE: RouteEntry[] = [
  { key: 'home', group: 'index', layout: 'main', element: page<typeof import('./groups/index')>('index', (m) => <m.HomePage />) },
  { key: 'login', group: 'auth', layout: 'main', element: page<typeof import('./groups/auth')>('auth', (m) => <m.LoginPage />) },
  { key: 'register', group: 'auth', layout: 'main', element: page<typeof import('./groups/auth')>('auth', (m) => <m.RegisterPage />) },
  { key: 'forget', group: 'auth', layout: 'main', element: page<typeof import('./groups/auth')>('auth', (m) => <m.ForgetPage />) },
  { key: 'noticePage', group: 'notice', layout: 'main', element: page<typeof import('./groups/notice')>('notice', (m) => <m.NoticeListPage />) },
  { key: 'vip', group: 'vip', layout: 'main', element: page<typeof import('./groups/vip')>('vip', (m) => <m.VipPage />) },
  { key: 'pointMall', group: 'pointMall', layout: 'main', element: page<typeof import('./groups/pointMall')>('pointMall', (m) => <m.PointMallPage />) },
  ...(['live', 'sports', 'esports', 'pvp', 'cockfight'] as const).map(
    (key): RouteEntry => ({ key, group: 'egame', layout: 'main', element: page<typeof import('./groups/egame')>('egame', (m) => <m.CategoryPage />) }),
  ),
  ...(['rng', 'fish'] as const).map(
    (key): RouteEntry => ({ key, group: 'game', layout: 'main', element: page<typeof import('./groups/game')>('game', (m) => <m.CategoryPage />) }),
  ),
  { key: 'elott', group: 'elott', layout: 'main', element: page<typeof import('./groups/elott')>('elott', (m) => <m.CategoryPage />) },
  { key: 'lottery', group: 'lottery', layout: 'main', element: page<typeof import('./groups/lottery')>('lottery', (m) => <m.LotteryPage />) },
  { key: 'vnlottery', group: 'vnlottery', layout: 'main', element: page<typeof import('./groups/vnlottery')>('vnlottery', (m) => <m.VnLotteryPage />) },
  { key: 'promotions', group: 'promo', layout: 'main', element: page<typeof import('./groups/promo')>('promo', (m) => <m.PromotionsPage />) },
  { key: 'promoDetail', group: 'promoDetail', layout: 'main', element: page<typeof import('./groups/promoDetail')>('promoDetail', (m) => <m.PromoDetailPage />) },
  { key: 'seamless', group: 'seamless', layout: 'main', element: page<typeof import('./groups/seamless')>('seamless', (m) => <m.SeamlessPage />) },
  { key: 'fbsports', group: 'fbSports', layout: 'main', element: page<typeof import('./groups/fbSports')>('fbSports', (m) => <m.FbSportsPage />) },
  { key: 'help', group: 'help', layout: 'main', element: page<typeof import('./groups/help')>('help', (m) => <m.HelpCentre />) },
  { key: 'helpmc', group: 'help', layout: 'bare', element: page<typeof import('./groups/help')>('help', (m) => <m.HelpMcPage />) },
  { key: 'download', group: 'download', layout: 'main', element: page<typeof import('./groups/download')>('download', (m) => <m.DownloadPage />) },
  { key: 'join', group: 'joinus', layout: 'main', element: page<typeof import('./groups/joinus')>('joinus', (m) => <m.JoinPage />) },
  { key: 'game', group: 'byIframe', layout: 'main', element: page<typeof import('./groups/byIframe')>('byIframe', (m) => <m.GameFramePage />) },
  { key: 'agentHome', group: 'agent', layout: 'main', element: page<typeof import('./groups/agent')>('agent', (m) => <m.AgentHomePage />) },
  { key: 'member', group: 'member', layout: 'main', element: page<typeof import('./groups/member')>('member', (m) => <m.MemberCentrePage />) },
];

/** Loads the page group of a path (before a prerendered page hydrates, so it hydrates in one pass). */
export function loadGroupOf(pathname: string): Promise<unknown> {
  const key = findPathKey(pathname);
  const entry = key ? ROUTE_TABLE.find((e) => e.key === key) : undefined;
  return (entry ? chunks[entry.group] : chunks.notFound).load();
}

const notFoundElement = page<typeof import('./groups/not-found')>('notFound', (m) => <m.NotFoundPage />);

/** Expands each entry into its path and aliases. */
function toRoutes(layout: RouteEntry['layout']): RouteObject[] {
  return ROUTE_TABLE.filter((entry) => entry.layout === layout).flatMap((entry) => {
    const route = paths[entry.key];
    return [route.path, ...route.aliases].map((path) => ({ path, element: entry.element }));
  });
}

export const routes: RouteObject[] = [
  {
    element: (
      <LoginRequiredGate>
        <Outlet />
      </LoginRequiredGate>
    ),
    children: [
      ...toRoutes('bare'),
      {
        element: <MainLayout />,
        children: [...toRoutes('main'), { path: '*', element: notFoundElement }],
      },
    ],
  },
];

/**
 * The routed app. Declarative mode (<BrowserRouter> + useRoutes) rather than a data router: the
 * site uses no loaders/actions, and the declarative build of react-router is ~17 kB gzip smaller.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
