import { z } from 'zod';

/** Request headers of this platform family (spec 7.CALL, decision 7.CALL.03). */
export const HEADER = {
  merchant: 'merchant',
  device: 'device',
  language: 'language',
  authorization: 'authorization',
  requestId: 'x-request-id',
} as const;

/** Brand configuration (3.ENT.05). */
export const BRAND = {
  platform: 'web',
  lotteryType: 'SEA',
  device: 'WEB',
  defaultMerchant: 'lotus',
} as const;

/**
 * Platform values (decision 7.PAR.18): `W` for notices and free play, `html5-desktop` for vendor
 * calls, `web` in brand configuration.
 */
export const PLATFORM = { notices: 'W', vendor: 'html5-desktop', brand: 'web' } as const;

/** Router device codes (decision 7.PAR.17): 0 desktop web, 3 mobile web (H5). */
export const ZRouterDevice = z.coerce.number().int().pipe(z.union([z.literal(0), z.literal(3)]));
export type TRouterDevice = 0 | 3;

export const ZLanguageCode = z
  .string()
  .min(2)
  .max(10)
  .regex(/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/);
