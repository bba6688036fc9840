import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../src/server/env.ts';
import { addressBucket, clientAddress, clientBucket } from '../../src/server/platform/client-address.ts';

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

describe('the client address the limits see (issue #74)', () => {
  it('is an IPv6 client’s /64, however the address is written', () => {
    const bucket = '2001:db8:85a3:42::/64';
    expect(addressBucket('2001:0db8:85a3:0042:0000:8a2e:0370:7334')).toBe(bucket);
    expect(addressBucket('2001:db8:85a3:42::1')).toBe(bucket);
    expect(addressBucket('2001:DB8:85A3:42:FFFF:FFFF:FFFF:FFFF')).toBe(bucket);
    expect(addressBucket('[2001:db8:85a3:42::7]')).toBe(bucket);
    expect(addressBucket('2001:db8:85a3:43::1')).toBe('2001:db8:85a3:43::/64');
  });

  it('expands :: wherever it stands, and drops a zone id', () => {
    expect(addressBucket('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(addressBucket('::1')).toBe('0:0:0:0::/64');
    expect(addressBucket('::')).toBe('0:0:0:0::/64');
    expect(addressBucket('2001:db8:1:2:3::')).toBe('2001:db8:1:2::/64');
    expect(addressBucket('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressBucket('fe80::abcd:1%25en0')).toBe('fe80:0:0:0::/64');
  });

  it('is the IPv4 address an IPv4-mapped IPv6 address carries, and an IPv4 address as it is', () => {
    expect(addressBucket('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressBucket('::FFFF:cb00:7107')).toBe('203.0.113.7');
    expect(addressBucket('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressBucket('203.0.113.7')).toBe('203.0.113.7');
    // NAT64's well-known prefix is IPv6: the /64 of the translator.
    expect(addressBucket('64:ff9b::203.0.113.7')).toBe('64:ff9b:0:0::/64');
  });

  it('leaves anything that is not an IP address as it is', () => {
    for (const text of ['unknown', '1::2::3', '2001:db8:1:2:3:4:5:6:7', '12345::1', '::ffff:300.1.1.1', 'g::1']) {
      expect(addressBucket(text)).toBe(text);
    }
  });

  it('is what the Node entry hands the app: the trusted proxy’s entry, as its bucket', () => {
    expect(clientBucket('6.6.6.6, 2001:db8:1:2::99', 1, '10.0.0.2')).toBe('2001:db8:1:2::/64');
    expect(clientBucket(undefined, 0, '::ffff:10.0.0.2')).toBe('10.0.0.2');
    expect(clientBucket(undefined, 0, undefined)).toBeUndefined();
  });
});
