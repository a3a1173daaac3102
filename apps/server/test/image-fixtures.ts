import { deflateSync } from 'node:zlib';
import { createCanvas } from '@napi-rs/canvas';

/**
 * Images for the upload tests (issue 23 #4), built byte by byte where the test is about the file's
 * structure (a header that lies, a body that does not decode) and drawn with the canvas otherwise.
 */

let table: Uint32Array | null = null;
function crc32(bytes: Uint8Array): number {
  if (!table) {
    table = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c >>> 0;
    }
  }
  let c = 0xffffffff;
  for (const byte of bytes) c = table[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A PNG of `width` x `height` pixels, 1-bit grayscale, every pixel black: a real, valid file that
 * compresses to a tiny fraction of what it unpacks to. With `idat` its image data is those bytes
 * instead (a body that does not decode).
 */
export function grayPng(width: number, height: number, options: { idat?: Buffer } = {}): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // grayscale
  const rowBytes = 1 + Math.ceil(width / 8);
  const idat = options.idat ?? deflateSync(Buffer.alloc(rowBytes * height), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real picture drawn with the canvas, as PNG or JPEG. */
export async function drawnImage(format: 'png' | 'jpeg', width = 64, height = 48): Promise<Buffer> {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#2a6';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#fff';
  ctx.fillRect(width / 4, height / 4, width / 2, height / 2);
  return format === 'png' ? canvas.encode('png') : canvas.encode('jpeg', 85);
}

/** `image` followed by zero bytes up to `size` (a large file that is still a valid image). */
export const padded = (image: Buffer, size: number) => {
  const out = Buffer.alloc(size);
  image.copy(out);
  return out;
};

/** A real PNG whose image data was damaged after the signature and header (the CRC no longer matches). */
export function corruptBody(png: Buffer): Buffer {
  const out = Buffer.from(png);
  for (let i = 41; i < out.length - 16; i++) out[i] = out[i]! ^ 0x5a;
  return out;
}

/** A real JPEG cut short before its image data ends, with the end marker put back. */
export function truncatedJpeg(jpeg: Buffer): Buffer {
  return Buffer.concat([jpeg.subarray(0, Math.floor(jpeg.length / 2)), Buffer.from([0xff, 0xd9])]);
}
