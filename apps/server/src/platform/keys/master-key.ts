import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isProductionServer, type Env } from '../../env';
import { ensurePrivateDir, writePrivateFile } from '../../lib/data-dir';

/**
 * The key-encryption key of the server keys (docs/adr/0023-key-hierarchy.md): every private key
 * and secret in server_keys is stored wrapped under it (AES-256-GCM), so a copy of the database
 * alone opens nothing.
 *
 * Where it comes from:
 * - LOTUS_MASTER_KEY (base64, 32 bytes): always wins; required in production server mode.
 * - otherwise DATA_DIR/master.key (mode 0600), generated on first use: the embedded demo and
 *   development on PostgreSQL.
 * LOTUS_MASTER_KEY_PREVIOUS is the key before a master-key rotation: rows still wrapped under it
 * are readable and get re-wrapped under the current key (at start and by `npm run ops -- keys rewrap`).
 */
export type MasterKeys = { current: Buffer; previous: Buffer | null; source: string };

export const masterKeyPath = (dataDir: string) => path.join(dataDir, 'master.key');

export function resolveMasterKeys(
  env: Pick<Env, 'LOTUS_MASTER_KEY' | 'LOTUS_MASTER_KEY_PREVIOUS' | 'DATA_DIR' | 'DATABASE_URL' | 'NODE_ENV'>,
): MasterKeys {
  const previous = env.LOTUS_MASTER_KEY_PREVIOUS ? Buffer.from(env.LOTUS_MASTER_KEY_PREVIOUS, 'base64') : null;
  if (env.LOTUS_MASTER_KEY) {
    return { current: Buffer.from(env.LOTUS_MASTER_KEY, 'base64'), previous, source: 'LOTUS_MASTER_KEY' };
  }
  if (isProductionServer(env)) {
    throw new Error(
      'LOTUS_MASTER_KEY is required in production (NODE_ENV=production with DATABASE_URL): it wraps the server keys. ' +
        'Create one with `openssl rand -base64 32` and keep it in your secret store, not beside the database.',
    );
  }
  const file = masterKeyPath(env.DATA_DIR);
  let text: string | null = null;
  try {
    text = fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (text === null) {
    ensurePrivateDir(env.DATA_DIR);
    text = randomBytes(32).toString('base64');
    // 'wx': a second process starting at the same moment keeps the first one's key.
    try {
      writePrivateFile(file, `${text}\n`, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      text = fs.readFileSync(file, 'utf8').trim();
    }
  }
  const current = Buffer.from(text, 'base64');
  if (current.length !== 32) throw new Error(`${file} does not hold a 32-byte base64 key.`);
  return { current, previous, source: file };
}
