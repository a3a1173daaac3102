import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Phone-layout checks (issue 11): what a player on a 390 px phone notices before anything else.
 *
 * - horizontal scroll: the page is no wider than the viewport;
 * - tap targets: every visible interactive element offers at least 44x44 CSS px to a finger
 *   (WCAG 2.5.5), counting the label of a checkbox or radio as its hit area, and exempting links
 *   inside a sentence of text (the WCAG "inline" exception);
 * - fixed elements: nothing position:fixed (the chat button, the recent-games tab, toasts, a bottom
 *   bar) lies over an interactive element of the page, at the top of the page and at its end;
 * - cut text (issue 25): no text the player needs ends in an ellipsis (text-overflow: ellipsis with
 *   more text than room) or is cut by a line clamp. A cut NAME on a control is accepted when the
 *   control's own name (aria-label or title) holds the full text, so tapping it leads to the thing
 *   named and a screen reader reads it whole; money is never accepted cut (docs/adr/0077);
 * - axe-core: no violation of impact serious or critical.
 */
export const PHONE = { width: 390, height: 844 } as const;
export const MIN_TARGET = 44;

export type PhoneProblem = { kind: 'scroll' | 'target' | 'overlap' | 'cut' | 'axe'; what: string };

type Measured = { scroll: string | null; targets: string[]; overlaps: string[]; cuts: string[] };

/**
 * Runs in the page: everything but axe. `at` says where the page is scrolled: a full-width bar
 * fixed to the foot of the screen (and what docks in it) lies over content while the page scrolls,
 * as the header does at its top; what counts is that the page leaves it room at its end. So bars at
 * the foot are checked at the end of the page, bars at the top at its top, floating things at both.
 */
function measureInPage({ minTarget, at }: { minTarget: number; at: 'top' | 'end' }): Measured {
  const doc = document.documentElement;
  const describe = (el: Element) => {
    const id = el.getAttribute('data-testid');
    const name = (el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? '').trim().slice(0, 30);
    return `${el.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''} "${name}"`;
  };
  let scroll: string | null = null;
  if (doc.scrollWidth > doc.clientWidth + 1) {
    // Name the innermost elements that stick out, so the report says what to fix.
    // A drawing's shapes are named by the element holding the drawing; a fixed element follows the
    // widened page rather than widening it.
    // A row that scrolls or clips inside a box on the screen is no cause either.
    const clipped = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement)
        if (getComputedStyle(p).overflowX !== 'visible' && p.getBoundingClientRect().right <= doc.clientWidth + 1) return true;
      return false;
    };
    const sticksOut = (el: Element) => el.getBoundingClientRect().right > doc.clientWidth + 1 && !clipped(el);
    const wide = [
      ...new Set(
        [...document.querySelectorAll('body *')]
          .filter((el) => sticksOut(el) && ![...el.children].some(sticksOut))
          .map((el) => (el instanceof SVGElement ? (el.closest('svg')?.parentElement ?? el) : el))
          .filter((el) => getComputedStyle(el).position !== 'fixed'),
      ),
    ];
    scroll = `page is ${doc.scrollWidth}px wide in a ${doc.clientWidth}px viewport (${wide.slice(0, 3).map(describe).join(', ')})`;
  }
  const shown = (el: Element) => {
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'none') return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  };
  const visible = (el: Element) => {
    if (el.closest('[inert], [aria-hidden="true"]')) return false;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'none') return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  };
  const selector =
    'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=tab], [role=link], [role=checkbox], [role=radio], [role=switch], [role=menuitem], [role=option], [tabindex]:not([tabindex="-1"])';
  const interactive = [...document.querySelectorAll(selector)].filter(visible);

  /** The boxes a finger can hit: the element itself and each of its labels (a label wrapping or naming it). */
  const hitBoxes = (el: Element) => [el.getBoundingClientRect(), ...[...((el as HTMLInputElement).labels ?? [])].map((l) => l.getBoundingClientRect())];
  /** A link in running text (its block holds more text than the link): WCAG's inline exception. */
  const inline = (el: Element) => {
    if (el.tagName !== 'A') return false;
    const block = el.parentElement?.closest('p, li, td, dd, span, small');
    if (!block) return false;
    const text = (block.textContent ?? '').trim().length;
    return text > (el.textContent ?? '').trim().length + 10;
  };
  const targets: string[] = [];
  for (const el of interactive) {
    if (inline(el)) continue;
    const style = getComputedStyle(el);
    const boxes = hitBoxes(el);
    // A visually hidden native control whose label is the visible control (checkbox/radio/file).
    if (style.opacity === '0' && boxes[0]!.width < 2 && boxes.length === 1) continue;
    if (!boxes.some((r) => Math.round(r.width) >= minTarget && Math.round(r.height) >= minTarget)) {
      const r = boxes[0]!;
      targets.push(`${describe(el)} is ${Math.round(r.width)}x${Math.round(r.height)}`);
    }
  }

  const fixed = [...document.querySelectorAll('body *')].filter((el) => {
    const style = getComputedStyle(el);
    if (style.position !== 'fixed' || !shown(el)) return false;
    // Modal layers cover the page on purpose.
    if (el.closest('[role=dialog], [role=alertdialog], dialog, [aria-modal=true]')) return false;
    if (el.querySelector('[role=dialog], [role=alertdialog], dialog, [aria-modal=true]')) return false;
    return true;
  });
  const bars = fixed.map((el) => el.getBoundingClientRect()).filter((r) => r.width >= innerWidth * 0.95);
  const within = (r: DOMRect, bar: DOMRect) => r.top >= bar.top - 1 && r.bottom <= bar.bottom + 1;
  const skipped = (r: DOMRect) =>
    bars.some((bar) => within(r, bar) && (at === 'top' ? bar.bottom >= innerHeight - 1 : bar.top <= 1));
  const overlaps: string[] = [];
  const inViewport = (r: DOMRect) =>
    r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth;
  for (const f of fixed) {
    const fr = f.getBoundingClientRect();
    if (skipped(fr)) continue;
    for (const el of interactive) {
      if (f.contains(el) || el.contains(f)) continue;
      if (el.closest('[role=dialog], dialog')) continue;
      // Fixed over fixed (a control docked in a bar) is the z-order of one piece of chrome.
      let fixedAncestor = false;
      for (let p: Element | null = el; p && !fixedAncestor; p = p.parentElement)
        fixedAncestor = getComputedStyle(p).position === 'fixed';
      if (fixedAncestor) continue;
      const r = el.getBoundingClientRect();
      if (!inViewport(r)) continue;
      const w = Math.min(fr.right, r.right) - Math.max(fr.left, r.left);
      const h = Math.min(fr.bottom, r.bottom) - Math.max(fr.top, r.top);
      if (w > 1 && h > 1) overlaps.push(`${describe(f)} covers ${describe(el)}`);
    }
  }

  // Cut text: an ellipsis where the text needs more room than its box gives, or a line clamp that
  // hides lines. Editable fields scroll their own text and are left out.
  const money = /[฿$€]|\d[\d,]*\.\d\d\b/;
  const flat = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
  const cuts: string[] = [];
  for (const el of document.querySelectorAll<HTMLElement>('body *')) {
    if (el.matches('input, textarea, select, option, script, style, svg *')) continue;
    const style = getComputedStyle(el);
    const ellipsis = style.textOverflow === 'ellipsis' && style.overflowX !== 'visible' && el.scrollWidth > el.clientWidth;
    const clamp = style.webkitLineClamp !== '' && style.webkitLineClamp !== 'none' && el.scrollHeight > el.clientHeight + 1;
    if ((!ellipsis && !clamp) || !shown(el)) continue;
    const text = flat(el.textContent);
    if (!text) continue;
    // A name on a control that names it in full: tapping leads to the thing named (docs/adr/0077).
    const control = el.closest('a[href], button, [role=button], [role=link]');
    const names = control ? [control.getAttribute('aria-label'), control.getAttribute('title')].map(flat) : [];
    if (!money.test(text) && names.some((name) => name.includes(text))) continue;
    cuts.push(`${describe(el)} is cut (${ellipsis ? `${el.scrollWidth}px of text in ${el.clientWidth}px` : 'line clamp'}): "${text.slice(0, 60)}"`);
  }
  return { scroll, targets, overlaps, cuts };
}

/** The page's layout at the top and at its end: sideways scroll, targets under 44 px, overlaps, cut text. */
async function measure(page: Page, label: string): Promise<PhoneProblem[]> {
  const problems: PhoneProblem[] = [];
  await page.evaluate(() => window.scrollTo(0, 0));
  const top = await page.evaluate(measureInPage, { minTarget: MIN_TARGET, at: 'top' as const });
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForFunction(
    () =>
      Math.abs(window.scrollY + innerHeight - document.documentElement.scrollHeight) < 2 ||
      window.scrollY > 0 ||
      document.documentElement.scrollHeight <= innerHeight,
  );
  const end = await page.evaluate(measureInPage, { minTarget: MIN_TARGET, at: 'end' as const });
  await page.evaluate(() => window.scrollTo(0, 0));
  if (top.scroll) problems.push({ kind: 'scroll', what: `${label}: ${top.scroll}` });
  for (const what of new Set(top.targets)) problems.push({ kind: 'target', what: `${label}: ${what}` });
  for (const what of new Set([...top.overlaps, ...end.overlaps]))
    problems.push({ kind: 'overlap', what: `${label}: ${what}` });
  for (const what of new Set([...top.cuts, ...end.cuts])) problems.push({ kind: 'cut', what: `${label}: ${what}` });
  return problems;
}

/**
 * What a look of a sweep checks: `layout` measures the page (sideways scroll, 44 px targets, overlaps, cut text);
 * `axe` runs every rule (`all`), every rule but colour contrast (`structure`: for a look whose colours another look
 * checks), or colour contrast alone (`contrast`: for a look that changes only colours, as the dark theme does: its
 * tokens are colours only, so its layout is the light theme's).
 */
export type PhoneChecks = { layout: boolean; axe: 'all' | 'structure' | 'contrast' };
const EVERY_CHECK: PhoneChecks = { layout: true, axe: 'all' };

/** Measures the page as it is now (top of the page, then its end) and runs axe, as `checks` says. */
export async function checkPhonePage(page: Page, label: string, checks: PhoneChecks = EVERY_CHECK): Promise<PhoneProblem[]> {
  const problems: PhoneProblem[] = [];
  if (checks.layout) problems.push(...(await measure(page, label)));
  const builder = new AxeBuilder({ page });
  const axe = await (
    checks.axe === 'contrast' ? builder.withRules(['color-contrast']) : checks.axe === 'structure' ? builder.disableRules(['color-contrast']) : builder
  ).analyze();
  for (const v of axe.violations) {
    if (v.impact !== 'serious' && v.impact !== 'critical') continue;
    const nodes = v.nodes
      .slice(0, 4)
      .map((n) => n.target.join(' '))
      .join(' | ');
    problems.push({ kind: 'axe', what: `${label}: axe ${v.impact} ${v.id} (${v.nodes.length}) ${nodes}` });
  }
  return problems;
}

/** The smallest phone width the member centre must fit (issue 11, defect 1: "360 px and up"). */
export const SMALL_PHONE = { width: 360, height: 780 } as const;

/**
 * At the small phone width: whether the page scrolls sideways (what sticks out, when it does) and
 * whether text gets cut there (the narrowest screen is where an ellipsis appears first).
 */
export async function checkSmallPhoneWidth(page: Page, label: string): Promise<PhoneProblem[]> {
  const before = page.viewportSize();
  await page.setViewportSize(SMALL_PHONE);
  await page.waitForFunction((w) => document.documentElement.clientWidth === w, SMALL_PHONE.width);
  const { scroll, cuts } = await page.evaluate(measureInPage, { minTarget: MIN_TARGET, at: 'top' as const });
  if (before) await page.setViewportSize(before);
  const where = `${label} at ${SMALL_PHONE.width} px`;
  return [
    ...(scroll ? [{ kind: 'scroll' as const, what: `${where}: ${scroll}` }] : []),
    ...cuts.map((what) => ({ kind: 'cut' as const, what: `${where}: ${what}` })),
  ];
}

/** Asserts the page passes every phone check, listing every problem found when it does not. */
export async function expectPhoneFriendly(page: Page, label: string): Promise<void> {
  const problems = await checkPhonePage(page, label);
  expect(
    problems.map((p) => p.what),
    `${label}: phone problems`,
  ).toEqual([]);
}

/**
 * Prepares a context's pages: the theme (also as the system's colour scheme, for pages that follow
 * it, like the house's game and verify pages), the language (Thai, the default, unless told: stored
 * as the player's own choice), the news popup already seen.
 */
export async function usePhoneSettings(page: Page, theme: 'light' | 'dark', language: 'th' | 'en' = 'th'): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await page.addInitScript(
    ({ t, lang }) => {
      localStorage.setItem('theme', t);
      if (lang !== 'th') {
        localStorage.setItem('hisLang', lang);
        localStorage.setItem('lang', lang);
      }
      sessionStorage.setItem('newsPopupShown', '1');
    },
    { t: theme, lang: language },
  );
}
