import net from 'node:net';

/** Normalises an address: IPv4-mapped IPv6 (::ffff:1.2.3.4) becomes 1.2.3.4; zone ids dropped. */
export function normalizeIp(ip: string | undefined | null): string {
  if (!ip) return '0.0.0.0';
  let v = ip.trim();
  const zone = v.indexOf('%');
  if (zone !== -1) v = v.slice(0, zone);
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(v);
  if (mapped?.[1]) v = mapped[1];
  return net.isIP(v) ? v.slice(0, 64) : '0.0.0.0';
}

export type ParsedCidr = { address: string; prefix: number; family: 'ipv4' | 'ipv6' };

/** Parses "a.b.c.d/n", "x::y/n" or a single address (taken as /32 or /128). Null when invalid. */
export function parseCidr(text: string): ParsedCidr | null {
  const parts = text.trim().split('/');
  const address = parts[0] ?? '';
  const prefixPart = parts[1];
  if (parts.length > 2) return null;
  const version = net.isIP(address);
  if (version === 0) return null;
  const family = version === 6 ? 'ipv6' : 'ipv4';
  const max = family === 'ipv6' ? 128 : 32;
  if (prefixPart === undefined) return { address, prefix: max, family };
  if (!/^\d{1,3}$/.test(prefixPart)) return null;
  const prefix = Number(prefixPart);
  if (prefix > max) return null;
  return { address, prefix, family };
}

/** Builds a node:net BlockList from CIDR strings; invalid entries are skipped. */
export function buildBlockList(cidrs: readonly string[]): net.BlockList {
  const list = new net.BlockList();
  for (const text of cidrs) {
    const cidr = parseCidr(text);
    if (cidr) list.addSubnet(cidr.address, cidr.prefix, cidr.family);
  }
  return list;
}

export function blockListHas(list: net.BlockList, ip: string): boolean {
  const family = net.isIP(ip) === 6 ? 'ipv6' : 'ipv4';
  try {
    return list.check(ip, family);
  } catch {
    return false;
  }
}

/**
 * The key of per-address limits (security #16): an IPv4 address (IPv4-mapped IPv6 included) as
 * it is, an IPv6 address as its /64 network ("2001:db8:1:2::/64"). One IPv6 subscriber usually
 * holds a whole /64 and can pick a new address per request: keying on the full address would give
 * every request a fresh allowance. Every per-address counter (rate-limit plugin, login failures,
 * SMS sends) keys on this.
 */
export function ipLimitKey(ip: string | undefined | null): string {
  const v = normalizeIp(ip);
  if (net.isIP(v) !== 6) return v;
  const groups = expandIpv6(v);
  if (!groups) return v;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address (embedded IPv4 tails included); null when invalid. */
function expandIpv6(address: string): number[] | null {
  let text = address.toLowerCase();
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return null;
  const groups = [...head, ...Array<string>(missing).fill('0'), ...tail].map((g) => parseInt(g, 16));
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}
