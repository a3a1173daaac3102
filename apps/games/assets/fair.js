// The fairness page (ADR 0075): with ?round=<id>, the round as recorded (game, time, bet and win in baht)
// and, once its server seed is revealed, the round recomputed from the seeds by /house/fair/verify and
// compared with the record ("matches your round"). The form recomputes any seeds. Reels are drawn
// with the slot's own symbol art.
const config = JSON.parse(document.getElementById('house-config').textContent);
const t = config.strings;
const games = config.games;
const $ = (id) => document.getElementById(id);
const form = $('verify-form');
const out = $('verify-result');
const fill = (template, values) => template.replace(/\{(\w+)\}/g, (_, key) => String(values[key] ?? ''));

/** The round loaded from ?round= (null: the form alone). */
let recorded = null;

function money(minor, currency = 'THB') {
  const n = BigInt(minor);
  const sign = n < 0n ? '-' : '';
  const a = n < 0n ? -n : n;
  const text = `${a / 100n}`.replace(/\B(?=(\d{3})+(?!\d))/g, ',') + '.' + String(a % 100n).padStart(2, '0');
  return `${sign}${currency === 'THB' ? '฿' : ''}${text}${currency === 'THB' ? '' : ` ${currency}`}`;
}
/** "1.50" (baht) -> 150n; null when not an amount. */
function toMinor(text) {
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) return null;
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole) * 100n + BigInt(`${fraction}00`.slice(0, 2));
}
const fromMinor = (minor) => {
  const n = BigInt(minor);
  return `${n / 100n}.${String(n % 100n).padStart(2, '0')}`;
};

function el(tag, props = {}, children = []) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === 'text') node.textContent = value;
    else node.setAttribute(key, value);
  }
  node.append(...children);
  return node;
}

/** A spin's window (window[reel][row]) as the slot draws it: one picture per symbol, named. */
function reelsFigure(code, window, caption) {
  const game = games[code];
  const grid = el('div', { class: 'fair-grid', style: `--reels:${window.length}` });
  for (const column of window) {
    const reel = el('div', { class: 'fair-reel' });
    for (const symbol of column)
      reel.append(
        el('img', {
          src: `/house/art/${code}/${symbol}.svg`,
          alt: game?.symbols[symbol] ?? symbol,
          width: '100',
          height: '100',
        }),
      );
    grid.append(reel);
  }
  return el(
    'figure',
    {
      class: 'fair-reels',
      'data-testid': 'fair-reels',
      role: 'group',
      'aria-label': fill(t.reelsLabel, { game: game?.name ?? code }),
    },
    [el('figcaption', { text: caption }), grid],
  );
}

function detail(label, value) {
  return el('div', {}, [el('dt', { text: label }), el('dd', {}, [el('code', { text: value })])]);
}

function showSummary({ game, time, bet, win }) {
  $('fair-summary').hidden = false;
  $('fair-summary-title').firstChild.textContent = recorded ? `${t.yourRound}: ` : '';
  $('fair-game').textContent = games[game]?.name ?? game;
  $('fair-time').parentElement.hidden = !time;
  $('fair-time').textContent = time ?? '';
  $('fair-bet').textContent = bet;
  $('fair-win').textContent = win;
}

function note(text) {
  $('fair-note').hidden = !text;
  $('fair-note').textContent = text ?? '';
}

function badge(matches) {
  const b = $('fair-match');
  if (matches === null) {
    b.hidden = true;
    return;
  }
  b.hidden = false;
  b.className = `fair-badge ${matches ? 'fair-badge--ok' : 'fair-badge--bad'}`;
  b.textContent = matches ? t.matches : t.mismatch;
  b.dataset.matches = String(matches);
}

/** Whether a recomputed bet is the recorded round: same game, same stops on every spin, same money. */
function sameAsRecorded(g) {
  if (!recorded || recorded.gameCode !== g.code || recorded.spins.length !== g.spins.length) return false;
  const stopsAgree = g.spins.every((spin, i) => spin.stops.join(',') === recorded.spins[i].stops.join(','));
  const lineBet = BigInt(recorded.lineBet);
  return (
    stopsAgree &&
    lineBet * BigInt(g.totalBet) === BigInt(recorded.totalBet) &&
    lineBet * BigInt(g.win) === BigInt(recorded.win)
  );
}

const timeOf = (iso) =>
  new Date(iso).toLocaleString(config.lang === 'th' ? 'th-TH' : 'en-GB', {
    timeZone: 'Asia/Bangkok',
    dateStyle: 'medium',
    timeStyle: 'short',
  });

async function compute() {
  const data = new FormData(form);
  const q = new URLSearchParams();
  for (const name of ['serverSeed', 'clientSeed', 'nonce', 'game']) q.set(name, String(data.get(name) ?? ''));
  out.setAttribute('aria-busy', 'true');
  let res;
  let answer;
  try {
    res = await fetch(`/house/fair/verify?${q}`);
    answer = await res.json();
  } catch {
    out.removeAttribute('aria-busy');
    out.replaceChildren(el('p', { class: 'fair-error', text: t.error }));
    return;
  }
  out.removeAttribute('aria-busy');
  if (!res.ok) {
    out.replaceChildren(
      el('p', { class: 'fair-error', text: `${t.invalidInput} (${answer.field ?? answer.error ?? ''})` }),
    );
    out.dataset.win = '';
    out.dataset.stops = '';
    return;
  }
  const g = answer.game;
  const parts = [];
  if (g) {
    parts.push(reelsFigure(g.code, g.spins[0].window, t.recomputedReels));
    if (g.freeSpins > 0)
      parts.push(el('p', { class: 'fair-free', text: `${t.freeSpinsPlayed}: ${g.freeSpins}` }));
    if (recorded) {
      badge(sameAsRecorded(g));
    } else {
      const lineBet = toMinor(String(data.get('lineBet') ?? '').trim());
      showSummary({
        game: g.code,
        bet: lineBet === null ? fill(t.winTimes, { n: g.totalBet }) : money(lineBet * BigInt(g.totalBet)),
        win: lineBet === null ? fill(t.winTimes, { n: g.win }) : money(lineBet * BigInt(g.win)),
      });
    }
  }
  const details = el('dl', { class: 'fair-details' }, [detail(t.serverSeedHash, answer.serverSeedHash)]);
  if (g) details.append(detail(t.stops, g.spins[0].stops.join(', ')));
  details.append(
    detail(
      t.floats,
      answer.floats
        .slice(0, 10)
        .map((f) => f.toFixed(8))
        .join(', '),
    ),
  );
  parts.push(el('details', { class: 'fair-more' }, [el('summary', { text: t.details }), details]));
  out.replaceChildren(...parts);
  out.dataset.win = g ? String(g.win) : '';
  out.dataset.stops = g ? g.spins[0].stops.join(',') : '';
}

async function loadRound(id) {
  let res;
  try {
    res = await fetch(`/house/fair/round/${encodeURIComponent(id)}`);
  } catch {
    res = null;
  }
  if (!res || !res.ok) {
    $('fair-summary').hidden = false;
    $('fair-summary-title').hidden = true;
    note(res && res.status === 404 ? t.roundNotFound : t.error);
    return;
  }
  recorded = await res.json();
  showSummary({
    game: recorded.gameCode,
    time: timeOf(recorded.createdAt),
    bet: money(recorded.totalBet, recorded.currency),
    win: money(recorded.win, recorded.currency),
  });
  form.elements.clientSeed.value = recorded.clientSeed;
  form.elements.nonce.value = String(recorded.nonce);
  form.elements.game.value = recorded.gameCode;
  form.elements.lineBet.value = fromMinor(recorded.lineBet);
  if (recorded.serverSeed) {
    form.elements.serverSeed.value = recorded.serverSeed;
    await compute();
  } else {
    note(t.unrevealed);
    out.replaceChildren(reelsFigure(recorded.gameCode, recorded.spins[0].window, t.recordedReels));
  }
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  void compute();
});

async function start() {
  const query = new URLSearchParams(location.search);
  for (const name of ['serverSeed', 'clientSeed', 'nonce', 'game', 'lineBet']) {
    const value = query.get(name);
    if (value !== null && form.elements[name]) form.elements[name].value = value;
  }
  const round = query.get('round');
  if (round) await loadRound(round);
  else if (query.get('serverSeed')) await compute();
  document.body.dataset.ready = '1';
}

void start();
