import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bannerHead } from '../src/plugins/static-spa';
import { tempDir, useTestApp } from './helper';

// Issue 10 / ADR 0040: public pages prerendered by the web build are sent as HTML that paints
// before any script, in the visitor's language, only while the site is open to the visitor.

const dist = tempDir('lotus-prerender-');
fs.mkdirSync(path.join(dist, 'prerender', 'th'), { recursive: true });
fs.mkdirSync(path.join(dist, 'prerender', 'en'), { recursive: true });
fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>shell</title><div id="root"></div>');
const page = (lang: string, text: string) =>
  `<!doctype html><html lang="${lang}" data-prerendered="${lang}"><head><!--lotus:page-head--></head><body><div id="root"><h1>${text}</h1></div></body></html>`;
fs.writeFileSync(path.join(dist, 'prerender', 'th', 'home.html'), page('th', 'ยินดีต้อนรับ'));
fs.writeFileSync(path.join(dist, 'prerender', 'en', 'home.html'), page('en', 'Welcome'));
fs.writeFileSync(path.join(dist, 'prerender', 'th', 'help.html'), page('th', 'ศูนย์ช่วยเหลือ'));
fs.writeFileSync(
  path.join(dist, 'prerender', 'manifest.json'),
  JSON.stringify({
    scriptHashes: ['sha256-abc='],
    pages: [
      {
        key: 'home',
        paths: ['/', '/index', '/home'],
        bannerGroup: 'w_home',
        files: { th: 'prerender/th/home.html', en: 'prerender/en/home.html' },
      },
      { key: 'help', paths: ['/help'], bannerGroup: 'w_help', files: { th: 'prerender/th/help.html' } },
    ],
  }),
);

const t = useTestApp({ env: { WEB_DIST: dist } });
const html = (url: string, headers: Record<string, string> = {}) =>
  t.inject({ url, headers: { accept: 'text/html', ...headers } });

describe('prerendered pages', () => {
  it('a public page is sent prerendered in Thai by default, in English with the language cookie, with a short cache', async () => {
    const th = await html('/');
    expect(th.statusCode).toBe(200);
    expect(th.body).toContain('data-prerendered="th"');
    expect(th.body).toContain('ยินดีต้อนรับ');
    expect(th.body).not.toContain('<!--lotus:page-head-->');
    expect(th.headers['cache-control']).toBe('no-cache');
    expect(String(th.headers.vary)).toMatch(/cookie/);
    // The inline boot script is allowed by its hash for this page only.
    expect(th.headers['content-security-policy']).toContain("script-src 'self' 'sha256-abc='");
    expect((await html('/vip')).headers['content-security-policy']).not.toContain('sha256-');
    const en = await html('/home', { cookie: 'a=1; lotus_lang=en' });
    expect(en.body).toContain('Welcome');
    // A language without a prerendered file, or a page that is not prerendered, gets the app shell.
    expect((await html('/', { cookie: 'lotus_lang=vi' })).body).toContain('<title>shell</title>');
    expect((await html('/vip')).body).toContain('<title>shell</title>');
  });

  it('a query string (vendor tab, referral code) gets the app shell; build files are not served by their path', async () => {
    expect((await html('/?ref=abc')).body).toContain('<title>shell</title>');
    expect((await t.inject('/prerender/th/home.html')).statusCode).toBe(404);
    expect((await t.inject('/prerender/manifest.json')).statusCode).toBe(404);
  });

  it('with the login-required home on, visitors get the app shell (it sends them to login)', async () => {
    await t.setConfig('whitelabel', (w) => ({ ...w, LOGINREQHOME3: true }));
    try {
      expect((await html('/')).body).toContain('<title>shell</title>');
    } finally {
      await t.resetConfig();
    }
    expect((await html('/')).body).toContain('data-prerendered');
  });

  it('a page whose banner group has no banner (the demo help centre) hides its banner box before the banners answer', async () => {
    const help = await html('/help');
    expect(help.body).toContain('ศูนย์ช่วยเหลือ');
    expect(help.body).toContain('<style>.banner-carousel--placeholder[data-banner-group="w_help"]{display:none}</style>');
    // Home's group has banners: its box stays.
    expect((await html('/')).body).not.toContain('.banner-carousel--placeholder[data-banner-group');
  });

  it("2.LGN.06/07 the page drops the login form's reserved rows that the site's flags leave out, before it paints", async () => {
    // The demo's flags: both login methods (tabs), register and free play (options), no social login.
    const demo = (await html('/')).body;
    expect(demo).toContain('<style>[data-pending-row="social"]{display:none}</style>');
    expect(demo).not.toContain('[data-pending-row="tabs"]');
    expect(demo).not.toContain('[data-pending-row="options"]');
    await t.setConfig('whitelabel', (w) => ({
      ...w,
      MOBILEVERCODELOGIN3: false,
      REGBUTTON3: false,
      FREEPLAY3: false,
      GOOGLELOGIN3: true,
    }));
    const changed = (await html('/')).body;
    expect(changed).toContain('<style>[data-pending-row="tabs"],[data-pending-row="options"]{display:none}</style>');
    expect(changed).not.toContain('[data-pending-row="social"]');
  });

  it('the banner head preloads the first banner at high priority (phone and wide sizes) and paints it into the banner box', () => {
    const raster = (w: number) => ({ avif: `/media/banners/home-welcome-${w}.avif`, webp: `/media/banners/home-welcome-${w}.webp` });
    const head = bannerHead({ phone: raster(960), wide: raster(1920) });
    expect(head).toContain(
      '<link rel="preload" as="image" href="/media/banners/home-welcome-960.avif" type="image/avif" media="(max-width: 767px)" fetchpriority="high">',
    );
    expect(head).toContain('href="/media/banners/home-welcome-1920.avif" type="image/avif" media="(min-width: 768px)"');
    expect(head).toContain('url("/media/banners/home-welcome-1920.webp") type("image/webp")');
    expect(head).toContain('.banner-carousel--placeholder');
    // Anything but a media raster path is left out (no markup injection through a banner URL).
    const bad = { avif: '/media/x.avif"><script>', webp: null };
    expect(bannerHead({ phone: bad, wide: bad })).toBe('');
  });

  it('a group of several banners keeps the room of the dots row in the banner box; a single banner does not', () => {
    const raster = { avif: '/media/banners/home-welcome-960.avif', webp: '/media/banners/home-welcome-960.webp' };
    expect(bannerHead({ phone: raster, wide: raster, count: 3 })).toContain('.banner-carousel--placeholder{--banner-dots:1}');
    expect(bannerHead({ phone: raster, wide: raster, count: 1 })).not.toContain('--banner-dots');
  });
});
