import { availableParallelism } from 'node:os';
import { hash, verify, type Options } from '@node-rs/argon2';
import { normalizePassword } from '@lotus/contracts/password-floor';

/**
 * Password hashing with argon2id at the OWASP minimum (m = 19 MiB, t = 2, p = 1). @node-rs/argon2
 * runs the work on the libuv thread pool, so the event loop stays free while a hash is computed.
 *
 * Passwords are hashed in their NFKC form (docs/adr/0021-password-floor.md), so the same password
 * typed on another keyboard (full-width letters, composed or decomposed Thai vowels) still matches.
 * Hashes written before the floor hashed the text as typed: when the NFKC form differs from it and
 * does not match, the text as typed is tried too (ASCII, all of the old default rule, is its own
 * NFKC form and costs one verification as before).
 */
// algorithm 2 is Algorithm.Argon2id (a const enum, which isolated modules cannot read).
export const ARGON2_OPTIONS: Options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export type PasswordHasher = {
  hash(password: string): Promise<string>;
  /** False for a wrong password or a malformed hash; never throws for those. */
  verify(hashed: string, password: string): Promise<boolean>;
  /**
   * Verifies against a fixed dummy hash: used when the account does not exist, so an unknown
   * username costs the same time as a wrong password.
   */
  verifyDummy(password: string): Promise<void>;
};

/**
 * At most this many hashes run at once: one core stays free for the event loop (and the embedded
 * database, which runs on it), so a burst of logins cannot starve every other request.
 */
export const HASH_CONCURRENCY = Math.max(1, availableParallelism() - 1);

/** A counting semaphore: at most `width` tasks run at once, the others wait in FIFO order. */
function createLimiter(width: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    if (running >= width) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await fn();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

export function createPasswordHasher(options: { concurrency?: number } = {}): PasswordHasher {
  const limit = createLimiter(options.concurrency ?? HASH_CONCURRENCY);
  let dummy: Promise<string> | null = null;
  const getDummy = () => (dummy ??= limit(() => hash('lotus-dummy-password-for-timing', ARGON2_OPTIONS)));

  return {
    hash: (password) => limit(() => hash(normalizePassword(password), ARGON2_OPTIONS)),
    async verify(hashed, password) {
      const normalized = normalizePassword(password);
      try {
        if (await limit(() => verify(hashed, normalized))) return true;
        return normalized !== password && (await limit(() => verify(hashed, password)));
      } catch {
        return false;
      }
    },
    async verifyDummy(password) {
      const dummyHash = await getDummy();
      try {
        await limit(() => verify(dummyHash, normalizePassword(password)));
      } catch {
        // a dummy verification never matters
      }
    },
  };
}
