import { GAME_STATUSES, listCatalogueGames, OPS_GAME_SORT_MAX, setGameOverrides, type TOpsGameOverride } from '@lotus/contracts/catalogue';
import { defineCommand, formatTable, intArg, refuseWords, UsageError } from '../../platform/cli/kit';

/** The games the vendors published and the operators' overrides (docs/adr/0037-game-catalogue.md). */
const COLUMNS = ['nodeId', 'vendor', 'gameCode', 'gameType', 'nameEn', 'minBet', 'lines', 'status', 'isHot', 'freePlay', 'opsStatus', 'opsHot', 'sort', 'opsSort', 'rtp'];

/** `catalogue set-status|set-hot <nodeId> <value>`: the override each value stands for (`vendor`: none). */
const overrideCommand = (name: 'set-status' | 'set-hot', values: Record<string, TOpsGameOverride>, help: string) =>
  defineCommand({
    name: `catalogue ${name}`,
    usage: `<nodeId> ${Object.keys(values).join('|')}`,
    help,
    async run(ctx, { positional: [id, value] }) {
      const nodeId = Number(id);
      const override = value !== undefined && Object.hasOwn(values, value) ? values[value] : undefined;
      if (!Number.isInteger(nodeId) || nodeId < 1 || !override) {
        throw new UsageError(`Use: catalogue ${name} <nodeId> ${Object.keys(values).join('|')}`);
      }
      ctx.log(formatTable([await ctx.call(setGameOverrides, { params: { nodeId }, body: override })], COLUMNS));
    },
  });

export const catalogueCommands = [
  defineCommand({
    name: 'catalogue list',
    usage: `[--vendor <CODE>] [--status ${GAME_STATUSES.join('|')}] [--limit N]`,
    help: 'games the vendors published (their values and the overrides)',
    options: ['vendor', 'status', 'limit'],
    async run(ctx, { positional, options }) {
      refuseWords(positional);
      const limit = intArg(options.limit || undefined, { min: 1, max: 1000, fallback: 100, message: '--limit takes 1-1000' });
      // Vendor and status are sent as typed: the server checks them.
      const status = (options.status || undefined) as (typeof GAME_STATUSES)[number] | undefined;
      const rows = await ctx.call(listCatalogueGames, { query: { limit, vendor: options.vendor || undefined, status } });
      ctx.log(formatTable(rows, COLUMNS));
    },
  }),
  overrideCommand(
    'set-status',
    { maintenance: { opsStatus: 'MAINTENANCE' }, hidden: { opsStatus: 'HIDDEN' }, vendor: { opsStatus: null } },
    "override a game's status (vendor: the vendor's own again)",
  ),
  overrideCommand('set-hot', { on: { opsHot: true }, off: { opsHot: false }, vendor: { opsHot: null } }, "override a game's hot flag"),
  defineCommand({
    name: 'catalogue set-sort',
    usage: `<nodeId> <0-${OPS_GAME_SORT_MAX}>|vendor`,
    help: "set a game's place in the lists (0 first) instead of the vendor's (vendor: the vendor's own again; docs/adr/0083)",
    async run(ctx, { positional: [id, value] }) {
      const nodeId = Number(id);
      // The position is sent as typed (a number): the server checks its range.
      const opsSort = value === 'vendor' ? null : value !== undefined && /^[0-9]{1,9}$/.test(value) ? Number(value) : undefined;
      if (!Number.isInteger(nodeId) || nodeId < 1 || opsSort === undefined) {
        throw new UsageError(`Use: catalogue set-sort <nodeId> <0-${OPS_GAME_SORT_MAX}>|vendor`);
      }
      ctx.log(formatTable([await ctx.call(setGameOverrides, { params: { nodeId }, body: { opsSort } })], COLUMNS));
    },
  }),
];
