import type { Env } from '../../env.ts';

/**
 * Where a lab's NPHIES messages may go (issue #80, ADR 0097 amended). The endpoint is a lab's setting, and
 * the server posts patients' insurance messages to it with the lab's certificate: left open, a lab account
 * could point the server at any address it reaches (an internal service, a cloud metadata endpoint). So the
 * host must be on the operator's list (NPHIES_ENDPOINT_HOSTS: NPHIES's own hosts by default, and a lab's
 * clearing-house gateway only when the operator adds it), checked when the lab saves the address and again
 * before every send (a list narrowed since still holds). By default the list is NPHIES's domain, and this
 * machine only where the fake NPHIES answers (outside production, or a server only this machine reaches).
 * Redirects are never followed (nphies-transport.ts).
 */
export interface EndpointPolicy {
  /** Host names, exact (`hsb.nphies.sa`, `127.0.0.1`) or a domain and every host under it (`*.nphies.sa`), lower case. */
  hosts: readonly string[];
}

export function endpointPolicyOf(env: Pick<Env, 'NPHIES_ENDPOINT_HOSTS'>): EndpointPolicy {
  return { hosts: env.NPHIES_ENDPOINT_HOSTS };
}

/** True when the address's host is one the policy names (an address that is no URL is not allowed). */
export function isEndpointAllowed(url: string, policy: EndpointPolicy): boolean {
  if (!URL.canParse(url)) return false;
  // URL lower-cases the host; a trailing dot ("hsb.nphies.sa.") names the same host.
  const host = new URL(url).hostname.replace(/\.$/, '');
  return policy.hosts.some((allowed) => (allowed.startsWith('*.') ? host.endsWith(allowed.slice(1)) : host === allowed));
}
