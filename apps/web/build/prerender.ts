// Prerendering (ADR 0040), run by `npm run build -w @lotus/web` after the client and the
// renderer builds: every public page of src/prerender/entry.tsx in every bundled language, as HTML
// files under dist/prerender/<language>/<page>.html, and dist/prerender/manifest.json for the
// server (which paths, which file per language, which banner group goes in the page).
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chunksInOrder as orderChunks, type TManifestChunk } from '../src/prerender/chunk-order';

type Plan = { key: string; paths: string[]; group: string | null; bannerGroup: string | null; session: 'member' | null };
type Renderer = {
  renderPage(url: string, language: string, session: 'member' | null): Promise<string>;
  prerenderPlan(): Plan[];
  PRERENDER_LANGUAGES: readonly string[];
};

/** Parts of the layout loaded beside the page, before hydration (app/layouts/main-layout.tsx). */
const BANNER_CAROUSEL = 'src/features/banners/banner-carousel.tsx';
const HOME_SLOTS = ['src/features/notices/notice-bar.tsx', 'src/features/notices/news-popup.tsx'];
const ALL_SLOTS = ['src/features/customer-service/customer-service-bar.tsx', 'src/features/customer-service/contact-list.tsx'];
/** A member frame's logged-in bar, the member's layout parts (message notices, game pop-ups), its default page (the member centre without ?page: the account page) and its texts. */
const MEMBER_FRAME_PARTS = (language: string) => [
  'src/features/auth/login/components/header-member-bar.tsx',
  'src/features/inbox/components/message-notifier.tsx',
  'src/features/games/components/vendor-games-popup-host.tsx',
  'src/app/member-centre/security-centre-page.tsx',
  `src/i18n/bundles/${language}-member.ts`,
];

// The renderer loads React's production build (the one the browser gets).
process.env.NODE_ENV = 'production';
const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(webRoot, 'dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, TManifestChunk>;
const renderer = (await import(pathToFileURL(path.join(webRoot, 'dist-prerender/entry.js')).href)) as Renderer;
// The boot script (theme and language before first paint) goes inline: a blocking script file
// costs a round trip before anything paints. The server allows it by its hash (static-spa.ts).
const bootScript = readFileSync(path.join(dist, 'theme-init.js'), 'utf8');
const bootHash = `sha256-${createHash('sha256').update(bootScript).digest('base64')}`;
// The regular faces of the body text, preloaded so text does not reflow when they arrive.
const fonts = readdirSync(path.join(dist, 'assets')).filter((f) => /^sarabun-(thai|latin)-400-normal-.*\.woff2$/.test(f));
// The page's code loads after the page has painted (ADR 0062): the entry script and the modules
// Vite preloads beside it leave the head; an inline loader at the end of the body fetches them.
const loaderScript = readFileSync(path.join(webRoot, 'build/paint-first.js'), 'utf8');
const loaderHash = `sha256-${createHash('sha256').update(loaderScript).digest('base64')}`;
const indexHtml = readFileSync(path.join(dist, 'index.html'), 'utf8');
// The entry scripts in their order: the libraries, then the app (vite.config.ts, librariesFirst).
const entryTags = [...indexHtml.matchAll(/<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g)];
if (entryTags.length === 0) throw new Error('prerender: the entry script is missing from dist/index.html');
const entries = entryTags.map(([, src]) => src!);
const vitePreloads = [...indexHtml.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
const template = [...entryTags, ...vitePreloads]
  .reduce((html, [tag]) => html.replace(tag, ''), indexHtml)
  .replace('<script src="/theme-init.js"></script>', `<script>${bootScript}</script>`);

// What the entry imports statically is evaluated with it, before anything else of the page.
const entryGraph = new Set([...entries, ...vitePreloads.map(([, href]) => href!)].map((href) => href.replace(/^\//, '')));

const chunksInOrder = (keys: string[]) => orderChunks(manifest, keys, entryGraph);
// The toasts' library (sonner), which the app's providers load lazily: a member frame hydrates it at once
// rather than after a round trip (its chunk has no source key: a shared chunk the entry imports on demand).
const entryDynamic = (manifest['index.html'] as (TManifestChunk & { dynamicImports?: string[] }) | undefined)?.dynamicImports ?? [];
const toasterChunk = entryDynamic.filter((key) => (manifest[key] as TManifestChunk & { name?: string }).name === 'sonner');

const pages: { key: string; paths: string[]; bannerGroup: string | null; files: Record<string, string> }[] = [];
for (const page of renderer.prerenderPlan()) {
  const groupKey = page.group ? `src/app/groups/${page.group === 'notFound' ? 'not-found' : page.group}.tsx` : null;
  const preload = chunksInOrder(
    [groupKey, page.bannerGroup ? BANNER_CAROUSEL : null, ...(page.key === 'home' ? HOME_SLOTS : []), ...ALL_SLOTS].filter(
      (key): key is string => key !== null,
    ),
  );
  const head = [
    ...fonts.map((f) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/${f}">`),
    '<!--lotus:page-head-->',
  ].join('\n    ');

  const files: Record<string, string> = {};
  for (const language of renderer.PRERENDER_LANGUAGES) {
    const body = await renderer.renderPage(page.paths[0]!, language, page.session);
    // The page's language texts (src/i18n/bundles): the app awaits them before it hydrates.
    const texts = chunksInOrder([`src/i18n/bundles/${language}-shell.ts`]);
    const memberParts =
      page.session === 'member'
        ? chunksInOrder([...MEMBER_FRAME_PARTS(language), ...toasterChunk]).filter((f) => !preload.includes(f) && !texts.includes(f))
        : [];
    const modules = [...vitePreloads.map(([, href]) => href!), ...[...texts, ...preload, ...memberParts].map((f) => `/${f}`)];
    // data-evaluate: what main.tsx evaluates one chunk per task before it hydrates (deps first).
    const own = modules.slice(vitePreloads.length).join(' ');
    const loader = `<script data-entry="${entries.join(' ')}" data-preload="${modules.join(' ')}" data-evaluate="${own}">${loaderScript}</script>`;
    const html = template
      .replace(
        /<html lang="[^"]*"/,
        `<html lang="${language}" data-prerendered="${language}"${page.session ? ` data-prerendered-session="${page.session}"` : ''}`,
      )
      .replace('</head>', `  ${head}\n  </head>`)
      .replace('<div id="root"></div>', `<div id="root">${body}</div>`)
      .replace('</body>', `  ${loader}\n  </body>`);
    const file = `prerender/${language}/${page.key}.html`;
    mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    writeFileSync(path.join(dist, file), html);
    files[language] = file;
  }
  pages.push({ key: page.key, paths: page.paths, bannerGroup: page.bannerGroup, files });
}
writeFileSync(path.join(dist, 'prerender/manifest.json'), JSON.stringify({ scriptHashes: [bootHash, loaderHash], pages }, null, 2));
console.log(`prerendered ${pages.length} pages x ${renderer.PRERENDER_LANGUAGES.length} languages into dist/prerender`);
