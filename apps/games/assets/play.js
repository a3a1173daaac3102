// The house slot page: state, spins, the free-spin counter, win lines and the provably fair panel.
const config = JSON.parse(document.getElementById('house-config').textContent);
const t = config.strings;
const game = config.game;
const $ = (id) => document.getElementById(id);
const money = (minor) => {
  const n = BigInt(minor);
  const sign = n < 0n ? '-' : '';
  const a = n < 0n ? -n : n;
  const text = `${a / 100n}`.replace(/\B(?=(\d{3})+(?!\d))/g, ',') + '.' + String(a % 100n).padStart(2, '0');
  return `${sign}${config.currency === 'THB' ? '฿' : ''}${text}`;
};
const art = (symbol) => `/house/art/${game.code}/${symbol}.svg`;
const symbolName = Object.fromEntries(game.symbols.map((s) => [s.id, s.name]));
let busy = false;

function setMessage(text, kind = '') {
  const m = $('message');
  m.textContent = text;
  m.className = `message ${kind}`;
}

function draw(spin) {
  document.querySelectorAll('.cell').forEach((cell) => {
    const symbol = spin.window[Number(cell.dataset.reel)][Number(cell.dataset.row)];
    const img = cell.querySelector('img');
    img.src = art(symbol);
    img.alt = symbolName[symbol] ?? symbol;
    cell.classList.remove('win');
  });
  for (const w of spin.lineWins) {
    const line = game.paylines[w.line - 1];
    for (let r = 0; r < w.count; r++)
      document.querySelector(`.cell[data-reel="${r}"][data-row="${line[r]}"]`)?.classList.add('win');
  }
  if (spin.scatter.pay > 0 || spin.freeSpinsAwarded > 0)
    spin.window.forEach((col, r) =>
      col.forEach((s, row) => {
        if (s === 'S')
          document.querySelector(`.cell[data-reel="${r}"][data-row="${row}"]`)?.classList.add('win');
      }),
    );
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function api(path, body) {
  const res = await fetch(`/house/api/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
  });
  return res.json();
}

function showFair(fair) {
  $('seed-hash').textContent = fair.serverSeedHash;
  $('next-seed-hash').textContent = fair.nextServerSeedHash;
  $('client-seed').value = fair.clientSeed;
  $('nonce').textContent = String(fair.nonce);
}

async function loadRounds() {
  const answer = await api('rounds');
  if (!answer.rounds) return;
  const list = $('rounds');
  list.replaceChildren(
    ...answer.rounds.map((r) => {
      const li = document.createElement('li');
      li.dataset.win = r.win;
      li.dataset.lineBet = r.lineBet;
      li.textContent = `${r.gameName} #${r.nonce} · ${t.bet} ${money(r.totalBet)} · ${t.win} ${money(r.win)} `;
      // The round's fairness page (ADR 0075): recomputed and compared once its seed is revealed.
      const a = document.createElement('a');
      a.href = `/house/fair?${new URLSearchParams({ round: r.roundId, lang: config.lang })}`;
      a.target = '_blank';
      a.rel = 'noopener';
      a.textContent = t.verify;
      li.append(a);
      if (!r.serverSeed) {
        const s = document.createElement('small');
        s.textContent = ` (${t.notRevealed})`;
        li.append(s);
      }
      return li;
    }),
  );
}

async function spin() {
  if (busy) return;
  busy = true;
  $('spin').disabled = true;
  setMessage(t.spinning);
  document.querySelectorAll('.reel').forEach((r) => r.classList.add('rolling'));
  try {
    const answer = await api('spin', { lineBet: Number($('bet').value) });
    document.querySelectorAll('.reel').forEach((r) => r.classList.remove('rolling'));
    if (!answer.ok) {
      setMessage(t[answer.error] ?? t.error, 'error');
      if (answer.balance) $('balance').textContent = money(answer.balance);
      return;
    }
    const [base, ...free] = answer.spins;
    draw(base);
    if (free.length > 0) {
      $('free').hidden = false;
      let left = free.length;
      for (const s of free) {
        $('free-left').textContent = String(left);
        await pause(250);
        draw(s);
        left -= 1;
      }
      $('free-left').textContent = '0';
    } else {
      $('free').hidden = true;
    }
    const win = BigInt(answer.win);
    $('last-win').textContent = money(win);
    setMessage(win > 0n ? `${t.win} ${money(win)}` : t.noWin, win > 0n ? 'won' : '');
    if (answer.status !== 'settled') setMessage(t.pending, 'error');
    if (answer.balance !== null) $('balance').textContent = money(answer.balance);
    $('nonce').textContent = String(answer.nonce + 1);
    // The platform's header balance follows at once, and a win shows its toast (docs/vendor-protocol.md,
    // "Messages from the game page"). The platform checks the sender; nothing secret is in the message.
    window.parent?.postMessage({ type: 'lotus:balance-changed', win: String(win) }, '*');
    void loadRounds();
  } catch {
    setMessage(t.error, 'error');
  } finally {
    document.querySelectorAll('.reel').forEach((r) => r.classList.remove('rolling'));
    busy = false;
    $('spin').disabled = false;
    document.body.dataset.spins = String(Number(document.body.dataset.spins ?? 0) + 1);
  }
}

async function rotate() {
  const clientSeed = $('client-seed').value.trim();
  // The client seed goes to the pair whose commitment is on screen; another commitment answers seed_changed.
  const nextServerSeedHash = $('next-seed-hash').textContent;
  const answer = await api('seed', { ...(clientSeed ? { clientSeed } : {}), ...(nextServerSeedHash ? { nextServerSeedHash } : {}) });
  if (answer.error === 'seed_changed' && answer.fair) {
    showFair(answer.fair);
    setMessage(t.error, 'error');
    return;
  }
  if (!answer.fair || !answer.revealed) {
    setMessage(t.error, 'error');
    return;
  }
  showFair(answer.fair);
  $('revealed').hidden = false;
  $('revealed-seed').textContent = answer.revealed.serverSeed;
  void loadRounds();
}

async function start() {
  const select = $('bet');
  for (const level of config.betLevels) {
    const option = document.createElement('option');
    option.value = String(level);
    option.textContent = `${money(BigInt(level) * BigInt(game.lines))} (${money(level)} ${t.betPerLine} × ${game.lines} ${t.lines})`;
    select.append(option);
  }
  const state = await api('state');
  if (state.error === 'no_session') {
    setMessage(t.sessionMissing, 'error');
    $('spin').disabled = true;
    return;
  }
  if (state.balance !== null) $('balance').textContent = money(state.balance);
  else setMessage(t[state.error] ?? t.error, 'error');
  if (state.fair) showFair(state.fair);
  $('spin').addEventListener('click', () => void spin());
  $('rotate').addEventListener('click', () => void rotate());
  document.addEventListener('keydown', (event) => {
    if (event.code !== 'Space' && event.key !== ' ') return;
    const tag = event.target instanceof HTMLElement ? event.target.tagName : '';
    if (['INPUT', 'SELECT', 'TEXTAREA', 'BUTTON', 'A', 'SUMMARY'].includes(tag)) return;
    event.preventDefault();
    void spin();
  });
  void loadRounds();
  document.body.dataset.ready = '1';
}

void start();
