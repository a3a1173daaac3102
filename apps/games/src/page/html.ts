import type { CompiledGame } from '../compile';
import { STRINGS, type Lang } from './strings';

/** Server-rendered shells of the house pages; behaviour is in assets/*.js (the platform's CSP allows 'self' scripts only). */

export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** JSON for a non-executed <script type="application/json"> block (no "</script>" break-out). */
export const jsonBlock = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export function shell(lang: Lang, title: string, body: string, script?: string): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/house/assets/house.css">
</head>
<body>
${body}
${script ? `<script type="module" src="/house/assets/${script}"></script>` : ''}
</body>
</html>`;
}

/** Only http(s) URLs go back into a link. */
const safeUrl = (url: string | null | undefined) => (url && /^https?:\/\//.test(url) ? url : null);

export function playPage(input: {
  lang: Lang;
  game: CompiledGame;
  betLevels: readonly number[];
  currency: string;
  returnUrl: string | null;
}): string {
  const { lang, game } = input;
  const t = STRINGS[lang];
  const name = game.definition.name[lang];
  const back = safeUrl(input.returnUrl);
  const config = {
    lang,
    strings: t,
    game: {
      code: game.definition.code,
      reels: game.reels,
      rows: game.rows,
      lines: game.lines,
      paylines: game.definition.paylines,
      symbols: game.definition.symbols.map((s) => ({ id: s.id, name: s.name[lang] })),
    },
    betLevels: input.betLevels,
    currency: input.currency,
  };
  const cells = Array.from(
    { length: game.reels },
    (_, r) =>
      `<div class="reel" role="list">${Array.from({ length: game.rows }, (_, row) => {
        // Before the first spin: the base strips' first window.
        const id = game.definition.strips.base[r]![row]!;
        const symbol = game.definition.symbols.find((s) => s.id === id)!;
        return `<div class="cell" role="listitem" data-reel="${r}" data-row="${row}"><img alt="${esc(symbol.name[lang])}" src="/house/art/${game.definition.code}/${id}.svg" width="100" height="100"></div>`;
      }).join('')}</div>`,
  ).join('');
  const body = `<main class="game" data-game="${esc(game.definition.code)}">
<header class="top">
  ${back ? `<a class="back" href="${esc(back)}">← ${esc(t.back)}</a>` : '<span></span>'}
  <h1>${esc(name)}</h1>
  <div class="balance"><span>${esc(t.balance)}</span> <output id="balance" data-testid="house-balance">-</output></div>
</header>
<section class="machine" aria-label="${esc(name)}">
  <div class="reels" id="reels" style="--reels:${game.reels};--rows:${game.rows}">${cells}</div>
  <p id="message" class="message" role="status" aria-live="polite"></p>
  <p id="free" class="free" hidden>${esc(t.freeSpinsLeft)}: <output id="free-left">0</output></p>
</section>
<section class="controls">
  <label>${esc(t.bet)} <select id="bet" aria-label="${esc(t.bet)}"></select></label>
  <div class="lastwin">${esc(t.lastWin)}: <output id="last-win" data-testid="house-last-win">0.00</output></div>
  <button id="spin" class="spin" type="button" aria-keyshortcuts="Space">${esc(t.spin)}</button>
  <p class="hint">${esc(t.spinHint)}</p>
</section>
<details class="fair" id="fair">
  <summary>${esc(t.fairTitle)}</summary>
  <dl>
    <dt>${esc(t.serverSeedHash)}</dt><dd><code id="seed-hash" data-testid="seed-hash"></code></dd>
    <dt>${esc(t.nextServerSeedHash)}</dt><dd><code id="next-seed-hash" data-testid="next-seed-hash"></code></dd>
    <dt><label for="client-seed">${esc(t.clientSeed)}</label></dt>
    <dd><input id="client-seed" maxlength="64" autocomplete="off" spellcheck="false"></dd>
    <dt>${esc(t.nonce)}</dt><dd><output id="nonce">0</output></dd>
  </dl>
  <button id="rotate" type="button">${esc(t.rotate)}</button>
  <p id="revealed" hidden>${esc(t.revealedSeed)}: <code id="revealed-seed" data-testid="revealed-seed"></code></p>
  <p><a href="/house/fair?lang=${lang}" target="_blank" rel="noopener">${esc(t.verifyPage)}</a></p>
  <h2>${esc(t.recentRounds)}</h2>
  <ol id="rounds" class="rounds"></ol>
</details>
</main>
<script type="application/json" id="house-config">${jsonBlock(config)}</script>`;
  return shell(lang, name, body, 'play.js');
}

export function messagePage(lang: Lang, title: string, text: string, returnUrl?: string | null): string {
  const back = safeUrl(returnUrl);
  return shell(
    lang,
    title,
    `<main class="notice"><h1>${esc(title)}</h1><p>${esc(text)}</p>${back ? `<p><a href="${esc(back)}">${esc(STRINGS[lang].back)}</a></p>` : ''}</main>`,
  );
}

/** The fairness page's query that a language switch keeps (the round, or the seeds being checked). */
const FAIR_QUERY_KEYS = ['round', 'serverSeed', 'clientSeed', 'nonce', 'game', 'lineBet'] as const;

/**
 * The fairness page (ADR 0075): with `?round=<id>` (the betting record's and the slot's links) the
 * round as recorded and, once its seed is revealed, recomputed and compared ("matches your round");
 * the form recomputes any seeds. Reels as the slot's symbols, amounts in baht; behaviour in fair.js.
 */
export function fairPage(
  lang: Lang,
  titles: ReadonlyMap<string, CompiledGame>,
  query: Record<string, unknown> = {},
): string {
  const t = STRINGS[lang];
  const other: Lang = lang === 'th' ? 'en' : 'th';
  const kept = new URLSearchParams();
  for (const key of FAIR_QUERY_KEYS) {
    const value = query[key];
    if (typeof value === 'string' && value.length <= 200) kept.set(key, value);
  }
  kept.set('lang', other);
  const options = [...titles.values()]
    .map((g) => `<option value="${esc(g.definition.code)}">${esc(g.definition.name[lang])}</option>`)
    .join('');
  const games = Object.fromEntries(
    [...titles.values()].map((g) => [
      g.definition.code,
      {
        name: g.definition.name[lang],
        reels: g.reels,
        rows: g.rows,
        lines: g.lines,
        symbols: Object.fromEntries(g.definition.symbols.map((s) => [s.id, s.name[lang]])),
      },
    ]),
  );
  const body = `<main class="verify">
<p class="verify-lang"><a href="?${esc(kept.toString())}" lang="${other}">${other === 'en' ? 'English' : 'ภาษาไทย'}</a></p>
<h1>${esc(t.verifyTitle)}</h1>
<p class="verify-intro">${esc(t.verifyIntro)}</p>
<section id="fair-summary" class="fair-summary" aria-labelledby="fair-summary-title" hidden>
  <h2 id="fair-summary-title">${esc(t.yourRound)}: <span data-testid="fair-game" id="fair-game"></span></h2>
  <p id="fair-match" class="fair-badge" data-testid="fair-match" role="status" hidden></p>
  <p id="fair-note" class="fair-note" hidden></p>
  <dl class="fair-figures">
    <div><dt>${esc(t.roundTime)}</dt><dd id="fair-time"></dd></div>
    <div><dt>${esc(t.bet)}</dt><dd id="fair-bet" data-testid="fair-bet"></dd></div>
    <div><dt>${esc(t.win)}</dt><dd id="fair-win" data-testid="fair-win"></dd></div>
  </dl>
</section>
<section id="verify-result" class="verify-result" data-testid="fair-result" aria-live="polite"></section>
<h2 class="verify-seeds">${esc(t.seedsTitle)}</h2>
<form id="verify-form" method="get" action="/house/fair/verify" aria-label="${esc(t.seedsTitle)}">
  <label>${esc(t.serverSeed)} <input name="serverSeed" required maxlength="128" spellcheck="false" autocomplete="off"></label>
  <label>${esc(t.clientSeed)} <input name="clientSeed" required maxlength="64" spellcheck="false" autocomplete="off"></label>
  <label>${esc(t.roundNumber)} <input name="nonce" required inputmode="numeric" pattern="[0-9]{1,15}" autocomplete="off"></label>
  <label>${esc(t.game)} <select name="game">${options}</select></label>
  <label>${esc(t.lineBet)} <input name="lineBet" inputmode="decimal" pattern="[0-9]{1,9}([.][0-9]{1,2})?" autocomplete="off"></label>
  <button type="submit">${esc(t.compute)}</button>
</form>
</main>
<script type="application/json" id="house-config">${jsonBlock({ lang, strings: t, games })}</script>`;
  return shell(lang, t.verifyTitle, body, 'fair.js');
}
