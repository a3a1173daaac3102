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
