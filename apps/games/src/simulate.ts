import type { CompiledGame } from './compile';
import { createFastPlayer, type BetSummary } from './engine';
import { createFastHmac } from './fast-hmac';

/**
 * The simulator: plays bets with the provably fair RNG (server seed, client seed, nonces first..first+n-1),
 * exactly as the verify route would replay them, and measures the return. Deterministic for its seeds.
 */

/** Two-sided 99 % normal quantile. */
export const Z99 = 2.5758293035489;

export type SimulationOptions = {
  spins: number;
  serverSeed: string;
  clientSeed: string;
  firstNonce?: number;
};

export type SimulationReport = {
  spins: number;
  /** Measured return per unit of total bet and its 99 % confidence interval. */
  rtp: number;
  ci99: [number, number];
  hitRate: number;
  /** Measured standard deviation of a bet's win per unit of total bet. */
  sd: number;
  triggers: number;
  freeSpins: number;
  /** Largest win of one bet, in total bets. */
  maxWin: number;
};

export function simulate(game: CompiledGame, options: SimulationOptions): SimulationReport {
  const { spins, serverSeed, clientSeed, firstNonce = 0 } = options;
  const hmac = createFastHmac(serverSeed);
  const play = createFastPlayer(game);
  // The message `<clientSeed>:<nonce>:<round>` in a reusable buffer.
  const prefix = Buffer.from(`${clientSeed}:`, 'utf8');
  const message = new Uint8Array(prefix.length + 48);
  message.set(prefix);
  const digits = new Uint8Array(20);
  let nonceEnd = 0;
  const writeNumber = (value: number, at: number) => {
    let n = 0;
    do {
      digits[n++] = 48 + (value % 10);
      value = Math.floor(value / 10);
    } while (value > 0);
    for (let i = 0; i < n; i++) message[at + i] = digits[n - 1 - i]!;
    return at + n;
  };
  const words = new Uint32Array(8);
  let round = -1;
  const word = (index: number) => {
    const r = index >>> 3;
    if (r !== round) {
      round = r;
      const end = writeNumber(r, nonceEnd);
      hmac.digest(message, end, words);
    }
    return words[index & 7]!;
  };
  const out: BetSummary = { win: 0, baseWin: 0, freeSpins: 0, triggered: false };
  let sum = 0;
  let sumSq = 0;
  let hits = 0;
  let triggers = 0;
  let freeSpins = 0;
  let maxWin = 0;
  for (let i = 0; i < spins; i++) {
    nonceEnd = writeNumber(firstNonce + i, prefix.length);
    message[nonceEnd++] = 58; // ':'
    round = -1;
    const win = play(word, out);
    sum += win;
    sumSq += win * win;
    if (out.baseWin > 0 || out.triggered) hits++;
    if (out.triggered) triggers++;
    freeSpins += out.freeSpins;
    if (win > maxWin) maxWin = win;
  }
  const lines = game.lines;
  const mean = sum / spins / lines;
  const sd = Math.sqrt(Math.max(0, sumSq / spins / (lines * lines) - mean * mean));
  const half = (Z99 * sd) / Math.sqrt(spins);
  return {
    spins,
    rtp: mean,
    ci99: [mean - half, mean + half],
    hitRate: hits / spins,
    sd,
    triggers,
    freeSpins,
    maxWin: maxWin / lines,
  };
}
