import fs from 'node:fs';
import path from 'node:path';
import { Image } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { bannerSources, renderBannerRasters } from '../src/platform/media/banner-rasters';
import { MEDIA_DIR } from '../src/platform/media/media-dirs';
import { tempDir } from './helper';

// Issue 10: banner artwork reaches phones as AVIF/WebP at the widths the layout needs, with its
// Thai headline drawn into the raster by the shipped font (no viewer font involved).

describe('banner rasters', () => {
  it('renders a demo banner into AVIF and WebP at 480, 960 and 1920 px wide (4:1), the phone size within 40 KB', async () => {
    const out = tempDir('lotus-rasters-');
    const svg = path.join(MEDIA_DIR, 'banners', 'home-welcome.svg');
    const written = await renderBannerRasters(svg, out);
    expect(written.map((f) => path.basename(f)).sort()).toEqual(
      ['480', '960', '1920'].flatMap((w) => [`home-welcome-${w}.avif`, `home-welcome-${w}.webp`]).sort(),
    );
    const avif = fs.readFileSync(path.join(out, 'home-welcome-960.avif'));
    expect(avif.subarray(4, 12).toString('latin1')).toBe('ftypavif');
    const webp = fs.readFileSync(path.join(out, 'home-welcome-960.webp'));
    expect(webp.subarray(8, 12).toString('latin1')).toBe('WEBP');
    const img = new Image();
    img.src = webp;
    expect([img.width, img.height]).toEqual([960, 240]);
    expect(avif.length).toBeLessThan(40 * 1024);
    // Up to date: a second run writes nothing.
    expect(await renderBannerRasters(svg, out)).toEqual([]);
  }, 60_000);

  it('a media banner with rasters gets AVIF then WebP srcsets; other URLs and unbuilt ones get none', () => {
    const all = () => true;
    const sources = bannerSources('/media/banners/home-welcome.svg', '/built', all);
    expect(sources.map((s) => s.type)).toEqual(['image/avif', 'image/webp']);
    expect(sources[0]!.srcset).toBe(
      '/media/banners/home-welcome-480.avif 480w, /media/banners/home-welcome-960.avif 960w, /media/banners/home-welcome-1920.avif 1920w',
    );
    expect(bannerSources('https://cdn.example.com/a.svg', '/built', all)).toEqual([]);
    expect(bannerSources('/media/banners/../x.svg', '/built', all)).toEqual([]);
    expect(bannerSources('/media/banners/home-welcome.svg', '/built', () => false)).toEqual([]);
  });
});
