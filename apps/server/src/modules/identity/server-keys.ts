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
import { eq } from 'drizzle-orm';
import type { Db, Executor } from '../../db/tx';
import { serverKeys } from '../../db/schema';
import { sha256Hex } from './secrets';

/** SQL of the server_keys table. */
export function createServerKeyRepository(db: Db) {
  return {
    async findByPurpose(purpose: string, tx: Executor = db) {
      const [row] = await tx.select().from(serverKeys).where(eq(serverKeys.purpose, purpose));
      return row ?? null;
    },
    /** Inserts unless another instance stored a key for this purpose first (then nothing happens). */
    async insertIfAbsent(row: typeof serverKeys.$inferInsert, tx: Executor = db) {
      await tx.insert(serverKeys).values(row).onConflictDoNothing();
    },
  };
}
export type ServerKeyRepository = ReturnType<typeof createServerKeyRepository>;

type EncKey = { kid: string; spki: string; privateKey: KeyObject };
type SecretKey = { kid: string; key: Buffer };

const B64 = /^[A-Za-z0-9+/]*={0,2}$/;
const b64 = (text: string) => {
  if (!B64.test(text)) throw new Error('not base64');
  return Buffer.from(text, 'base64');
};

/**
 * Server keys (docs/enc.md): the RSA-OAEP-256 key pair of the enc calls and a symmetric secret,
 * each generated once and stored in the database, so every instance uses the same keys. Loaded on
 * first use and kept in memory.
 */
export function createServerKeys({
  repo,
}: {
  repo: Pick<ServerKeyRepository, 'findByPurpose' | 'insertIfAbsent'>;
}) {
  let enc: Promise<EncKey> | null = null;
  let secret: Promise<SecretKey> | null = null;

  async function loadEnc(): Promise<EncKey> {
    let row = await repo.findByPurpose('enc');
    if (!row) {
      const { publicKey, privateKey } = generateKeyPairSync('rsa', {
        modulusLength: 2048,
        publicExponent: 0x10001,
      });
      const spki = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
      await repo.insertIfAbsent({
        kid: `enc-${sha256Hex(spki).slice(0, 16)}`,
        purpose: 'enc',
        algorithm: ENC_ALG,
        publicKey: spki,
        privateKey: privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64'),
      });
      row = await repo.findByPurpose('enc');
      if (!row) throw new Error('server key for enc could not be stored');
    }
    return {
      kid: row.kid,
      spki: row.publicKey ?? '',
      privateKey: createPrivateKey({ key: b64(row.privateKey), format: 'der', type: 'pkcs8' }),
    };
  }

  async function loadSecret(): Promise<SecretKey> {
    let row = await repo.findByPurpose('secret');
    if (!row) {
      const key = randomBytes(32).toString('base64');
      await repo.insertIfAbsent({
        kid: `sec-${sha256Hex(key).slice(0, 16)}`,
        purpose: 'secret',
        algorithm: 'A256GCM+HS256',
        publicKey: null,
        privateKey: key,
      });
      row = await repo.findByPurpose('secret');
      if (!row) throw new Error('server secret could not be stored');
    }
    return { kid: row.kid, key: b64(row.privateKey) };
  }

  const getEnc = () => {
    enc ??= loadEnc().catch((error: unknown) => {
      enc = null;
      throw error;
    });
    return enc;
  };
  const getSecret = () => {
    secret ??= loadSecret().catch((error: unknown) => {
      secret = null;
      throw error;
    });
    return secret;
  };

  /** GET /wps/system/encryptionKey */
  async function getPublicKey(): Promise<TEncryptionKey> {
    const key = await getEnc();
    return { kid: key.kid, alg: ENC_ALG, spki: key.spki };
  }

  /**
   * Opens an encrypted body (ZEncryptedBody already checked): unwraps the content key, decrypts and
   * parses the JSON payload. Any failure is enc_invalid (an unknown kid too: the client refetches
   * the key and retries).
   */
  async function decryptBody(body: TEncryptedBody): Promise<unknown> {
    const key = await getEnc();
    try {
      if (body.enc !== ENC_VERSION || body.kid !== key.kid) throw new Error('unknown key');
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
      return JSON.parse(plain.toString('utf8')) as unknown;
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

  return { getPublicKey, decryptBody, seal, open, mac };
}

export type ServerKeys = ReturnType<typeof createServerKeys>;
