import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** Small cryptographic helpers shared by the accounts modules. */

/** A bearer secret: `bytes` random bytes, base64url (32 bytes = 256 bits for session tokens). */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

export const sha256Hex = (value: string | Uint8Array) => createHash('sha256').update(value).digest('hex');

/** Compares two hex digests in constant time (false when lengths differ). */
export function sameHex(a: string, b: string): boolean {
  if (a.length !== b.length || a.length % 2 !== 0) return false;
  return timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));
}

/** Compares two short strings in constant time (false when lengths differ). */
export function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** n random decimal digits (SMS codes). */
export function randomDigits(n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) out += String(randomInt(10));
  return out;
}

/** n random characters of `alphabet`, uniform (crypto.randomInt). */
export function randomFrom(alphabet: string, n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/** Letters and digits that cannot be confused with each other when read from an image or a code. */
export const UNAMBIGUOUS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Hash binding a one-time ticket to the client that asked for it (address + user agent). */
export const clientHash = (client: { ip: string; userAgent: string }) =>
  sha256Hex(`${client.ip}\n${client.userAgent}`);
