import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../src/server/env.ts';
import { endpointPolicyOf, isEndpointAllowed } from '../../src/server/modules/nphies/nphies-endpoints.ts';

// A lab's NPHIES endpoint is where the server posts patients' insurance messages with the lab's
// certificate: only hosts the operator allows (NPHIES_ENDPOINT_HOSTS), loopback only outside production.

const production = endpointPolicyOf(
  parseEnv({ NODE_ENV: 'production', NPHIES_ENDPOINT_HOSTS: '*.nphies.sa, gateway.clearing.example.sa' }),
);
const development = endpointPolicyOf(parseEnv({ NODE_ENV: 'development' }));
// `npm start`: production on this machine only, its mail kept in the development mailbox.
const startedHere = endpointPolicyOf(parseEnv({ NODE_ENV: 'production', DEV_MAILBOX: 'true' }));

describe("a lab's NPHIES endpoint", () => {
  it('may be on a host under an allowed domain, or an allowed host, in any letter case', () => {
    for (const url of [
      'https://hsb.nphies.sa/$process-message',
      'https://HSB.NPHIES.SA/$process-message',
      'https://hsb.nphies.sa./$process-message',
      'https://sandbox.hsb.nphies.sa:8443/fhir/$process-message',
      'https://gateway.clearing.example.sa/nphies',
    ])
      expect(isEndpointAllowed(url, production), url).toBe(true);
  });

  it('may not be anywhere else: a look-alike, the bare domain, a subdomain of an exact host, an address, metadata', () => {
    for (const url of [
      'https://evilnphies.sa/$process-message',
      'https://nphies.sa/$process-message',
      'https://hsb.nphies.sa.attacker.example/$process-message',
      'https://other.gateway.clearing.example.sa/nphies',
      'https://169.254.169.254/latest/meta-data/',
      'https://10.0.0.5/$process-message',
      'https://127.0.0.1:4030/$process-message',
      'http://localhost:4030/$process-message',
      'https://[::1]/$process-message',
      'not a url',
    ])
      expect(isEndpointAllowed(url, production), url).toBe(false);
  });

  it('may be on this machine (the fake NPHIES) outside production or on npm start only, and on NPHIES by default', () => {
    expect(endpointPolicyOf(parseEnv({ NODE_ENV: 'production', HOST: '0.0.0.0' })).hosts).toEqual(['*.nphies.sa']);
    expect(isEndpointAllowed('http://127.0.0.1:4030/$process-message', startedHere)).toBe(true);
    for (const url of [
      'http://127.0.0.1:4030/$process-message',
      'http://localhost:4030/x',
      'http://[::1]:4030/x',
      'https://hsb.nphies.sa/x',
    ])
      expect(isEndpointAllowed(url, development), url).toBe(true);
    expect(isEndpointAllowed('https://10.0.0.5/x', development)).toBe(false);
  });

  it('is named in the settings as hosts or *.domains, never a URL or a bare wildcard', () => {
    for (const value of ['https://hsb.nphies.sa', '*', '*.sa.', 'nphies', ' , '])
      expect(() => parseEnv({ NPHIES_ENDPOINT_HOSTS: value }), value).toThrow(/NPHIES_ENDPOINT_HOSTS/);
  });
});
