import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Issue 7: write paths take the transaction explicitly. A repository function that writes
 * (insert, update, delete, upsert, or a read for update) must not default its executor
 * (`tx: Executor = db`): a forgotten `tx` would then run silently outside the unit of work.
 * Reads may keep a default. This scans every server source file (repositories are not only in
 * `*.repository.ts`: server-keys.ts and ops.audit.ts hold theirs) with the TypeScript compiler.
 */
const SRC = path.resolve(import.meta.dirname, '..');
const WRITES =
  /\.(insert|update|delete)\(|\.onConflict\w*\(|\.for\(\s*['"](update|no key update)['"]|for update/;
const EXECUTOR_TYPES = /^(Executor|Tx|Db)$/;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

type Finding = { file: string; line: number; name: string };

/** Functions and methods with a defaulted executor parameter whose body writes. */
export function writesWithDefaultExecutor(file: string, text: string): Finding[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Finding[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const defaulted = node.parameters.find(
        (p) => p.initializer && p.type && EXECUTOR_TYPES.test(p.type.getText(source).trim()),
      );
      if (defaulted && WRITES.test(node.body.getText(source))) {
        const name =
          node.name && ts.isIdentifier(node.name)
            ? node.name.text
            : ts.isPropertyAssignment(node.parent) || ts.isVariableDeclaration(node.parent)
              ? node.parent.name.getText(source)
              : '(anonymous)';
        const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
        found.push({ file: path.relative(SRC, file), line, name });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('explicit transactions (issue 7)', () => {
  it('issue 7 no server function that writes defaults its executor (tx: Executor = db)', () => {
    const findings = sourceFiles(SRC).flatMap((file) =>
      writesWithDefaultExecutor(file, fs.readFileSync(file, 'utf8')),
    );
    expect(findings.map((f) => `${f.file}:${f.line} ${f.name}`)).toEqual([]);
  });

  it('issue 7 the guard fires on a write with a default executor and not on a read', () => {
    const sample = `
      export function createThingRepository(db: Db) {
        return {
          async find(id: number, tx: Executor = db) { return tx.select().from(things).where(eq(things.id, id)); },
          async lock(id: number, tx: Executor = db) { return tx.select().from(things).for('update'); },
          async insert(row: Row, tx: Executor = db) { await tx.insert(things).values(row); },
          async rename(id: number, name: string, tx: Tx) { await tx.update(things).set({ name }); },
        };
      }`;
    expect(
      writesWithDefaultExecutor(path.join(SRC, 'sample.repository.ts'), sample).map((f) => f.name),
    ).toEqual(['lock', 'insert']);
  });
});
