import fs from 'node:fs';
import path from 'node:path';
import { LOTTO_DRAW_STATUSES } from '@lotus/contracts/lottery';
import {
  confirmLottoResult,
  discardLottoResult,
  enterLottoResult,
  listLottoDraws,
  listLottoGames,
  moveLottoDraw,
  voidLottoDraw,
  type TOpsLottoDrawChange,
} from '@lotus/contracts/ops-lottery';
import { CliError, defineCommand, formatTable, intArg, refuseWords, UsageError, type CliContext } from '../../platform/cli/kit';
import { logPendingRequest } from '../ops/ops-site.cli';

/**
 * The lottery's operator commands (docs/adr/0096, docs/lottery.md "Operators"): the `/ops/lottery/*` endpoints, which
 * the platform forwards to the lottery vendor as the operator of the credential (the direct-mode command line as its
 * audit name).
 */

/** The game and draw words of a draw command, else the command's usage. */
function drawWords(positional: readonly string[], use: string): { gameCode: string; drawNo: string } {
  const [gameCode, drawNo, extra] = positional;
  if (!gameCode || !drawNo || extra !== undefined) throw new UsageError(`Use: ${use}`);
  // Sent as typed: the server checks both.
  return { gameCode, drawNo };
}

const done = (ctx: Pick<CliContext, 'log'>, c: TOpsLottoDrawChange, text: string) =>
  ctx.log(`${c.gameCode} ${c.drawNo}: ${text}${c.drawAt ? ` (draw time ${c.drawAt})` : ''}.`);

/**
 * A result file: the result JSON of docs/lottery.md, or a document holding it as `result` (the shape of the
 * lottery's fixtures: `{ format, draw, source, result }`). Relative paths are the caller's (npm runs scripts from the
 * repository's root; INIT_CWD is where `npm run` was typed).
 */
function readResultFile(file: string): Record<string, unknown> {
  const full = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  let text: string;
  try {
    text = fs.readFileSync(full, 'utf8');
  } catch (error) {
    throw new CliError(`Cannot read ${full}: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new CliError(`${full} is not valid JSON: ${(error as Error).message}`);
  }
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isObject(json)) throw new CliError(`${full} does not hold a result (a JSON object).`);
  return isObject(json.result) ? json.result : json;
}

const GAME_COLUMNS = ['gameCode', 'region', 'format', 'enabled', 'minStake', 'maxStake', 'exposureCap', 'rates', 'restricted'];
const DRAW_COLUMNS = ['drawNo', 'drawAt', 'closeAt', 'status', 'result', 'tickets', 'stakes', 'wins', 'unsettled', 'refunded'];

export const lotteryCommands = [
  defineCommand({
    name: 'lottery games',
    help: "the lottery's games: enabled, stakes, exposure cap, operators' rates (x100), restricted numbers",
    async run(ctx, { positional }) {
      refuseWords(positional);
      const { vendor, games } = await ctx.call(listLottoGames);
      ctx.log(`Lottery vendor ${vendor}:`);
      ctx.log(
        formatTable(
          games.map((g) => ({
            ...g,
            rates: Object.entries(g.rates)
              .map(([type, rate]) => `${type}=${rate}`)
              .join(' ') || 'default',
            restricted: g.restricted.length === 0 ? '-' : g.restricted.join(' '),
          })),
          GAME_COLUMNS,
        ),
      );
    },
  }),
  defineCommand({
    name: 'lottery draws',
    usage: `<game> [--status ${LOTTO_DRAW_STATUSES.join('|')}] [--limit N]`,
    help: "a game's draws: times, status, the result and who entered it, tickets, stakes and wins",
    options: ['status', 'limit'],
    async run(ctx, { positional, options }) {
      const [gameCode, extra] = positional;
      if (!gameCode || extra !== undefined) throw new UsageError(`Use: lottery draws <game> [--status ${LOTTO_DRAW_STATUSES.join('|')}] [--limit N]`);
      const limit = intArg(options.limit || undefined, { min: 1, max: 200, fallback: 50, message: '--limit takes 1-200' });
      // The status is sent as typed: the server checks it.
      const status = (options.status || undefined) as (typeof LOTTO_DRAW_STATUSES)[number] | undefined;
      const { draws } = await ctx.call(listLottoDraws, { params: { gameCode }, query: { status, limit } });
      ctx.log(
        formatTable(
          draws.map((d) => ({
            ...d,
            status: d.status === 'scheduled' && d.closed ? 'scheduled (closed)' : d.status,
            result: !d.result
              ? d.voidReason
                ? `void: ${d.voidReason}`
                : '-'
              : d.result.status === 'confirmed'
                ? `confirmed (entered by ${d.result.enteredByName ?? d.result.enteredBy})`
                : `entered by ${d.result.enteredByName ?? d.result.enteredBy}, waiting for a second operator`,
            tickets: d.tickets.count,
            stakes: d.tickets.stakes,
            wins: d.tickets.wins,
            unsettled: d.tickets.unsettled,
            refunded: d.tickets.refunded,
          })),
          DRAW_COLUMNS,
        ),
      );
    },
  }),
  defineCommand({
    name: 'lottery result set',
    usage: '<game> <draw> --file <result.json> [--source <text>]',
    help: "enter a closed draw's official result (docs/lottery.md format); a second operator confirms it",
    options: ['file', 'source'],
    async run(ctx, { positional, options }) {
      const use = 'lottery result set <game> <draw> --file <result.json> [--source <text>]';
      const draw = drawWords(positional, use);
      if (!options.file) throw new UsageError(`--file is required. Use: ${use}`);
      const result = readResultFile(options.file);
      const source = options.source || `file:${path.basename(options.file)}`;
      const c = await ctx.call(enterLottoResult, { params: draw, body: { result, source } });
      done(ctx, c, 'result entered; another operator confirms it (lottery result confirm) or discards it');
    },
  }),
  defineCommand({
    name: 'lottery result confirm',
    usage: '<game> <draw>',
    help: 'confirm the result another operator entered: the draw is resulted and settles',
    async run(ctx, { positional }) {
      const c = await ctx.call(confirmLottoResult, { params: drawWords(positional, 'lottery result confirm <game> <draw>') });
      done(ctx, c, 'result confirmed; the lottery settles the tickets');
    },
  }),
  defineCommand({
    name: 'lottery result discard',
    usage: '<game> <draw>',
    help: 'discard an entered, unconfirmed result so that it can be entered again',
    async run(ctx, { positional }) {
      const c = await ctx.call(discardLottoResult, { params: drawWords(positional, 'lottery result discard <game> <draw>') });
      done(ctx, c, 'entered result discarded');
    },
  }),
  defineCommand({
    name: 'lottery draw move',
    usage: '<game> <draw> --at <ISO time>',
    help: 'move a scheduled draw to a new draw time (its close and lock follow)',
    options: ['at'],
    async run(ctx, { positional, options }) {
      const use = 'lottery draw move <game> <draw> --at <ISO time>';
      const draw = drawWords(positional, use);
      if (!options.at) throw new UsageError(`--at is required. Use: ${use}`);
      const c = await ctx.call(moveLottoDraw, { params: draw, body: { drawAt: options.at } });
      done(ctx, c, 'draw moved');
    },
  }),
  defineCommand({
    name: 'lottery draw void',
    usage: '<game> <draw> --reason <text>',
    help: 'void a scheduled draw, refunding every ticket (four-eyes: a second operator approves)',
    options: ['reason'],
    async run(ctx, { positional, options }) {
      const use = 'lottery draw void <game> <draw> --reason <text>';
      const draw = drawWords(positional, use);
      if (!options.reason) throw new UsageError(`--reason is required. Use: ${use}`);
      const r = await ctx.call(voidLottoDraw, { params: draw, body: { reason: options.reason } });
      if ('approvalId' in r) return logPendingRequest(ctx, r);
      done(ctx, r, 'draw void; the lottery refunds its tickets');
    },
  }),
];
