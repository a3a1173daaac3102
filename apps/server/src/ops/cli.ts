import { readEnv } from '../env';
import { readOpsFile, writeOpsFile } from '../modules/ops/ops.credentials';
import { CliError as KitCliError, UsageError as KitUsageError } from '../platform/cli/kit';
import { CliError, connect as connectLegacy } from './client';
import { USAGE, UsageError, isHelpRequest, runCommand } from './commands';
import { connect } from './connect';
import { dispatch, findCommand } from './dispatch';
import { OPS_COMMANDS } from './module-commands';

/**
 * `npm run ops -- <command>` (scripts/ops.mjs runs this file). Exit codes: 0 done, 1 failed,
 * 2 bad usage.
 */
async function main(argv: string[]): Promise<number> {
  if (isHelpRequest(argv[0] === '--direct' ? argv.slice(1) : argv)) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const direct = argv[0] === '--direct';
  const args = direct ? argv.slice(1) : argv;
  const env = readEnv();
  // The URL stays the server's (the one in ops.json, else the default public port).
  const saveToken = (token: string) =>
    writeOpsFile(env.DATA_DIR, { url: readOpsFile(env.DATA_DIR)?.url ?? `http://localhost:${env.OPS_PORT ?? env.PORT}`, token });
  const log = (text: string) => process.stdout.write(`${text}\n`);
  if (findCommand(OPS_COMMANDS, args)) {
    const connection = await connect(env, { direct });
    try {
      return await dispatch(OPS_COMMANDS, { ...connection, log, saveToken }, args);
    } finally {
      await connection.close();
    }
  }
  const client = await connectLegacy(env, { direct });
  try {
    return await runCommand(client, args, { log, saveToken });
  } finally {
    await client.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError || error instanceof KitUsageError) {
      process.stderr.write(`${error.message}\n\n${USAGE}\n`);
      process.exit(2);
    }
    if (error instanceof CliError || error instanceof KitCliError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    process.stderr.write(`ops failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
