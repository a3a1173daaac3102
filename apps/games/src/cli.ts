import path from 'node:path';
import { parseArgs } from 'node:util';
import { compileGame, type CompiledGame } from './compile';
import { FIGURES_FILE, storedFigures, writeFigures } from './figures';
import { computeRtp } from './rtp';
import { simulate } from './simulate';
import { loadDefinitionFile, loadTitles } from './titles';

/**
 * `npm run games -- rtp <definition.json>`: exact RTP by full-cycle enumeration (rtp.ts).
 * `npm run games -- simulate <definition.json> --spins N --seed S [--client-seed C]`: measured RTP with
 * the provably fair RNG (server seed S, client seed C, nonces 0..N-1).
 * `npm run games -- figures [--write]`: the titles' published RTP and volatility (figures.ts): checks that
 * figures.json is current, or computes and writes it.
 */

const USAGE = `usage:
  npm run games -- rtp <definition.json>
  npm run games -- simulate <definition.json> --spins N --seed S [--client-seed C]
  npm run games -- figures [--write]`;

const pct = (x: number, digits = 4) => `${(x * 100).toFixed(digits)} %`;
const int = (n: number) => n.toLocaleString('en-US');
const oneIn = (p: number) => (p > 0 ? `1 in ${(1 / p).toFixed(2)}` : 'never');

function header(game: CompiledGame): string[] {
  const d = game.definition;
  return [
    `${d.name.en} / ${d.name.th} (${d.code}), volatility ${d.volatility}`,
    `${d.reels} reels x ${d.rows} rows, ${game.lines} lines, total bet = ${game.lines} line bets` +
      (d.freeSpins ? `, free games x${d.freeSpins.multiplier}` : ''),
  ];
}

function runRtp(file: string): void {
  const game = compileGame(loadDefinitionFile(file));
  const started = performance.now();
  const r = computeRtp(game);
  const seconds = (performance.now() - started) / 1000;
  const lengths = (set: 'base' | 'free') => Array.from(game[set].lengths).join(' x ');
  const out = [
    ...header(game),
    `full cycle: base ${lengths('base')} = ${int(r.cycles.base)} stops` +
      (r.cycles.free ? `; free ${lengths('free')} = ${int(r.cycles.free)} stops` : ''),
    `RTP                ${pct(r.rtp)}`,
    `  base lines       ${pct(r.baseLines)}`,
    `  base scatter     ${pct(r.baseScatter)}`,
    `  free games       ${pct(r.freeGames)}`,
    `hit rate           ${pct(r.hitRate, 2)} (${oneIn(r.hitRate)}; a base spin that pays or triggers free games)`,
    `volatility         SD ${r.sd.toFixed(3)} per unit bet (exact, free games included)`,
  ];
  if (r.cycles.free)
    out.push(
      `free spins         trigger ${oneIn(r.triggerRate)} spins; ${r.freeSpinsPerTrigger.toFixed(3)} free spins per trigger`,
      `                   retrigger ${pct(r.retriggerRate, 3)} of free spins (+${r.retriggerMean.toFixed(4)} spins each, geometric series 1/(1-${r.retriggerMean.toFixed(4)}))`,
      `                   a free spin is worth ${pct(r.freeSpinValue, 3)} of the total bet before x${r.multiplier}`,
    );
  out.push(`time               ${seconds.toFixed(2)} s`);
  console.log(out.join('\n'));
}

function runSimulate(file: string, spins: number, serverSeed: string, clientSeed: string): void {
  const game = compileGame(loadDefinitionFile(file));
  const started = performance.now();
  const r = simulate(game, { spins, serverSeed, clientSeed });
  const seconds = (performance.now() - started) / 1000;
  console.log(
    [
      ...header(game),
      `spins              ${int(spins)} (server seed "${serverSeed}", client seed "${clientSeed}", nonces 0..${spins - 1})`,
      `RTP                ${pct(r.rtp)}, 99 % interval ${pct(r.ci99[0])} .. ${pct(r.ci99[1])} (+/- ${pct((r.ci99[1] - r.ci99[0]) / 2)})`,
      `hit rate           ${pct(r.hitRate, 2)} (${oneIn(r.hitRate)})`,
      `volatility         SD ${r.sd.toFixed(3)} per unit bet (measured)`,
      `free spins         ${int(r.triggers)} triggers (${oneIn(r.triggers / spins)} spins), ${int(r.freeSpins)} free spins played`,
      `largest win        ${r.maxWin.toFixed(2)} x total bet`,
      `time               ${seconds.toFixed(2)} s (${int(Math.round(spins / seconds))} spins/s)`,
    ].join('\n'),
  );
}

/** Checks figures.json against the titles (exit 1 when a title has none or stale ones), or writes it anew. */
function runFigures(write: boolean): number {
  const titles = loadTitles();
  if (write) {
    const started = performance.now();
    const written = writeFigures(titles);
    for (const [code, f] of Object.entries(written)) console.log(`${code.padEnd(24)} RTP ${f.rtp} %   volatility SD ${f.volatility}`);
    console.log(`written to ${path.relative(process.cwd(), FIGURES_FILE)} in ${((performance.now() - started) / 1000).toFixed(2)} s`);
    return 0;
  }
  const { figures, stale } = storedFigures(titles);
  for (const [code, f] of figures) console.log(`${code.padEnd(24)} RTP ${f.rtp} %   volatility SD ${f.volatility}`);
  for (const code of stale) console.log(`${code.padEnd(24)} no current figures: run npm run games -- figures --write`);
  return stale.length === 0 ? 0 : 1;
}

function main(argv: string[]): number {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { spins: { type: 'string' }, seed: { type: 'string' }, 'client-seed': { type: 'string' }, write: { type: 'boolean' } },
  });
  const [command, fileArg] = positionals;
  if (command === 'figures' && !fileArg) return runFigures(values.write === true);
  if (!fileArg || (command !== 'rtp' && command !== 'simulate')) {
    console.error(USAGE);
    return 2;
  }
  // npm runs scripts from the root: resolve the path from where the command was typed.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), fileArg);
  if (command === 'rtp') {
    runRtp(file);
    return 0;
  }
  const spins = Number(values.spins ?? '1000000');
  if (!Number.isSafeInteger(spins) || spins < 1) {
    console.error('--spins must be a positive integer');
    return 2;
  }
  if (!values.seed) {
    console.error('--seed is required (the server seed, so the run can be repeated)');
    return 2;
  }
  runSimulate(file, spins, values.seed, values['client-seed'] ?? 'lotus-simulator');
  return 0;
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
