import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { members, siteConfig } from '../src/db/schema';
import { readEnv, seedsDemoData } from '../src/env';
import { resolveMasterKeys } from '../src/platform/keys/master-key';
import { formatStartupBanner } from '../src/startup';
import { checkStartup } from '../src/startup-checks';
import { ipLimitKey } from '../src/lib/ip';
import { startServer } from './cli-helper';
import { createTestDatabase, tempDir } from './helper';

// Issue 6, start refusals and deployment modes (docs/adr/0024): the checks are called directly,
// and the server entry is run as a process to show the operator sees the message.

const masterKey = () => randomBytes(32).toString('base64');
/** A private data folder (0700), as the server creates it. */
const privateDir = () => {
  const dir = path.join(tempDir('lotus-edge-'), 'data');
  fs.mkdirSync(dir, { mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  return dir;
};
const productionServer = (extra: Record<string, string> = {}) => ({
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://postgres@127.0.0.1:1/never-opened',
  DATA_DIR: privateDir(),
  PUBLIC_URL: 'https://www.lotus.example',
  LOTUS_MASTER_KEY: masterKey(),
  // real transports (security #21 refuses the sandbox ones in production)
  SMTP_URL: 'smtp://mail.lotus.example:587',
  SMS_GATEWAY_URL: 'https://sms.lotus.example/send',
  ...extra,
});
/** Runs the server entry and expects it to stop before listening; answers what it printed. */
const refusal = async (env: Record<string, string>) => {
  const error = await startServer(env).then(
    () => {
      throw new Error('the server started');
    },
    (e: unknown) => e as Error,
  );
  expect(error.message).toMatch(/server exited 1/);
  return error.message;
};

describe('security #7 TRUST_PROXY', () => {
  it('security #7 TRUST_PROXY=true is refused at start with a clear message', async () => {
    expect(() => readEnv({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=true would let any client choose its address/);
    expect(() => readEnv({ TRUST_PROXY: 'TRUE' })).toThrow(/TRUST_PROXY/);
    expect(() => readEnv({ TRUST_PROXY: '2' })).toThrow(/not a hop count/);
    expect(() => readEnv({ TRUST_PROXY: '10.0.0.0/8,everyone' })).toThrow(/addresses, CIDR ranges or the names/);
    expect(readEnv({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,loopback' }).TRUST_PROXY).toEqual(['127.0.0.1', '10.0.0.0/8', 'loopback']);
    const output = await refusal({ TRUST_PROXY: 'true', DATA_DIR: privateDir() });
    expect(output).toContain('TRUST_PROXY=true would let any client choose its address');
  }, 60_000);
});

describe('security #1 canonical origin and #20 master key in production', () => {
  it('security #1 production server mode without PUBLIC_URL refuses to start', async () => {
    const env = productionServer();
    expect(() => checkStartup(readEnv(env))).not.toThrow();
    const { PUBLIC_URL: _omit, ...noOrigin } = env;
    expect(() => checkStartup(readEnv(noOrigin))).toThrow(/PUBLIC_URL is required in production/);
    // The embedded demo needs none: its links point at http://localhost:<PORT>.
    expect(() => checkStartup(readEnv({ NODE_ENV: 'production', DATA_DIR: privateDir() }))).not.toThrow();
    expect(await refusal(noOrigin)).toContain('PUBLIC_URL is required in production');
  }, 60_000);

  it('security #20 production server mode without LOTUS_MASTER_KEY refuses to start; a bad key is refused', () => {
    const { LOTUS_MASTER_KEY: _omit, ...noKey } = productionServer();
    expect(() => checkStartup(readEnv(noKey))).toThrow(/LOTUS_MASTER_KEY is required in production/);
    expect(() => resolveMasterKeys(readEnv(noKey))).toThrow(/LOTUS_MASTER_KEY is required/);
    expect(() => readEnv({ LOTUS_MASTER_KEY: 'c2hvcnQ=' })).toThrow(/32 random bytes/);
  });
});

describe('issue 23 #6 the house vendor secret', () => {
  it('issue 23 #6 a HOUSE_VENDOR_SECRET shorter than 32 characters refuses to start with a clear message', async () => {
    const short = { HOUSE_VENDOR_CODE: 'HOUSE', HOUSE_VENDOR_SECRET: 'x'.repeat(31), DATA_DIR: privateDir() };
    expect(() => readEnv(short)).toThrow(/HOUSE_VENDOR_SECRET: at least 32 characters/);
    expect(readEnv({ ...short, HOUSE_VENDOR_SECRET: 'x'.repeat(32) }).HOUSE_VENDOR_SECRET).toHaveLength(32);
    expect(await refusal(short)).toContain('HOUSE_VENDOR_SECRET: at least 32 characters');
  }, 60_000);
});

describe('security #8 data folder permissions', () => {
  it('security #8 a group- or world-accessible DATA_DIR is refused at start with the chmod to run', async () => {
    const dir = privateDir();
    fs.chmodSync(dir, 0o777);
    expect(() => checkStartup(readEnv({ DATA_DIR: dir }))).toThrow(`Run: chmod -R go-rwx ${dir}`);
    fs.chmodSync(dir, 0o750);
    expect(() => checkStartup(readEnv({ DATA_DIR: dir }))).toThrow(/mode 750/);
    expect(await refusal({ DATA_DIR: dir })).toContain('can be used by other users');
    fs.chmodSync(dir, 0o700);
    expect(() => checkStartup(readEnv({ DATA_DIR: dir }))).not.toThrow();
  }, 60_000);

  it('security #8 a new DATA_DIR is created 0700 and everything in it (PGlite files, master.key) is owner-only', async () => {
    const dataDir = path.join(tempDir('lotus-edge-'), 'data');
    const previous = process.umask(0o022); // a usual umask: files would be world-readable
    try {
      const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
      await database.close();
      const keys = resolveMasterKeys(readEnv({ DATA_DIR: dataDir }));
      expect(keys.source).toBe(path.join(dataDir, 'master.key'));
    } finally {
      process.umask(previous);
    }
    const loose: string[] = [];
    const walk = (p: string) => {
      const stat = fs.lstatSync(p);
      if ((stat.mode & 0o077) !== 0) loose.push(`${p} ${(stat.mode & 0o777).toString(8)}`);
      if (stat.isDirectory()) for (const name of fs.readdirSync(p)) walk(path.join(p, name));
    };
    walk(dataDir);
    expect(loose).toEqual([]);
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(dataDir, 'master.key')).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(path.join(dataDir, 'pglite')).length).toBeGreaterThan(0);
    // The same key on the next start.
    expect(resolveMasterKeys(readEnv({ DATA_DIR: dataDir })).current).toEqual(
      resolveMasterKeys(readEnv({ DATA_DIR: dataDir })).current,
    );
  }, 60_000);
});

describe('security #2 demo data', () => {
  const DEMO = ['demo', 'agent01', 'weakpw'];

  it('security #2 on PostgreSQL in production without SEED_DEMO no demo member is created; with SEED_DEMO=1 they are', async () => {
    const production = readEnv(productionServer());
    expect(seedsDemoData(production)).toBe(false);
    expect(seedsDemoData(readEnv(productionServer({ SEED_DEMO: '1' })))).toBe(true);
    expect(seedsDemoData(readEnv({ NODE_ENV: 'production', DATA_DIR: privateDir() }))).toBe(true); // embedded demo

    const plain = await createTestDatabase({ seedDemo: seedsDemoData(production) });
    try {
      const demo = await plain.database.db.select().from(members).where(inArray(members.username, DEMO));
      expect(demo).toEqual([]);
      // The default configuration is there: the site runs.
      expect((await plain.database.db.select().from(siteConfig)).length).toBeGreaterThan(0);
    } finally {
      await plain.drop();
    }
    const seeded = await createTestDatabase({ seedDemo: seedsDemoData(readEnv(productionServer({ SEED_DEMO: '1' }))) });
    try {
      const demo = await seeded.database.db.select({ u: members.username }).from(members).where(inArray(members.username, DEMO));
      expect(demo.map((r) => r.u).sort()).toEqual([...DEMO].sort());
    } finally {
      await seeded.drop();
    }
  });

  it('security #2 the start banner shows demo logins only when demo data is on, labelled as demo', () => {
    const base = { url: 'http://localhost:8080', database: 'PostgreSQL', seeded: true, opsFile: '/d/ops.json', opsCreated: true };
    const accounts = [{ role: 'member', login: 'demo', secret: 'Demo1234' }];
    const server = formatStartupBanner({ ...base, demo: null, accounts: [] });
    expect(server).not.toMatch(/Demo1234|Demo accounts|demo data/);
    const demo = formatStartupBanner({ ...base, demo: 'SEED_DEMO=1', accounts });
    expect(demo).toContain('Demo accounts (demo data: SEED_DEMO=1');
    expect(demo).toContain('demo / Demo1234');
  });

  it('security #2 a later start outside demo mode adds no demo member', async () => {
    const db = await createTestDatabase({ seedDemo: false });
    try {
      const { migrateAndSeed } = await import('../src/db/migrate');
      await migrateAndSeed(db.database, { seedDemo: false });
      expect(await db.database.db.select().from(members).where(eq(members.username, 'demo'))).toEqual([]);
    } finally {
      await db.drop();
    }
  });
});

describe('security #16 the per-address key', () => {
  it('security #16 IPv6 keys on the /64; IPv4 and IPv4-mapped IPv6 unchanged', () => {
    expect(ipLimitKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(ipLimitKey('2001:0db8:0001:0002::ffff')).toBe('2001:db8:1:2::/64');
    expect(ipLimitKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(ipLimitKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(ipLimitKey('203.0.113.9')).toBe('203.0.113.9');
    expect(ipLimitKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(ipLimitKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });
});
