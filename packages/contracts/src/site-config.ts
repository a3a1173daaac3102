import { z } from 'zod';
import { ZLanguageCode } from './headers';
import { ZDomain, ZLanguage, ZRegisterSettings, ZResource, ZWhitelabel } from './system';
import { ZCashierControls } from './cashier';
import { ZWithdrawalSettings } from './withdrawal';

const str = (max: number) => z.string().max(max);
const localized = z.record(ZLanguageCode, str(2000));
/** hidden: no balances; direct: the agent's direct downlines' balances; team: every member of its team. */
export const TEAM_BALANCE_VISIBILITY = ['hidden', 'direct', 'team'] as const;

/**
 * Site configuration documents kept in the database (table site_config, one row per key) and
 * changed by operators (`npm run ops`, later the console). Each key has its schema here, so the
 * server, the command line and tests agree on what may be stored.
 */
export const SITE_CONFIG_SCHEMAS = {
  whitelabel: ZWhitelabel,
  register: ZRegisterSettings,
  languages: z.object({
    default: ZLanguageCode,
    languages: z.array(ZLanguage.extend({ enabled: z.boolean() })).min(1).max(60),
  }),
  maintenance: z.object({
    /** Start of the window (ISO); null = not scheduled. */
    startTime: z.iso.datetime({ offset: true }).nullable(),
    /** End of the window (ISO); null = until switched off. */
    endTime: z.iso.datetime({ offset: true }).nullable(),
    info: localized,
  }),
  region: z.object({
    /** Blocked ISO country codes (matched through countryRanges or the trusted country header). */
    blockedCountries: z.array(str(2).regex(/^[A-Z]{2}$/, 'country_code_unknown')).max(250),
    /** Blocked address ranges in CIDR notation (IPv4 or IPv6). */
    blockedCidrs: z.array(str(50)).max(1000),
    /** Ranges that are never blocked (office, monitoring), checked first. */
    allowedCidrs: z.array(str(50)).max(1000),
    /** Address ranges mapped to countries, for sites without a country header from the proxy. */
    countryRanges: z.array(z.object({ cidr: str(50), country: str(2).regex(/^[A-Z]{2}$/, 'country_code_unknown') })).max(5000),
    info: localized,
  }),
  domains: z.object({
    /** Hosts this site answers for (permission call's domain check); empty = any. */
    allowedHosts: z.array(str(253)).max(200),
    routes: z.object({ '0': z.array(ZDomain).max(200), '3': z.array(ZDomain).max(200) }),
    imageCDNs: z.array(str(500)).max(50),
    launchGameCDNs: z.array(str(500)).max(50),
  }),
  analytics: z.object({ gtagId: str(40).nullable() }),
  resources: z.array(ZResource).max(50),
  brand: z.object({
    siteName: str(80),
    merchantCode: str(40),
    currencySymbol: str(8),
    copyright: str(200),
  }),
  /** Withdrawal limits, hours, turnover multiple and auto-receipt minutes (contracts/withdrawal, 9.C.16). */
  withdrawal: ZWithdrawalSettings,
  /** Member image uploads (issue 23 #4): bytes of slips and not-received proofs a member may store per Bangkok day. */
  uploads: z.object({ dailyBytesPerMember: z.number().int().min(1024 * 1024).max(1024 * 1024 * 1024) }),
  /** The cashier desk's four-eyes thresholds and per-operator daily limits (issue 24, docs/adr/0081). */
  cashierControls: ZCashierControls,
  /**
   * What an agent sees of its team's money in team management (issue 28, docs/adr/0101): members' balances hidden,
   * shown for its direct downlines only, or for its whole team.
   */
  agents: z.object({ teamBalances: z.enum(TEAM_BALANCE_VISIBILITY) }),
} as const;

export type TSiteConfigKey = keyof typeof SITE_CONFIG_SCHEMAS;
export const SITE_CONFIG_KEYS = Object.keys(SITE_CONFIG_SCHEMAS) as TSiteConfigKey[];
export type TSiteConfig = { [K in TSiteConfigKey]: z.infer<(typeof SITE_CONFIG_SCHEMAS)[K]> };
export const ZSiteConfigKey = z.enum(SITE_CONFIG_KEYS as [TSiteConfigKey, ...TSiteConfigKey[]]);
