import type { TBanner } from '@lotus/contracts/system';

export type BannerLink = { kind: 'internal'; path: string } | { kind: 'external'; url: string } | null;

/**
 * Where a banner click goes (2.BAN.08, decision 2.BAN.09): `linkageType` INTERNAL = a site path in
 * `linkage` (navigated in the app), EXTERNAL = an absolute http(s) URL (new tab, noopener),
 * null = no link. A linkage that does not fit its type is treated as no link.
 */
export function getBannerLink(banner: Pick<TBanner, 'linkageType' | 'linkage'>): BannerLink {
  const linkage = banner.linkage?.trim();
  if (!banner.linkageType || !linkage) return null;
  switch (banner.linkageType) {
    case 'INTERNAL':
      // Same-site paths only: '/x', never '//host' or '/\host' (protocol-relative escapes).
      return /^\/(?![/\\])/.test(linkage) ? { kind: 'internal', path: linkage } : null;
    case 'EXTERNAL': {
      try {
        const url = new URL(linkage);
        return url.protocol === 'https:' || url.protocol === 'http:' ? { kind: 'external', url: url.href } : null;
      } catch {
        return null;
      }
    }
    default: {
      const unknownType: never = banner.linkageType;
      void unknownType;
      return null;
    }
  }
}
