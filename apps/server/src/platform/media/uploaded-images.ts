import { createHash } from 'node:crypto';
import { BANNER_IMAGE_MAX_BYTES, type TBannerImage } from '@lotus/contracts/ops-content';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { BANNER_FORMATS, BANNER_WIDTHS } from './banner-rasters';
import { IMAGE_MAX_SIDE_PX } from './image-check';

/**
 * Operator-uploaded banner artwork (issue 12, docs/adr/0054). An upload is judged by its bytes,
 * never by a name or a declared type: the signature must be PNG, JPEG, WebP or AVIF and the image
 * must decode. The original is kept, and AVIF and WebP versions are drawn at the banner widths of
 * ADR 0042 (the same canvas and encoder settings as the build-time rasters), so an uploaded banner
 * has the same srcset and head preload as the shipped ones.
 */
export type UploadMime = TBannerImage['mime'];
export const UPLOAD_URL_PREFIX = '/media/uploads/';
const EXT: Record<UploadMime, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/avif': 'avif' };
export const MIME_OF_EXT: Record<string, UploadMime> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp', avif: 'image/avif' };

const ascii = (bytes: Uint8Array, from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString('latin1');

/** The image type by signature, or null. */
export function sniffUpload(bytes: Uint8Array): UploadMime | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 24 && png.every((b, i) => bytes[i] === b) && ascii(bytes, 12, 16) === 'IHDR') return 'image/png';
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 16 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image/webp';
  // ISO-BMFF: a 'ftyp' box whose major or a compatible brand is avif/avis.
  if (bytes.length >= 16 && ascii(bytes, 4, 8) === 'ftyp') {
    const boxSize = Math.min(bytes.length, ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0);
    for (let at = 8; at + 4 <= boxSize; at += at === 8 ? 8 : 4) {
      const brand = ascii(bytes, at, at + 4);
      if (brand === 'avif' || brand === 'avis') return 'image/avif';
    }
  }
  return null;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export type DecodedUpload = { bytes: Buffer; mime: UploadMime };
/** Base64 (or a data: URL, whose declared type is ignored) to checked bytes, or the refusing key. */
export function decodeUpload(
  text: string,
): { ok: true; value: DecodedUpload } | { ok: false; error: 'banner_image_type_invalid' | 'upload_too_large' } {
  const comma = text.startsWith('data:') ? text.indexOf(',') : -1;
  const b64 = (comma >= 0 ? text.slice(comma + 1) : text).replace(/\s+/g, '');
  if (b64.length === 0 || b64.length % 4 !== 0 || !BASE64.test(b64)) return { ok: false, error: 'banner_image_type_invalid' };
  const size = (b64.length / 4) * 3 - (b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0);
  if (size > BANNER_IMAGE_MAX_BYTES) return { ok: false, error: 'upload_too_large' };
  const bytes = Buffer.from(b64, 'base64');
  const mime = sniffUpload(bytes);
  if (!mime) return { ok: false, error: 'banner_image_type_invalid' };
  return { ok: true, value: { bytes, mime } };
}

export type RenderedUpload = {
  key: string;
  width: number;
  height: number;
  variants: { width: number; format: string; data: Buffer }[];
};

/** Decodes the image (null when it does not decode) and draws its versions at every banner width. */
export async function renderUpload({ bytes }: DecodedUpload): Promise<RenderedUpload | null> {
  let image: Awaited<ReturnType<typeof loadImage>>;
  try {
    image = await loadImage(bytes);
  } catch {
    return null;
  }
  if (!image.width || !image.height || image.width > IMAGE_MAX_SIDE_PX || image.height > IMAGE_MAX_SIDE_PX) return null;
  // Every version is encoded at once (the encoders run off the main thread).
  const variants: RenderedUpload['variants'] = await Promise.all(
    BANNER_WIDTHS.flatMap((width) => {
      const height = Math.max(1, Math.round((width * image.height) / image.width));
      const canvas = createCanvas(width, height);
      canvas.getContext('2d').drawImage(image, 0, 0, width, height);
      return BANNER_FORMATS.map(async (format) => ({
        width,
        format: format.ext,
        data:
          format.ext === 'avif' ? await canvas.encode('avif', { quality: 55, speed: 6 }) : await canvas.encode('webp', 78),
      }));
    }),
  );
  return { key: createHash('sha256').update(bytes).digest('hex').slice(0, 40), width: image.width, height: image.height, variants };
}

export const uploadUrl = (key: string, mime: UploadMime) => `${UPLOAD_URL_PREFIX}${key}.${EXT[mime]}`;

/** The srcsets of an uploaded image URL (its versions are made with the upload), else []. */
export function uploadSources(url: string): TBannerImage['sources'] {
  const match = /^\/media\/uploads\/([a-f0-9]{40})\.(png|jpg|webp|avif)$/.exec(url);
  if (!match) return [];
  return BANNER_FORMATS.map((f) => ({
    type: f.type,
    srcset: BANNER_WIDTHS.map((w) => `${UPLOAD_URL_PREFIX}${match[1]}-${w}.${f.ext} ${w}w`).join(', '),
  }));
}

/** A served file name: `<key>.<ext>` (the original) or `<key>-<width>.<avif|webp>` (a version). */
export function parseUploadFile(file: string): { key: string; width: number | null; ext: string } | null {
  const match = /^([a-f0-9]{40})(?:-(\d{3,4}))?\.(png|jpg|webp|avif)$/.exec(file);
  if (!match) return null;
  return { key: match[1]!, width: match[2] ? Number(match[2]) : null, ext: match[3]! };
}
