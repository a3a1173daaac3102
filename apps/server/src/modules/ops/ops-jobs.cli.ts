import { listFailedJobs } from '@lotus/contracts/ops-jobs';
import { defineCommand, formatTableWide, intArg } from '../../platform/cli/kit';

/** The job engine's dead letters from the command line. */
export const opsJobCommands = [
  defineCommand({
    name: 'jobs failed',
    usage: '[limit]',
    help: 'dead letters: jobs that failed after their last attempt',
    async run(ctx, { positional }) {
      const limit = intArg(positional[0], { min: 1, max: 1000, fallback: 20, message: 'limit is a number from 1 to 1000' });
      ctx.log(formatTableWide(await ctx.call(listFailedJobs, { query: { limit } }), ['failedAt', 'queue', 'attempts', 'id', 'error']));
    },
  }),
];
