// The house lottery under load (issue 27), shared by the bench (`--only=lottery`) and the lottery crash test
// (scripts/lottery-chaos.mjs): real members funded through a signed win of a funding vendor, each launched
// into the lottery (vendor LOTT, provisioned by the server itself in the embedded demo's way) exactly as the
// site does it; tickets bought through POST /house/lotto/api/tickets, each one signed bet on the platform
// wallet; the draw closed, its result entered and confirmed by two operators through the lottery's signed
// operator calls, with the LOTT secret rotated by the ops API so that this script can sign them.
import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { prepareWalletServer } from './wallet.mjs';

/** The seamless vendor that funds the lottery's players. */
const FUNDING_VENDOR = 'LFUND';
export const LOTTERY_VENDOR = 'LOTT';

const opsHeaders = (token) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json', 'user-agent': 'lotus-bench' });

/**
 * Gives vendor LOTT a new secret through the ops API and answers it (the house reads its secret from the
 * registry for every call): retried until the server has provisioned LOTT, at its first listen.
 */
export async function lotterySecret({ url, opsToken }) {
  for (let i = 0; ; i++) {
    const rotated = await (
      await fetch(`${url}/ops/vendors/registry/${LOTTERY_VENDOR}/rotate-secret`, { method: 'POST', headers: opsHeaders(opsToken), body: '{}' })
    ).json();
    if (rotated.success) return rotated.value.secret;
    if (i >= 300) throw new Error(`LOTT secret: ${rotated.message}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A signed operator call to the lottery (apps/games/src/lottery/ops.ts): the answer's JSON and status. */
export async function lotteryOps(url, secret, action, body) {
  const raw = JSON.stringify({ requestId: `ops-${randomBytes(9).toString('base64url')}`, ...body });
  const ts = String(Date.now());
  const signature = createHmac('sha256', secret).update(`POST\n/house/lotto/ops/${action}\n${ts}\n${raw}`).digest('hex');
  const res = await fetch(`${url}/house/lotto/ops/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-timestamp': ts, 'x-signature': signature },
    body: raw,
  });
  return { status: res.status, body: await res.json() };
}

/** `players` members launched into the lottery (vendor LOTT): each with its `house_lotto` cookie and address. */
export async function prepareLotteryPlayers({ url, dataDir, players, log, tsImport, fund = '100000000' }) {
  const funded = await prepareWalletServer({
    url,
    dataDir,
    players,
    log,
    tsImport,
    vendorCode: FUNDING_VENDOR,
    secret: randomBytes(24).toString('hex'),
    fund,
  });
  log(`Lottery: launching ${players} players into the lottery...`);
  const out = [];
  for (const p of funded) {
    const headers = { 'user-agent': 'lotus-bench', 'x-forwarded-for': p.ip };
    const launch = await (
      await fetch(`${url}/wps/game/vendorLaunch`, {
        method: 'POST',
        headers: { ...headers, authorization: p.token, 'content-type': 'application/json' },
        body: JSON.stringify({ vendor: LOTTERY_VENDOR, gameCode: 'VN_MB', language: 'en' }),
      })
    ).json();
    if (!launch.success) throw new Error(`lottery launch: ${launch.message}`);
    const target = new URL(launch.value.url);
    const opened = await fetch(`${url}${target.pathname}${target.search}`, { headers, redirect: 'manual' });
    const cookie = (opened.headers.get('set-cookie') ?? '').split(';')[0];
    if (opened.status !== 303 || !cookie.startsWith('house_lotto=')) throw new Error(`lottery play: ${opened.status}`);
    out.push({ cookie, ip: p.ip, playerId: p.playerId });
  }
  return out;
}

/** The open North draw (its number) as the betting page sees it. */
export async function openNorthDraw(url, player) {
  for (let i = 0; i < 100; i++) {
    const state = await (await fetch(`${url}/house/lotto/api/state`, { headers: { cookie: player.cookie } })).json();
    const north = state.games?.find((g) => g.code === 'VN_MB');
    if (north?.draws?.[0]) return north.draws[0];
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('no open VN_MB draw');
}

const two = () => String(randomInt(100)).padStart(2, '0');
/** 1-3 random bets of the North's common types (lô, đề, xiên 2), stakes 1-5 baht. */
export function randomBets() {
  const bets = [];
  for (let i = 0, n = 1 + randomInt(3); i < n; i++) {
    const kind = randomInt(3);
    if (kind === 0) bets.push({ type: 'lo2', numbers: [two()], stake: 100 * (1 + randomInt(5)) });
    else if (kind === 1) bets.push({ type: 'de', numbers: [two()], stake: 100 * (1 + randomInt(5)) });
    else {
      const a = two();
      let b = two();
      while (b === a) b = two();
      bets.push({ type: 'xien2', numbers: [a, b], stake: 100 * (1 + randomInt(5)) });
    }
  }
  return bets;
}

/**
 * Buys tickets on `connections` connections, each its own player, until `count` tickets are answered or
 * `seconds` pass. Answers the acknowledged tickets ({id, playerId, cost}), the refusals by key and the latencies.
 */
export async function buyTickets({ url, players, connections, drawNo, count = Infinity, seconds = Infinity, betsOf = randomBets }) {
  const acknowledged = [];
  const refused = {};
  const latencies = [];
  let answered = 0;
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async (_, c) => {
      const player = players[c % players.length];
      while (answered < count && Date.now() < until) {
        answered += 1;
        const started = performance.now();
        let answer;
        try {
          const res = await fetch(`${url}/house/lotto/api/tickets`, {
            method: 'POST',
            headers: { cookie: player.cookie, 'content-type': 'application/json', 'user-agent': 'lotus-bench' },
            body: JSON.stringify({ gameCode: 'VN_MB', drawNo, bets: betsOf() }),
          });
          answer = await res.json();
        } catch {
          answer = { ok: false, error: 'network' };
        }
        latencies.push(performance.now() - started);
        if (answer.ok) acknowledged.push({ id: answer.ticketId, playerId: player.playerId, cost: BigInt(answer.cost) });
        else refused[answer.error] = (refused[answer.error] ?? 0) + 1;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (p) => latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))] ?? 0;
  return { acknowledged, refused, answered, p50: at(50), p99: at(99) };
}

/**
 * The purchase bench's load: `connections` connections of autocannon (the wallet bench's load generator, far
 * cheaper per request than fetch on the same two cores), each its own player, buying 1-3-bet tickets of bodies
 * made before the run for `seconds`. Answers the tickets acknowledged, the refusals by key and the latencies.
 */
export async function loadTickets({ autocannon, url, players, connections, drawNo, seconds }) {
  let nextPlayer = 0;
  let acknowledged = 0;
  const refused = {};
  const bodies = Array.from({ length: 4_096 }, () => JSON.stringify({ gameCode: 'VN_MB', drawNo, bets: randomBets() }));
  let nextBody = 0;
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: '/house/lotto/api/tickets',
        setupRequest: (req, context) => {
          if (context.player === undefined) context.player = players[nextPlayer++ % players.length];
          return {
            ...req,
            headers: { cookie: context.player.cookie, 'content-type': 'application/json', 'user-agent': 'lotus-bench' },
            body: bodies[nextBody++ % bodies.length],
          };
        },
        onResponse: (status, body) => {
          if (status === 200 && body.includes('"ok":true')) acknowledged += 1;
          else {
            const key = /"error":"([^"]+)"/.exec(body)?.[1] ?? `http_${status}`;
            refused[key] = (refused[key] ?? 0) + 1;
          }
        },
      },
    ],
  });
  return {
    acknowledged,
    refused,
    errors: result.errors + result.timeouts,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}
