/** One entry of Vite's build manifest (dist/.vite/manifest.json): the chunk file and the keys it imports. */
export type TManifestChunk = { file: string; imports?: string[] };

/**
 * The chunk files the manifest entries `keys` need, each after the chunks it imports (deps first),
 * without the files of `skip` (the entry's own graph, evaluated with it) and without repeats.
 * build/prerender.ts writes this list into a prerendered page: the loader fetches all of it at once
 * (no waterfall of imports found one by one), and main.tsx evaluates it in this order, one chunk per
 * task, so no single evaluation blocks a phone's main thread for long (issue 10: total blocking time).
 */
export function chunksInOrder(manifest: Record<string, TManifestChunk>, keys: readonly string[], skip: ReadonlySet<string>): string[] {
  const ordered: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file) || skip.has(chunk.file)) return;
    seen.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
    ordered.push(chunk.file);
  };
  for (const key of keys) visit(key);
  return ordered;
}
