import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../src/server/env.ts';
import { clientAddress } from '../../src/server/platform/client-address.ts';

describe('the client address behind proxies', () => {
  it('is the socket address when no proxy is trusted, whatever X-Forwarded-For claims', () => {
    expect(clientAddress('1.2.3.4', 0, '10.0.0.9')).toBe('10.0.0.9');
  });

  it('is the entry the trusted proxy appended, not one the client wrote before it', () => {
    // The client sent "X-Forwarded-For: 6.6.6.6"; the proxy appended the address it saw.
    expect(clientAddress('6.6.6.6, 203.0.113.7', 1, '10.0.0.2')).toBe('203.0.113.7');
    expect(clientAddress('203.0.113.7', 1, '10.0.0.2')).toBe('203.0.113.7');
  });

  it('counts the proxies from the right when there are several', () => {
    // CDN → load balancer → app: the CDN wrote the client's address, the load balancer the CDN's.
    expect(clientAddress('6.6.6.6, 203.0.113.7, 198.51.100.1', 2, '10.0.0.2')).toBe('203.0.113.7');
  });

  it('falls back to the socket when the header is missing or shorter than the chain of proxies', () => {
    expect(clientAddress(undefined, 1, '10.0.0.2')).toBe('10.0.0.2');
    expect(clientAddress('203.0.113.7', 2, '10.0.0.2')).toBe('10.0.0.2');
    expect(clientAddress(' , ', 1, '10.0.0.2')).toBe('10.0.0.2');
  });

  it('reads TRUST_PROXY as false, true (one proxy) or a number of proxies, and refuses anything else', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(0);
    expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(0);
    expect(parseEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(() => parseEnv({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY: must be true, false or the number of proxies/);
  });
});
