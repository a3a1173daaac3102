import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** Where the dev server forwards the operator API (the platform's operator listener, or its main port). */
const apiTarget = process.env.LOTUS_OPS_URL ?? 'http://localhost:8080';

const nm = (names: string) => new RegExp(`[\\\\/]node_modules[\\\\/](${names})[\\\\/]`);

/**
 * The operator console (docs/adr/0045): its own bundle, served by the platform under /backoffice/
 * next to the operator API. Library chunks are long-cached like the member site's.
 */
export default defineConfig({
  base: '/backoffice/',
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5174,
    proxy: { '/ops': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'vendor', test: nm('react|react-dom|scheduler|react-router|cookie-es|@remix-run[\\\\/]route-pattern'), priority: 30 },
            { name: 'i18n', test: nm('i18next|react-i18next|html-parse-stringify|void-elements'), priority: 20 },
            { name: 'zod', test: nm('zod'), priority: 20 },
            { name: 'query', test: nm('@tanstack/query-core|@tanstack/react-query'), priority: 20 },
            { name: 'table', test: nm('@tanstack/table-core|@tanstack/react-table'), priority: 20 },
            { name: 'forms', test: nm('react-hook-form|@hookform'), priority: 20 },
          ],
        },
      },
    },
  },
});
