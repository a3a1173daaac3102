import { z } from 'zod';
import { LANGUAGE_CODE_PATTERN } from './brand';

export * from './brand';

/** Router device codes (decision 7.PAR.17): 0 desktop web, 3 mobile web (H5). */
export const ZRouterDevice = z.coerce
  .number()
  .int()
  .pipe(z.union([z.literal(0), z.literal(3)]));
export type TRouterDevice = 0 | 3;

export const ZLanguageCode = z.string().min(2).max(10).regex(LANGUAGE_CODE_PATTERN);
