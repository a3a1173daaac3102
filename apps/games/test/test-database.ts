import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { HOUSE_MIGRATIONS, openHouseDatabase, type HouseDatabase } from '../src/db/client';

/**
 * The migrated empty house database as a tarball, named by the migrations it holds: a new PGlite cluster costs
 * about 2 s of initdb and the migrations more, for each of some forty tests, while loading the copy takes a fraction.
 * The first test to need it writes it (aside, then renamed: no test reads half of one); a change of the migrations
 * names another file.
 */
function snapshotFile(): string {
  const hash = createHash('sha256');
  for (const file of fs.readdirSync(HOUSE_MIGRATIONS, { recursive: true }).map(String).sort()) {
    const full = path.join(HOUSE_MIGRATIONS, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  return path.join(os.tmpdir(), `lotus-house-test-db-${hash.digest('hex').slice(0, 16)}.tar`);
}

async function openTestPglite(): Promise<HouseDatabase> {
  const file = snapshotFile();
  if (fs.existsSync(file)) return openHouseDatabase({ dataDir: 'memory://', loadDataDir: new Blob([fs.readFileSync(file)]) });
  const database = await openHouseDatabase({ dataDir: 'memory://' });
  if (database.dumpDataDir) {
    const tarball = Buffer.from(await (await database.dumpDataDir()).arrayBuffer());
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(partial, tarball);
    fs.renameSync(partial, file);
  }
  return database;
}

/** PostgreSQL (TEST_DB=postgres: a database of its own, dropped at close) or PGlite in memory. */
export async function openTestHouseDatabase(): Promise<HouseDatabase> {
  const base = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  if (!base) return openTestPglite();
  const name = `house_test_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openHouseDatabase({ url: url.toString() });
  return {
    ...database,
    close: async () => {
      await database.close();
      await admin(`drop database ${name} with (force)`);
    },
  };
}
