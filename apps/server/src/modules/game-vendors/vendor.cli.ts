import {
  VENDOR_STATUSES,
  addVendor,
  listVendorRegistry,
  rotateVendorSecret,
  setVendorStatus,
  type TOpsVendorRow,
  type TVendorStatus,
} from '@lotus/contracts/vendor';
import { defineCommand, formatTable, refuseWords, UsageError } from '../../platform/cli/kit';

/**
 * The game vendor registry (docs/vendor-protocol.md section 8). `vendors ...` is another command: the home
 * page's display list (content).
 */
const COLUMNS = ['code', 'name', 'walletMode', 'status', 'currency', 'gameTypes', 'launchUrl', 'updatedAt'];
const rowOf = (vendor: TOpsVendorRow) => ({ ...vendor, gameTypes: vendor.gameTypes.join(',') });

export const vendorCommands = [
  defineCommand({
    name: 'vendor list',
    help: 'game vendor registry (wallet protocol; never secrets)',
    async run(ctx) {
      ctx.log(formatTable((await ctx.call(listVendorRegistry)).map(rowOf), COLUMNS));
    },
  }),
  defineCommand({
    name: 'vendor add',
    usage:
      '<CODE> --name <name> --launch-url <url> [--game-types SLOT,LIVE] [--mode seamless|transfer]\n' +
      '             [--api-base-url <url>] [--currency THB] [--status active|maintenance|disabled]',
    help: 'a vendor and its signing secret (printed ONCE)',
    options: ['name', 'launch-url', 'game-types', 'mode', 'api-base-url', 'currency', 'status'],
    async run(ctx, { positional: [code, ...more], options: o }) {
      if (!code) {
        throw new UsageError(
          'Use: vendor add <CODE> --name <name> --launch-url <url> [--game-types A,B] [--mode seamless|transfer] [--api-base-url <url>] [--currency THB] [--status S]',
        );
      }
      refuseWords(more);
      if (!o.name || !o['launch-url']) throw new UsageError('vendor add needs --name and --launch-url');
      // Mode and status are sent as typed: the server checks them.
      const created = await ctx.call(addVendor, {
        body: {
          code,
          name: o.name,
          launchUrl: o['launch-url'],
          ...(o['game-types'] ? { gameTypes: o['game-types'].split(',').map((g) => g.trim()).filter(Boolean) } : {}),
          ...(o.mode ? { walletMode: o.mode as 'seamless' | 'transfer' } : {}),
          ...(o['api-base-url'] ? { apiBaseUrl: o['api-base-url'] } : {}),
          ...(o.currency ? { currency: o.currency } : {}),
          ...(o.status ? { status: o.status as TVendorStatus } : {}),
        },
      });
      ctx.log(formatTable([rowOf(created.vendor)], COLUMNS));
      ctx.log(`Added vendor ${created.vendor.code}. Its signing secret is shown this once; give it to the vendor over a safe channel:`);
      ctx.log(created.secret);
    },
  }),
  defineCommand({
    name: 'vendor set-status',
    usage: `<CODE> ${VENDOR_STATUSES.join('|')}`,
    help: '',
    async run(ctx, { positional: [code, status] }) {
      const known = VENDOR_STATUSES.find((s) => s === status);
      if (!code || !known) throw new UsageError(`Use: vendor set-status <CODE> ${VENDOR_STATUSES.join('|')}`);
      const row = await ctx.call(setVendorStatus, { params: { code }, body: { status: known } });
      ctx.log(`Vendor ${row.code} is now ${row.status} (applies on every instance within 5 seconds).`);
    },
  }),
  defineCommand({
    name: 'vendor rotate-secret',
    usage: '<CODE>',
    help: 'a new signing secret (printed ONCE; the old one stops working)',
    async run(ctx, { positional: [code] }) {
      if (!code) throw new UsageError('Use: vendor rotate-secret <CODE>');
      const rotated = await ctx.call(rotateVendorSecret, { params: { code } });
      ctx.log(`Vendor ${rotated.vendor.code} has a new signing secret (the old one stops working within 5 seconds). It is shown this once:`);
      ctx.log(rotated.secret);
    },
  }),
];
