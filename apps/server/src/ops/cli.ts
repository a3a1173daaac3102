import { readEnv } from '../env';
import { readOpsFile, writeOpsFile } from '../modules/ops/ops.credentials';
import { CliError, connect } from './client';
import { USAGE, UsageError, isHelpRequest, runCommand } from './commands';

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
  const client = await connect(env, { direct });
  try {
    return await runCommand(client, args, {
      log: (text) => process.stdout.write(`${text}\n`),
      // The URL stays the server's (the one in ops.json, else the default public port).
      saveToken: (token) =>
        writeOpsFile(env.DATA_DIR, { url: readOpsFile(env.DATA_DIR)?.url ?? `http://localhost:${env.OPS_PORT ?? env.PORT}`, token }),
    });
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
