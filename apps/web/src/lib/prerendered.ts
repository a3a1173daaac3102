/**
 * Prerendered pages (ADR 0040). The build renders public pages to HTML; the server sends one only
 * when the site is open to this visitor (system status normal, no login-required home) and marks
 * the document `<html data-prerendered="<language>">`. While that holds, the gates paint the page
 * at once instead of a loader, on the server-side render and in the browser alike, so hydration
 * sees the same tree.
 */
let buildTime = false;

/** Called by the build's renderer before it renders pages. */
export function markPrerendering(): void {
  buildTime = true;
}

/** The language the document was prerendered in, or null (a client-rendered document). */
export function prerenderedLanguage(): string | null {
  if (typeof document === 'undefined') return null;
  return document.documentElement.getAttribute('data-prerendered');
}

/** True while the build renders pages, and in a document the server sent prerendered. */
export function isPrerenderedPage(): boolean {
  return buildTime || prerenderedLanguage() !== null;
}

/** Who a prerendered document was rendered for: a visitor (no attribute) or a signed-in member. */
export type TPrerenderedSession = 'member';

/** The agent level a member frame is rendered with: a player's (not an agent, not a trial account). */
export const MEMBER_FRAME_IS_AGENT = 0;

/** The session a prerendered document was rendered for (`<html data-prerendered-session>`), or null (a visitor). */
export function prerenderedSession(): TPrerenderedSession | null {
  if (typeof document === 'undefined') return null;
  return document.documentElement.getAttribute('data-prerendered-session') === 'member' ? 'member' : null;
}
