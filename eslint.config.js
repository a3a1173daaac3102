import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { apiPaths } from './eslint-rules/api-paths.js';
import { serverStructure } from './eslint-rules/server-structure.js';

// Import boundaries of the web app (conventions: components/lib -> features -> app, no imports between
// features). Expressed with ESLint's core rule on the `@/` alias every web import uses, so no resolver
// plugin is needed (the import plugins' native resolvers are not installable from this registry).
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

// The operator console (apps/backoffice) keeps the same one-way flow: features never import each other.
const backofficeFeatures = readdirSync(new URL('./apps/backoffice/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const backofficeBoundaries = backofficeFeatures.map((feature) => ({
  files: [`apps/backoffice/src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['@/features/*', `!@/features/${feature}`, `!@/features/${feature}/**`],
            message: 'Features must not import each other: move shared code to components/ or lib/.',
          },
          { group: ['@/app', '@/app/*'], message: 'Features must not import the app layer.' },
          {
            group: ['**/apps/server/**', '@lotus/server*', '**/apps/web/**', '@lotus/web*'],
            message: 'The console talks to the server only through /ops and the shared contracts.',
          },
        ],
      },
    ],
  },
}));

const featureBoundaries = webFeatures.map((feature) => ({
  files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['@/features/*', `!@/features/${feature}`, `!@/features/${feature}/**`],
            message: 'Features must not import each other: move shared code to components/, lib/ or api/.',
          },
          { group: ['@/app', '@/app/*'], message: 'Features must not import the app layer.' },
          {
            group: ['**/apps/server/**', '@lotus/server*'],
            message: 'The web app never imports server code.',
          },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-prerender/**',
      'apps/server/media-built/**',
      '**/node_modules/**',
      '.data/**',
      'apps/server/drizzle/**',
      'test-results/**',
      'playwright-report/**',
      // Fixtures that break the module rules on purpose (eslint-rules/module-boundaries.test.ts lints them).
      'eslint-rules/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/backoffice/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: [
      'apps/web/src/components/**/*.{ts,tsx}',
      'apps/web/src/lib/**/*.{ts,tsx}',
      'apps/web/src/config/**/*.{ts,tsx}',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features', '@/features/*', '@/app', '@/app/*'],
              message: 'Shared code must not import features or the app layer.',
            },
            {
              group: ['**/apps/server/**', '@lotus/server*'],
              message: 'The web app never imports server code.',
            },
          ],
        },
      ],
    },
  },
  ...featureBoundaries,
  ...backofficeBoundaries,
  {
    files: ['apps/server/**/*.ts', 'packages/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['**/apps/web/**', '@lotus/web*', '**/apps/backoffice/**', '@lotus/backoffice*', 'react', 'react-dom'] },
      ],
    },
  },
  {
    // The house vendor's game pages run in the browser (plain modules served by the house app).
    files: ['apps/games/assets/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // The house vendor knows the platform only through the vendor protocol: no platform code.
    files: ['apps/games/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/server/**', '@lotus/server*', '**/packages/ledger/**', '@lotus/ledger*', '**/packages/contracts/**', '@lotus/contracts*', '**/apps/web/**', '@lotus/web*'],
              message: 'apps/games never imports platform code: it speaks the public vendor protocol.',
            },
          ],
        },
      ],
    },
  },
  // API paths only in the endpoint definitions (packages/contracts; docs/adr/0067). Tests that exercise raw HTTP
  // on purpose are left out, and so is the house vendor (apps/games: a third party by design, ADR 0036).
  ...apiPaths(
    ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}', 'apps/backoffice/src/**/*.{ts,tsx}'],
    ['**/*.test.ts', '**/*.test.tsx', 'apps/web/src/test/**'],
  ),
  // Server module structure (docs/ARCHITECTURE.md, "Dependency rules"): no import of another
  // module's routes or repository files, no import cycle between modules or between files (local
  // rules in eslint-rules/, on TypeScript's parser).
  ...serverStructure(['apps/server/src/**/*.ts']),
  {
    files: [
      'apps/server/src/platform/**/*.ts',
      'apps/server/src/plugins/**/*.ts',
      'apps/server/src/lib/**/*.ts',
      'apps/server/src/db/**/*.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/modules/**'],
              message: 'The platform, plugins, lib and db never import a module: modules depend on them.',
            },
            {
              group: ['**/apps/web/**', '@lotus/web*', 'react', 'react-dom'],
              message: 'The server never imports web code.',
            },
          ],
        },
      ],
    },
  },
);
