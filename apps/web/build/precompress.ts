import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text formats worth compressing; images and woff2 are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|map|webmanifest)$/;
/** Below this, the headers of a compressed answer outweigh the saving. */
const MIN_BYTES = 1024;

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip -9) beside every compressible file
 * of a folder of at least 1 KiB. The server sends them by content negotiation (static-spa.ts).
 */
export function precompressFolder(dir: string): { files: number; raw: number; br: number; gz: number } {
  const sum = { files: 0, raw: 0, br: 0, gz: 0 };
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const body = readFileSync(file);
    if (body.length < MIN_BYTES) continue;
    const br = brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
    const gz = gzipSync(body, { level: 9 });
    writeFileSync(`${file}.br`, br);
    writeFileSync(`${file}.gz`, gz);
    sum.files += 1;
    sum.raw += body.length;
    sum.br += br.length;
    sum.gz += gz.length;
  }
  return sum;
}

/** Vite plugin: precompress the build output once everything is written (issue 10, ADR 0041). */
export function precompress(): Plugin {
  let outDir = 'dist';
  let ssr = false;
  return {
    name: 'lotus-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      ssr = Boolean(config.build.ssr);
    },
    closeBundle: {
      order: 'post',
      handler() {
        if (ssr) return;
        const sum = precompressFolder(outDir);
        this.info?.(`precompressed ${sum.files} files: ${sum.raw} B -> br ${sum.br} B, gz ${sum.gz} B`);
      },
    },
  };
}
