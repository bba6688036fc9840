import { circuitsByKey, isFetchOutage, OUTSIDE_READ_TIMEOUT_MS } from '../../platform/circuit-breaker.ts';

// The authorization code exchanged at Google's token endpoint (OAuth 2.0 §4.1.3 with PKCE, the client
// by HTTP Basic, as arctic's OAuth2Client does it) by our own fetch, so that it has a deadline: arctic
// gives its request none. The answer's ID token is checked by the caller.

/** Google's token endpoint did not answer in time or could not be reached, or was not asked (circuit open). */
export class GoogleOutageError extends Error {
  override name = 'GoogleOutageError';
}

/** Google answered, but not with tokens (a used or wrong code, a wrong client). */
class GoogleTokenError extends Error {
  override name = 'GoogleTokenError';
}

/** One circuit per token endpoint (platform/circuit-breaker.ts). */
const tokenEndpointCircuit = circuitsByKey({
  isOutage: (error) => error instanceof GoogleOutageError,
  openError: () => new GoogleOutageError('Google token endpoint is down: not asked again until it has had time to recover'),
});

export interface GoogleClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

/** The ID token Google gives for `code`: its answer, body included, within 3 s, and not asked again. */
export function exchangeGoogleCode(tokenUrl: string, client: GoogleClient, code: string, codeVerifier: string): Promise<string> {
  return tokenEndpointCircuit(new URL(tokenUrl).origin).run(async () => {
    let status: number;
    let answer: unknown;
    try {
      const response = await fetch(tokenUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
          authorization: `Basic ${btoa(`${client.clientId}:${client.clientSecret}`)}`,
        },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: client.redirectUri,
          code_verifier: codeVerifier,
        }),
        signal: AbortSignal.timeout(OUTSIDE_READ_TIMEOUT_MS),
      });
      status = response.status;
      answer = await response.json().catch((error: unknown) => {
        if (isFetchOutage(error)) throw error;
        return null;
      });
    } catch (error) {
      if (isFetchOutage(error)) throw new GoogleOutageError(`Google token endpoint unreachable: ${String(error)}`, { cause: error });
      throw error;
    }
    const idToken = (answer as { id_token?: unknown } | null)?.id_token;
    if (status !== 200 || typeof idToken !== 'string')
      throw new GoogleTokenError(`Google token endpoint answered ${status} without an ID token`);
    return idToken;
  });
}
