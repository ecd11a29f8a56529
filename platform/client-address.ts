import { isIPv6 } from 'node:net';

/**
 * The key a client address is counted under: an IPv4 address as it is (also when written IPv4-mapped,
 * `::ffff:1.2.3.4`), an IPv6 address by its /64 network, since one subscriber usually holds a whole
 * /64 and could otherwise take a fresh budget per address.
 */
export function addressKey(address: string | undefined): string {
  if (!address) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  if (!isIPv6(address)) return address;
  const [head, tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
