/**
 * True when `address` is on this app's own origin (PUBLIC_URL), over http(s). Local development
 * reaches the same server as localhost or 127.0.0.1 on any port, so loopback hosts count as one.
 * Used by the CSRF checks and by the store's return addresses (no open redirects).
 */
export function isSameOrigin(address: string, publicUrl: string): boolean {
  try {
    const url = new URL(address);
    const own = new URL(publicUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
    return url.origin === own.origin || (isLoopback(url.hostname) && isLoopback(own.hostname));
  } catch {
    return false;
  }
}

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}
