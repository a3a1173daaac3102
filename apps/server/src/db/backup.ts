import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { seedKeyFromMasterKey, seedKeyId } from '@lotus/games/seed-vault';
import pg from 'pg';
import type { Env } from '../env';
import { ensurePrivateDir, withPrivateFiles, writePrivateFile } from '../lib/data-dir';
import { masterKeyPath, resolveMasterKeys } from '../platform/keys/master-key';
import { masterKeyId } from '../platform/keys/server-keys';
import { acquireDataLock } from './data-lock';

/**
 * `npm run db:backup` / `npm run db:restore` (docs/backup.md, docs/adr/0088): both databases, the
 * platform's and the house vendor's, wherever the environment puts them (the same rule as server.ts
 * and house.ts):
 * - PostgreSQL (DATABASE_URL, HOUSE_DATABASE_URL): `pg_dump -Fc` under a snapshot exported by a
 *   repeatable-read transaction, so the figures written beside the dump are read in the very snapshot
 *   the dump holds; online, the server keeps serving. Restored with `pg_restore` into an empty database.
 * - PGlite (the embedded demo: DATA_DIR/pglite, DATA_DIR/house): only while the server is stopped (the
 *   data lock, data-lock.ts, says who holds the folder): each folder opened alone and written with PGlite's
 *   `dumpDataDir` (a gzip tarball of the data folder); restored with `loadDataDir` into an empty folder.
 * The keys are never in a backup: the manifest names which master key (and house seed key) the data needs,
 * by id, and a restore refuses an environment without it.
 */

export const BACKUP_FORMAT = 'lotus-backup/1';
export const MANIFEST_FILE = 'manifest.json';

export type DatabaseKind = 'postgres' | 'pglite';

export type BackupPart = {
  /** `platform`: the platform's database; `house`: the house vendor's, when it is a database of its own. */
  name: 'platform' | 'house';
  kind: DatabaseKind;
  /** The file in the backup folder. */
  file: string;
  bytes: number;
  sha256: string;
};

/** Figures read in the backup's own snapshot, compared after a restore. */
export type BackupFigures = {
  members: number;
  ledgerTransactions: number;
  ledgerEntries: number;
  auditRows: number;
  /** The hash of the newest operator audit row (the chain's head), null when there is none. */
  auditHead: string | null;
  /** The house's rounds, null when the backup holds no house tables. */
  houseRounds: number | null;
};

export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  parts: BackupPart[];
  /** True when the house's tables (house_*) are inside the platform's dump (one shared PostgreSQL database). */
  houseInPlatform: boolean;
  figures: BackupFigures;
  /**
   * Which keys the data needs, by public id (never the key): the master keys that wrapped server_keys (and
   * so every sealed secret and the audit chain's MACs), and the house seed keys of the unrevealed seed pairs.
   */
  keys: { masterKeyIds: string[]; houseSeedKeyIds: string[] };
};

export class BackupError extends Error {}

type Log = (line: string) => void;

/** Where each database of this environment lives (the rule of server.ts and house.ts `mountHouse`). */
export function databasesOf(env: Pick<Env, 'DATABASE_URL' | 'HOUSE_DATABASE_URL' | 'DATA_DIR'>) {
  const platform = env.DATABASE_URL
    ? ({ kind: 'postgres', url: env.DATABASE_URL } as const)
    : ({ kind: 'pglite', dir: path.join(env.DATA_DIR, 'pglite') } as const);
  const houseUrl = env.HOUSE_DATABASE_URL ?? env.DATABASE_URL;
  const house = houseUrl
    ? houseUrl === env.DATABASE_URL
      ? ({ kind: 'in-platform' } as const)
      : ({ kind: 'postgres', url: houseUrl } as const)
    : ({ kind: 'pglite', dir: path.join(env.DATA_DIR, 'house') } as const);
  return { platform, house };
}

type Query = (text: string) => Promise<Record<string, unknown>[]>;

const exists = async (q: Query, table: string) =>
  (await q(`select to_regclass('${table}') is not null as present`))[0]!.present === true;
const count = async (q: Query, table: string) =>
  (await exists(q, table)) ? Number((await q(`select count(*)::bigint as n from ${table}`))[0]!.n) : 0;

async function platformFigures(
  q: Query,
): Promise<Omit<BackupFigures, 'houseRounds'> & { masterKeyIds: string[] }> {
  const auditHead = (await exists(q, 'public.ops_audit_log'))
    ? (((await q('select hash from ops_audit_log order by seq desc limit 1'))[0]?.hash as
        string | undefined) ?? null)
    : null;
  // "w1.<master key id>.<iv>.<ciphertext>" (server-keys.ts): the ids of the keys that wrapped the rows.
  const masterKeyIds = (await exists(q, 'public.server_keys'))
    ? (
        await q(
          `select distinct split_part(private_key, '.', 2) as id from server_keys where private_key like 'w1.%' order by 1`,
        )
      ).map((r) => String(r.id))
    : [];
  return {
    members: await count(q, 'public.members'),
    ledgerTransactions: await count(q, 'public.ledger_transactions'),
    ledgerEntries: await count(q, 'public.ledger_entries'),
    auditRows: await count(q, 'public.ops_audit_log'),
    auditHead,
    masterKeyIds,
  };
}

async function houseFigures(q: Query): Promise<{ houseRounds: number | null; houseSeedKeyIds: string[] }> {
  if (!(await exists(q, 'public.house_rounds'))) return { houseRounds: null, houseSeedKeyIds: [] };
  const ids = await q(
    `select distinct seed_key_id as id from house_seed_pairs where status <> 'revealed' and seed_key_id is not null order by 1`,
  );
  return {
    houseRounds: await count(q, 'public.house_rounds'),
    houseSeedKeyIds: ids.map((r) => String(r.id)),
  };
}

// ---------- running pg_dump and pg_restore ----------

/** The URL without its password, and the password for PGPASSWORD: a password never shows in the process list. */
function connectionOf(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return {
    dbname: u.toString(),
    env: password ? { ...process.env, PGPASSWORD: password } : { ...process.env },
  };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-4000);
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          error.code === 'ENOENT'
            ? `${command} was not found on PATH: install the PostgreSQL client of the server's major version or newer (Debian: postgresql-client)`
            : `${command} did not start: ${error.message}`,
        ),
      ),
    );
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${command} failed (${signal ?? `exit ${code}`}): ${stderr.trim()}`));
    });
  });
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * `pg_dump -Fc` of one PostgreSQL database under an exported snapshot, and `read` run in the same snapshot:
 * what the figures say is exactly what the dump holds, however busy the server is meanwhile.
 */
async function dumpPostgres<T>(url: string, file: string, read: (q: Query) => Promise<T>): Promise<T> {
  return withClient(url, async (client) => {
    const q: Query = async (text) => (await client.query(text)).rows as Record<string, unknown>[];
    await client.query('begin isolation level repeatable read read only');
    const snapshot = String((await q('select pg_export_snapshot() as s'))[0]!.s);
    const figures = await read(q);
    const { dbname, env } = connectionOf(url);
    await run(
      'pg_dump',
      ['--format=custom', `--snapshot=${snapshot}`, `--file=${file}`, `--dbname=${dbname}`],
      env,
    );
    await client.query('commit');
    fs.chmodSync(file, 0o600);
    return figures;
  });
}

/** Tables of a database outside PostgreSQL's own schemas: a restore goes only into a database without any. */
async function userTables(url: string): Promise<number> {
  return withClient(url, async (client) => {
    const { rows } =
      await client.query(`select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'`);
    return Number(rows[0].n);
  });
}

async function restorePostgres(url: string, file: string, options: { noOwner: boolean }): Promise<void> {
  const tables = await userTables(url);
  if (tables > 0)
    throw new BackupError(
      `the target database ${redacted(url)} already has ${tables} tables: restore into a new, empty database (createdb), never over a live one`,
    );
  const { dbname, env } = connectionOf(url);
  // One transaction: a restore that fails halfway leaves the database empty, not half restored.
  const args = ['--exit-on-error', '--single-transaction', `--dbname=${dbname}`];
  if (options.noOwner) args.push('--no-owner', '--no-privileges');
  await run('pg_restore', [...args, file], env);
}

const redacted = (url: string) => {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
};

async function readPostgres<T>(url: string, read: (q: Query) => Promise<T>): Promise<T> {
  return withClient(url, (client) =>
    read(async (text) => (await client.query(text)).rows as Record<string, unknown>[]),
  );
}

// ---------- PGlite folders ----------

const hasCluster = (dir: string) => fs.existsSync(path.join(dir, 'PG_VERSION'));

/** Opens a stopped PGlite folder alone (the caller holds the data lock), runs `use`, closes it. */
async function withPglite<T>(dir: string, use: (client: PGlite) => Promise<T>, load?: Blob): Promise<T> {
  const client = await withPrivateFiles(dir, () =>
    PGlite.create(load ? { dataDir: dir, loadDataDir: load } : { dataDir: dir }),
  );
  try {
    return await use(client);
  } finally {
    await client.close();
  }
}
const pgliteQuery =
  (client: PGlite): Query =>
  async (text) =>
    (await client.query<Record<string, unknown>>(text)).rows;

/** A gzip tarball of a PGlite data folder (PGlite's `dumpDataDir`) and `read` on the same open database. */
async function dumpPglite<T>(dir: string, file: string, read: (q: Query) => Promise<T>): Promise<T> {
  return withPglite(dir, async (client) => {
    const figures = await read(pgliteQuery(client));
    const tarball = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
    fs.writeFileSync(file, tarball, { mode: 0o600 });
    return figures;
  });
}

// ---------- backup ----------

const sha256File = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

function partOf(folder: string, name: BackupPart['name'], kind: DatabaseKind, file: string): BackupPart {
  const full = path.join(folder, file);
  return { name, kind, file, bytes: fs.statSync(full).size, sha256: sha256File(full) };
}

/** An empty or new folder for a backup, 0700. */
function prepareFolder(folder: string) {
  if (fs.existsSync(folder) && fs.readdirSync(folder).length > 0)
    throw new BackupError(`${folder} is not empty: a backup goes into a new folder`);
  ensurePrivateDir(folder);
}

/**
 * Backs up both databases of `env` into `folder` (new or empty): one file per database and manifest.json.
 * On PGlite it takes the data lock first: it refuses while the server (or another command) holds the folder.
 */
export async function createBackup(
  env: Env,
  folder: string,
  options: { log?: Log } = {},
): Promise<BackupManifest> {
  const log = options.log ?? (() => undefined);
  const where = databasesOf(env);
  prepareFolder(folder);
  let release = () => {};
  if (where.platform.kind === 'pglite' || where.house.kind === 'pglite')
    release = acquireDataLock(env.DATA_DIR, 'npm run db:backup');
  try {
    const parts: BackupPart[] = [];
    let platform: Awaited<ReturnType<typeof platformFigures>>;
    let house: Awaited<ReturnType<typeof houseFigures>> = { houseRounds: null, houseSeedKeyIds: [] };
    const both = async (q: Query) => ({ platform: await platformFigures(q), house: await houseFigures(q) });
    if (where.platform.kind === 'postgres') {
      log(`Dumping the platform's PostgreSQL database (${redacted(where.platform.url)}) with pg_dump -Fc...`);
      const read = await dumpPostgres(where.platform.url, path.join(folder, 'platform.pgdump'), both);
      platform = read.platform;
      if (where.house.kind === 'in-platform') house = read.house;
      parts.push(partOf(folder, 'platform', 'postgres', 'platform.pgdump'));
    } else {
      if (!hasCluster(where.platform.dir))
        throw new BackupError(`there is no PGlite database in ${where.platform.dir}`);
      log(`Dumping the embedded PGlite database ${where.platform.dir}...`);
      platform = await dumpPglite(
        where.platform.dir,
        path.join(folder, 'platform.pglite.tar.gz'),
        platformFigures,
      );
      parts.push(partOf(folder, 'platform', 'pglite', 'platform.pglite.tar.gz'));
    }
    if (where.house.kind === 'postgres') {
      log(`Dumping the house's PostgreSQL database (${redacted(where.house.url)}) with pg_dump -Fc...`);
      house = await dumpPostgres(where.house.url, path.join(folder, 'house.pgdump'), houseFigures);
      parts.push(partOf(folder, 'house', 'postgres', 'house.pgdump'));
    } else if (where.house.kind === 'pglite') {
      if (hasCluster(where.house.dir)) {
        log(`Dumping the house's PGlite database ${where.house.dir}...`);
        house = await dumpPglite(where.house.dir, path.join(folder, 'house.pglite.tar.gz'), houseFigures);
        parts.push(partOf(folder, 'house', 'pglite', 'house.pglite.tar.gz'));
      } else
        log(
          `No house database in ${where.house.dir} (the house was never played here): nothing to back up for it.`,
        );
    }
    const { masterKeyIds, ...figures } = platform;
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      parts,
      houseInPlatform: where.house.kind === 'in-platform',
      figures: { ...figures, houseRounds: house.houseRounds },
      keys: { masterKeyIds, houseSeedKeyIds: house.houseSeedKeyIds },
    };
    writePrivateFile(path.join(folder, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  } catch (error) {
    // The folder was empty: what this run wrote is a partial backup, never mistaken for one.
    for (const name of fs.readdirSync(folder)) fs.rmSync(path.join(folder, name), { force: true });
    throw error;
  } finally {
    release();
  }
}

// ---------- restore ----------

export function readManifest(folder: string): BackupManifest {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(folder, MANIFEST_FILE), 'utf8')) as BackupManifest;
  } catch (error) {
    throw new BackupError(`${path.join(folder, MANIFEST_FILE)} cannot be read: ${(error as Error).message}`);
  }
  if (manifest.format !== BACKUP_FORMAT)
    throw new BackupError(`${folder} is not a Lotus backup (${BACKUP_FORMAT})`);
  for (const part of manifest.parts) {
    const file = path.join(folder, part.file);
    if (!fs.existsSync(file)) throw new BackupError(`${file} is missing`);
    if (sha256File(file) !== part.sha256)
      throw new BackupError(`${file} is not the file the backup wrote (its SHA-256 differs)`);
  }
  return manifest;
}

/**
 * The keys of this environment, by id, without creating one: a restore into a fresh DATA_DIR must find
 * the backed-up master key there (or in LOTUS_MASTER_KEY), not a new random one.
 */
function environmentKeyIds(env: Env): { masterKeyIds: string[]; houseSeedKeyIds: string[] } | null {
  if (!env.LOTUS_MASTER_KEY && !fs.existsSync(masterKeyPath(env.DATA_DIR))) return null;
  const master = resolveMasterKeys(env);
  const keys = [master.current, master.previous].filter((k): k is Buffer => k !== null);
  return {
    masterKeyIds: keys.map(masterKeyId),
    houseSeedKeyIds: keys.map((k) => seedKeyId(seedKeyFromMasterKey(k))),
  };
}

export type RestoreResult = { manifest: BackupManifest; figures: BackupFigures; warnings: string[] };

/**
 * Restores a backup folder into the databases `env` names, which must be empty (a new PostgreSQL database
 * made with createdb; no PGlite folder yet). Refuses when the environment lacks a master key the data
 * needs, unless `withoutKeys`. Afterwards reads the same figures and fails if any differs.
 */
export async function restoreBackup(
  env: Env,
  folder: string,
  options: { log?: Log; noOwner?: boolean; withoutKeys?: boolean } = {},
): Promise<RestoreResult> {
  const log = options.log ?? (() => undefined);
  const manifest = readManifest(folder);
  const warnings: string[] = [];
  const have = environmentKeyIds(env);
  const missing = manifest.keys.masterKeyIds.filter((id) => !have?.masterKeyIds.includes(id));
  if (missing.length > 0) {
    const problem =
      `the backup's sealed secrets and audit MACs need master key ${missing.join(', ')}; this environment has ` +
      `${have ? have.masterKeyIds.join(', ') : 'none (no LOTUS_MASTER_KEY, no DATA_DIR/master.key)'}. ` +
      'Put the backed-up master key in place first (LOTUS_MASTER_KEY, or DATA_DIR/master.key in the embedded demo)';
    if (!options.withoutKeys)
      throw new BackupError(`${problem}, or pass --without-keys to restore data that cannot be opened.`);
    warnings.push(problem);
  }
  const houseMissing = manifest.keys.houseSeedKeyIds.filter((id) => !have?.houseSeedKeyIds.includes(id));
  if (houseMissing.length > 0)
    warnings.push(
      `unrevealed house seed pairs are under seed key ${houseMissing.join(', ')}, not derived from this master key: ` +
        'a house running alone needs its HOUSE_SEED_KEY (or seed.key) back',
    );

  const where = databasesOf(env);
  const part = (name: BackupPart['name']) => manifest.parts.find((p) => p.name === name);
  const platformPart = part('platform');
  const housePart = part('house');
  if (!platformPart) throw new BackupError('the backup has no platform database');
  if (platformPart.kind !== where.platform.kind)
    throw new BackupError(
      `the backup's platform database is ${platformPart.kind} and this environment's is ${where.platform.kind}: ` +
        'restore into the same kind (docs/backup.md explains moving between them)',
    );
  if (housePart && where.house.kind !== housePart.kind)
    throw new BackupError(
      `the backup's house database is ${housePart.kind} (a database of its own), this environment's house is ` +
        `${where.house.kind === 'in-platform' ? "in the platform's database" : where.house.kind}: set HOUSE_DATABASE_URL or DATA_DIR to match`,
    );

  if (manifest.houseInPlatform && where.house.kind !== 'in-platform')
    throw new BackupError(
      "the backup's house tables are in the platform's database, and this environment gives the house a database of its own (HOUSE_DATABASE_URL): unset it, or restore and move the house_* tables",
    );

  let release = () => {};
  if (where.platform.kind === 'pglite' || where.house.kind === 'pglite') {
    for (const dir of [
      where.platform.kind === 'pglite' ? where.platform.dir : null,
      housePart?.kind === 'pglite' && where.house.kind === 'pglite' ? where.house.dir : null,
    ])
      if (dir && fs.existsSync(dir) && fs.readdirSync(dir).length > 0)
        throw new BackupError(
          `${dir} is not empty: a restore goes into a data folder without a database (move the old one aside)`,
        );
    ensurePrivateDir(env.DATA_DIR);
    release = acquireDataLock(env.DATA_DIR, 'npm run db:restore');
  }
  try {
    let platform: Awaited<ReturnType<typeof platformFigures>>;
    let house: Awaited<ReturnType<typeof houseFigures>> = { houseRounds: null, houseSeedKeyIds: [] };
    const both = async (q: Query) => ({ platform: await platformFigures(q), house: await houseFigures(q) });
    const tarball = (p: BackupPart) => new Blob([fs.readFileSync(path.join(folder, p.file))]);
    if (where.platform.kind === 'postgres') {
      log(`Restoring the platform's database into ${redacted(where.platform.url)} with pg_restore...`);
      await restorePostgres(where.platform.url, path.join(folder, platformPart.file), {
        noOwner: options.noOwner ?? false,
      });
      const read = await readPostgres(where.platform.url, both);
      platform = read.platform;
      if (manifest.houseInPlatform) house = read.house;
    } else {
      log(`Restoring the platform's database into ${where.platform.dir}...`);
      platform = await withPglite(
        where.platform.dir,
        (client) => platformFigures(pgliteQuery(client)),
        tarball(platformPart),
      );
    }
    if (housePart?.kind === 'postgres' && where.house.kind === 'postgres') {
      log(`Restoring the house's database into ${redacted(where.house.url)} with pg_restore...`);
      await restorePostgres(where.house.url, path.join(folder, housePart.file), {
        noOwner: options.noOwner ?? false,
      });
      house = await readPostgres(where.house.url, houseFigures);
    } else if (housePart?.kind === 'pglite' && where.house.kind === 'pglite') {
      log(`Restoring the house's database into ${where.house.dir}...`);
      house = await withPglite(
        where.house.dir,
        (client) => houseFigures(pgliteQuery(client)),
        tarball(housePart),
      );
    }
    const { masterKeyIds: _ids, ...rest } = platform;
    const figures: BackupFigures = { ...rest, houseRounds: house.houseRounds };
    const differ = (Object.keys(manifest.figures) as (keyof BackupFigures)[]).filter(
      (k) => manifest.figures[k] !== figures[k],
    );
    if (differ.length > 0)
      throw new BackupError(
        `the restored databases differ from the backup: ${differ.map((k) => `${k} ${String(figures[k])} (backup: ${String(manifest.figures[k])})`).join(', ')}`,
      );
    return { manifest, figures, warnings };
  } finally {
    release();
  }
}
