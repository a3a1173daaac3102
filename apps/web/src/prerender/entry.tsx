import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { BUNDLED_LANGUAGES } from '@/i18n/languages';
import { i18n, i18nReady } from '@/i18n/i18n';
import { AppShell } from '@/app/app';
import { ROUTE_TABLE } from '@/app/router';
import { getBannerGroup } from '@/config/banner-groups';
import { paths, type TPathKey } from '@/config/paths';
import { queryClient } from '@/lib/query-client';
import { markPrerendering, MEMBER_FRAME_IS_AGENT, type TPrerenderedSession } from '@/lib/prerendered';
import { useSession } from '@/lib/session/session-store';

/**
 * Public pages prerendered at build time (ADR 0040), as a visitor sees them before any data arrives.
 * /forget opened from the mailed reset link (#token=...) is rendered anew, not hydrated (main.tsx).
 */
export const PRERENDERED_PAGES: readonly TPathKey[] = [
  'home',
  'login',
  'register',
  'rng',
  'fish',
  'live',
  'sports',
  'esports',
  'pvp',
  'cockfight',
  'help',
  'forget',
  'promotions',
];
/**
 * Member pages prerendered as the frame a signed-in member sees before any data arrives (ADR 0079):
 * the member bar with its "updating" balance, the member centre's menu and its default page's
 * skeletons. Hydrated only for a tab holding a member session (main.tsx); anyone else gets it
 * rendered anew.
 */
export const MEMBER_FRAME_PAGES: readonly TPathKey[] = ['member'];
export const PRERENDER_LANGUAGES = BUNDLED_LANGUAGES;

/**
 * What the build needs per page: its paths (aliases too), its page group (the chunk to preload)
 * and its banner group (the server puts that group's first banner in the page).
 */
export function prerenderPlan() {
  const pages = [
    ...PRERENDERED_PAGES.map((key) => ({ key, session: null })),
    ...MEMBER_FRAME_PAGES.map((key) => ({ key, session: 'member' as const })),
  ];
  return pages.map(({ key, session }) => {
    const route = paths[key];
    const entry = ROUTE_TABLE.find((e) => e.key === key);
    return {
      key,
      paths: [route.path, ...route.aliases],
      group: entry?.group ?? null,
      bannerGroup: getBannerGroup(route.path),
      session,
    };
  });
}

/** Stands for the member's token while a member frame renders: only whether there is one shows in the HTML. */
const FRAME_TOKEN = 'prerendered-member-frame';

/**
 * The HTML of `url` in `language` before any data arrives (frames, skeletons of final size): as a
 * visitor without a session sees it, or (`session` 'member') as a signed-in member does. Lazy page
 * groups are awaited, so the page is in the HTML.
 */
export async function renderPage(url: string, language: string, session: TPrerenderedSession | null = null): Promise<string> {
  markPrerendering();
  queryClient.clear();
  const state =
    session === 'member'
      ? { token: FRAME_TOKEN, isAgent: MEMBER_FRAME_IS_AGENT, member: null, isAgentPortal: false }
      : { token: null, isAgent: null, member: null, isAgentPortal: false };
  // A server render reads a store's initial state (zustand hands it to useSyncExternalStore as the
  // server snapshot), as hydration in the browser does: both hold the session the page is for.
  Object.assign(useSession.getInitialState(), state);
  useSession.setState(state);
  await i18nReady;
  await i18n.changeLanguage(language);
  const { prelude } = await prerender(
    <StrictMode>
      <AppShell router={(children) => <StaticRouter location={url}>{children}</StaticRouter>} />
    </StrictMode>,
    // Every boundary inline: no outlined segments revealed by inline scripts (the CSP allows none).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}
