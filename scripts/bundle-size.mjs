// `node scripts/bundle-size.mjs`: the first-load size of the built member site (apps/web/dist) and
// operator console (apps/backoffice/dist): what each index.html makes the browser fetch before the
// app renders (entry script, modulepreloads, stylesheets), gzip and raw. Build first (npm run build).
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
