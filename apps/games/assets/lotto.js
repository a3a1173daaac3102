// The lottery's betting page (ADR 0094): the games and their open draws, the bet slip, the player's tickets
// and the results, drawn from /house/lotto/api/*. Amounts are minor units in strings, handled as BigInt
// (never a float); the page checks what it can before sending, and the server's answer is the last word.
const config = JSON.parse(document.getElementById('lotto-config').textContent);
const t = config.strings;
const lang = config.lang;
const $ = (id) => document.getElementById(id);
const fill = (template, values) => template.replace(/\{(\w+)\}/g, (_, key) => String(values[key] ?? ''));
/** A string looked up by a code (a bet type, a region, a server error key); null when there is none. */
const text = (key) => (Object.hasOwn(t, key) ? t[key] : null);

/** Bets on one ticket (the server's MAX_BETS_PER_TICKET). */
const MAX_BETS = 50;
/** The state's refresh timer (4.LOT.01-04): the smallest time to a lock, 7 s when that is 0 or less, 30 s at most. */
const REFRESH_WHEN_DUE_MS = 7_000;
const REFRESH_MAX_MS = 30_000;
const REGIONS = ['TH', 'VN_NORTH', 'VN_SOUTH', 'VN_CENTRAL', 'ELECTRONIC'];
const TABS = ['games', 'bet', 'tickets', 'results'];
/** Stake shortcuts, minor units (1 to 100 baht); only those within the game's limits are shown. */
const STAKE_CHIPS = [100n, 500n, 1000n, 2000n, 5000n, 10000n];
/** The largest stake a JSON number carries exactly. */
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const VN_PRIZES = ['special', 'g1', 'g2', 'g3', 'g4', 'g5', 'g6', 'g7', 'g8'];

// ---------- Formatting ----------

let currency = 'THB';
function money(minor) {
  const n = BigInt(minor);
  const sign = n < 0n ? '-' : '';
  const a = n < 0n ? -n : n;
  const digits =
    `${a / 100n}`.replace(/\B(?=(\d{3})+(?!\d))/g, ',') + '.' + String(a % 100n).padStart(2, '0');
  return `${sign}${currency === 'THB' ? '฿' : ''}${digits}${currency === 'THB' ? '' : ` ${currency}`}`;
}
/** A stake typed in baht ("10", "10.5", "1,000.25") -> minor units (BigInt); null when it is not an amount. */
function toMinor(input) {
  let s = input.trim();
  // A comma is only a thousands separator ("1,000"); "10,5" is refused rather than guessed.
  if (s.includes(',')) {
    if (!/^\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(s)) return null;
    s = s.replace(/,/g, '');
  }
  if (!/^\d{1,13}(\.\d{1,2})?$/.test(s)) return null;
  const [whole, fraction = ''] = s.split('.');
  return BigInt(whole) * 100n + BigInt(`${fraction}00`.slice(0, 2));
}
/** Minor units -> what the stake box shows ("10", "10.50"). */
function bahtText(minor) {
  const n = BigInt(minor);
  return n % 100n === 0n ? `${n / 100n}` : `${n / 100n}.${String(n % 100n).padStart(2, '0')}`;
}
/** A rate in hundredths of a multiplier: 90000 -> "×900", 320 -> "×3.20". */
function rateText(rate) {
  const whole = Math.trunc(rate / 100);
  const cents = rate % 100;
  return `×${whole}${cents ? `.${String(cents).padStart(2, '0')}` : ''}`;
}
const locale = lang === 'th' ? 'th-TH' : 'en-GB';
// Draw times are Bangkok times (the Vietnamese zone is the same UTC+7).
const dateFormat = (options) => new Intl.DateTimeFormat(locale, { timeZone: 'Asia/Bangkok', ...options });
const dayFmt = dateFormat({ day: 'numeric', month: 'short', year: 'numeric' });
const whenFmt = dateFormat({ day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
const fullFmt = dateFormat({
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const format = (fmt, iso) => fmt.format(new Date(iso));
const pad = (n) => String(n).padStart(2, '0');
/** A countdown: "01:02:03", "2 วัน 01:02:03". */
function clock(ms) {
  const total = Math.ceil(ms / 1000);
  const days = Math.floor(total / 86400);
  const rest = `${pad(Math.floor((total % 86400) / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
  return days > 0 ? `${fill(t.days, { n: days })} ${rest}` : rest;
}

function el(tag, props = {}, children = []) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === 'text') node.textContent = value;
    else node.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}

// ---------- State ----------

/** The games of the last state answer, in the operator's order. */
let games = [];
const gameByCode = new Map();
/** Server time minus this browser's clock (countdowns run on the server's clock). */
let clockOffset = 0;
const serverNow = () => Date.now() + clockOffset;
/** The selected game's code. */
let current = typeof config.gameCode === 'string' ? config.gameCode : null;
/** Per game: the chosen draw, the chosen bet type, the slip ({type, numbers, stake: BigInt}). */
const chosenDraw = new Map();
const chosenType = new Map();
const slips = new Map();
let busy = false;
/** No session: nothing more is asked of the server. */
let stopped = false;
let refreshTimer = 0;
let stale = false;
let stateSeq = 0;
let resultsSeq = 0;
let ticketsSeq = 0;
let gamesSignature = '';
let drawsSignature = '';
let typesSignature = '';
let chipsSignature = '';
const nextNodes = new Map();

const nameOf = (g) => g.names?.[lang] ?? g.names?.en ?? g.code;
const currentGame = () => (current ? (gameByCode.get(current) ?? null) : null);
const typeName = (type) => text(`betType_${type}`) ?? type;
/** A Vietnamese type's own name (lô 2 số), shown under its label unless the label says it already. */
function viTerm(type) {
  const term = text(`viTerm_${type}`);
  return term && term.toLowerCase() !== typeName(type).toLowerCase() ? term : null;
}
const slipOf = (code) => {
  if (!slips.has(code)) slips.set(code, []);
  return slips.get(code);
};
function currentDraw() {
  const g = currentGame();
  const drawNo = g ? chosenDraw.get(g.code) : null;
  return (g && g.draws.find((d) => d.drawNo === drawNo)) ?? null;
}
function currentType() {
  const g = currentGame();
  return g ? (g.betTypes.find((b) => b.type === chosenType.get(g.code)) ?? g.betTypes[0] ?? null) : null;
}
const betInfo = (g, type) => g?.betTypes.find((b) => b.type === type) ?? { lots: 1, rate: 0 };
const betLabel = (bet) => `${typeName(bet.type)} ${bet.numbers.join('-')}`;
const numberInputs = () => [0, 1, 2, 3].map((i) => $(`number-${i}`));

async function api(path, body) {
  const res = await fetch(`/house/lotto/api/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers:
      body === undefined
        ? { accept: 'application/json' }
        : { accept: 'application/json', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
  });
  let json = null;
  try {
    json = await res.json();
  } catch {
    json = null;
  }
  return { status: res.status, json };
}

// ---------- Messages ----------

/** How long a note about the slip (added, removed, picked) stays; answers and errors stay until replaced. */
const NOTE_MS = 6_000;
let noteTimer = 0;
function say(message, kind = '') {
  const m = $('message');
  clearTimeout(noteTimer);
  m.className = `lotto-message${kind ? ` ${kind}` : ''}`;
  $('message-close').hidden = !message;
  // The same words again are still announced: a trailing no-break space makes the text change.
  m.textContent = message && m.textContent === message ? `${message}\u00a0` : message;
}
function note(message) {
  say(message, 'ok');
  noteTimer = setTimeout(() => say(''), NOTE_MS);
}
const errorText = (key) => text(key) ?? t.error;

function endSession(key) {
  stopped = true;
  clearTimeout(refreshTimer);
  say(errorText(key), 'error');
  updateButtons();
}

// ---------- The state and its refresh ----------

/** The refresh timer (4.LOT.01-04): whole seconds to the soonest lock among the open games. */
function refreshDelay() {
  const now = serverNow();
  let smallest = Infinity;
  for (const g of games) {
    const d = g.draws[0];
    if (d) smallest = Math.min(smallest, Date.parse(d.lockAt) - now);
  }
  if (smallest === Infinity) return REFRESH_MAX_MS;
  const seconds = Math.ceil(smallest / 1000);
  if (seconds <= 0) return REFRESH_WHEN_DUE_MS;
  return Math.min(seconds * 1000, REFRESH_MAX_MS);
}

function schedule() {
  clearTimeout(refreshTimer);
  if (stopped) return;
  const delay = refreshDelay();
  document.body.dataset.refreshMs = String(delay);
  refreshTimer = setTimeout(() => {
    // A hidden page asks again once it is shown.
    if (document.hidden) stale = true;
    else void refreshState();
  }, delay);
}

async function refreshState() {
  if (stopped) return false;
  const seq = ++stateSeq;
  try {
    const { status, json } = await api('state');
    if (seq !== stateSeq) return false;
    if (status === 401) {
      endSession(json?.error ?? 'no_session');
      return false;
    }
    if (!json || !Array.isArray(json.games)) throw new Error('state');
    applyState(json);
    return true;
  } catch {
    if (seq === stateSeq && games.length === 0) say(t.platform_unavailable, 'error');
    return false;
  } finally {
    if (seq === stateSeq) schedule();
  }
}

function applyState(state) {
  const at = Date.parse(state.serverTime);
  if (Number.isFinite(at)) clockOffset = at - Date.now();
  if (state.currency) currency = state.currency;
  if (state.balance !== null && state.balance !== undefined) $('balance').textContent = money(state.balance);
  games = state.games;
  gameByCode.clear();
  for (const g of games) gameByCode.set(g.code, g);
  if (current && !gameByCode.has(current)) {
    current = null;
    say(t.gameUnknown, 'error');
  }
  renderGames();
  renderBet();
  tick();
}

// ---------- The games list ----------

function renderGames() {
  const box = $('games');
  const signature = games.map((g) => `${g.code}:${g.region}:${nameOf(g)}:${g.names?.vi ?? ''}`).join('|');
  if (signature !== gamesSignature) {
    gamesSignature = signature;
    nextNodes.clear();
    if (games.length === 0) box.replaceChildren(el('p', { class: 'lotto-empty', text: t.noGames }));
    else {
      const regions = [...new Set([...REGIONS, ...games.map((g) => g.region)])];
      box.replaceChildren(
        ...regions
          .map((region) => [region, games.filter((g) => g.region === region)])
          .filter(([, list]) => list.length > 0)
          .map(([region, list]) =>
            el(
              'section',
              { class: 'lotto-region', 'aria-labelledby': `region-${region}`, 'data-region': region },
              [
                el('h2', { id: `region-${region}`, text: text(`region_${region}`) ?? region }),
                el(
                  'ul',
                  { class: 'lotto-game-list' },
                  list.map((g) => el('li', {}, [gameButton(g)])),
                ),
              ],
            ),
          ),
      );
    }
  }
  for (const button of box.querySelectorAll('button[data-code]')) {
    const g = gameByCode.get(button.dataset.code);
    if (button.dataset.code === current) button.setAttribute('aria-current', 'true');
    else button.removeAttribute('aria-current');
    button.classList.toggle('closed', !g || g.draws.length === 0);
  }
}

function gameButton(g) {
  const next = el('span', { class: 'lotto-game-next' }, [
    el('span', { class: 'lotto-game-when' }),
    el('span', { class: 'lotto-game-left' }),
  ]);
  nextNodes.set(g.code, next);
  return el(
    'button',
    {
      type: 'button',
      class: 'lotto-game',
      'data-code': g.code,
      'data-region': g.region,
      'data-testid': `lotto-game-${g.code}`,
    },
    [
      el('span', { class: 'lotto-game-name', text: nameOf(g) }),
      g.names?.vi ? el('span', { class: 'lotto-vi', lang: 'vi', text: g.names.vi }) : null,
      next,
    ],
  );
}

/** Every second: the list's and the draw card's countdowns, and the buy button once the draw locks. */
function tick() {
  const now = serverNow();
  for (const g of games) {
    const node = nextNodes.get(g.code);
    if (!node) continue;
    const d = g.draws[0];
    const [when, left] = node.children;
    if (!d) {
      when.textContent = t.noOpenDraw;
      left.textContent = '';
    } else {
      const ms = Date.parse(d.lockAt) - now;
      when.textContent = `${t.drawAt} ${format(whenFmt, d.drawAt)}`;
      left.textContent = ms > 0 ? `${t.closesIn} ${clock(ms)}` : t.closed;
    }
  }
  const d = currentDraw();
  const countdown = $('countdown');
  if (!d) {
    countdown.textContent = currentGame() ? t.noOpenDraw : '--:--:--';
    $('countdown-label').hidden = true;
    countdown.classList.remove('soon');
  } else {
    const left = Date.parse(d.lockAt) - now;
    $('countdown-label').hidden = left <= 0;
    countdown.textContent = left > 0 ? clock(left) : t.closed;
    countdown.classList.toggle('soon', left > 0 && left <= 60_000);
  }
  updateButtons();
}

// ---------- The betting panel ----------

function renderBet() {
  const g = currentGame();
  $('bet-area').hidden = !g;
  $('bet-none').hidden = Boolean(g);
  if (!g) {
    $('bet-none').replaceChildren(
      el('p', { text: games.length === 0 && !stopped ? t.loading : t.chooseGame }),
      el('button', { type: 'button', class: 'lotto-secondary', 'data-goto': 'games', text: t.tabGames }),
    );
    return;
  }
  $('game-name').textContent = nameOf(g);
  $('game-vi').hidden = !g.names?.vi;
  $('game-vi').textContent = g.names?.vi ?? '';
  $('bet-area').dataset.region = g.region;

  // The draw: the chosen one while it is open, else the soonest (a slip waiting for a closed draw is told).
  let drawNo = chosenDraw.get(g.code) ?? null;
  if (!g.draws.some((d) => d.drawNo === drawNo)) {
    const next = g.draws[0]?.drawNo ?? null;
    if (drawNo && next && slipOf(g.code).length > 0) say(fill(t.drawChanged, { old: drawNo, next }), 'error');
    drawNo = next;
    if (next) chosenDraw.set(g.code, next);
    else chosenDraw.delete(g.code);
  }
  const select = $('draw-select');
  const drawsSig = `${g.code}|${g.draws.map((d) => `${d.drawNo}@${d.drawAt}`).join(',')}`;
  if (drawsSig !== drawsSignature) {
    drawsSignature = drawsSig;
    select.replaceChildren(
      ...(g.draws.length === 0
        ? [el('option', { value: '', text: t.noOpenDraw })]
        : g.draws.map((d) =>
            el('option', { value: d.drawNo, text: `${format(whenFmt, d.drawAt)} (${d.drawNo})` }),
          )),
    );
  }
  select.value = drawNo ?? '';
  // One open draw: its number alone; two or more: a choice.
  select.parentElement.hidden = g.draws.length <= 1;
  $('draw-no').textContent = drawNo ?? '-';
  const d = currentDraw();
  $('draw-when').textContent = d
    ? `${t.drawAt} ${format(fullFmt, d.drawAt)} · ${t.closesAt} ${format(whenFmt, d.lockAt)}`
    : t.noOpenDraw;

  // Bet types: built again only when the game or its rates change (focus stays on the same type).
  const typesSig = `${g.code}|${g.betTypes.map((b) => `${b.type}/${b.rate}/${b.lots}/${b.digits}/${b.numbers}`).join(',')}`;
  if (typesSig !== typesSignature) {
    typesSignature = typesSig;
    const focused = document.activeElement?.closest?.('#bet-types button')?.dataset.type;
    $('bet-types').replaceChildren(
      ...g.betTypes.map((b) =>
        el(
          'button',
          {
            type: 'button',
            class: 'lotto-type',
            'data-type': b.type,
            'data-testid': `lotto-bet-type-${b.type}`,
            'aria-pressed': 'false',
          },
          [
            el('span', { class: 'lotto-type-name', text: typeName(b.type) }),
            viTerm(b.type) ? el('span', { class: 'lotto-vi', lang: 'vi', text: viTerm(b.type) }) : null,
            el('span', { class: 'lotto-type-rate', text: `${t.pays} ${rateText(b.rate)}` }),
          ],
        ),
      ),
    );
    if (focused) $('bet-types').querySelector(`[data-type="${focused}"]`)?.focus();
  }
  if (!g.betTypes.some((b) => b.type === chosenType.get(g.code)) && g.betTypes[0])
    chosenType.set(g.code, g.betTypes[0].type);
  applyType(false);

  // Stake shortcuts within the game's limits.
  const min = BigInt(g.minStake);
  const max = BigInt(g.maxStake);
  const chipsSig = `${g.minStake}-${g.maxStake}-${currency}`;
  if (chipsSig !== chipsSignature) {
    chipsSignature = chipsSig;
    $('stake-chips').replaceChildren(
      ...STAKE_CHIPS.filter((c) => c >= min && c <= max).map((c) =>
        el('button', {
          type: 'button',
          class: 'lotto-chip',
          'data-stake': bahtText(c),
          'aria-label': fill(t.stakeChip, { amount: money(c) }),
          text: money(c).replace(/\.00(?=$| )/, ''),
        }),
      ),
    );
  }
  renderSlip();
}

/** Shows the chosen bet type: pressed button, its help, as many number boxes as it takes, the stake label. */
function applyType(chosenNow) {
  const g = currentGame();
  const b = currentType();
  if (!g || !b) return;
  for (const button of $('bet-types').querySelectorAll('button[data-type]'))
    button.setAttribute('aria-pressed', String(button.dataset.type === b.type));
  $('bet-help').textContent = fill(text(`betHelp_${b.type}`) ?? '', { lots: b.lots });
  numberInputs().forEach((input, i) => {
    const shown = i < b.numbers;
    input.parentElement.hidden = !shown;
    input.maxLength = b.digits;
    input.setAttribute('maxlength', String(b.digits));
    input.placeholder = '•'.repeat(b.digits);
    $(`number-label-${i}`).textContent = b.numbers > 1 ? fill(t.numberN, { n: i + 1 }) : t.number;
    $(`number-label-${i}`).classList.toggle('visually-hidden', b.numbers === 1);
    if (chosenNow && (!shown || input.value.length !== b.digits)) input.value = '';
    if (chosenNow) input.removeAttribute('aria-invalid');
  });
  $('numbers-legend').textContent = b.numbers > 1 ? `${t.number} (${b.numbers})` : t.number;
  $('numbers-hint').textContent = b.digits === 1 ? t.oneDigit : fill(t.digits, { n: b.digits });
  $('stake-label').textContent = b.lots > 1 ? t.stakePerLot : t.stake;
  const range = fill(t.stakeRange, { min: money(g.minStake), max: money(g.maxStake) });
  $('stake-hint').textContent = b.lots > 1 ? `${range} · ${fill(t.lots, { lots: b.lots })}` : range;
}

function renderSlip() {
  const g = currentGame();
  if (!g) return;
  const bets = slipOf(g.code);
  $('slip').replaceChildren(...bets.map((bet, i) => slipItem(g, bet, i)));
  $('slip').hidden = bets.length === 0;
  $('slip-empty').hidden = bets.length > 0;
  $('slip-count').textContent = bets.length > 0 ? fill(t.slipCount, { n: bets.length }) : '';
  const total = bets.reduce((sum, bet) => sum + bet.stake * BigInt(betInfo(g, bet.type).lots), 0n);
  $('slip-total').textContent = money(total);
  updateButtons();
}

function slipItem(g, bet, index) {
  const { lots, rate } = betInfo(g, bet.type);
  const cost = bet.stake * BigInt(lots);
  // A hit pays floor(stake x rate / 100) (docs/lottery.md); lô pays that for each prize number it matches.
  const win = (bet.stake * BigInt(rate)) / 100n;
  return el(
    'li',
    { class: 'lotto-slip-item', 'data-type': bet.type, 'data-numbers': bet.numbers.join('-') },
    [
      el('div', { class: 'lotto-slip-main' }, [
        el('span', { class: 'lotto-slip-type', text: typeName(bet.type) }),
        el('span', { class: 'lotto-slip-numbers', text: bet.numbers.join(' - ') }),
      ]),
      el('div', { class: 'lotto-slip-money' }, [
        el('span', {
          class: 'lotto-slip-cost',
          text: lots > 1 ? `${money(bet.stake)} ${fill(t.lots, { lots })} = ${money(cost)}` : money(cost),
        }),
        el('span', {
          class: 'lotto-slip-win',
          text: `${t.possibleWin} ${money(win)}${lots > 1 ? ` ${t.perHit}` : ''}`,
        }),
      ]),
      el('button', {
        type: 'button',
        class: 'lotto-remove',
        'data-index': String(index),
        'aria-label': fill(t.removeBet, { bet: betLabel(bet) }),
        text: '×',
      }),
    ],
  );
}

function updateButtons() {
  const g = currentGame();
  const bets = g ? slipOf(g.code) : [];
  const d = currentDraw();
  const open = Boolean(d) && Date.parse(d.lockAt) > serverNow();
  $('buy').disabled = stopped || busy || bets.length === 0 || !open;
  $('clear-slip').disabled = busy || bets.length === 0;
  $('add').disabled = stopped || !g;
  $('quick-pick').disabled = stopped || !g;
}

function addBet(event) {
  event.preventDefault();
  const g = currentGame();
  const b = currentType();
  if (!g || !b || stopped) return;
  const inputs = numberInputs().slice(0, b.numbers);
  for (const input of [...numberInputs(), $('stake')]) input.removeAttribute('aria-invalid');
  const pattern = new RegExp(`^[0-9]{${b.digits}}$`);
  const numbers = [];
  for (const input of inputs) {
    const value = input.value.trim();
    if (!pattern.test(value)) return invalid(input, fill(t.numberInvalid, { n: b.digits }));
    if (numbers.includes(value)) return invalid(input, t.numbersDistinct);
    numbers.push(value);
  }
  const stake = toMinor($('stake').value);
  if (stake === null || stake <= 0n || stake > MAX_SAFE) return invalid($('stake'), t.stakeInvalid);
  const min = BigInt(g.minStake);
  const max = BigInt(g.maxStake);
  if (stake < min || stake > max)
    return invalid($('stake'), fill(t.stakeOutOfRange, { min: money(min), max: money(max) }));
  const bets = slipOf(g.code);
  if (bets.length >= MAX_BETS) return say(fill(t.slipFull, { n: MAX_BETS }), 'error');
  const bet = { type: b.type, numbers, stake };
  bets.push(bet);
  renderSlip();
  for (const input of inputs) input.value = '';
  inputs[0].focus();
  note(fill(t.added, { bet: betLabel(bet) }));
}

function invalid(input, message) {
  input.setAttribute('aria-invalid', 'true');
  input.focus();
  say(message, 'error');
}

function randomDigits(count) {
  const values = crypto.getRandomValues(new Uint32Array(count));
  return Array.from(values, (v) => String(v % 10)).join('');
}

function quickPick() {
  const b = currentType();
  if (!b) return;
  const picked = [];
  for (const input of numberInputs().slice(0, b.numbers)) {
    let value = randomDigits(b.digits);
    // xiên numbers are distinct (10 digits always leave room: at most 4 of 100 two-digit numbers).
    while (picked.includes(value)) value = randomDigits(b.digits);
    picked.push(value);
    input.value = value;
    input.removeAttribute('aria-invalid');
  }
  note(fill(t.quickPicked, { numbers: picked.join(' - ') }));
}

function removeBet(index) {
  const g = currentGame();
  if (!g) return;
  const bets = slipOf(g.code);
  const [bet] = bets.splice(index, 1);
  if (!bet) return;
  renderSlip();
  const buttons = $('slip').querySelectorAll('.lotto-remove');
  (buttons[Math.min(index, buttons.length - 1)] ?? $('add')).focus();
  note(fill(t.removed, { bet: betLabel(bet) }));
}

/** "xien2:12-34" (the server's betKey) -> "เซียน 2 12-34". */
function betKeyLabel(betKey) {
  const [type, numbers = ''] = String(betKey).split(':');
  return `${typeName(type)} ${numbers}`;
}

async function buy() {
  const g = currentGame();
  const d = currentDraw();
  if (!g || busy || stopped) return;
  const bets = slipOf(g.code);
  if (bets.length === 0 || !d) return;
  if (Date.parse(d.lockAt) <= serverNow()) {
    say(t.lottery_draw_closed, 'error');
    void refreshState();
    return;
  }
  busy = true;
  updateButtons();
  $('buy').setAttribute('aria-busy', 'true');
  say(t.buying);
  let answer = null;
  try {
    const { status, json } = await api('tickets', {
      gameCode: g.code,
      drawNo: d.drawNo,
      bets: bets.map((bet) => ({ type: bet.type, numbers: bet.numbers, stake: Number(bet.stake) })),
    });
    answer =
      json && typeof json === 'object'
        ? json
        : { ok: false, error: status >= 500 ? 'platform_unavailable' : 'error' };
  } catch {
    answer = null;
  } finally {
    busy = false;
    $('buy').removeAttribute('aria-busy');
  }
  if (answer === null) {
    // The request may have reached the server: the slip stays, and the player checks the tickets first.
    say(t.buyLost, 'error');
  } else if (answer.ok) {
    slips.set(g.code, []);
    renderSlip();
    if (answer.balance !== null && answer.balance !== undefined)
      $('balance').textContent = money(answer.balance);
    say(fill(t.bought, { id: answer.ticketId, cost: money(answer.cost) }), 'ok');
    // The platform's header balance follows at once (docs/vendor-protocol.md, "Messages from the game page").
    if (window.parent !== window) window.parent.postMessage({ type: 'lotus:balance-changed' }, '*');
  } else {
    if (answer.balance !== null && answer.balance !== undefined)
      $('balance').textContent = money(answer.balance);
    if (answer.error === 'no_session' || answer.error === 'invalid_session') return endSession(answer.error);
    // A lost answer: the ticket is checked later by the server, so the slip is not offered again.
    if (answer.error === 'pending') {
      slips.set(g.code, []);
      renderSlip();
    }
    say(
      answer.error === 'lottery_exposure_full' && answer.betKey
        ? fill(t.exposureFullBet, { bet: betKeyLabel(answer.betKey) })
        : errorText(answer.error),
      'error',
    );
  }
  updateButtons();
  void refreshState();
  void loadTickets();
}

// ---------- My tickets ----------

function ticketStatus(ticket) {
  if (ticket.status === 'settled' || ticket.status === 'paid')
    return ticket.win !== null && BigInt(ticket.win) > 0n ? text(`status_${ticket.status}`) : t.status_lost;
  return text(`status_${ticket.status}`) ?? ticket.status;
}

async function loadTickets() {
  if (stopped) return;
  const seq = ++ticketsSeq;
  try {
    const { status, json } = await api('tickets');
    if (seq !== ticketsSeq) return;
    if (status === 401) return endSession(json?.error ?? 'no_session');
    if (!json || !Array.isArray(json.tickets)) throw new Error('tickets');
    $('tickets').replaceChildren(...json.tickets.map(ticketItem));
    $('tickets-empty').textContent = t.ticketsEmpty;
    $('tickets-empty').hidden = json.tickets.length > 0;
  } catch {
    if (seq !== ticketsSeq) return;
    $('tickets-empty').textContent = t.error;
    $('tickets-empty').hidden = false;
  }
}

function ticketItem(ticket) {
  const g = gameByCode.get(ticket.gameCode);
  const won = ticket.win !== null && BigInt(ticket.win) > 0n;
  const lost = (ticket.status === 'settled' || ticket.status === 'paid') && !won;
  return el(
    'li',
    {
      class: `lotto-ticket${won ? ' won' : ''}${lost ? ' lost' : ''}`,
      'data-testid': `lotto-ticket-${ticket.id}`,
      'data-status': ticket.status,
    },
    [
      el('div', { class: 'lotto-ticket-head' }, [
        el('div', {}, [
          el('h3', { text: g ? nameOf(g) : ticket.gameCode }),
          el('p', {
            class: 'lotto-ticket-draw',
            text: `${t.draw} ${ticket.drawNo} · ${t.drawAt} ${format(fullFmt, ticket.drawAt)}`,
          }),
        ]),
        el('span', {
          class: `lotto-status status-${ticket.status}${won ? ' won' : ''}`,
          text: ticketStatus(ticket),
        }),
      ]),
      el(
        'ul',
        { class: 'lotto-ticket-bets' },
        ticket.bets.map((bet) => {
          const lots = betInfo(g, bet.type).lots;
          return el('li', {}, [
            el('span', { class: 'lotto-slip-type', text: typeName(bet.type) }),
            el('span', { class: 'lotto-slip-numbers', text: bet.numbers.join(' - ') }),
            el('span', {
              class: 'lotto-ticket-stake',
              text: `${money(bet.stake)}${lots > 1 ? ` ${fill(t.lots, { lots })}` : ''} · ${t.pays} ${rateText(bet.rate)}`,
            }),
            bet.restricted ? el('span', { class: 'lotto-restricted', text: t.restricted }) : null,
          ]);
        }),
      ),
      el('dl', { class: 'lotto-ticket-sums' }, [
        el('div', {}, [el('dt', { text: t.cost }), el('dd', { text: money(ticket.cost) })]),
        ticket.win !== null
          ? el('div', { class: won ? 'won' : '' }, [
              el('dt', { text: t.win }),
              el('dd', { text: money(ticket.win) }),
            ])
          : null,
        el('div', {}, [
          el('dt', { text: t.boughtAt }),
          el('dd', { text: format(fullFmt, ticket.createdAt) }),
        ]),
      ]),
      el('p', { class: 'lotto-ticket-id', text: fill(t.ticket, { id: ticket.id }) }),
    ],
  );
}

// ---------- Results ----------

async function loadResults() {
  const g = currentGame();
  const seq = ++resultsSeq;
  $('results-title').textContent = g ? fill(t.resultsOf, { game: nameOf(g) }) : t.tabResults;
  if (!g) {
    $('results').replaceChildren();
    $('results-empty').textContent = t.resultsChoose;
    $('results-empty').hidden = false;
    return;
  }
  if ($('results').dataset.game !== g.code) {
    $('results').replaceChildren();
    $('results-empty').textContent = t.loading;
    $('results-empty').hidden = false;
  }
  try {
    const { json } = await api(`results?${new URLSearchParams({ gameCode: g.code, limit: '20' })}`);
    if (seq !== resultsSeq) return;
    if (!json || !Array.isArray(json.results)) throw new Error('results');
    $('results').dataset.game = g.code;
    $('results').replaceChildren(...json.results.map((r) => resultItem(g, r)));
    $('results-empty').textContent = t.resultsEmpty;
    $('results-empty').hidden = json.results.length > 0;
  } catch {
    if (seq !== resultsSeq) return;
    $('results-empty').textContent = t.error;
    $('results-empty').hidden = false;
  }
}

const balls = (numbers) => [numbers].flat().map((n) => el('span', { class: 'lotto-ball', text: String(n) }));
const prize = (label, numbers, kind) =>
  el('div', { class: `lotto-prize ${kind}` }, [el('dt', { text: label }), el('dd', {}, balls(numbers))]);

function resultItem(g, r) {
  const result = r.result ?? {};
  const electronic = Boolean(r.beaconChain);
  let body;
  if ('first' in result)
    // Thai structure (thai, thai-2015, elott): first prize, front 3, last 3, last 2.
    body = el('dl', { class: 'lotto-prizes' }, [
      prize(t.prize_first, result.first, 'first'),
      result.front3 ? prize(t.prize_front3, result.front3, 'front3') : null,
      result.last3 ? prize(t.prize_last3, result.last3, 'last3') : null,
      result.last2 !== undefined ? prize(t.prize_last2, result.last2, 'last2') : null,
    ]);
  else
    // Vietnamese: the special prize and each prize line.
    body = el('table', { class: 'lotto-vn' }, [
      el(
        'tbody',
        {},
        VN_PRIZES.filter((key) => result[key] !== undefined).map((key) =>
          el('tr', { class: key }, [
            el('th', {
              scope: 'row',
              text: key === 'special' ? t.prize_special : fill(t.prizeN, { n: key.slice(1) }),
            }),
            el('td', {}, balls(result[key])),
          ]),
        ),
      ),
    ]);
  let verify = null;
  if (electronic && r.beaconRound !== null && r.beaconRound !== undefined && r.beaconSignature) {
    const query = new URLSearchParams({
      chain: r.beaconChain,
      round: String(r.beaconRound),
      signature: r.beaconSignature,
      drawId: `${g.code}-${r.drawNo}`,
      lang: config.lang,
    });
    verify = el('a', {
      class: 'lotto-verify',
      href: `/house/lotto/fair?${query}`,
      target: '_blank',
      rel: 'noopener',
      'aria-label': fill(t.verifyDraw, { draw: r.drawNo }),
      text: t.verify,
    });
  }
  return el('li', { class: 'lotto-result', 'data-draw': r.drawNo }, [
    el('div', { class: 'lotto-result-head' }, [
      el('h3', {
        text: fill(t.drawOf, { date: electronic ? format(fullFmt, r.drawAt) : format(dayFmt, r.drawAt) }),
      }),
      el('span', { class: 'lotto-result-no', text: `${t.draw} ${r.drawNo}` }),
      verify,
    ]),
    body,
  ]);
}

// ---------- Tabs and wiring ----------

function showTab(name) {
  // A note of the tab left behind goes; an error stays until the player closes it.
  if (!$('message').classList.contains('error')) say('');
  for (const id of TABS) {
    const on = id === name;
    const tab = $(`tab-${id}`);
    tab.setAttribute('aria-selected', String(on));
    tab.tabIndex = on ? 0 : -1;
    $(`panel-${id}`).hidden = !on;
  }
  document.body.dataset.tab = name;
  if (name === 'tickets') void loadTickets();
  if (name === 'results') void loadResults();
}

function selectGame(code) {
  if (!gameByCode.has(code)) return;
  current = code;
  renderGames();
  renderBet();
  tick();
  showTab('bet');
  $('game-name').focus();
  // A reload comes back to the same game.
  const url = new URL(window.location.href);
  url.searchParams.set('gameCode', code);
  url.searchParams.set('view', 'betting');
  window.history.replaceState(null, '', url);
}

function wire() {
  const tablist = document.querySelector('[role="tablist"]');
  tablist.addEventListener('click', (event) => {
    const tab = event.target.closest('[role="tab"]');
    if (tab) showTab(tab.dataset.tab);
  });
  // Arrow keys move between the tabs (WAI-ARIA tabs, automatic activation).
  tablist.addEventListener('keydown', (event) => {
    const index = TABS.indexOf(event.target.dataset?.tab);
    if (index < 0) return;
    const to = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: TABS.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const name = TABS[(to + TABS.length) % TABS.length];
    showTab(name);
    $(`tab-${name}`).focus();
  });
  $('games').addEventListener('click', (event) => {
    const button = event.target.closest('button[data-code]');
    if (button) selectGame(button.dataset.code);
  });
  $('bet-none').addEventListener('click', (event) => {
    if (event.target.closest('[data-goto="games"]')) {
      showTab('games');
      $('tab-games').focus();
    }
  });
  $('bet-types').addEventListener('click', (event) => {
    const button = event.target.closest('button[data-type]');
    const g = currentGame();
    if (!button || !g) return;
    chosenType.set(g.code, button.dataset.type);
    applyType(true);
  });
  $('draw-select').addEventListener('change', (event) => {
    const g = currentGame();
    if (!g) return;
    chosenDraw.set(g.code, event.target.value);
    renderBet();
    tick();
  });
  for (const input of numberInputs())
    input.addEventListener('input', () => {
      const b = currentType();
      const clean = input.value.replace(/\D/g, '').slice(0, b?.digits ?? 6);
      if (clean !== input.value) input.value = clean;
      input.removeAttribute('aria-invalid');
    });
  $('stake').addEventListener('input', () => $('stake').removeAttribute('aria-invalid'));
  $('stake-chips').addEventListener('click', (event) => {
    const chip = event.target.closest('button[data-stake]');
    if (!chip) return;
    $('stake').value = chip.dataset.stake;
    $('stake').removeAttribute('aria-invalid');
  });
  $('bet-form').addEventListener('submit', addBet);
  $('quick-pick').addEventListener('click', quickPick);
  $('slip').addEventListener('click', (event) => {
    const button = event.target.closest('button[data-index]');
    if (button) removeBet(Number(button.dataset.index));
  });
  $('clear-slip').addEventListener('click', () => {
    const g = currentGame();
    if (!g || busy) return;
    slips.set(g.code, []);
    renderSlip();
    $('add').focus();
    note(t.cleared);
  });
  $('buy').addEventListener('click', () => void buy());
  $('tickets-refresh').addEventListener('click', () => void loadTickets());
  $('results-refresh').addEventListener('click', () => void loadResults());
  $('message-close').addEventListener('click', () => say(''));
  document.addEventListener('visibilitychange', () => {
    if (!document.hidden && stale) {
      stale = false;
      void refreshState();
    }
  });
}

async function start() {
  wire();
  await refreshState();
  // The launch's game is preselected; view=lobby shows the games list first.
  showTab(config.view === 'betting' && current ? 'bet' : 'games');
  renderGames();
  renderBet();
  tick();
  setInterval(tick, 1000);
  document.body.dataset.ready = '1';
}

void start();
