import { BRAND } from '@lotus/contracts/brand';

/**
 * Build-time configuration of the web app. Values come from Vite env variables (VITE_*), with the
 * brand defaults of the contracts (3.ENT.05) when unset.
 */
export const env = {
  /** Merchant code sent as the `Merchant` header on every call. */
  merchantCode: (import.meta.env.VITE_MERCHANT as string | undefined) || BRAND.defaultMerchant,
  /** Base URL of the platform API; empty = same origin (the dev server proxies /wps, /ops, /media, /docs). */
  apiBaseUrl: (import.meta.env.VITE_API_BASE_URL as string | undefined) ?? '',
  /** Site name shown in titles, logo text and the copyright line. */
  siteName: (import.meta.env.VITE_SITE_NAME as string | undefined) || 'Lotus',
  device: BRAND.device,
} as const;
