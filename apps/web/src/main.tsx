import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { onlineManager } from '@tanstack/react-query';
// Thai-capable font (Sarabun): only the Thai and Latin subsets, regular and bold (semi-bold text
// takes the bold face), each loaded when a page uses it (font-display: swap; issue 10).
import '@fontsource/sarabun/thai-400.css';
import '@fontsource/sarabun/latin-400.css';
import '@fontsource/sarabun/thai-700.css';
import '@fontsource/sarabun/latin-700.css';
import './styles/index.css';
import { i18n, i18nReady } from './i18n/i18n';
import { applyTheme, readStoredTheme } from './lib/theme';
import { hasToken, local } from './lib/storage';
import { MEMBER_FRAME_IS_AGENT, prerenderedLanguage, prerenderedSession } from './lib/prerendered';
import { useSession } from './lib/session/session-store';
import { queryClient } from './lib/query-client';
import { fillMemberFrame, startMemberFrame } from './lib/session/member-frame';
import { App } from './app/app';
import { preloadLayoutSlots } from './app/layouts/main-layout';
import { loadGroupOf } from './app/router';
import { nextTask, onIdle } from './lib/schedule';

// index.html already set data-theme before first paint; this keeps it right if that script was blocked.
applyTheme(readStoredTheme(local));

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const root: HTMLElement = container;
/** Resolves once the browser has painted a frame. */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/**
 * Evaluates the page's own modules (its texts, page group and layout parts, with their libraries
 * and contracts), one chunk per task, deps first: the order build/prerender.ts wrote in the
 * loader's data-evaluate. Importing the page group at once would evaluate them all in one task of
 * 130 ms or more on a mid-range phone (total blocking time, issue 10). Each is already fetched: the
 * loader preloaded them beside this script.
 */
async function evaluatePageModules(): Promise<void> {
  const list = document.querySelector('script[data-evaluate]')?.getAttribute('data-evaluate') ?? '';
  for (const url of list.split(' ').filter((u) => u.startsWith('/assets/'))) {
    await import(/* @vite-ignore */ url);
    await nextTask();
  }
}

/** Marks the end of the main script's work in the Performance timeline (the speed e2e reads it). */
function markMainDone(): void {
  performance.mark('lotus:main-done');
}

type TBootWindow = Window & { __lotusLive?: boolean; __lotusHeldSubmit?: unknown; __lotusHeldClick?: unknown };

/** From now on forms are the app's (public/theme-init.js held any sent before). */
function setLive(): void {
  (window as TBootWindow).__lotusLive = true;
}

/** Taps again a button tapped before the page was live (public/theme-init.js held it). */
function replayHeldClick(): void {
  const w = window as TBootWindow;
  const button = w.__lotusHeldClick;
  w.__lotusHeldClick = undefined;
  if (button instanceof HTMLButtonElement && button.isConnected && !button.disabled) button.click();
}

/** Sends again a form submitted before the page was live (typed values are kept by hydration). */
function resubmitHeld(): void {
  const w = window as TBootWindow;
  const form = w.__lotusHeldSubmit;
  w.__lotusHeldSubmit = undefined;
  if (form instanceof HTMLFormElement && form.isConnected) form.requestSubmit();
}

/** Whether this tab's session is the one the prerendered document was rendered for. */
function sessionFitsDocument(): boolean {
  if (prerenderedSession() !== 'member') return !hasToken();
  // A player (level 0, or not known yet in this tab): an agent's or a trial account's page differs.
  const { token, isAgent, isAgentPortal } = useSession.getState();
  return token !== null && (isAgent === null || isAgent === MEMBER_FRAME_IS_AGENT) && !isAgentPortal;
}

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
/**
 * Hydrates or renders once the visitor's language texts are in (src/i18n: one language, loaded
 * beside this script; a prerendered page preloads it in its head).
 */
function start(): void {
  // A prerendered page (ADR 0040) is hydrated when it shows what this visitor would see: same
  // language, and the session it was rendered for (a public page: none; a member frame, ADR 0079: a
  // player's session). Otherwise it is rendered anew.
  const prerendered = prerenderedLanguage();
  // The mailed reset link (/forget#token=..., the fragment never reaches the server) shows the
  // set-new-password form, which the prerendered /forget (the request form) does not hold.
  const resetLink = /(?:^#|&)token=/.test(window.location.hash);
  if (prerendered !== null && prerendered === i18n.language && sessionFitsDocument() && !resetLink && root.firstElementChild) {
    // The page's group and layout parts first (preloaded by the page's head): the whole page then
    // hydrates at once, before any data call answers, so it matches the prerendered HTML.
    const { pathname } = window.location;
    // React hydrates the shell first and each Suspense boundary (the page, the banner...) after, in
    // idle time: data calls wait until then (paused as if offline), so every part hydrates with the
    // same "loading" state the HTML was rendered in.
    // It also waits for the first frame: the page paints from its HTML before hydration takes the
    // main thread.
    void Promise.all([
      pageModules.then(() => Promise.all([loadGroupOf(pathname), preloadLayoutSlots(pathname, { member: prerenderedSession() === 'member' })])),
      afterFirstPaint(),
    ])
      .catch(() => undefined)
      .then(() => {
        onlineManager.setOnline(false);
        // As a transition, React hydrates in slices of a few milliseconds and yields between them,
        // so a phone's main thread never blocks for the whole page at once (TBT, issue 10).
        startTransition(() => {
          hydrateRoot(root, app);
        });
        setLive();
        markMainDone();
        // Once the page has no work left (React's hydration included).
        onIdle(() => {
          // A held tap answers now, never after the frame's data calls: a slow answer must not leave a
          // member's tap (logout, the menu) unanswered. What it sends waits for the calls to resume.
          replayHeldClick();
          const resume = () => {
            onlineManager.setOnline(navigator.onLine !== false);
            resubmitHeld();
          };
          // A member frame paints the member's own data first, then the page's other calls go out.
          if (prerenderedSession() === 'member') void fillMemberFrame(queryClient).finally(() => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resume, 0))));
          else resume();
        });
      });
  } else {
    if (prerendered !== null) {
      root.replaceChildren();
      document.documentElement.removeAttribute('data-prerendered');
    }
    setLive();
    // As a transition the first render runs in slices too (a member page is rendered, not
    // hydrated): no single task holds a phone's main thread for the whole page (issue 10).
    startTransition(() => {
      createRoot(root).render(app);
    });
    markMainDone();
  }
}

// A member frame's data is asked before anything else runs (ADR 0079), while its code and texts load;
// the calls the page makes take these answers.
const frameLanguage = prerenderedLanguage();
if (frameLanguage !== null && prerenderedSession() === 'member' && sessionFitsDocument()) startMemberFrame(frameLanguage);
// The page group of a prerendered page loads beside the texts, not after them.
const pageModules = prerenderedLanguage() !== null ? evaluatePageModules().catch(() => undefined) : Promise.resolve();
void i18nReady.catch(() => undefined).then(start);
