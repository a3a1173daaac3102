import { SLIP_MAX_BYTES } from '@lotus/contracts/cashier';

/**
 * Slip images are checked by their content, never by a name or a declared type: a PNG starts with
 * its 8-byte signature and an IHDR chunk; a JPEG with SOI (FF D8) followed by a marker (FF xx) and
 * ends with EOI (FF D9). Anything else is refused.
 */
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export type SlipMime = 'image/png' | 'image/jpeg';

export function sniffImage(bytes: Uint8Array): SlipMime | null {
  if (
    bytes.length >= 24 &&
    PNG_SIGNATURE.every((b, i) => bytes[i] === b) &&
    // the first chunk is IHDR (length 13)
    bytes[12] === 0x49 &&
    bytes[13] === 0x48 &&
    bytes[14] === 0x44 &&
    bytes[15] === 0x52
  ) {
    return 'image/png';
  }
  if (
    bytes.length >= 4 &&
    bytes[0] === 0xff &&
    bytes[1] === 0xd8 &&
    bytes[2] === 0xff &&
    bytes[bytes.length - 2] === 0xff &&
    bytes[bytes.length - 1] === 0xd9
  ) {
    return 'image/jpeg';
  }
  return null;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Decodes a slip sent as base64 (or a data: URL, whose declared type is ignored) and checks it.
 * Returns the bytes and their type, or the catalogue key that refuses it.
 */
export function decodeSlip(
  text: string,
): { ok: true; bytes: Buffer; mime: SlipMime } | { ok: false; error: 'upload_type_invalid' | 'upload_too_large' } {
  const comma = text.startsWith('data:') ? text.indexOf(',') : -1;
  const b64 = (comma >= 0 ? text.slice(comma + 1) : text).replace(/\s+/g, '');
  if (b64.length === 0 || b64.length % 4 !== 0 || !BASE64.test(b64)) return { ok: false, error: 'upload_type_invalid' };
  // Size before decoding: 3 bytes per 4 characters, less the padding.
  const size = (b64.length / 4) * 3 - (b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0);
  if (size > SLIP_MAX_BYTES) return { ok: false, error: 'upload_too_large' };
  const bytes = Buffer.from(b64, 'base64');
  const mime = sniffImage(bytes);
  if (!mime) return { ok: false, error: 'upload_type_invalid' };
  return { ok: true, bytes, mime };
}
