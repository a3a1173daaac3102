import { readEnv } from '../env';
import { CliError, connect } from './client';
import { USAGE, UsageError, isHelpRequest, runCommand } from './commands';

/**
 * `npm run ops -- <command>` (scripts/ops.mjs runs this file). Exit codes: 0 done, 1 failed,
 * 2 bad usage.
 */
async function main(argv: string[]): Promise<number> {
  if (isHelpRequest(argv)) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const env = readEnv();
  const client = await connect(env);
  try {
    return await runCommand(client, argv, { log: (text) => process.stdout.write(`${text}\n`) });
  } finally {
    await client.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n\n${USAGE}\n`);
      process.exit(2);
    }
    if (error instanceof CliError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    process.stderr.write(`ops failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
