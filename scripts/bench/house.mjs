// The house bench (issue 9): house-slot spins per second end to end. Each player is a real member (created,
// logged in through the slider and the encrypted login), funded through a signed win of a funding vendor,
// then launched into the house vendor's slot exactly as the site does it: POST /wps/game/vendorLaunch for
// HOUSE, the launch URL opened (the house exchanges the token through the signed session/authenticate and
// sets its session cookie). The load is POST /house/api/spin: every spin is the house's provably fair
// outcome, its round recorded in the house's database, then a signed bet and a signed win through the
// platform wallet (in process in the one-process mode). Used by scripts/bench.mjs (`--only=house`).
import { randomBytes } from 'node:crypto';
import { prepareWalletServer } from './wallet.mjs';

export const HOUSE_GAME = 'lotus-pond';

/** The seamless vendor that funds the house bench's players (its signed bet+win pairs are the spins' baseline). */
const FUNDING_VENDOR = 'HFUND';

/**
 * `players` members with a house session each (the cookie header) and their address. The array also carries
 * `funding`: the same members as the funding vendor's players and that vendor's code and secret, so a bench can
 * measure signed bet+win pairs on the same server (`loadWallet({ ...list.funding })`).
 */
export async function prepareHousePlayers({ url, dataDir, players, log, tsImport }) {
  const secret = randomBytes(24).toString('hex');
  const funded = await prepareWalletServer({
    url,
    dataDir,
    players,
    log,
    tsImport,
    vendorCode: FUNDING_VENDOR,
    secret,
    fund: '100000000', // 1,000,000.00
  });
  log(`House bench: launching ${players} players into ${HOUSE_GAME}...`);
  const out = [];
  for (const p of funded) {
    const headers = { 'user-agent': 'lotus-bench', 'x-forwarded-for': p.ip };
    const launch = await (
      await fetch(`${url}/wps/game/vendorLaunch`, {
        method: 'POST',
        headers: { ...headers, authorization: p.token, 'content-type': 'application/json' },
        body: JSON.stringify({ vendor: 'HOUSE', gameCode: HOUSE_GAME, language: 'en' }),
      })
    ).json();
    if (!launch.success) throw new Error(`house launch: ${launch.message}`);
    // The launch URL names the configured public origin; the bench server is this one.
    const target = new URL(launch.value.url);
    const opened = await fetch(`${url}${target.pathname}${target.search}`, { headers, redirect: 'manual' });
    const cookie = (opened.headers.get('set-cookie') ?? '').split(';')[0];
    if (opened.status !== 303 || !cookie.startsWith('house_session=')) throw new Error(`house play: ${opened.status}`);
    out.push({ cookie, ip: p.ip });
  }
  out.funding = { players: funded, vendorCode: FUNDING_VENDOR, secret };
  return out;
}

/**
 * Spins at the lowest line bet, back to back, on `connections` connections for `duration` s; each
 * connection plays its own player (a player's spins are sequential, as on the game page). A spin counts
 * when the house answers it settled (bet and win both accepted by the platform wallet).
 */
export async function loadHouse({ autocannon, url, players, connections, duration }) {
  let nextPlayer = 0;
  let failed = 0;
  let settled = 0;
  const failures = {};
  const body = JSON.stringify({ lineBet: 1 });
  const result = await autocannon({
    url,
    connections,
    duration,
    requests: [
      {
        method: 'POST',
        path: '/house/api/spin',
        setupRequest: (req, context) => {
          if (context.player === undefined) context.player = players[nextPlayer++ % players.length];
          const p = context.player;
          return {
            ...req,
            headers: { 'content-type': 'application/json', cookie: p.cookie, 'x-forwarded-for': p.ip, 'user-agent': 'lotus-bench' },
            body,
          };
        },
        onResponse: (status, text) => {
          if (status === 200 && text.includes('"status":"settled"')) settled += 1;
          else {
            failed += 1;
            const key = `${status} ${/"error":"([a-z_]+)"/.exec(text)?.[1] ?? ''}`.trim();
            failures[key] = (failures[key] ?? 0) + 1;
          }
        },
      },
    ],
  });
  const seconds = duration;
  return {
    spinsPerSecond: Math.round((settled / seconds) * 10) / 10,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    settled,
    errors: failed + result.errors + result.timeouts,
    failures,
  };
}
