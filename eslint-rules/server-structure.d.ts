import type { Linter } from 'eslint';

/** The server structure rules (module boundaries, module and file cycles) for the given file globs. */
export function serverStructure(files: string[]): Linter.Config[];
