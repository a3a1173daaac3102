import { listServerKeys, retireServerKey, rewrapServerKeys, rotateServerKey } from '@lotus/contracts/ops-keys';
import { defineCommand, formatTable, UsageError } from '../../platform/cli/kit';

/** The server keys from the command line (security #20, docs/adr/0023); never their material. */
const KEY_COLUMNS = ['kid', 'purpose', 'state', 'algorithm', 'createdAt', 'wrappedUnder'];

export const opsKeyCommands = [
  defineCommand({
    name: 'keys list',
    help: 'server keys: kid, purpose, state, master key they are wrapped under',
    async run(ctx) {
      ctx.log(formatTable(await ctx.call(listServerKeys), KEY_COLUMNS));
    },
  }),
  defineCommand({
    name: 'keys rotate',
    help: 'a new enc key pair becomes current (previous kids still decrypt)',
    async run(ctx) {
      const key = await ctx.call(rotateServerKey);
      ctx.log(formatTable([key], KEY_COLUMNS));
      ctx.log(`${key.kid} is now the current enc key; previous kids still decrypt until you retire them (keys retire <kid>).`);
    },
  }),
  defineCommand({
    name: 'keys retire',
    usage: '<kid>',
    help: 'delete a previous enc key (bodies under it stop opening)',
    async run(ctx, { positional }) {
      const kid = positional[0];
      if (!kid) throw new UsageError('Use: keys retire <kid>');
      const key = await ctx.call(retireServerKey, { params: { kid } });
      ctx.log(`${key.kid} is retired: bodies encrypted under it no longer open.`);
    },
  }),
  defineCommand({
    name: 'keys rewrap',
    help: 'wrap every key under LOTUS_MASTER_KEY (old key in LOTUS_MASTER_KEY_PREVIOUS)',
    async run(ctx) {
      const r = await ctx.call(rewrapServerKeys);
      ctx.log(`Wrapped ${r.wrapped} key(s) stored in clear, re-wrapped ${r.rewrapped} from the previous master key; ${r.unchanged} already under the current one.`);
    },
  }),
];
