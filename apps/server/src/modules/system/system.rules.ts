import type net from 'node:net';
import type { TSiteConfig } from '@lotus/contracts/site-config';
import { blockListHas, buildBlockList, parseCidr } from '../../lib/ip';

/** Pure rules of system status (4.SYS.01, 2.R.28-30, decision 3.SITE.04). No I/O. */

type Maintenance = TSiteConfig['maintenance'];
type Region = TSiteConfig['region'];

/** The window is active when startTime <= now and (no endTime or now < endTime). */
export function isMaintenanceActive(m: Maintenance, nowMs: number): boolean {
  if (!m.startTime) return false;
  const start = Date.parse(m.startTime);
  if (Number.isNaN(start) || start > nowMs) return false;
  if (!m.endTime) return true;
  const end = Date.parse(m.endTime);
  return Number.isNaN(end) || nowMs < end;
}

type CompiledRegion = {
  /** null when no range is configured: every request asks, and an empty list's check still costs. */
  allowed: net.BlockList | null;
  blocked: net.BlockList | null;
  blockedCountries: Set<string>;
  ranges: { country: string; list: net.BlockList }[];
};

const compiled = new WeakMap<Region, CompiledRegion>();

/** Compiles the region document once per configuration snapshot (documents are immutable). */
export function compileRegion(region: Region): CompiledRegion {
  const hit = compiled.get(region);
  if (hit) return hit;
  const byCountry = new Map<string, string[]>();
  for (const r of region.countryRanges) {
    if (!parseCidr(r.cidr)) continue;
    byCountry.set(r.country, [...(byCountry.get(r.country) ?? []), r.cidr]);
  }
  const result: CompiledRegion = {
    allowed: region.allowedCidrs.length > 0 ? buildBlockList(region.allowedCidrs) : null,
    blocked: region.blockedCidrs.length > 0 ? buildBlockList(region.blockedCidrs) : null,
    blockedCountries: new Set(region.blockedCountries),
    ranges: [...byCountry].map(([country, cidrs]) => ({ country, list: buildBlockList(cidrs) })),
  };
  compiled.set(region, result);
  return result;
}

/** The visitor's country: the trusted proxy header when present, else the configured ranges. */
export function resolveCountry(region: Region, ip: string, headerCountry: string | null): string | null {
  if (headerCountry) return headerCountry;
  for (const { country, list } of compileRegion(region).ranges) {
    if (blockListHas(list, ip)) return country;
  }
  return null;
}

/**
 * Region decision: allowedCidrs first (never blocked), then blockedCidrs, then the country in
 * blockedCountries.
 */
export function isRegionBlocked(region: Region, ip: string, country: string | null): boolean {
  const c = compileRegion(region);
  if (c.allowed && blockListHas(c.allowed, ip)) return false;
  if (c.blocked && blockListHas(c.blocked, ip)) return true;
  return country !== null && c.blockedCountries.has(country);
}
