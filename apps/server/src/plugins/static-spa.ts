import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { API_AREAS, inArea } from '@lotus/contracts/areas';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Paths that belong to the platform, never to the SPA (they answer the JSON envelope). */
export const API_PREFIXES = [API_AREAS.site, API_AREAS.operator, '/docs', '/media', API_AREAS.games, API_AREAS.lottery, '/backoffice'];

const isApiPath = (pathname: string) => API_PREFIXES.some((area) => inArea(pathname, area));

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Lotus</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; line-height: 1.5">
<h1>Lotus platform is running</h1>
<p>The web app is not built, so there is no site to show yet. Build it with <code>npm run build</code>
(or start everything with <code>npm start</code>) and reload this page.</p>
<p>The API answers under <code>/wps/*</code>; its documentation is at <a href="/docs">/docs</a>.</p>
</body></html>`;

/** What the server decides per request for a prerendered page (ADR 0040). */
export type PrerenderHooks = {
  /** True when this visitor may get the prerendered page: status normal for them, no login-required home. */
  canServe(request: FastifyRequest): Promise<boolean>;
  /**
   * The rasters of the first banner of a group in a language, for the page's head: 'none' when the
   * group shows no banner in that language, null when its first banner has no rasters.
   */
  firstBanner(group: string, language: string): Promise<BannerRasters | 'none' | null>;
  /**
   * The rows a prerendered page reserves for parts the site's flags may show (the login form's tabs
   * and option buttons, packages/contracts login-form.ts) that these flags leave out.
   */
  droppedRows(): Promise<string[]>;
};

type Options = { webDist: string; mediaDirs: string[]; prerender?: PrerenderHooks };

type PrerenderManifest = {
  /** Hashes of the inline scripts of the pages (the boot script), allowed by the page's CSP. */
  scriptHashes?: string[];
  pages: { key: string; paths: string[]; bannerGroup: string | null; files: Record<string, string> }[];
};

/** The cookie the page's boot script keeps the interface language in (public/theme-init.js). */
export const LANGUAGE_COOKIE = 'lotus_lang';
const SAFE_MEDIA_URL = /^\/media\/[A-Za-z0-9_\-/]+\.(?:avif|webp)$/;

function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return null;
}

type Raster = { avif: string | null; webp: string | null };
/**
 * The rasters of a banner: `phone` for narrow screens (<= 767 px), `wide` for the rest; `count`: how
 * many banners the group shows (more than one: the carousel's dots row, under the artwork on phones).
 */
export type BannerRasters = { phone: Raster; wide: Raster; count?: number };

const safe = (url: string | null) => (url && SAFE_MEDIA_URL.test(url) ? url : null);

function imageSet(raster: Raster): string | null {
  const parts = [
    safe(raster.avif) ? `url("${raster.avif}") type("image/avif")` : null,
    safe(raster.webp) ? `url("${raster.webp}") type("image/webp")` : null,
  ].filter(Boolean);
  return parts.length > 0 ? `image-set(${parts.join(', ')})` : null;
}

function preloadLink(raster: Raster, media: string): string {
  const href = safe(raster.avif) ?? safe(raster.webp);
  if (!href) return '';
  const type = href === raster.avif ? 'image/avif' : 'image/webp';
  return `<link rel="preload" as="image" href="${href}" type="${type}" media="${media}" fetchpriority="high">\n`;
}

/**
 * The head of a page whose banner box shows the group's first banner before any script runs: a
 * high-priority preload of the raster the screen needs (AVIF), and the same image (WebP as the
 * fallback) as the background of the box that the carousel later fills with the same picture.
 */
export function bannerHead({ phone, wide, count = 1 }: BannerRasters): string {
  const phoneSet = imageSet(phone);
  const wideSet = imageSet(wide);
  if (!phoneSet || !wideSet) return '';
  const box = '.banner-carousel--placeholder .banner-carousel__slide';
  // Several banners: the box keeps the room of the carousel's dots row (banner-carousel.css), so
  // nothing under it moves when the carousel replaces it.
  const dots = count > 1 ? '.banner-carousel--placeholder{--banner-dots:1}' : '';
  return (
    preloadLink(phone, '(max-width: 767px)') +
    preloadLink(wide, '(min-width: 768px)') +
    `<style>${dots}${box}{background-image:${wideSet}}@media (max-width: 767px){${box}{background-image:${phoneSet}}}</style>`
  );
}

/**
 * The head of a page whose banner group shows no banner: the banner box the HTML holds while the
 * banners load is not shown, so nothing below it moves up when the empty list arrives (/help).
 */
/**
 * Drops the reserved rows the site's flags leave out (`data-pending-row` of the page's markup) before
 * the page paints: the form is then already the size it keeps once the app has the flags.
 */
export function droppedRowsHead(rows: string[]): string {
  const selectors = rows.filter((r) => /^[a-z]+$/.test(r)).map((r) => `[data-pending-row="${r}"]`);
  return selectors.length > 0 ? `<style>${selectors.join(',')}{display:none}</style>` : '';
}

export function noBannerHead(group: string): string {
  if (!/^[a-z_]+$/.test(group)) return '';
  return `<style>.banner-carousel--placeholder[data-banner-group="${group}"]{display:none}</style>`;
}

/**
 * Static files and the single-page app:
 * - /media/* from apps/server/media (demo banners and vendor logos) and apps/server/media-built
 *   (their rasters, `npm run media:build`), cached for a day;
 * - files of WEB_DIST: hashed /assets/* immutable for a year, index.html no-cache; each sent as its
 *   prebuilt .br or .gz sibling when the client accepts it (Vary: accept-encoding);
 * - a GET of a prerendered public page (web build, dist/prerender) that accepts text/html gets
 *   that page in the visitor's language with its first banner in the head (ADR 0040), when the
 *   site is open to the visitor; compressed on the fly (@fastify/compress);
 * - any other GET that accepts text/html outside the API prefixes gets index.html (client routing);
 * - when WEB_DIST has no index.html, a plain page says the web app is not built.
 * Everything else falls through to the not-found handler (404 envelope, or 405 for a known path).
 */
async function staticSpaPlugin(app: FastifyInstance, options: Options) {
  const webDist = path.resolve(options.webDist);

  await app.register(fastifyStatic, {
    // A folder the build has not made yet (media-built before `npm run build`, e.g. the command line's
    // direct mode on a fresh clone) is left out rather than warned about on every start.
    root: options.mediaDirs.filter((dir) => existsSync(dir)),
    prefix: '/media/',
    decorateReply: false,
    index: false,
    list: false,
    maxAge: '1d',
  });
  // Only the reply.sendFile decorator; files are resolved below, at request time, so a rebuilt
  // web app is served without a restart. The build writes a .br and a .gz beside every text asset
  // (apps/web/build/precompress.ts): sendFile picks one by Accept-Encoding and answers Vary.
  await app.register(fastifyStatic, { serve: false, preCompressed: true });

  async function fileIn(root: string, pathname: string): Promise<string | null> {
    if (pathname.includes('\0')) return null;
    const relative = path.normalize(pathname).replace(/^([/\\])+/, '');
    if (relative === '' || relative.split(/[/\\]/).includes('..')) return null;
    const full = path.join(root, relative);
    if (!full.startsWith(root + path.sep)) return null;
    try {
      const stat = await fs.stat(full);
      return stat.isFile() ? relative : null;
    } catch {
      return null;
    }
  }

  let manifestCache: { mtimeMs: number; manifest: PrerenderManifest } | null = null;
  async function prerenderManifest(): Promise<PrerenderManifest | null> {
    const file = path.join(webDist, 'prerender', 'manifest.json');
    try {
      const { mtimeMs } = await fs.stat(file);
      if (manifestCache?.mtimeMs !== mtimeMs) {
        manifestCache = { mtimeMs, manifest: JSON.parse(await fs.readFile(file, 'utf8')) as PrerenderManifest };
      }
      return manifestCache.manifest;
    } catch {
      return null;
    }
  }

  /**
   * The prerendered HTML of a public page (ADR 0040) or a member frame (ADR 0079) in the visitor's language, with its banner
   * head, when there is one and the visitor may get it; otherwise null (the SPA shell is sent).
   * A query string (a vendor tab, a referral code) changes what the page shows: those get the shell.
   */
  async function prerenderedPage(
    request: FastifyRequest,
    pathname: string,
  ): Promise<{ html: string; scriptHashes: string[] } | null> {
    const hooks = options.prerender;
    if (!hooks || request.url.includes('?')) return null;
    const manifest = await prerenderManifest();
    const lower = pathname.toLowerCase();
    const page = manifest?.pages.find((p) => p.paths.some((candidate) => candidate.toLowerCase() === lower));
    if (!page) return null;
    const language = cookieValue(request.headers.cookie, LANGUAGE_COOKIE) ?? 'th';
    const file = page.files[language];
    if (!file || !(await hooks.canServe(request))) return null;
    let html: string;
    try {
      html = await fs.readFile(path.join(webDist, file), 'utf8');
    } catch {
      return null;
    }
    const [banner, dropped] = await Promise.all([
      page.bannerGroup ? hooks.firstBanner(page.bannerGroup, language) : null,
      hooks.droppedRows(),
    ]);
    const head =
      (banner === 'none' ? noBannerHead(page.bannerGroup ?? '') : banner ? bannerHead(banner) : '') + droppedRowsHead(dropped);
    return {
      html: html.replace('<!--lotus:page-head-->', head),
      scriptHashes: (manifest?.scriptHashes ?? []).filter((h) => /^sha256-[A-Za-z0-9+/]+={0,2}$/.test(h)),
    };
  }

  async function handler(request: FastifyRequest, reply: FastifyReply) {
    if (request.method !== 'GET' && request.method !== 'HEAD') return reply.callNotFound();
    let pathname: string;
    try {
      pathname = decodeURIComponent(request.url.split('?')[0] ?? '/');
    } catch {
      return reply.callNotFound();
    }
    if (isApiPath(pathname)) return reply.callNotFound();
    // Build output that is not for browsers: the prerendered pages are sent by path, below.
    if (/^\/(prerender|\.vite)(\/|$)/.test(pathname)) return reply.callNotFound();

    const file = await fileIn(webDist, pathname);
    if (file) {
      const cache = file.startsWith('assets/')
        ? 'public, max-age=31536000, immutable'
        : file === 'index.html'
          ? 'no-cache'
          : 'public, max-age=3600';
      reply.header('cache-control', cache);
      reply.header('vary', 'accept-encoding');
      return reply.sendFile(file, webDist, { cacheControl: false });
    }

    const accept = request.headers.accept ?? '';
    if (!accept.includes('text/html')) return reply.callNotFound();
    const page = await prerenderedPage(request, pathname);
    if (page !== null) {
      // The page's inline boot script is allowed by its hash, for this answer only.
      const csp = reply.getHeader('content-security-policy');
      if (typeof csp === 'string' && page.scriptHashes.length > 0) {
        const hashes = page.scriptHashes.map((h) => `'${h}'`).join(' ');
        reply.header('content-security-policy', csp.replace(/script-src 'self'/, `script-src 'self' ${hashes}`));
      }
      return reply
        .header('cache-control', 'no-cache')
        .header('vary', 'cookie, accept-encoding')
        .type('text/html; charset=utf-8')
        .send(page.html);
    }
    if (await fileIn(webDist, '/index.html')) {
      reply.header('cache-control', 'no-cache');
      reply.header('vary', 'accept-encoding');
      return reply.sendFile('index.html', webDist, { cacheControl: false });
    }
    return reply
      .code(503)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(NOT_BUILT_PAGE);
  }

  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    url: '/*',
    schema: { hide: true },
    handler,
  });
}

export default fp(staticSpaPlugin, { name: 'static-spa' });
