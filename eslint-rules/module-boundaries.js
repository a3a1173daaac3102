// Local ESLint rules that keep the server's module structure (docs/ARCHITECTURE.md, "Dependency rules"):
// - no-foreign-internals: a module never imports another module's `*.routes.ts` or `*.repository.ts`;
// - no-module-cycles: no import cycle between modules;
// - no-file-cycles: no import cycle between files (value imports; `import type` erases at build time).
// Local rules on TypeScript's own parser, because the import plugins' native resolvers are not all
// installable from this registry (npm ci fails on their missing per-platform binaries).
// A module is a folder directly under a `modules/` folder; files outside `modules/` are not modules.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx|js|mjs)$/;

/** The folder `.../modules` a file lives in, and the module (first folder below it); null outside. */
function moduleOf(file) {
  const parts = path.resolve(file).split(path.sep);
  const i = parts.lastIndexOf('modules');
  if (i < 0 || i + 2 >= parts.length) return null;
  return { root: parts.slice(0, i + 1).join(path.sep), name: parts[i + 1] };
}

/** A relative specifier resolved to a source file (TypeScript's rules for extensionless imports). */
function resolveRelative(fromFile, spec) {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(fromFile), spec);
  const candidates = [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    base.replace(/\.js$/, '.ts'),
  ];
  return candidates.find((c) => fs.existsSync(c) && fs.statSync(c).isFile()) ?? null;
}

function sourceFiles(dir, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(p, out);
    else if (SOURCE.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(p);
  }
  return out;
}

/** Module -> modules it imports (over all its files), built once per `modules/` folder and lint run. */
const graphs = new Map();
function moduleGraph(root) {
  let graph = graphs.get(root);
  if (graph) return graph;
  graph = new Map();
  for (const file of sourceFiles(root)) {
    const from = moduleOf(file)?.name;
    if (!from) continue;
    if (!graph.has(from)) graph.set(from, new Set());
    // TypeScript's own pre-processor lists a file's imports, exports-from and dynamic imports.
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    for (const imported of importedFiles) {
      const target = resolveRelative(file, imported.fileName);
      const to = target && moduleOf(target);
      if (to && to.root === root && to.name !== from) graph.get(from).add(to.name);
    }
  }
  graphs.set(root, graph);
  return graph;
}

/** A path of modules from `start` to `goal` (inclusive), or null. */
function findPath(graph, start, goal) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const current = queue.shift();
    if (current === goal) {
      const chain = [];
      for (let n = goal; n !== null; n = previous.get(n)) chain.unshift(n);
      return chain;
    }
    for (const next of graph.get(current) ?? []) {
      if (!previous.has(next)) {
        previous.set(next, current);
        queue.push(next);
      }
    }
  }
  return null;
}

/** Calls `check(node, specifier)` for every import, export-from and dynamic import of a file. */
function onImports(check) {
  const visit = (node) => {
    if (node.source && typeof node.source.value === 'string') check(node, node.source.value);
  };
  return {
    ImportDeclaration: visit,
    ExportNamedDeclaration: visit,
    ExportAllDeclaration: visit,
    ImportExpression: visit,
  };
}

const noForeignInternals = {
  meta: {
    type: 'problem',
    docs: { description: "A module never imports another module's routes or repository files." },
    messages: {
      foreign:
        "Module '{{from}}' imports '{{file}}' of module '{{to}}': routes and repositories are a module's own; ask for a narrowed service or type the other module's factory exposes, passed in by the composition root.",
    },
    schema: [],
  },
  create(context) {
    const filename = context.filename ?? context.getFilename();
    const from = moduleOf(filename);
    if (!from) return {};
    return onImports((node, spec) => {
      const target = resolveRelative(filename, spec);
      const to = target && moduleOf(target);
      if (!to || to.root !== from.root || to.name === from.name) return;
      if (!/\.(routes|repository)\.ts$/.test(target)) return;
      context.report({
        node,
        messageId: 'foreign',
        data: { from: from.name, to: to.name, file: path.basename(target) },
      });
    });
  },
};

const noModuleCycles = {
  meta: {
    type: 'problem',
    docs: { description: 'No import cycle between modules.' },
    messages: {
      cycle:
        'Import closes a module cycle: {{chain}}. Move the shared part to the platform layer or invert the dependency.',
    },
    schema: [],
  },
  create(context) {
    const filename = context.filename ?? context.getFilename();
    const from = moduleOf(filename);
    if (!from) return {};
    const graph = moduleGraph(from.root);
    return onImports((node, spec) => {
      const target = resolveRelative(filename, spec);
      const to = target && moduleOf(target);
      if (!to || to.root !== from.root || to.name === from.name) return;
      const back = findPath(graph, to.name, from.name);
      if (back)
        context.report({ node, messageId: 'cycle', data: { chain: [from.name, ...back].join(' -> ') } });
    });
  },
};

/** The value imports of a file (type-only imports and exports left out: they leave no runtime edge). */
function valueImports(file) {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const specs = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly) continue;
      const named = clause?.namedBindings;
      const onlyTypes =
        clause && !clause.name && named && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly);
      if (onlyTypes) continue;
      if (ts.isStringLiteral(statement.moduleSpecifier)) specs.push(statement.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(statement) && !statement.isTypeOnly && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)) {
      specs.push(statement.moduleSpecifier.text);
    }
  }
  return specs;
}

/** The folder whose files form one graph: the `src` folder a file is in, else the parent of its `modules/`. */
function graphRootOf(file) {
  const parts = path.resolve(file).split(path.sep);
  const src = parts.lastIndexOf('src');
  if (src >= 0) return parts.slice(0, src + 1).join(path.sep);
  const mod = moduleOf(file);
  return mod ? path.dirname(mod.root) : null;
}

/** File -> files it imports (value imports, relative), built once per root and lint run. */
const fileGraphs = new Map();
function fileGraph(root) {
  let graph = fileGraphs.get(root);
  if (graph) return graph;
  graph = new Map();
  for (const file of sourceFiles(root)) {
    const targets = new Set();
    for (const spec of valueImports(file)) {
      const target = resolveRelative(file, spec);
      if (target) targets.add(target);
    }
    graph.set(file, targets);
  }
  fileGraphs.set(root, graph);
  return graph;
}

const noFileCycles = {
  meta: {
    type: 'problem',
    docs: { description: 'No import cycle between files (value imports).' },
    messages: {
      cycle: 'Import closes a file cycle: {{chain}}. Move the shared part into its own file or invert the dependency.',
    },
    schema: [],
  },
  create(context) {
    const filename = path.resolve(context.filename ?? context.getFilename());
    const root = graphRootOf(filename);
    if (!root) return {};
    const graph = fileGraph(root);
    const check = (node, spec) => {
      if (node.importKind === 'type' || node.exportKind === 'type') return;
      if (node.type === 'ImportDeclaration' && node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === 'type')) return;
      const target = resolveRelative(filename, spec);
      if (!target) return;
      const back = findPath(graph, target, filename);
      if (back) {
        const chain = [filename, ...back].map((f) => path.relative(root, f)).join(' -> ');
        context.report({ node, messageId: 'cycle', data: { chain } });
      }
    };
    const visit = (node) => {
      if (node.source && typeof node.source.value === 'string') check(node, node.source.value);
    };
    return { ImportDeclaration: visit, ExportNamedDeclaration: visit, ExportAllDeclaration: visit };
  },
};

export default {
  meta: { name: 'lotus-modules' },
  rules: { 'no-foreign-internals': noForeignInternals, 'no-module-cycles': noModuleCycles, 'no-file-cycles': noFileCycles },
};
