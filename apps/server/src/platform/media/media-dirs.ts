import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Media kept in the repository (demo banners, vendor logos), served under /media. */
export const MEDIA_DIR = path.resolve(here, '../../../media');
/** Media made from it by `npm run media:build` (banner rasters), also under /media; not in git. */
export const MEDIA_BUILT_DIR = path.resolve(here, '../../../media-built');
