import type { Database } from '../../db/client';
import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  createPrivateKey,
  generateKeyPairSync,
  privateDecrypt,
  randomBytes,
  constants as cryptoConstants,
  type KeyObject,
} from 'node:crypto';
import { AppError } from '@lotus/contracts/app-error';
import type { TEncryptedBody, TEncryptionKey } from '@lotus/contracts/auth';
import { ENC_ALG, ENC_IV_BYTES, ENC_KEY_BYTES, ENC_TAG_BYTES, ENC_VERSION } from '@lotus/contracts/enc';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db, Executor } from '../../db/tx';
import { serverKeys } from '../../db/schema';
import type { MasterKeys } from './master-key';
import { sha256Hex } from './secrets';

/** SQL of the server_keys table. */
export function createServerKeyRepository(db: Db) {
  return {
    /** The current key of a purpose (one at most: partial unique index). */
    async findCurrent(purpose: string, tx: Executor = db) {
      const [row] = await tx
        .select()
        .from(serverKeys)
        .where(and(eq(serverKeys.purpose, purpose), eq(serverKeys.state, 'current')));
      return row ?? null;
    },
    /** Every key, newest first. */
    async listAll(tx: Executor = db) {
      return tx.select().from(serverKeys).orderBy(desc(serverKeys.createdAt), asc(serverKeys.kid));
    },
    /** Inserts unless another instance stored a current key for this purpose first (then nothing happens). */
    async insertIfAbsent(row: typeof serverKeys.$inferInsert, tx: Executor) {
      await tx.insert(serverKeys).values(row).onConflictDoNothing();
    },
    /** Replaces the stored (wrapped) key material when it is still `expected` (another instance may have done it). */
    async replaceMaterial(kid: string, expected: string, privateKey: string, tx: Executor) {
      await tx
        .update(serverKeys)
        .set({ privateKey })
        .where(and(eq(serverKeys.kid, kid), eq(serverKeys.privateKey, expected)));
    },
    /** Makes `row` the current key of its purpose; the former current one becomes previous. */
    async rotate(row: typeof serverKeys.$inferInsert & { purpose: string }, tx: Executor) {
      await tx
        .update(serverKeys)
        .set({ state: 'previous' })
        .where(and(eq(serverKeys.purpose, row.purpose), eq(serverKeys.state, 'current')));
      await tx.insert(serverKeys).values({ ...row, state: 'current' });
    },
    async deleteByKid(kid: string, tx: Executor) {
      await tx.delete(serverKeys).where(eq(serverKeys.kid, kid));
    },
  };
}
export type ServerKeyRepository = ReturnType<typeof createServerKeyRepository>;
type KeyRow = Awaited<ReturnType<ServerKeyRepository['listAll']>>[number];

type EncKey = { kid: string; spki: string; privateKey: KeyObject; current: boolean; createdAt: Date };
type SecretKey = { kid: string; key: Buffer };
type EncRing = { loadedAt: number; current: EncKey; byKid: Map<string, EncKey> };

const B64 = /^[A-Za-z0-9+/]*={0,2}$/;
const b64 = (text: string) => {
  if (!B64.test(text)) throw new Error('not base64');
  return Buffer.from(text, 'base64');
};

/** Stored key material: "w1.<master key id>.<iv>.<ciphertext+tag>" (base64url parts). */
const WRAP_VERSION = 'w1';
/** A short public id of a master key (which key wrapped a row), never the key itself. */
export const masterKeyId = (key: Buffer) => sha256Hex(Buffer.concat([Buffer.from('lotus:kek-id:'), key])).slice(0, 12);
export const isWrapped = (stored: string) => stored.startsWith(`${WRAP_VERSION}.`);
/** Binds a wrapped value to its row: a wrapped key copied into another row does not open. */
const wrapAad = (row: { kid: string; purpose: string }) => Buffer.from(`lotus:server-key:${row.purpose}:${row.kid}`);

function wrap(material: string, row: { kid: string; purpose: string }, kek: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', kek, iv);
  cipher.setAAD(wrapAad(row));
  const ct = Buffer.concat([cipher.update(material, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return [WRAP_VERSION, masterKeyId(kek), iv.toString('base64url'), ct.toString('base64url')].join('.');
}

/** Rotation and retirement answers (operator API and command line). */
export type ServerKeyInfo = {
  kid: string;
  purpose: string;
  algorithm: string;
  state: string;
  createdAt: string;
  /** Id of the master key the row is wrapped under; null = stored in clear (wrapped at next start). */
  wrappedUnder: string | null;
};

const ROTATION_PURPOSE = 'enc';
/** How long a loaded key ring is trusted before it is read again (another instance may rotate). */
const RING_TTL_MS = 60_000;
/** An unknown kid reloads the ring at most this often (a bogus kid cannot hammer the database). */
const UNKNOWN_KID_RELOAD_MS = 5_000;

/**
 * Server keys (docs/enc.md, docs/adr/0023-key-hierarchy.md): the RSA-OAEP-256 key pairs of the enc
 * calls and a symmetric secret, generated once and stored in the database (every instance uses
 * the same keys), each wrapped under the master key. The enc key rotates: a new current kid is
 * published, previous kids still decrypt until retired. Loaded on first use and kept in memory
 * for a minute.
 */
export function createServerKeys({
  database,
  repo,
  master,
  now = Date.now,
}: {
  database: Pick<Database, 'tx'>;
  repo: Pick<ServerKeyRepository, 'findCurrent' | 'listAll' | 'insertIfAbsent' | 'replaceMaterial' | 'rotate' | 'deleteByKid'>;
  master: Pick<MasterKeys, 'current' | 'previous'>;
  now?: () => number;
}) {
  const keks = new Map<string, Buffer>([[masterKeyId(master.current), master.current]]);
  if (master.previous) keks.set(masterKeyId(master.previous), master.previous);
  const currentKekId = masterKeyId(master.current);

  /** The key material of a row: unwrapped with whichever known master key wrapped it. */
  function unwrap(row: Pick<KeyRow, 'kid' | 'purpose' | 'privateKey'>): string {
    if (!isWrapped(row.privateKey)) return row.privateKey; // an earlier version's row, wrapped at start
    const [, id, ivText, ctText] = row.privateKey.split('.');
    const kek = id ? keks.get(id) : undefined;
    if (!kek || !ivText || !ctText) {
      throw new Error(
        `Server key ${row.kid} is wrapped under master key ${id ?? '?'}, which this process does not have ` +
          '(set LOTUS_MASTER_KEY, and LOTUS_MASTER_KEY_PREVIOUS during a master-key rotation).',
      );
    }
    const ct = Buffer.from(ctText, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', kek, Buffer.from(ivText, 'base64url'));
    decipher.setAAD(wrapAad(row));
    decipher.setAuthTag(ct.subarray(ct.length - 16));
    return Buffer.concat([decipher.update(ct.subarray(0, ct.length - 16)), decipher.final()]).toString('utf8');
  }

  function newEncRow() {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048, publicExponent: 0x10001 });
    const spki = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    const kid = `enc-${sha256Hex(spki).slice(0, 16)}`;
    const material = privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64');
    return {
      kid,
      purpose: 'enc',
      algorithm: ENC_ALG,
      publicKey: spki,
      privateKey: wrap(material, { kid, purpose: 'enc' }, master.current),
    };
  }

  const toEncKey = (row: KeyRow): EncKey => ({
    kid: row.kid,
    spki: row.publicKey ?? '',
    privateKey: createPrivateKey({ key: b64(unwrap(row)), format: 'der', type: 'pkcs8' }),
    current: row.state === 'current',
    createdAt: row.createdAt,
  });

  async function loadRing(): Promise<EncRing> {
    // A missing key is stored and read back in one unit of work (also when it joins a caller's transaction).
    const all = (await repo.findCurrent('enc'))
      ? await repo.listAll()
      : await database.tx(async (tx) => {
          await repo.insertIfAbsent(newEncRow(), tx);
          return repo.listAll(tx);
        });
    const rows = all.filter((r) => r.purpose === 'enc');
    const keys = rows.map(toEncKey);
    const current = keys.find((k) => k.current);
    if (!current) throw new Error('server key for enc could not be stored');
    return { loadedAt: now(), current, byKid: new Map(keys.map((k) => [k.kid, k])) };
  }

  async function loadSecret(): Promise<SecretKey> {
    let row = await repo.findCurrent('secret');
    if (!row) {
      const key = randomBytes(32).toString('base64');
      const kid = `sec-${randomBytes(8).toString('hex')}`;
      // Stored and read back in one unit of work (also when it joins a caller's transaction).
      row = await database.tx(async (tx) => {
        await repo.insertIfAbsent(
          { kid, purpose: 'secret', algorithm: 'A256GCM+HS256', publicKey: null, privateKey: wrap(key, { kid, purpose: 'secret' }, master.current) },
          tx,
        );
        return repo.findCurrent('secret', tx);
      });
      if (!row) throw new Error('server secret could not be stored');
    }
    return { kid: row.kid, key: b64(unwrap(row)) };
  }

  let ring: Promise<EncRing> | null = null;
  let secret: Promise<SecretKey> | null = null;
  const reloadRing = () => {
    const next = loadRing();
    ring = next;
    next.catch(() => {
      if (ring === next) ring = null;
    });
    return next;
  };
  const getRing = async (): Promise<EncRing> => {
    if (!ring) return reloadRing();
    const loaded = await ring;
    return now() - loaded.loadedAt > RING_TTL_MS ? reloadRing() : loaded;
  };
  const getSecret = () => {
    secret ??= loadSecret().catch((error: unknown) => {
      secret = null;
      throw error;
    });
    return secret;
  };

  /** GET /wps/system/encryptionKey: the current key. */
  async function getPublicKey(): Promise<TEncryptionKey> {
    const { current } = await getRing();
    return { kid: current.kid, alg: ENC_ALG, spki: current.spki };
  }

  /** The key of a kid: current or previous (not retired); an unknown kid reloads the ring once in a while. */
  async function keyOf(kid: string): Promise<EncKey | null> {
    const loaded = await getRing();
    const key = loaded.byKid.get(kid);
    if (key || now() - loaded.loadedAt < UNKNOWN_KID_RELOAD_MS) return key ?? null;
    return (await reloadRing()).byKid.get(kid) ?? null;
  }

  /**
   * Opens an encrypted body (ZEncryptedBody already checked): unwraps the content key with the
   * private key of the body's kid (the current one or a previous one not yet retired) and decrypts.
   * Answers the plaintext; plugins/enc.ts parses it. Any failure is enc_invalid (an unknown or
   * retired kid too: the client refetches the key and retries).
   */
  async function decryptBody(body: TEncryptedBody): Promise<string> {
    const key = body.enc === ENC_VERSION ? await keyOf(body.kid) : null;
    try {
      if (!key) throw new Error('unknown key');
      const cek = privateDecrypt(
        { key: key.privateKey, padding: cryptoConstants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        b64(body.key),
      );
      const iv = b64(body.iv);
      const data = b64(body.data);
      if (cek.length !== ENC_KEY_BYTES || iv.length !== ENC_IV_BYTES || data.length < ENC_TAG_BYTES) {
        throw new Error('bad sizes');
      }
      const decipher = createDecipheriv('aes-256-gcm', cek, iv);
      decipher.setAuthTag(data.subarray(data.length - ENC_TAG_BYTES));
      const plain = Buffer.concat([
        decipher.update(data.subarray(0, data.length - ENC_TAG_BYTES)),
        decipher.final(),
      ]);
      return new TextDecoder('utf-8', { fatal: true }).decode(plain);
    } catch {
      throw new AppError('enc_invalid', 400);
    }
  }

  /** Encrypts a small secret for storage (TOTP seeds): "v1.<iv>.<ciphertext+tag>" in base64url. */
  async function seal(plain: string): Promise<string> {
    const { key } = await getSecret();
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `v1.${iv.toString('base64url')}.${ct.toString('base64url')}`;
  }

  async function open(sealed: string): Promise<string> {
    const { key } = await getSecret();
    const [version, ivText, ctText] = sealed.split('.');
    if (version !== 'v1' || !ivText || !ctText) throw new Error('sealed value has an unknown format');
    const ct = Buffer.from(ctText, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(ivText, 'base64url'));
    decipher.setAuthTag(ct.subarray(ct.length - 16));
    return Buffer.concat([decipher.update(ct.subarray(0, ct.length - 16)), decipher.final()]).toString(
      'utf8',
    );
  }

  /** Keyed hash of short codes (SMS codes, captcha answers): a stolen table cannot be brute-forced offline. */
  async function mac(value: string): Promise<string> {
    const { key } = await getSecret();
    return createHmac('sha256', key).update(value, 'utf8').digest('hex');
  }

  const info = (row: KeyRow): ServerKeyInfo => ({
    kid: row.kid,
    purpose: row.purpose,
    algorithm: row.algorithm,
    state: row.state,
    createdAt: row.createdAt.toISOString(),
    wrappedUnder: isWrapped(row.privateKey) ? (row.privateKey.split('.')[1] ?? null) : null,
  });

  /** Every stored key (never its material). */
  async function list(): Promise<ServerKeyInfo[]> {
    return (await repo.listAll()).map(info);
  }

  /**
   * Wraps rows stored in clear (earlier versions) and re-wraps rows wrapped under the previous
   * master key, under the current one. Idempotent: runs at every start and by `keys rewrap`.
   * A row under a master key this process does not have stops it (the message names the key).
   */
  async function rewrapAll(): Promise<{ wrapped: number; rewrapped: number; unchanged: number }> {
    const result = { wrapped: 0, rewrapped: 0, unchanged: 0 };
    for (const row of await repo.listAll()) {
      const underCurrent = isWrapped(row.privateKey) && row.privateKey.split('.')[1] === currentKekId;
      if (underCurrent) {
        result.unchanged += 1;
        continue;
      }
      const stored = row.privateKey;
      await database.tx((tx) => repo.replaceMaterial(row.kid, stored, wrap(unwrap(row), row, master.current), tx));
      if (isWrapped(stored)) result.rewrapped += 1;
      else result.wrapped += 1;
    }
    return result;
  }

  /** A new enc key pair becomes current; the former current kid still decrypts until retired. */
  async function rotate(): Promise<ServerKeyInfo> {
    const row = newEncRow();
    await database.tx((tx) => repo.rotate(row, tx));
    await reloadRing();
    const stored = (await repo.listAll()).find((r) => r.kid === row.kid);
    if (!stored) throw new Error('the new key was not stored');
    return info(stored);
  }

  /** Deletes a previous enc key: bodies encrypted under it no longer open. The current key cannot be retired. */
  async function retire(kid: string): Promise<ServerKeyInfo> {
    const row = (await repo.listAll()).find((r) => r.kid === kid);
    if (!row || row.purpose !== ROTATION_PURPOSE) throw new AppError('not_found', 404);
    if (row.state === 'current') throw new AppError('conflict', 409);
    await database.tx((tx) => repo.deleteByKid(kid, tx));
    await reloadRing();
    return info(row);
  }

  return { getPublicKey, decryptBody, seal, open, mac, list, rewrapAll, rotate, retire };
}

export type ServerKeys = ReturnType<typeof createServerKeys>;
