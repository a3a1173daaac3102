// `npm run media:build -w @lotus/server` (part of `npm run build`): the banner rasters of the demo
// artwork (platform/media/banner-rasters.ts) into apps/server/media-built, served under /media.
import path from 'node:path';
import { MEDIA_BUILT_DIR, MEDIA_DIR } from '../src/platform/media/media-dirs';
import { renderAllBannerRasters } from '../src/platform/media/banner-rasters';

const started = performance.now();
const written = await renderAllBannerRasters(path.join(MEDIA_DIR, 'banners'), path.join(MEDIA_BUILT_DIR, 'banners'));
console.log(`banner rasters: ${written.length} written in ${Math.round(performance.now() - started)} ms (${MEDIA_BUILT_DIR})`);
