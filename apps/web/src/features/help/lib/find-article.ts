import type { THelpCenter } from '@lotus/contracts/system';

type TArticle = THelpCenter['categories'][number]['articles'][number];

/**
 * The article a hash points at (2.R.21: /help#term opens the terms). Matching, in order: the exact
 * slug; a slug starting with the hash (term -> terms-and-conditions); a category key equal to or
 * starting with the hash (its first article). Without a hash: the first article.
 */
export function findArticle(help: THelpCenter | undefined, rawHash: string): TArticle | null {
  const categories = help?.categories ?? [];
  const all = categories.flatMap((c) => c.articles);
  const hash = decodeURIComponent(rawHash.replace(/^#/, '')).trim().toLowerCase();
  if (!hash) return all[0] ?? null;
  return (
    all.find((a) => a.slug.toLowerCase() === hash) ??
    all.find((a) => a.slug.toLowerCase().startsWith(hash)) ??
    categories.find((c) => c.key.toLowerCase() === hash || c.key.toLowerCase().startsWith(hash))?.articles[0] ??
    null
  );
}
