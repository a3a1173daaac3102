import { createHash } from 'node:crypto';

export type CanonicalValue = string | number | bigint | boolean | null | undefined;

/**
 * The idempotency hash of an operation's input: SHA-256 (hex) of its canonical JSON (keys sorted,
 * bigint as decimal text, undefined fields left out), so the same input always gives the same hash
 * whatever the key order or the number type it came in.
 */
export function inputHash(input: Readonly<Record<string, CanonicalValue>>): string {
  const keys = Object.keys(input)
    .filter((k) => input[k] !== undefined)
    .sort();
  const canonical = JSON.stringify(keys.map((k) => [k, typeof input[k] === 'bigint' ? `${input[k]}n` : input[k]]));
  return createHash('sha256').update(canonical).digest('hex');
}
