import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import lotusModules from './module-boundaries.js';

/** The server structure rules for the given files (also used by the rules' own test on fixtures). */
export function serverStructure(files) {
  return [
    {
      files,
      plugins: { 'import-x': importX, 'lotus-modules': lotusModules },
      settings: {
        // import-x parses the files it follows with the TypeScript parser (without it, no-cycle sees no imports).
        'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
        'import-x/extensions': ['.ts', '.tsx', '.js'],
        'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'apps/server/tsconfig.json' })],
      },
      rules: {
        'lotus-modules/no-foreign-internals': 'error',
        'lotus-modules/no-module-cycles': 'error',
        'import-x/no-cycle': ['error', { ignoreExternal: true }],
      },
    },
  ];
}
