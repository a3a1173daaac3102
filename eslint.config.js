import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.data/**', 'apps/server/drizzle/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'off',
      // ignoreExternal: cycles inside node_modules are not ours, and following them made import-x load
      // lightningcss/node as its "node" resolver and crash on files importing vite.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Shared code flows one way: components/lib -> features -> app; no imports between features.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './apps/web/src/features/auth', from: './apps/web/src/features', except: ['./auth'] },
            { target: './apps/web/src/features/shell', from: './apps/web/src/features', except: ['./shell'] },
            { target: './apps/web/src/features/banners', from: './apps/web/src/features', except: ['./banners'] },
            { target: './apps/web/src/features/notices', from: './apps/web/src/features', except: ['./notices'] },
            { target: './apps/web/src/features/customer-service', from: './apps/web/src/features', except: ['./customer-service'] },
            { target: './apps/web/src/features/system', from: './apps/web/src/features', except: ['./system'] },
            { target: './apps/web/src/features', from: './apps/web/src/app' },
            { target: './apps/web/src/components', from: ['./apps/web/src/features', './apps/web/src/app'] },
            { target: './apps/web/src/lib', from: ['./apps/web/src/features', './apps/web/src/app'] },
          ],
        },
      ],
    },
  },
  {
    // The web app never imports server code, and the server never imports web code.
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/apps/server/**', '@lotus/server*'] }] },
  },
  {
    files: ['apps/server/**/*.ts', 'packages/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/apps/web/**', '@lotus/web*', 'react', 'react-dom'] }] },
  },
);
