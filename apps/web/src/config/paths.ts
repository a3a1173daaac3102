import type { TGameType } from '@lotus/contracts/relay';

/**
 * Every route of the member site (spec section 2, "Routes"), in one table. Rename a route here and
 * every link follows. `aliases` render the same page (2.R.02, 2.R.06, 2.R.23). `getHref` builds a
 * link, with the page's query parameters where it has any.
 *
 * Route matching is case-insensitive (react-router default), so `/pointmall` also reaches
 * `/pointMall`; helpers below compare normalised paths the same way.
 */
type QueryValue = string | number | null | undefined;

function withQuery(path: string, query?: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

export const paths = {
  home: { path: '/', aliases: ['/index', '/index.html', '/home'], getHref: () => '/' },
  login: { path: '/login', aliases: [], getHref: () => '/login' },
  register: {
    path: '/register',
    aliases: ['/register.html'],
    getHref: (query?: { referralCode?: string; affiliateCode?: string }) => withQuery('/register', query),
  },
  forget: { path: '/forget', aliases: [], getHref: () => '/forget' },
  noticePage: { path: '/noticePage', aliases: [], getHref: () => '/noticePage' },
  vip: { path: '/vip', aliases: [], getHref: () => '/vip' },
  pointMall: { path: '/pointMall', aliases: [], getHref: () => '/pointMall' },
  // Game category pages (2.R.11): the first path segment, upper-cased, is the category code (2.R.12).
  live: { path: '/live', aliases: [], getHref: (query?: { vassalage?: string }) => withQuery('/live', query) },
  sports: { path: '/sports', aliases: [], getHref: (query?: { vassalage?: string }) => withQuery('/sports', query) },
  esports: { path: '/esports', aliases: [], getHref: (query?: { vassalage?: string }) => withQuery('/esports', query) },
  pvp: { path: '/pvp', aliases: [], getHref: (query?: { vassalage?: string }) => withQuery('/pvp', query) },
  elott: { path: '/elott', aliases: [], getHref: (query?: { vassalage?: string }) => withQuery('/elott', query) },
  cockfight: {
    path: '/cockfight',
    aliases: [],
    getHref: (query?: { vassalage?: string }) => withQuery('/cockfight', query),
  },
  // Slots (2.R.13/14): optional `page`, optional `vassalage` (the chosen vendor).
  rng: {
    path: '/rng',
    aliases: [],
    getHref: (query?: { vassalage?: string; page?: string | number }) => withQuery('/rng', query),
  },
  fish: { path: '/fish', aliases: [], getHref: (query?: { vassalage?: string }) => withQuery('/fish', query) },
  // Lottery (2.R.16): gameCode, vendor, playType.
  lottery: {
    path: '/lottery',
    aliases: [],
    getHref: (query?: { gameCode?: string; vendor?: string; playType?: string }) => withQuery('/lottery', query),
  },
  vnlottery: { path: '/vnlottery', aliases: [], getHref: () => '/vnlottery' },
  promotions: { path: '/promotions', aliases: [], getHref: () => '/promotions' },
  promoDetail: {
    path: '/promoDetail',
    aliases: [],
    getHref: (query?: { id?: string | number }) => withQuery('/promoDetail', query),
  },
  seamless: { path: '/seamless', aliases: [], getHref: () => '/seamless' },
  fbsports: { path: '/fbsports', aliases: [], getHref: () => '/fbsports' },
  // Help centre (2.R.20-22): `/help#term` opens the terms article.
  help: { path: '/help', aliases: [], getHref: (anchor?: string) => (anchor ? `/help#${anchor}` : '/help') },
  // Decision 2.R.22: /helpmc is the help centre embedded in the member centre: no header/footer.
  helpmc: { path: '/helpmc', aliases: [], getHref: (anchor?: string) => (anchor ? `/helpmc#${anchor}` : '/helpmc') },
  // App download (2.R.23). Links use /download (the spelling in the login-required allow-list, 2.R.31).
  download: { path: '/download', aliases: ['/down'], getHref: () => '/download' },
  join: { path: '/join', aliases: [], getHref: () => '/join' },
  game: {
    path: '/game',
    aliases: [],
    getHref: (query?: { vendor?: string; gameCode?: string; gameType?: string }) => withQuery('/game', query),
  },
  agentHome: { path: '/agentHome', aliases: [], getHref: () => '/agentHome' },
  // Member centre (2.MC; a project route, the spec opens it as a panel): ?page=<pageKey>, default
  // securityCenter (2.MC.02).
  member: { path: '/member', aliases: [], getHref: (page?: string) => withQuery('/member', { page }) },
} as const;

export type TPathKey = keyof typeof paths;

/** Every path a visitor can type (main paths and aliases), for tests and tooling. */
export const ALL_ROUTE_PATHS: string[] = Object.values(paths).flatMap((route) => [route.path, ...route.aliases]);

/** Lower-cased, without query/hash and trailing slash: how two paths are compared. */
export function normalizePath(pathname: string): string {
  const bare = (pathname.split(/[?#]/)[0] ?? '/').replace(/\/+$/, '');
  return (bare === '' ? '/' : bare).toLowerCase();
}

/** Which route key a pathname belongs to (aliases included), or null for an unknown path. */
export function findPathKey(pathname: string): TPathKey | null {
  const target = normalizePath(pathname);
  for (const [key, route] of Object.entries(paths) as [TPathKey, (typeof paths)[TPathKey]][]) {
    if ([route.path, ...route.aliases].some((p) => normalizePath(p) === target)) return key;
  }
  return null;
}

/** The route param `{games}` upper-cased is the category code (2.R.12: rng -> RNG, fish -> FISH). */
export function toCategoryCode(games: string): string {
  return games.trim().toUpperCase();
}

/** Route key of each game category's page, for nav links and vendor clicks. */
export const CATEGORY_PATH_KEY: Record<TGameType, TPathKey> = {
  RNG: 'rng',
  LIVE: 'live',
  SPORTS: 'sports',
  ESPORTS: 'esports',
  FISH: 'fish',
  PVP: 'pvp',
  // The lottery category opens its lobby (the /lottery frame needs a game to open).
  LOTT: 'vnlottery',
  ELOTT: 'elott',
  COCKFIGHT: 'cockfight',
};

export function getCategoryHref(code: TGameType): string {
  return paths[CATEGORY_PATH_KEY[code]].path;
}

/**
 * Where a vendor click leads (2.HDR.10, decision 2.HDR.11):
 * - slots (RNG): /rng?vassalage=<vendor> (the vendor is also stored in the app store);
 * - lottery (LOTT): /lottery?vendor=<vendor> (the lottery page's own query, 2.R.16);
 * - every other category: its category page with ?vassalage=<vendor>.
 */
export function getVendorHref(gameType: TGameType, vassalage: string): string {
  if (gameType === 'LOTT') return paths.lottery.getHref({ vendor: vassalage });
  const path = getCategoryHref(gameType);
  return `${path}?${new URLSearchParams({ vassalage }).toString()}`;
}
