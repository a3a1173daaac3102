import proxyAddr from '@fastify/proxy-addr';

export type TrustFn = (address: string, hop: number) => boolean;

/**
 * One trust function for Fastify's `trustProxy` (which address is the client) and for the country
 * header (COUNTRY_HEADER is believed only when the direct peer is a trusted proxy).
 */
export function createTrustFn(trustProxy: string[] | undefined): TrustFn {
  // "Trust every peer" does not exist here: env.ts refuses TRUST_PROXY=true (security #7).
  if (trustProxy === undefined) return () => false;
  return proxyAddr.compile(trustProxy);
}
