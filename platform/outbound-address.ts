import { BlockList, isIP } from 'node:net';

/**
 * Which IP addresses an outbound request may not reach: every special-purpose range of the IANA
 * registries (IPv4 and IPv6) that is not a public unicast destination. docs/decisions.md, "Outbound
 * requests", says why each is there.
 */
const RANGES: [cidr: string, kind: string][] = [
  // IPv4
  ['0.0.0.0/8', 'unspecified ("this network")'],
  ['127.0.0.0/8', 'loopback'],
  ['10.0.0.0/8', 'private'],
  ['172.16.0.0/12', 'private'],
  ['192.168.0.0/16', 'private'],
  ['100.64.0.0/10', 'carrier-grade NAT'],
  ['169.254.0.0/16', 'link-local'],
  ['192.0.0.0/24', 'IETF protocol assignment'],
  ['192.0.2.0/24', 'documentation'],
  ['198.51.100.0/24', 'documentation'],
  ['203.0.113.0/24', 'documentation'],
  ['192.88.99.0/24', '6to4 relay'],
  ['198.18.0.0/15', 'benchmarking'],
  ['224.0.0.0/4', 'multicast'],
  ['255.255.255.255/32', 'broadcast'],
  ['240.0.0.0/4', 'reserved'],
  // IPv6 (IPv4-mapped, NAT64 64:ff9b::/96 and 6to4 2002::/16 are judged by the IPv4 address inside)
  ['::/128', 'unspecified'],
  ['::1/128', 'loopback'],
  ['::/96', 'IPv4-compatible (deprecated)'],
  ['::ffff:0:0:0/96', 'IPv4-translated'],
  ['64:ff9b:1::/48', 'local-use NAT64'],
  ['100::/64', 'discard-only'],
  ['2001::/23', 'IETF protocol assignment'],
  ['2001:db8::/32', 'documentation'],
  ['3fff::/20', 'documentation'],
  ['5f00::/16', 'segment routing'],
  ['fc00::/7', 'unique-local (private)'],
  ['fe80::/10', 'link-local'],
  ['fec0::/10', 'site-local (deprecated)'],
  ['ff00::/8', 'multicast'],
];

const lists = new Map<string, BlockList>();
for (const [cidr, kind] of RANGES) {
  const [network, prefix] = cidr.split('/');
  if (!lists.has(kind)) lists.set(kind, new BlockList());
  lists.get(kind)!.addSubnet(network, Number(prefix), isIP(network) === 4 ? 'ipv4' : 'ipv6');
}

/**
 * What kind of special-purpose address `address` (an IPv4 or IPv6 literal, without brackets) is —
 * "loopback", "private", … — or undefined for a public address an outbound request may reach.
 */
export function specialPurposeKind(address: string): string | undefined {
  const family = isIP(address);
  if (family === 0) throw new TypeError(`not an IP address: ${address}`);
  if (family === 6) {
    const inside = embeddedIPv4(address);
    if (inside) return specialPurposeKind(inside);
  }
  for (const [kind, list] of lists) if (list.check(address, family === 4 ? 'ipv4' : 'ipv6')) return kind;
  return undefined;
}

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d), NAT64 (64:ff9b::a.b.c.d) or 6to4 (2002:aabb:ccdd::) address. */
function embeddedIPv4(address: string): string | undefined {
  const w = ipv6Words(address);
  const v4 = (high: number, low: number) => [high >> 8, high & 255, low >> 8, low & 255].join('.');
  const zeros = (from: number, to: number) => w.slice(from, to).every((word) => word === 0);
  if (zeros(0, 5) && w[5] === 0xffff) return v4(w[6], w[7]);
  if (w[0] === 0x64 && w[1] === 0xff9b && zeros(2, 6)) return v4(w[6], w[7]);
  if (w[0] === 0x2002) return v4(w[1], w[2]);
  return undefined;
}

/** The eight 16-bit words of a valid IPv6 literal (`::` expanded, a trailing dotted IPv4 part converted). */
function ipv6Words(address: string): number[] {
  let text = address.split('%')[0];
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const words = (part: string | undefined) => (part ? part.split(':').map((hex) => parseInt(hex, 16)) : []);
  const [head, tail] = text.split('::');
  const front = words(head);
  const back = words(tail);
  return [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}
