import lotusModules from './module-boundaries.js';

/**
 * The server structure rules for the given files (also used by the rules' own test on fixtures):
 * no import of another module's routes or repository, no import cycle between modules or files.
 */
export function serverStructure(files) {
  return [
    {
      files,
      plugins: { 'lotus-modules': lotusModules },
      rules: {
        'lotus-modules/no-foreign-internals': 'error',
        'lotus-modules/no-module-cycles': 'error',
        'lotus-modules/no-file-cycles': 'error',
      },
    },
  ];
}
