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
import { markPrerendering } from '@/lib/prerendered';

/**
 * Public pages prerendered at build time (ADR 0040); member-only pages keep client rendering.
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
export const PRERENDER_LANGUAGES = BUNDLED_LANGUAGES;

/**
 * What the build needs per page: its paths (aliases too), its page group (the chunk to preload)
 * and its banner group (the server puts that group's first banner in the page).
 */
export function prerenderPlan() {
  return PRERENDERED_PAGES.map((key) => {
    const route = paths[key];
    const entry = ROUTE_TABLE.find((e) => e.key === key);
    return {
      key,
      paths: [route.path, ...route.aliases],
      group: entry?.group ?? null,
      bannerGroup: getBannerGroup(route.path),
    };
  });
}

/**
 * The HTML of `url` in `language` as a visitor without a session sees it before any data arrives
 * (frames, skeletons of final size). Lazy page groups are awaited, so the page is in the HTML.
 */
export async function renderPage(url: string, language: string): Promise<string> {
  markPrerendering();
  queryClient.clear();
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
