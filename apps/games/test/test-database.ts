import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openHouseDatabase, type HouseDatabase } from '../src/db/client';

/** PostgreSQL (TEST_DB=postgres: a database of its own, dropped at close) or PGlite in memory. */
export async function openTestHouseDatabase(): Promise<HouseDatabase> {
  const base = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  if (!base) return openHouseDatabase({ dataDir: 'memory://' });
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
