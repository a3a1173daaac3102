export type PageItem = number | 'gap-start' | 'gap-end';

/**
 * Page numbers to show: always the first and last page, `siblings` pages on each side of the
 * current one, and a gap marker where pages are skipped. Pages are 1-based.
 */
export function getPageItems(page: number, totalPages: number, siblings = 1): PageItem[] {
  if (totalPages <= 0) return [];
  const current = Math.min(Math.max(1, page), totalPages);
  // first + last + current + 2*siblings + 2 gaps
  if (totalPages <= 5 + siblings * 2) return Array.from({ length: totalPages }, (_, i) => i + 1);
  const start = Math.max(2, current - siblings);
  const end = Math.min(totalPages - 1, current + siblings);
  const items: PageItem[] = [1];
  if (start > 2) items.push('gap-start');
  for (let p = start; p <= end; p += 1) items.push(p);
  if (end < totalPages - 1) items.push('gap-end');
  items.push(totalPages);
  return items;
}
