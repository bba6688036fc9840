/**
 * The client's address as the rate limits and hold caps see it. Behind `trustedProxies` proxies, each
 * appends the address it was reached from to X-Forwarded-For, so the client's is the one the outermost
 * trusted proxy wrote: that many entries from the right. Entries further left were written by the
 * client and are never believed (a client choosing its own address could pick a fresh rate-limit
 * bucket for every request). With no trusted proxy, or a header shorter than the chain (a request
 * that did not come through it), the socket's address is the answer.
 */
export function clientAddress(
  forwardedFor: string | undefined,
  trustedProxies: number,
  socketAddress: string | undefined,
): string | undefined {
  if (trustedProxies === 0 || !forwardedFor) return socketAddress;
  const entries = forwardedFor
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries[entries.length - trustedProxies] ?? socketAddress;
}

/**
 * The client address the limits see: an IPv6 client's /64, an IPv4 client's address. A home or a phone
 * on IPv6 is given a whole /64 and may use any address in it, so limits counted per full address would
 * give one client 2^64 fresh buckets. An IPv4-mapped address (`::ffff:1.2.3.4`, as a dual-stack socket
 * reports an IPv4 client) is that IPv4 address; a zone id (`fe80::1%eth0`) is dropped. Anything that is
 * not an IPv6 address is returned as it is.
 */
export function addressBucket(address: string): string {
  if (!address.includes(':')) return address;
  const groups = ipv6Groups(address.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, ''));
  if (!groups) return address;
  const ipv4Mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (ipv4Mapped) return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a dotted IPv4 tail read as two groups); null if it is not one. */
function ipv6Groups(text: string): number[] | null {
  let rest = text.toLowerCase();
  const tail: number[] = [];
  const dotted = /(?:^|:)(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(rest);
  if (dotted) {
    const bytes = dotted.slice(1).map(Number);
    if (bytes.some((byte) => byte > 255)) return null;
    tail.push((bytes[0]! << 8) | bytes[1]!, (bytes[2]! << 8) | bytes[3]!);
    // Keep the colon before the IPv4 part when it belongs to a `::`.
    rest = rest.slice(0, dotted.index + (dotted[0].startsWith(':') ? 1 : 0));
    if (rest.endsWith(':') && !rest.endsWith('::')) rest = rest.slice(0, -1);
  }
  const halves = rest.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === '' ? [] : part.split(':'));
  const head = parse(halves[0]!);
  const afterGap = halves.length === 2 ? parse(halves[1]!) : [];
  if (![...head, ...afterGap].every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  const written = head.length + afterGap.length + tail.length;
  if (halves.length === 1 ? written !== 8 : written > 7) return null;
  const zeros = new Array<number>(8 - written).fill(0);
  return [...head.map((group) => Number.parseInt(group, 16)), ...zeros, ...afterGap.map((group) => Number.parseInt(group, 16)), ...tail];
}

/** The client address as the app's limits see it on Node: `clientAddress`, as its `addressBucket`. */
export function clientBucket(
  forwardedFor: string | undefined,
  trustedProxies: number,
  socketAddress: string | undefined,
): string | undefined {
  const address = clientAddress(forwardedFor, trustedProxies, socketAddress);
  return address && addressBucket(address);
}
