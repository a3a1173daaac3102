// `node scripts/bundle-size.mjs`: the first-load size of the built member site (apps/web/dist) and
// operator console (apps/backoffice/dist): what each index.html makes the browser fetch before the
// app renders (entry script, modulepreloads, stylesheets), gzip and raw. Build first (npm run build).
// For the member site also each prerendered page (/, /login, /rng in Thai): every script its HTML
// loads or preloads, directly or through the paint-first loader after the first paint (entry, the
// language's texts, the page group, the layout parts the page hydrates with) and their static
// imports, i.e. the JS that runs before the page is live.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from './lib.mjs';

const APPS = [
  { name: 'member site (apps/web)', dist: 'apps/web/dist', base: '/' },
  { name: 'operator console (apps/backoffice)', dist: 'apps/backoffice/dist', base: '/backoffice/' },
];

const kb = (n) => `${(n / 1024).toFixed(1)} kB`;

for (const app of APPS) {
  const dist = join(root, app.dist);
  if (!existsSync(join(dist, 'index.html'))) {
    console.log(`${app.name}: not built`);
    continue;
  }
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\shref)="([^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  const sum = { js: 0, jsRaw: 0, css: 0, cssRaw: 0, files: 0 };
  for (const ref of refs) {
    const file = join(dist, ref.startsWith(app.base) ? ref.slice(app.base.length) : ref);
    const body = readFileSync(file);
    const gz = gzipSync(body).length;
    sum.files += 1;
    if (ref.endsWith('.css')) {
      sum.css += gz;
      sum.cssRaw += body.length;
    } else {
      sum.js += gz;
      sum.jsRaw += body.length;
    }
  }
  console.log(
    `${app.name}: blocking JS ${kb(sum.js)} gzip (${kb(sum.jsRaw)} raw), CSS ${kb(sum.css)} gzip (${kb(sum.cssRaw)} raw), ${sum.files} files`,
  );
}

// Prerendered pages of the member site (ADR 0040): the JS before hydration, per page.
const web = join(root, 'apps/web/dist');
const manifestFile = join(web, '.vite/manifest.json');
if (existsSync(manifestFile) && existsSync(join(web, 'prerender/manifest.json'))) {
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
  const pages = JSON.parse(readFileSync(join(web, 'prerender/manifest.json'), 'utf8')).pages;
  const entryJs = new Set();
  const indexHtml = readFileSync(join(web, 'index.html'), 'utf8');
  for (const m of indexHtml.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\shref)="\/([^"]+\.js)"/g)) entryJs.add(m[1]);
  for (const path of ['/', '/login', '/rng', '/help', '/forget']) {
    const page = pages.find((p) => p.paths.includes(path));
    if (!page) continue;
    const html = readFileSync(join(web, page.files.th), 'utf8');
    const files = new Set();
    const add = (file) => {
      if (files.has(file)) return;
      files.add(file);
      for (const key of byFile.get(file)?.imports ?? []) add(manifest[key].file);
    };
    for (const m of html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\shref)="\/([^"]+\.js)"/g)) add(m[1]);
    // The paint-first loader (ADR 0062) names the entry and its preloads in data attributes.
    for (const m of html.matchAll(/\sdata-(?:entry|preload)="([^"]*)"/g)) {
      for (const ref of m[1].split(' ').filter(Boolean)) add(ref.replace(/^\//, ''));
    }
    let gz = 0;
    let raw = 0;
    let texts = 0;
    let beyondEntry = 0;
    for (const file of files) {
      const body = readFileSync(join(web, file));
      const size = gzipSync(body).length;
      gz += size;
      raw += body.length;
      if (/\/(th|en)-shell-/.test(file)) texts += size;
      if (!entryJs.has(file)) beyondEntry += size;
    }
    console.log(
      `member site ${path} (prerendered, th): JS before hydration ${kb(gz)} gzip (${kb(raw)} raw), ${files.size} files: entry ${kb(gz - beyondEntry)}, Thai texts ${kb(texts)}, page group and layout parts ${kb(beyondEntry - texts)}`,
    );
  }
}
