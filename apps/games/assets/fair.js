// The verify page: reads the form (or the query), calls /house/fair/verify and shows the recomputed bet.
const config = JSON.parse(document.getElementById('house-config').textContent);
const t = config.strings;
const form = document.getElementById('verify-form');
const out = document.getElementById('verify-result');

function row(label, value) {
  const p = document.createElement('p');
  const b = document.createElement('strong');
  b.textContent = `${label}: `;
  const code = document.createElement('code');
  code.textContent = value;
  p.append(b, code);
  return p;
}

async function compute() {
  const q = new URLSearchParams(new FormData(form));
  const res = await fetch(`/house/fair/verify?${q}`);
  const answer = await res.json();
  if (!res.ok) {
    out.replaceChildren(row(t.invalidInput, `${answer.field ?? ''} ${answer.error ?? ''}`.trim()));
    return;
  }
  const g = answer.game;
  const parts = [row(t.serverSeedHash, answer.serverSeedHash)];
  if (g) {
    parts.push(row(t.stops, g.spins[0].stops.join(', ')));
    parts.push(row(t.totalWin, String(g.win)));
    if (g.freeSpins > 0) parts.push(row(t.freeSpins, String(g.freeSpins)));
  }
  parts.push(
    row(
      t.floats,
      answer.floats
        .slice(0, 10)
        .map((f) => f.toFixed(8))
        .join(', '),
    ),
  );
  out.replaceChildren(...parts);
  out.dataset.win = g ? String(g.win) : '';
  out.dataset.stops = g ? g.spins[0].stops.join(',') : '';
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  void compute();
});
const query = new URLSearchParams(location.search);
for (const name of ['serverSeed', 'clientSeed', 'nonce', 'game']) {
  const value = query.get(name);
  if (value !== null && form.elements[name]) form.elements[name].value = value;
}
if (query.get('serverSeed')) void compute();
