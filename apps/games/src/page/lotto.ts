import { esc, jsonBlock, messagePage, shell } from './html';
import { LOTTO_STRINGS } from './lotto-strings';
import { langOf } from './strings';

/**
 * The lottery's betting page (ADR 0094): a server-rendered shell; the games, draws, bet slip, tickets and
 * results are drawn by assets/lotto.js from /house/lotto/api/*. Everything visible comes from LOTTO_STRINGS
 * (Thai by default); no inline script or style (the platform's CSP allows 'self' scripts only).
 *
 * The `data-testid`s are the end-to-end tests' handles: lotto-balance, lotto-game-<CODE>, lotto-draw,
 * lotto-countdown, lotto-bet-type-<type>, lotto-number-0..3, lotto-stake, lotto-add, lotto-quick-pick,
 * lotto-slip, lotto-slip-total, lotto-buy, lotto-message, lotto-tab-tickets, lotto-tab-results,
 * lotto-tickets, lotto-ticket-<id>, lotto-results.
 */

/** Only http(s) URLs go back into a link. */
const safeUrl = (url: string | null | undefined) => (url && /^https?:\/\//.test(url) ? url : null);

/** Number inputs: xiên has up to 4; lotto.js shows as many as the bet type takes. */
const NUMBER_INPUTS = 4;

export function lottoPage(input: {
  language: string;
  gameCode: string | null;
  view: 'lobby' | 'betting';
  returnUrl: string | null;
}): string {
  const lang = langOf(input.language);
  const t = LOTTO_STRINGS[lang];
  const back = safeUrl(input.returnUrl);
  const config = { lang, strings: t, gameCode: input.gameCode, view: input.view, returnUrl: back };
  const tab = (id: string, label: string, selected: boolean) =>
    `<button type="button" role="tab" id="tab-${id}" class="lotto-tab" aria-controls="panel-${id}" aria-selected="${selected}" tabindex="${selected ? 0 : -1}" data-tab="${id}" data-testid="lotto-tab-${id}">${esc(label)}</button>`;
  const numbers = Array.from(
    { length: NUMBER_INPUTS },
    (_, i) =>
      `<div class="lotto-num"${i > 0 ? ' hidden' : ''}><label for="number-${i}" id="number-label-${i}">${esc(i === 0 ? t.number : t.numberN.replace('{n}', String(i + 1)))}</label><input id="number-${i}" class="lotto-num-input" data-testid="lotto-number-${i}" inputmode="numeric" pattern="[0-9]*" maxlength="3" autocomplete="off" spellcheck="false" aria-describedby="numbers-hint"></div>`,
  ).join('');
  const initial = input.view === 'betting' && input.gameCode ? 'bet' : 'games';
  const body = `<main class="lotto" id="lotto">
<header class="top lotto-top">
  ${back ? `<a class="back" href="${esc(back)}" target="_top">← ${esc(t.back)}</a>` : ''}
  <h1>${esc(t.title)}</h1>
  <div class="balance"><span>${esc(t.balance)}</span> <output id="balance" data-testid="lotto-balance">-</output></div>
</header>
<div class="lotto-tabs" role="tablist" aria-label="${esc(t.tabsLabel)}">
${tab('games', t.tabGames, initial === 'games')}
${tab('bet', t.tabBet, initial === 'bet')}
${tab('tickets', t.tabTickets, false)}
${tab('results', t.tabResults, false)}
</div>
<section id="panel-games" class="lotto-panel" role="tabpanel" aria-labelledby="tab-games" tabindex="-1"${initial === 'games' ? '' : ' hidden'}>
  <div id="games" class="lotto-games" data-testid="lotto-games"><p class="lotto-empty">${esc(t.loading)}</p></div>
</section>
<section id="panel-bet" class="lotto-panel" role="tabpanel" aria-labelledby="tab-bet" tabindex="-1"${initial === 'bet' ? '' : ' hidden'}>
  <div id="bet-none" class="lotto-none"><p>${esc(t.loading)}</p></div>
  <div id="bet-area" class="lotto-bet" hidden>
    <div class="lotto-form-col">
      <section class="lotto-drawcard" aria-labelledby="game-name">
        <div class="lotto-drawcard-head">
          <h2 id="game-name" tabindex="-1"></h2>
          <p id="game-vi" class="lotto-vi" lang="vi" hidden></p>
        </div>
        <div class="lotto-drawrow">
          <p class="lotto-drawno">${esc(t.draw)} <strong id="draw-no" data-testid="lotto-draw"></strong></p>
          <label class="lotto-draw-pick" for="draw-select"><span>${esc(t.drawPick)}</span> <select id="draw-select"></select></label>
        </div>
        <p id="draw-when" class="lotto-when"></p>
        <p class="lotto-countdown-row"><span id="countdown-label">${esc(t.closesIn)}</span> <span id="countdown" class="lotto-countdown" role="timer" aria-labelledby="countdown-label countdown" data-testid="lotto-countdown">--:--:--</span></p>
      </section>
      <form id="bet-form" class="lotto-form" novalidate>
        <fieldset class="lotto-types">
          <legend>${esc(t.betType)}</legend>
          <div id="bet-types" class="lotto-type-grid"></div>
          <p id="bet-help" class="lotto-help"></p>
        </fieldset>
        <fieldset class="lotto-numbers">
          <legend id="numbers-legend">${esc(t.number)}</legend>
          <div class="lotto-num-row">${numbers}</div>
          <p id="numbers-hint" class="lotto-help"></p>
          <button type="button" id="quick-pick" class="lotto-secondary" data-testid="lotto-quick-pick">${esc(t.quickPick)}</button>
        </fieldset>
        <div class="lotto-stake">
          <label for="stake" id="stake-label">${esc(t.stake)}</label>
          <input id="stake" data-testid="lotto-stake" inputmode="decimal" autocomplete="off" spellcheck="false" aria-describedby="stake-hint">
          <div id="stake-chips" class="lotto-chips"></div>
          <p id="stake-hint" class="lotto-help"></p>
        </div>
        <button type="submit" id="add" class="lotto-add" data-testid="lotto-add">${esc(t.add)}</button>
      </form>
    </div>
    <section class="lotto-slip-col" aria-labelledby="slip-title">
      <div class="lotto-slip-head">
        <h2 id="slip-title">${esc(t.slip)}</h2>
        <span id="slip-count" class="lotto-count"></span>
      </div>
      <p id="slip-empty" class="lotto-empty">${esc(t.slipEmpty)}</p>
      <ul id="slip" class="lotto-slip" data-testid="lotto-slip"></ul>
      <p class="lotto-note">${esc(t.restrictedNote)}</p>
      <p class="lotto-total"><span>${esc(t.total)}</span> <output id="slip-total" data-testid="lotto-slip-total">0.00</output></p>
      <button type="button" id="buy" class="lotto-buy" data-testid="lotto-buy" disabled>${esc(t.buy)}</button>
      <button type="button" id="clear-slip" class="lotto-secondary lotto-clear" disabled>${esc(t.clearSlip)}</button>
    </section>
  </div>
</section>
<section id="panel-tickets" class="lotto-panel" role="tabpanel" aria-labelledby="tab-tickets" tabindex="-1" hidden>
  <div class="lotto-list-head"><h2>${esc(t.tabTickets)}</h2><button type="button" id="tickets-refresh" class="lotto-secondary">${esc(t.refresh)}</button></div>
  <p id="tickets-empty" class="lotto-empty">${esc(t.loading)}</p>
  <ol id="tickets" class="lotto-tickets" data-testid="lotto-tickets"></ol>
</section>
<section id="panel-results" class="lotto-panel" role="tabpanel" aria-labelledby="tab-results" tabindex="-1" hidden>
  <div class="lotto-list-head"><h2 id="results-title">${esc(t.tabResults)}</h2><button type="button" id="results-refresh" class="lotto-secondary">${esc(t.refresh)}</button></div>
  <p id="results-empty" class="lotto-empty">${esc(t.resultsChoose)}</p>
  <ol id="results" class="lotto-results" data-testid="lotto-results"></ol>
</section>
<div class="lotto-toast">
  <p id="message" class="lotto-message" role="status" aria-live="polite" data-testid="lotto-message"></p>
  <button type="button" id="message-close" class="lotto-toast-close" aria-label="${esc(t.close)}" hidden>×</button>
</div>
<script type="application/json" id="lotto-config">${jsonBlock(config)}</script>
</main>`;
  // The page's own stylesheet after house.css (the shared shell links house.css only).
  return shell(lang, t.title, body, 'lotto.js').replace(
    '</head>',
    '<link rel="stylesheet" href="/house/assets/lotto.css">\n</head>',
  );
}

/** A launch or session problem, in the player's language. */
export function lottoMessagePage(language: string, error: string): string {
  const lang = langOf(language);
  const t = LOTTO_STRINGS[lang];
  const text = Object.hasOwn(t, error) ? (t as Record<string, string>)[error]! : t.launchFailedText;
  return messagePage(lang, t.launchFailed, text);
}
