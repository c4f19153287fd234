import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Which addresses the server may connect to on a visitor's behalf (index-and-federation.md,
 * 'Outbound requests'): public unicast only. Loopback, private, carrier-grade NAT, link-local (the
 * cloud metadata service at 169.254.169.254), multicast, broadcast, reserved and documentation
 * ranges are refused, in IPv4 and IPv6, including IPv4 written inside IPv6 (mapped, NAT64, 6to4,
 * Teredo, IPv4-compatible). ipaddr.js knows the ranges; what is ours is which of them we refuse.
 */
export function isPublicAddress(address: string): boolean {
  let parsed = parseAddress(address);
  if (!parsed) return false;
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    // ::ffff:127.0.0.1 and ::ffff:7f00:1 reach 127.0.0.1: judge the IPv4 inside.
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
    // IPv4-compatible (::127.0.0.1, written ::7f00:1; deprecated by RFC 4291), which ipaddr.js
    // calls unicast: refused whole, as NAT64 and 6to4 are.
    else if (v6.match(IPV4_COMPATIBLE)) return false;
    else return v6.range() === 'unicast';
  }
  return parsed.range() === 'unicast';
}

const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

/**
 * An address as the network reads it. ipaddr.js takes any IPv6 written with a dotted IPv4 tail for
 * a mapped one (::8.8.8.8 as ::ffff:8.8.8.8), while a socket connects to ::808:808: such text is
 * first written in hex by the URL parser, as the sockets read it.
 */
function parseAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  let text = address;
  if (net.isIPv6(address) && address.includes('.')) {
    try {
      text = new URL(`http://[${address}]/`).hostname.slice(1, -1);
    } catch {
      return null;
    }
  }
  return ipaddr.isValid(text) ? ipaddr.parse(text) : null;
}

/**
 * The private hosts an administrator allows anyway (PEERS_ALLOW_PRIVATE: host names or CIDR
 * ranges; tests run two instances on loopback through it).
 */
export interface AllowList {
  names: ReadonlySet<string>;
  ranges: readonly [ipaddr.IPv4 | ipaddr.IPv6, number][];
}

export function parseAllowList(entries: readonly string[]): AllowList {
  const names = new Set<string>();
  const ranges: [ipaddr.IPv4 | ipaddr.IPv6, number][] = [];
  for (const raw of entries) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    if (entry.includes('/')) ranges.push(ipaddr.parseCIDR(entry));
    else if (net.isIP(entry)) {
      const address = ipaddr.parse(entry);
      ranges.push([address, address.kind() === 'ipv4' ? 32 : 128]);
    } else names.add(entry);
  }
  return { names, ranges };
}

/** Whether an entry of the allow-list is well written (the configuration refuses others at start). */
export function isAllowListEntry(entry: string): boolean {
  const value = entry.trim();
  if (value.includes('/')) return ipaddr.isValidCIDR(value);
  return (
    net.isIP(value) !== 0 ||
    /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i.test(value)
  );
}

/** Whether the server may connect to `address`, reached through the host name `host`. */
export function mayConnect(address: string, host: string, allow: AllowList): boolean {
  if (isPublicAddress(address)) return true;
  if (allow.names.has(host.toLowerCase())) return true;
  let parsed = parseAddress(address);
  if (!parsed) return false;
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return allow.ranges.some(([range, bits]) => range.kind() === parsed.kind() && parsed.match(range, bits));
}
