/*
 * Thai has no spaces between words: the browser breaks a Thai line where its dictionary (ICU's, in
 * Chromium as in Intl.Segmenter) finds a word boundary. That dictionary does not know the loanwords
 * a gaming site lives on: "คาสิโน" (casino) is cut "คา|สิโน" at 390 px, "โปรโมชั่น" "โปร|โมชั่น"
 * (issue 25). `word-break: keep-all` is no answer (it stops every break inside a Thai run, so a long
 * sentence overflows) and `overflow-wrap: anywhere` cuts anywhere. So the dictionary stays the
 * browser's, and these words are kept whole: each occurrence is wrapped in a span that does not wrap
 * (class `thai-word`, white-space: nowrap: components/ui/thai-text). docs/adr/0076.
 */

/**
 * Loanwords and names of the site's own vocabulary that ICU's Thai dictionary splits, alone or in a
 * sentence ("แชท" is whole alone, "แช|ท|สด" in "แชทสด"); checked with Intl.Segmenter.
 */
export const THAI_GLUED_WORDS: readonly string[] = [
  'คาสิโน',
  'โปรโมชั่น',
  'แจ็คพอต',
  'แจ็กพอต',
  'บาคาร่า',
  'รูเล็ต',
  'ฟรีสปิน',
  'แอดมิน',
  'อีสปอร์ต',
  'ล็อคอิน',
  'แซนด์บ็อกซ์',
  'พร้อมเพย์',
  'แคชแบ็ก',
  'ดีลเลอร์',
  'ล็อตเตอรี่',
  'ทัวร์นาเมนต์',
  'วีไอพี',
  'ทรูมันนี่',
  'โอทีพี',
  'แอคเคาท์',
  'แชท',
];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const GLUED = new RegExp(
  [...THAI_GLUED_WORDS].sort((a, b) => b.length - a.length).map(escape).join('|'),
  'g',
);

/** A text cut into runs: `keep` runs are words that must not be broken across lines. */
export type TThaiRun = { text: string; keep: boolean };

export function thaiRuns(text: string): TThaiRun[] {
  const runs: TThaiRun[] = [];
  let last = 0;
  for (const match of text.matchAll(GLUED)) {
    const at = match.index;
    if (at > last) runs.push({ text: text.slice(last, at), keep: false });
    runs.push({ text: match[0], keep: true });
    last = at + match[0].length;
  }
  if (last < text.length) runs.push({ text: text.slice(last), keep: false });
  return runs;
}

/** Wraps the kept words of every text node under `root` (already sanitised HTML) in a `span.thai-word`. */
export function keepThaiWordsIn(root: ParentNode): void {
  const doc = (root as Node).ownerDocument ?? document;
  const walker = doc.createTreeWalker(root as Node, NodeFilter.SHOW_TEXT);
  const nodes: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
  for (const node of nodes) {
    if ((node.parentElement as Element | null)?.classList.contains('thai-word')) continue;
    const runs = thaiRuns(node.data);
    if (!runs.some((r) => r.keep)) continue;
    const fragment = doc.createDocumentFragment();
    for (const run of runs) {
      if (!run.keep) {
        fragment.append(run.text);
        continue;
      }
      const span = doc.createElement('span');
      span.className = 'thai-word';
      span.textContent = run.text;
      fragment.append(span);
    }
    node.replaceWith(fragment);
  }
}

/** The same for an HTML string (sanitised afterwards by SafeHtml as any server HTML). */
export function keepThaiWords(html: string): string {
  if (typeof document === 'undefined') return html;
  const template = document.createElement('template');
  template.innerHTML = html;
  keepThaiWordsIn(template.content);
  return template.innerHTML;
}
