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
