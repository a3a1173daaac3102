// Zod-free: the server's plugins import it.
/**
 * The areas of the API: the path prefixes the platform (and the house vendor, mounted beside it) answers under.
 * Every call writes its whole path in its endpoint (contracts/*.ts); these prefixes are for what treats an area
 * as a whole: the site-access guard (/wps but not /wps/system), the SPA fallback (never an API area), the
 * console cookie's path (/ops), the house vendor's mount and the vendor protocol's base.
 */
export const API_AREAS = {
  site: '/wps',
  siteSystem: '/wps/system',
  games: '/lgw',
  lottery: '/lotto',
  operator: '/ops',
  vendorProtocol: '/vendor/v1',
  house: '/house',
} as const;

/** Whether a path is in an area: the area itself or below it. */
export const inArea = (path: string, area: string) => path === area || path.startsWith(`${area}/`);
