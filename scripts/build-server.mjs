// `npm run build:server` (part of `npm run build`): compiles the server-side TypeScript (the platform server,
// its operator command line and backup command, the house vendor, and the workspace packages they import:
// @lotus/contracts, @lotus/ledger, @lotus/games) to JavaScript in apps/server/dist, with source maps, so
// production runs `node --enable-source-maps apps/server/dist/server.js` and no TypeScript compiler runs at
// run time (issue 26; docs/adr/0089-compiled-server.md).
//
// esbuild bundles our own code (the workspace packages included: they export their ./src/*.ts) and leaves
// every npm package external: those are loaded from node_modules as they are, native modules included.
//
// One thing a bundle changes: `import.meta.url` / `import.meta.dirname` name the bundle, not the source file,
// and a few modules find their files relative to themselves (the migrations folder, the banner media, the
// house's titles and assets, the repository root). The plugin below rewrites those expressions in each
// source file to the source file's own location, taken relative to the output folder, so every path resolves
// exactly as it does when the sources run through tsx.
import { build } from 'esbuild';
import { readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_OUT = path.join(root, 'apps/server/dist');

/** The entry points and their output names (apps/server/dist/<name>.js). */
export const SERVER_ENTRIES = {
  server: 'apps/server/src/server.ts',
  ops: 'apps/server/src/ops/cli.ts',
  backup: 'apps/server/src/db/backup-cli.ts',
  house: 'apps/games/src/server.ts',
};

const sourceLocationPlugin = (outDir) => ({
  name: 'source-location',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      let text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta.')) return { contents: text, loader: 'ts' };
      // The source file's folder, relative to the output folder (the bundle and its chunks sit side by side).
      const relDir = path.relative(outDir, path.dirname(args.path)).split(path.sep).join('/') || '.';
      const relFile = `${relDir}/${path.basename(args.path)}`;
      text = text
        .replaceAll('import.meta.dirname', `__lotusSourcePath(${JSON.stringify(relDir)})`)
        .replaceAll('import.meta.filename', `__lotusSourcePath(${JSON.stringify(relFile)})`)
        .replaceAll('import.meta.url', `__lotusSourceUrl(${JSON.stringify(relFile)})`);
      return { contents: text, loader: 'ts' };
    });
  },
});

// Bare imports are npm packages (external) except our own workspace packages, which are compiled in.
const externalPackagesPlugin = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@lotus/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

const banner = [
  "import { fileURLToPath as __lotusToPath } from 'node:url';",
  "import { join as __lotusJoin, dirname as __lotusDirname } from 'node:path';",
  'const __lotusOut = __lotusDirname(__lotusToPath(import.meta.url));',
  'const __lotusSourcePath = (rel) => __lotusJoin(__lotusOut, rel);',
  "const __lotusSourceUrl = (rel) => new URL(rel, import.meta.url.replace(/[^/]*$/, '')).href;",
].join('\n');

/**
 * Compiles into `outDir` (apps/server/dist by default). The output is written beside it first and swapped in
 * whole, so a server or command starting meanwhile finds either the old build or the new one.
 */
export async function buildServer(outDir = SERVER_OUT) {
  const next = `${outDir}.next-${process.pid}`;
  rmSync(next, { recursive: true, force: true });
  const started = Date.now();
  await build({
    absWorkingDir: root,
    entryPoints: SERVER_ENTRIES,
    outdir: next,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    sourcemap: 'linked',
    plugins: [externalPackagesPlugin, sourceLocationPlugin(outDir)],
    banner: { js: banner },
    // The start banner says the server runs compiled, and since when (apps/server/src/startup.ts).
    define: { __LOTUS_BUILD__: JSON.stringify({ compiledAt: new Date().toISOString().slice(0, 19) + 'Z' }) },
    chunkNames: '[name]-[hash]',
    logLevel: 'warning',
    // Class and function names stay as written: logs and error reports name them.
    keepNames: true,
  });
  // The maps name their sources relative to the folder they were written in, a sibling of outDir: the same.
  rmSync(outDir, { recursive: true, force: true });
  renameSync(next, outDir);
  return Date.now() - started;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const outDir = process.argv[2] ? path.resolve(process.argv[2]) : SERVER_OUT;
  const ms = await buildServer(outDir);
  console.log(`server compiled to ${path.relative(root, outDir) || outDir} in ${ms} ms`);
}
