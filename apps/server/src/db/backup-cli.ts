import path from 'node:path';
import { readEnv } from '../env';
import { BackupError, createBackup, restoreBackup, type BackupFigures } from './backup';

/**
 * `npm run db:backup -- <folder>` and `npm run db:restore -- <folder> [--no-owner] [--without-keys]`
 * (scripts/db-backup.mjs runs this file; docs/backup.md). The databases come from the environment, as for
 * the server: DATABASE_URL / HOUSE_DATABASE_URL, else the PGlite folders under DATA_DIR.
 * Exit codes: 0 done, 1 failed, 2 bad usage.
 */
const USAGE = [
  'Use: npm run db:backup -- <new folder>',
  '     npm run db:restore -- <backup folder> [--no-owner] [--without-keys]',
  '',
  'The databases are the ones the server would open: DATABASE_URL and HOUSE_DATABASE_URL (pg_dump -Fc, online),',
  'else DATA_DIR/pglite and DATA_DIR/house (only while the server is stopped). Keys are never in a backup:',
  'keep LOTUS_MASTER_KEY (or DATA_DIR/master.key) apart from it. docs/backup.md has the whole procedure.',
].join('\n');

class UsageError extends Error {}

const figuresText = (f: BackupFigures) =>
  `${f.members} members, ${f.ledgerTransactions} ledger transactions, ${f.ledgerEntries} entries, ` +
  `${f.auditRows} audit rows${f.houseRounds === null ? '' : `, ${f.houseRounds} house rounds`}`;

async function main(argv: string[]): Promise<number> {
  const [command, given, ...flags] = argv;
  if ((command !== 'backup' && command !== 'restore') || !given || given.startsWith('--'))
    throw new UsageError(USAGE);
  // npm runs scripts in the repository root: a relative folder is taken from where the command was typed.
  const folder = path.resolve(process.env.INIT_CWD ?? process.cwd(), given);
  const known = command === 'restore' ? ['--no-owner', '--without-keys'] : [];
  const unknown = flags.filter((f) => !known.includes(f));
  if (unknown.length > 0) throw new UsageError(`Unknown option ${unknown.join(' ')}\n\n${USAGE}`);
  const env = readEnv();
  const log = (line: string) => process.stdout.write(`${line}\n`);
  if (command === 'backup') {
    const manifest = await createBackup(env, folder, { log });
    for (const part of manifest.parts) log(`  ${part.file}: ${part.bytes} bytes, sha256 ${part.sha256}`);
    log(`Backed up ${figuresText(manifest.figures)} into ${folder}.`);
    if (manifest.keys.masterKeyIds.length > 0)
      log(
        `It needs master key ${manifest.keys.masterKeyIds.join(', ')} to be opened: that key is not in the backup; ` +
          'keep it (LOTUS_MASTER_KEY or DATA_DIR/master.key) backed up apart.',
      );
    return 0;
  }
  const result = await restoreBackup(env, folder, {
    log,
    noOwner: flags.includes('--no-owner'),
    withoutKeys: flags.includes('--without-keys'),
  });
  for (const warning of result.warnings) process.stderr.write(`Warning: ${warning}\n`);
  log(`Restored ${figuresText(result.figures)}, as in the backup of ${result.manifest.createdAt}.`);
  log('Next: start the server, then run `npm run ops -- ledger:verify` and `npm run ops -- audit verify`.');
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`${error instanceof BackupError ? '' : 'db: '}${message}\n`);
    process.exit(1);
  },
);
