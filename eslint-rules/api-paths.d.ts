import type { Linter, ESLint } from 'eslint';

declare const plugin: ESLint.Plugin;
export default plugin;
export function apiPaths(files: string[], ignores?: string[]): Linter.Config[];
