/**
 * Game art made for the project, drawn as SVG from code: one palette per title, one drawing per symbol
 * id (every title uses W, S, H1-H4 and the card ranks A K Q J T), and a thumbnail per title. Text is
 * Latin only (a phone without a Thai font still shows every symbol).
 */

type Palette = {
  bg: [string, string];
  high: [string, string, string, string];
  wild: string;
  scatter: string;
  rank: string;
};

const PALETTES: Record<string, Palette> = {
  'lotus-pond': {
    bg: ['#0f5132', '#0b2e1f'],
    high: ['#f6b73c', '#3fa34d', '#4cc9f0', '#f28cb1'],
    wild: '#ffd166',
    scatter: '#e0e7ff',
    rank: '#b7e4c7',
  },
  'songkran-splash': {
    bg: ['#0077b6', '#023e8a'],
    high: ['#ff6b6b', '#ffd93d', '#6bcB77', '#4d96ff'],
    wild: '#90e0ef',
    scatter: '#fff3b0',
    rank: '#caf0f8',
  },
  'naga-treasure': {
    bg: ['#3c096c', '#10002b'],
    high: ['#2ec4b6', '#e71d36', '#ff9f1c', '#c77dff'],
    wild: '#ffd60a',
    scatter: '#80ffdb',
    rank: '#e0aaff',
  },
  'muay-thai-champion': {
    bg: ['#9d0208', '#370617'],
    high: ['#ffba08', '#e85d04', '#48cae4', '#f1faee'],
    wild: '#ffd000',
    scatter: '#caf0f8',
    rank: '#ffccd5',
  },
};
const FALLBACK: Palette = {
  bg: ['#334155', '#0f172a'],
  high: ['#fbbf24', '#34d399', '#60a5fa', '#f472b6'],
  wild: '#fde047',
  scatter: '#e0f2fe',
  rank: '#cbd5e1',
};

export const paletteOf = (code: string): Palette => PALETTES[code] ?? FALLBACK;

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const RANK_TEXT: Record<string, string> = { A: 'A', K: 'K', Q: 'Q', J: 'J', T: '10' };

/** The drawing inside a 100 x 100 tile (no background). */
function glyph(code: string, symbol: string): string {
  const p = paletteOf(code);
  switch (symbol) {
    case 'W':
      return `<polygon points="50,8 61,38 93,38 67,57 77,89 50,70 23,89 33,57 7,38 39,38" fill="${p.wild}" stroke="#7a5200" stroke-width="3"/>
<text x="50" y="60" font-family="Arial, Helvetica, sans-serif" font-size="17" font-weight="700" text-anchor="middle" fill="#3b2300">WILD</text>`;
    case 'S':
      return `<circle cx="50" cy="46" r="34" fill="${p.scatter}" stroke="#ffffff" stroke-width="4"/>
<circle cx="38" cy="38" r="7" fill="#00000022"/><circle cx="62" cy="54" r="5" fill="#00000022"/>
<text x="50" y="93" font-family="Arial, Helvetica, sans-serif" font-size="14" font-weight="700" text-anchor="middle" fill="#ffffff">FREE</text>`;
    case 'H1':
      return `<polygon points="50,10 86,40 50,90 14,40" fill="${p.high[0]}" stroke="#ffffff" stroke-width="3"/><polygon points="50,10 64,40 50,90 36,40" fill="#ffffff44"/>`;
    case 'H2':
      return `<circle cx="50" cy="50" r="38" fill="${p.high[1]}" stroke="#ffffff" stroke-width="3"/><circle cx="50" cy="50" r="22" fill="none" stroke="#ffffff99" stroke-width="5"/>`;
    case 'H3':
      return `<path d="M50 10 L90 84 L10 84 Z" fill="${p.high[2]}" stroke="#ffffff" stroke-width="3"/><circle cx="50" cy="58" r="12" fill="#ffffff66"/>`;
    case 'H4':
      return [0, 72, 144, 216, 288]
        .map(
          (a) =>
            `<ellipse cx="50" cy="28" rx="13" ry="22" fill="${p.high[3]}" stroke="#ffffff" stroke-width="2" transform="rotate(${a} 50 50)"/>`,
        )
        .join('')
        .concat('<circle cx="50" cy="50" r="10" fill="#ffe066"/>');
    default: {
      const text = RANK_TEXT[symbol] ?? symbol;
      return `<text x="50" y="68" font-family="Georgia, 'Times New Roman', serif" font-size="${text.length > 1 ? 44 : 54}" font-weight="700" text-anchor="middle" fill="${p.rank}" stroke="#00000055" stroke-width="2">${esc(text)}</text>`;
    }
  }
}

/** One symbol as a standalone SVG (100 x 100). */
export function symbolSvg(code: string, symbol: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100" role="img" aria-label="${esc(symbol)}">${glyph(code, symbol)}</svg>`;
}

/** A title's thumbnail (the catalogue's picture), 300 x 200. */
export function thumbnailSvg(code: string, name: string): string {
  const p = paletteOf(code);
  const tiles = ['W', 'H1', 'S']
    .map((s, i) => `<g transform="translate(${30 + i * 85} 40) scale(0.75)">${glyph(code, s)}</g>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 200" width="300" height="200" role="img" aria-label="${esc(name)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.bg[0]}"/><stop offset="1" stop-color="${p.bg[1]}"/></linearGradient></defs>
<rect width="300" height="200" rx="16" fill="url(#g)"/>${tiles}
<text x="150" y="178" font-family="Arial, Helvetica, sans-serif" font-size="20" font-weight="700" text-anchor="middle" fill="#ffffff">${esc(name)}</text></svg>`;
}

/** A lottery game's thumbnail: three numbered balls on its own palette, and its name. */
export function lottoThumbnailSvg(code: string, name: string): string {
  const p = paletteOf(code);
  let hash = 0;
  for (const c of code) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  const balls = [0, 1, 2]
    .map((i) => {
      const digit = Math.floor(hash / 10 ** i) % 10;
      return `<circle cx="${90 + i * 60}" cy="85" r="26" fill="#ffffff"/><text x="${90 + i * 60}" y="96" font-family="Arial, Helvetica, sans-serif" font-size="30" font-weight="700" text-anchor="middle" fill="${p.bg[1]}">${digit}</text>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 200" width="300" height="200" role="img" aria-label="${esc(name)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.bg[0]}"/><stop offset="1" stop-color="${p.bg[1]}"/></linearGradient></defs>
<rect width="300" height="200" rx="16" fill="url(#g)"/>${balls}
<text x="150" y="170" font-family="Arial, Helvetica, sans-serif" font-size="18" font-weight="700" text-anchor="middle" fill="#ffffff">${esc(name)}</text></svg>`;
}
