import { readEnv } from '../env';
import { readOpsFile, writeOpsFile } from '../modules/ops/ops.credentials';
import { CliError, UsageError } from '../platform/cli/kit';
import { connect } from './connect';
import { dispatch, findCommand, groupUsage, isHelpRequest, usageText } from './dispatch';
import { OPS_COMMANDS } from './module-commands';

/**
 * `npm run ops -- <command>` (scripts/ops.mjs runs this file). Exit codes: 0 done, 1 failed, 2 bad usage.
 * The command is found and its words checked before anything connects: a mistake costs no database.
 */
async function main(argv: string[]): Promise<number> {
  const direct = argv[0] === '--direct';
  const words = direct ? argv.slice(1) : argv;
  if (isHelpRequest(OPS_COMMANDS, words)) {
    process.stdout.write(`${usageText(OPS_COMMANDS)}\n`);
    return 0;
  }
  if (!findCommand(OPS_COMMANDS, words)) {
    const group = groupUsage(OPS_COMMANDS, words[0]);
    throw new UsageError(group ? `Use: ${group}` : `Unknown command ${words[0]}`);
  }
  const env = readEnv();
  const connection = await connect(env, { direct });
  try {
    return await dispatch(OPS_COMMANDS, {
      ...connection,
      log: (text) => process.stdout.write(`${text}\n`),
      // The URL stays the server's (the one in ops.json, else the default public port).
      saveToken: (token) =>
        writeOpsFile(env.DATA_DIR, { url: readOpsFile(env.DATA_DIR)?.url ?? `http://localhost:${env.OPS_PORT ?? env.PORT}`, token }),
    }, words);
  } finally {
    await connection.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n\n${usageText(OPS_COMMANDS)}\n`);
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
