import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress';
import { completeLanguagesPlugin } from './build/complete-languages';

/** Where the dev server forwards platform calls (the Fastify server of apps/server). */
const apiTarget = process.env.LOTUS_API_URL ?? 'http://localhost:8080';
const proxied = ['/wps', '/ops', '/media', '/docs'];

const nm = (names: string) => new RegExp(`[\\\\/]node_modules[\\\\/](${names})[\\\\/]`);

/**
 * Long-cached library chunks. react, react-dom and the router form the `vendor` chunk (they change
 * rarely); i18n, zod, TanStack Query and react-hook-form (the account forms' pages only) get their
 * own, so an upgrade of one does not bust the rest.
 */
const CHUNK_GROUPS = [
  { name: 'vendor', test: nm('react|react-dom|scheduler|react-router|cookie-es|@remix-run[\\\\/]route-pattern'), priority: 30 },
  { name: 'i18n', test: nm('i18next|react-i18next|html-parse-stringify|void-elements'), priority: 20 },
  { name: 'zod', test: nm('zod'), priority: 20 },
  { name: 'query', test: nm('@tanstack'), priority: 20 },
  { name: 'forms', test: nm('react-hook-form|@hookform'), priority: 20 },
  { name: 'sonner', test: nm('sonner'), priority: 20 },
];

/** Page-group chunks are named after their group module; `groups/index` would otherwise be "groups". */
function chunkFileName(chunk: { name: string; facadeModuleId?: string | null }): string {
  const match = /[\\/]src[\\/]app[\\/]groups[\\/]([^\\/]+)\.tsx?$/.exec(chunk.facadeModuleId ?? '');
  return `assets/${match ? match[1] : '[name]'}-[hash].js`;
}

/**
 * The largest libraries every page needs (src/boot/libraries.ts: ReactDOM and the router) are a
 * second entry, loaded by a module script placed before the app's: each entry
 * evaluates in its own task, so the libraries and the app no longer make one task of 105-140 ms on
 * a mid-range phone (issue 10: total blocking time). Vite joins the module scripts of index.html
 * into one entry, hence a build input and this tag.
 */
function librariesFirst(): Plugin {
  return {
    name: 'lotus-libraries-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find((c) => c.type === 'chunk' && c.isEntry && c.name === 'libraries');
        if (!chunk) return html;
        const tag = `<script type="module" crossorigin src="/${chunk.fileName}"></script>`;
        return html.replace(/(\s*)(<script type="module" crossorigin src="\/assets\/main-)/, `$1${tag}$1$2`);
      },
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), completeLanguagesPlugin(), precompress(), librariesFirst()],
  // react-router 8's package exports give its production build (no dev warnings; ADR 0060) to every
  // resolution without the `development` condition, which Vite sets in dev only: builds need no alias.
  resolve: {
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }],
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }])),
  },
  preview: {
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }])),
  },
  // The renderer of prerendered pages (src/prerender/entry.tsx, ADR 0040) is built for Node into
  // dist-prerender (never served); the client build writes the manifest the prerender step reads.
  build: isSsrBuild
    ? {
        outDir: 'dist-prerender',
        emptyOutDir: true,
        target: 'node20',
        rolldownOptions: { input: 'src/prerender/entry.tsx', output: { entryFileNames: 'entry.js' } },
      }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        target: 'es2022',
        manifest: true,
        // LOTUS_SOURCEMAP=1: source maps beside the chunks, to read a CPU profile by function (never shipped).
        sourcemap: process.env.LOTUS_SOURCEMAP === '1',
        // One stylesheet for the whole site (~15 kB brotli): prerendered pages need the CSS of the
        // page groups before their scripts load, and late CSS would move what already painted.
        cssCodeSplit: false,
        rolldownOptions: {
          input: { index: 'index.html', libraries: 'src/boot/libraries.ts' },
          // Nothing imports the entries' exports: no facade chunk is kept for them.
          preserveEntrySignatures: false,
          output: {
            entryFileNames: (chunk) => (chunk.name === 'libraries' ? 'assets/libraries-[hash].js' : 'assets/main-[hash].js'),
            chunkFileNames: chunkFileName,
            codeSplitting: { groups: CHUNK_GROUPS },
          },
        },
      },
}));
