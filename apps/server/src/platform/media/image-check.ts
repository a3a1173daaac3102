import { inflateSync } from 'node:zlib';
import { createCanvas, loadImage } from '@napi-rs/canvas';

/**
 * Member and operator images are judged before they are stored (issue 23 #4, docs/adr/0069): the
 * signature says which format, the header says how large the picture is (read without decoding a
 * pixel, so a small file that unpacks to gigabytes is refused before it is unpacked), and then the
 * whole image is decoded, so a file with a valid signature and a corrupt body is refused too.
 */

/** Largest width or height accepted (the bound; a phone screenshot is about 1,300 x 2,900). */
export const IMAGE_MAX_SIDE_PX = 8000;
/**
 * Largest picture accepted, in pixels: decoding needs 4 bytes a pixel, so 8,000 x 8,000 would take
 * 256 MB of memory on a small server; 40 MP (160 MB) is above every phone camera's slip or photo.
 */
export const IMAGE_MAX_PIXELS = 40_000_000;

export type ImageFormat = 'image/png' | 'image/jpeg' | 'image/webp' | 'image/avif';
export type ImageSize = { width: number; height: number };
export type ImageProblem = 'image_dimensions_too_large' | 'image_corrupt';

const ascii = (bytes: Uint8Array, from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString('latin1');
const u16 = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u32 = (b: Uint8Array, at: number) => ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;
const u16le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u24le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);

/** JPEG start-of-frame markers (C0-CF but DHT C4, JPG C8 and DAC CC): they carry the size. */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** The picture's size from its header alone (no pixel is decoded), or null when the header is unreadable. */
export function headerSize(bytes: Uint8Array, format: ImageFormat): ImageSize | null {
  if (format === 'image/png') {
    if (bytes.length < 24 || ascii(bytes, 12, 16) !== 'IHDR') return null;
    return { width: u32(bytes, 16), height: u32(bytes, 20) };
  }
  if (format === 'image/jpeg') {
    let at = 2;
    while (at + 4 <= bytes.length) {
      if (bytes[at] !== 0xff) return null;
      const marker = bytes[at + 1]!;
      if (marker === 0xff) {
        at += 1; // fill byte
        continue;
      }
      if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
        at += 2; // markers without a length
        continue;
      }
      const length = u16(bytes, at + 2);
      if (isStartOfFrame(marker)) {
        if (at + 9 > bytes.length) return null;
        return { height: u16(bytes, at + 5), width: u16(bytes, at + 7) };
      }
      if (marker === 0xda || length < 2) return null; // image data before any frame header
      at += 2 + length;
    }
    return null;
  }
  if (format === 'image/webp') {
    const chunk = ascii(bytes, 12, 16);
    if (chunk === 'VP8X' && bytes.length >= 30) return { width: u24le(bytes, 24) + 1, height: u24le(bytes, 27) + 1 };
    if (chunk === 'VP8L' && bytes.length >= 25) {
      const bits = (bytes[21]! | (bytes[22]! << 8) | (bytes[23]! << 16) | (bytes[24]! << 24)) >>> 0;
      return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
    }
    if (chunk === 'VP8 ' && bytes.length >= 30) return { width: u16le(bytes, 26) & 0x3fff, height: u16le(bytes, 28) & 0x3fff };
    return null;
  }
  // AVIF: the largest 'ispe' (image spatial extents) property of the file.
  let size: ImageSize | null = null;
  for (let at = bytes.indexOf(0x69); at >= 0 && at + 16 <= bytes.length; at = bytes.indexOf(0x69, at + 1)) {
    if (ascii(bytes, at, at + 4) !== 'ispe') continue;
    const width = u32(bytes, at + 8);
    const height = u32(bytes, at + 12);
    if (!size || width * height > size.width * size.height) size = { width, height };
  }
  return size;
}

/**
 * A PNG whose chunks are all intact (each CRC), that ends with IEND, and whose image data inflates
 * to exactly the size its header announces (never more: the inflater stops there).
 */
function pngIntact(bytes: Uint8Array, size: ImageSize): boolean {
  const ihdr = bytes.subarray(16, 29);
  const bitDepth = ihdr[8]!;
  const colorType = ihdr[9]!;
  const interlaced = ihdr[12] === 1;
  const channels = ({ 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 } as Record<number, number>)[colorType];
  if (!channels) return false;
  const rowBytes = (w: number) => Math.ceil((w * channels * bitDepth) / 8);
  let expected = 0;
  if (!interlaced) expected = size.height * (1 + rowBytes(size.width));
  else {
    // Adam7: seven reduced images, each row with its filter byte.
    const passes = [
      [0, 0, 8, 8],
      [4, 0, 8, 8],
      [0, 4, 4, 8],
      [2, 0, 4, 4],
      [0, 2, 2, 4],
      [1, 0, 2, 2],
      [0, 1, 1, 2],
    ] as const;
    for (const [x0, y0, dx, dy] of passes) {
      const w = Math.ceil((size.width - x0) / dx);
      const h = Math.ceil((size.height - y0) / dy);
      if (w > 0 && h > 0) expected += h * (1 + rowBytes(w));
    }
  }
  const data: Buffer[] = [];
  let at = 8;
  let ended = false;
  while (at + 12 <= bytes.length) {
    const length = u32(bytes, at);
    const end = at + 12 + length;
    if (end > bytes.length) return false;
    const type = ascii(bytes, at + 4, at + 8);
    if (crc32(bytes.subarray(at + 4, at + 8 + length)) !== u32(bytes, at + 8 + length)) return false;
    if (type === 'IDAT') data.push(Buffer.from(bytes.subarray(at + 8, at + 8 + length)));
    at = end;
    if (type === 'IEND') {
      ended = true;
      break;
    }
  }
  if (!ended || data.length === 0) return false;
  try {
    return inflateSync(Buffer.concat(data), { maxOutputLength: expected }).length === expected;
  } catch {
    return false;
  }
}

let crcTable: Uint32Array | null = null;
function crc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let c = 0xffffffff;
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/**
 * Checks an image whose format its signature gave: the size from the header first (refused above
 * IMAGE_MAX_SIDE_PX a side or IMAGE_MAX_PIXELS before anything is decoded), then a full decode.
 * Returns the size, or the catalogue key that refuses the image.
 */
export async function checkImage(
  bytes: Uint8Array,
  format: ImageFormat,
): Promise<{ ok: true; size: ImageSize } | { ok: false; error: ImageProblem }> {
  const size = headerSize(bytes, format);
  if (!size || size.width < 1 || size.height < 1) return { ok: false, error: 'image_corrupt' };
  if (size.width > IMAGE_MAX_SIDE_PX || size.height > IMAGE_MAX_SIDE_PX || size.width * size.height > IMAGE_MAX_PIXELS) {
    return { ok: false, error: 'image_dimensions_too_large' };
  }
  // The canvas decoder draws a truncated PNG with blank rows instead of failing: PNG data is
  // checked chunk by chunk and inflated in full here first.
  if (format === 'image/png' && !pngIntact(bytes, size)) return { ok: false, error: 'image_corrupt' };
  try {
    const image = await loadImage(Buffer.from(bytes));
    if (image.width !== size.width || image.height !== size.height) return { ok: false, error: 'image_corrupt' };
    // Drawing it (scaled down) makes the decoder read every pixel of the file.
    createCanvas(16, 16).getContext('2d').drawImage(image, 0, 0, 16, 16);
  } catch {
    return { ok: false, error: 'image_corrupt' };
  }
  return { ok: true, size };
}
