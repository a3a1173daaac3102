// Zod-free on purpose: the web app's first load imports this without pulling zod in.

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

/** Language codes: `th`, `en`, `zh-CN`... */
export const LANGUAGE_CODE_PATTERN = /^[a-z]{2,3}(-[A-Za-z]{2,4})?$/;
