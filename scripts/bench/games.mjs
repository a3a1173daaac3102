// The games bench (issue 9): GCSGAME_gameList over 20,000 games at 50 connections. The games are published
// the way a vendor publishes them: signed POST /vendor/v1/games/sync calls of a bench vendor registered
// through the operator API (10 vendors x 2,000 games). Used by scripts/bench.mjs (`--only=games`).
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Vendor protocol v1.1 (docs/vendor-protocol.md "2. Signing"): hex HMAC-SHA256 of "POST\n<path>\n<X-Timestamp>\n<raw body>". */
const sign = (secret, path, timestamp, raw) =>
  createHmac('sha256', secret).update(`POST\n${path}\n${timestamp}\n${raw}`).digest('hex');
const CLASSES = ['VIDEO_SLOT', 'CLASSIC', 'MEGAWAYS', 'JACKPOT'];
const MIN_BETS = ['1', '5', '10', '50', '75'];

/** Registers `vendors` bench vendors and publishes `perVendor` games for each through games/sync. */
export async function seedGames({ url, dataDir, vendors = 10, perVendor = 2000, log }) {
  const opsFile = join(dataDir, 'ops.json');
  for (let i = 0; i < 100 && !existsSync(opsFile); i++) await new Promise((r) => setTimeout(r, 100));
  const { token } = JSON.parse(readFileSync(opsFile, 'utf8'));
  const codes = [];
  for (let v = 0; v < vendors; v++) {
    const code = `BG${v}`;
    const secret = randomBytes(24).toString('hex');
    const added = await (
      await fetch(`${url}/ops/vendors/registry`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ code, name: `Bench games ${v}`, launchUrl: 'https://vendor.example/launch', secret }),
      })
    ).json();
    if (!added.success) throw new Error(`vendor ${code}: ${added.message}`);
    const games = Array.from({ length: perVendor }, (_, i) => ({
      gameCode: `G${v}_${i}`,
      gameType: i % 10 === 0 ? 'FISH' : 'RNG',
      names: { th: `เกม ${v}-${i}`, en: `Bench game ${v}-${i}` },
      classification: CLASSES[i % CLASSES.length],
      minBet: MIN_BETS[i % MIN_BETS.length],
      lines: (i % 5) * 10,
      thumbnailUrl: `/media/games/bench/${v}-${i}.svg`,
      isHot: i % 97 === 0,
      freePlay: i % 3 === 0,
      status: 'ACTIVE',
    }));
    const raw = JSON.stringify({ requestId: `bench-sync-${v}`, games });
    const ts = String(Date.now());
    const started = performance.now();
    const res = await (
      await fetch(`${url}/vendor/v1/games/sync`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-vendor-code': code, 'x-timestamp': ts, 'x-signature': sign(secret, '/vendor/v1/games/sync', ts, raw) },
        body: raw,
      })
    ).json();
    if (res.status !== 'OK' || res.created !== perVendor) throw new Error(`sync ${code}: ${JSON.stringify(res)}`);
    log(`Games bench: ${code} published ${perVendor} games in ${Math.round(performance.now() - started)} ms`);
    codes.push(code);
  }
  return codes;
}

/**
 * GCSGAME_gameList at `connections` connections for `duration` s over a mix of the list screens' queries
 * (every vendor, pages 1-5, type, classification, minimum bet, a name search), cycled per connection.
 * `headers` go with every request (e.g. a browser's Accept-Encoding).
 */
export async function loadGameList({ autocannon, url, codes, connections = 50, duration = 10, headers = {} }) {
  const paths = [];
  for (const code of codes) {
    for (let page = 1; page <= 5; page++) paths.push(`/wps/relay/GCSGAME_gameList?clientType=3&platform=html5-desktop&gameType=RNG&vassalage=${code}&language=th&pageNo=${page}&pageSize=15`);
    paths.push(`/wps/relay/GCSGAME_gameList?clientType=3&gameType=RNG&vassalage=${code}&gameClassify=CLASSIC&minBet=0.05&pageNo=1&pageSize=15`);
  }
  paths.push('/wps/relay/GCSGAME_gameList?clientType=3&gameType=FISH&pageNo=1&pageSize=15');
  paths.push(`/wps/relay/GCSGAME_gameList?clientType=3&gameName=${encodeURIComponent('Bench game 3-1')}&pageNo=1&pageSize=15`);
  const r = await autocannon({ url, connections, duration, headers, requests: paths.map((path) => ({ method: 'GET', path })) });
  return { rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx, total: r.requests.total, queries: paths.length };
}
