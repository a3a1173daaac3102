import proxyAddr from '@fastify/proxy-addr';

export type TrustFn = (address: string, hop: number) => boolean;

/**
 * One trust function for Fastify's `trustProxy` (which address is the client) and for the country
 * header (COUNTRY_HEADER is believed only when the direct peer is a trusted proxy).
 */
export function createTrustFn(trustProxy: true | string[] | undefined): TrustFn {
  if (trustProxy === undefined) return () => false;
  if (trustProxy === true) return () => true;
  return proxyAddr.compile(trustProxy);
}
