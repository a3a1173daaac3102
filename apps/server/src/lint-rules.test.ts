import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../../eslint-rules/api-paths.js';
import { serverStructure } from '../../../eslint-rules/server-structure.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const FIXTURES = path.join(ROOT, 'eslint-rules/fixtures/modules');

/**
 * The server's structure rules (eslint-rules/server-structure.js, used by eslint.config.js) on fixture modules that break
 * them on purpose (eslint-rules/fixtures, ignored by the normal lint; docs/CODE_STYLE.md).
 */
async function lintWith(rules: Linter.Config[], file: string) {
  const eslint = new ESLint({
    cwd: ROOT,
    overrideConfigFile: true,
    overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser, sourceType: 'module' } }, ...rules],
  });
  const [result] = await eslint.lintFiles([file]);
  return (result?.messages ?? []).map((m) => ({ rule: m.ruleId, line: m.line }));
}
const lint = (file: string) => lintWith(serverStructure(['eslint-rules/fixtures/**/*.ts']), path.join(FIXTURES, file));

describe('issue 7 lint rules keep the module structure', () => {
  it("issue 7 an import of another module's repository is an error; the module's own is not", async () => {
    const messages = await lint('alpha/alpha.service.ts');
    expect(messages).toContainEqual({ rule: 'lotus-modules/no-foreign-internals', line: 3 });
    expect(messages.filter((m) => m.line === 2)).toEqual([]);
  });

  it('issue 7 an import cycle is an error at module level and at file level', async () => {
    const messages = await lint('alpha/alpha.service.ts');
    expect(messages).toContainEqual({ rule: 'lotus-modules/no-module-cycles', line: 4 });
    expect(messages).toContainEqual({ rule: 'lotus-modules/no-file-cycles', line: 4 });
    const back = await lint('beta/beta.service.ts');
    expect(back).toContainEqual({ rule: 'lotus-modules/no-file-cycles', line: 2 });
    expect(back).toContainEqual({ rule: 'lotus-modules/no-module-cycles', line: 2 });
  });
});

describe('issue 22 API paths are written only in the endpoint definitions', () => {
  it('issue 22 a hand-written /wps, /ops or /lgw path is an error; other paths are not', async () => {
    const messages = await lintWith(apiPaths(['eslint-rules/fixtures/**/*.ts']), path.join(ROOT, 'eslint-rules/fixtures/paths/hand-written.ts'));
    expect(messages).toEqual([4, 5, 6].map((line) => ({ rule: 'lotus-api/no-path-literals', line })));
  });
});
