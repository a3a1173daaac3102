import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas, GlobalFonts, Image } from '@napi-rs/canvas';

/**
 * Banner artwork as rasters (issue 10, ADR 0042). The demo banners are SVG with Thai headlines; a
 * browser draws their text with whatever fonts the viewer has, so on a machine without a Thai font
 * the headlines were empty boxes. Here every text of the artwork is drawn with the shipped Sarabun
 * font (the site's own font, from @fontsource/sarabun) into AVIF and WebP files at the widths the
 * layout needs; the page offers them with srcset and keeps the SVG as the last fallback.
 */

/** Widths made for each banner: a phone at 1x/2x, a desktop at 1x/2x (the banner box is 4:1). */
export const BANNER_WIDTHS = [480, 960, 1920] as const;
export const BANNER_FORMATS = [
  { ext: 'avif', type: 'image/avif' },
  { ext: 'webp', type: 'image/webp' },
] as const;
const FONT_FAMILY = 'LotusBannerSarabun';

let fontsReady = false;
function registerShippedFonts(): void {
  if (fontsReady) return;
  const require = createRequire(import.meta.url);
  const dir = path.join(path.dirname(require.resolve('@fontsource/sarabun/package.json')), 'files');
  for (const subset of ['thai', 'latin', 'latin-ext']) {
    for (const weight of [400, 600, 700, 800]) {
      const file = path.join(dir, `sarabun-${subset}-${weight}-normal.woff2`);
      if (fs.existsSync(file)) GlobalFonts.registerFromPath(file, FONT_FAMILY);
    }
  }
  fontsReady = true;
}

/** The file name of one raster: `<name>-<width>.<ext>`. */
export const rasterName = (name: string, width: number, ext: string) => `${name}-${width}.${ext}`;

/** Renders one SVG banner into outDir at every width and format; skips files newer than the SVG. */
export async function renderBannerRasters(svgFile: string, outDir: string): Promise<string[]> {
  registerShippedFonts();
  const name = path.basename(svgFile, '.svg');
  const svgTime = fs.statSync(svgFile).mtimeMs;
  const pending = BANNER_WIDTHS.flatMap((width) =>
    BANNER_FORMATS.map((format) => ({ width, format, file: path.join(outDir, rasterName(name, width, format.ext)) })),
  ).filter(({ file }) => !fs.existsSync(file) || fs.statSync(file).mtimeMs < svgTime);
  if (pending.length === 0) return [];
  // Every font-family of the artwork becomes the shipped font: the raster never depends on the
  // fonts of the machine that draws it.
  const svg = fs.readFileSync(svgFile, 'utf8').replace(/font-family="[^"]*"/g, `font-family="${FONT_FAMILY}"`);
  const image = new Image();
  image.src = Buffer.from(svg);
  const ratio = image.height / image.width || 0.25;
  fs.mkdirSync(outDir, { recursive: true });
  const written: string[] = [];
  for (const { width, format, file } of pending) {
    const height = Math.round(width * ratio);
    const canvas = createCanvas(width, height);
    canvas.getContext('2d').drawImage(image, 0, 0, width, height);
    const data =
      format.ext === 'avif' ? await canvas.encode('avif', { quality: 55, speed: 6 }) : await canvas.encode('webp', 78);
    fs.writeFileSync(file, data);
    written.push(file);
  }
  return written;
}

/** Renders every SVG of srcDir into outDir; returns the files written. */
export async function renderAllBannerRasters(srcDir: string, outDir: string): Promise<string[]> {
  const written: string[] = [];
  for (const entry of fs.readdirSync(srcDir).filter((f) => f.endsWith('.svg')).sort()) {
    written.push(...(await renderBannerRasters(path.join(srcDir, entry), outDir)));
  }
  return written;
}

/**
 * The raster sources of a banner image URL, when its rasters exist: `/media/banners/x.svg` ->
 * AVIF and WebP srcsets. Other URLs (an operator's external image) have none.
 */
export function bannerSources(
  url: string,
  builtDir: string,
  exists: (file: string) => boolean = fs.existsSync,
): { type: string; srcset: string }[] {
  const match = /^\/media\/banners\/([A-Za-z0-9_-]+)\.svg$/.exec(url);
  if (!match) return [];
  const name = match[1]!;
  if (!BANNER_WIDTHS.every((w) => BANNER_FORMATS.every((f) => exists(path.join(builtDir, 'banners', rasterName(name, w, f.ext))))))
    return [];
  return BANNER_FORMATS.map((f) => ({
    type: f.type,
    srcset: BANNER_WIDTHS.map((w) => `/media/banners/${rasterName(name, w, f.ext)} ${w}w`).join(', '),
  }));
}
