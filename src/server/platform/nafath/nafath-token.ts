// A Nafath callback's token checked with `jose`: a JWS in compact form signed RS256 by a key of the JSON Web
// Key Set Elm publishes (RFC 7515, 7517, 7518, 7519). Only RS256 is taken (never `none`, never an HMAC the
// public key could be used as the secret of), `exp` is required, `nbf` honoured, `aud` compared when the
// audience is set; clocks may differ by a minute.
import { createLocalJWKSet, createRemoteJWKSet, customFetch, errors, type JSONWebKeySet, type JWK, jwtVerify } from 'jose';
import { NafathTokenRefused } from './nafath-provider.ts';

/** A public key of a JWKS, as Elm's `GET /api/v1/mfa/jwk` lists them. */
export type NafathJwk = JWK;

/** The keys to check a token with: a key set (remote or local), as `jose` picks the key a token names. */
export type NafathKeySource = ReturnType<typeof createLocalJWKSet>;

export interface TokenCheck {
  /** The service provider's name registered with Elm, which Nafath's tokens carry as `aud`; unchecked when unset. */
  audience?: string;
  now?: Date;
}

const CLOCK_TOLERANCE_SECONDS = 60;
const MAX_TOKEN_LENGTH = 20_000;

/** The payload of a token Nafath signed, once every check holds; NafathTokenRefused otherwise. */
export async function verifyNafathToken(token: string, keys: NafathKeySource, check: TokenCheck = {}): Promise<Record<string, unknown>> {
  if (token.length > MAX_TOKEN_LENGTH) throw new NafathTokenRefused('the token is too long');
  try {
    const { payload } = await jwtVerify(token, keys, {
      algorithms: ['RS256'],
      requiredClaims: ['exp'],
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      ...(check.audience !== undefined && { audience: check.audience }),
      ...(check.now && { currentDate: check.now }),
    });
    return payload as Record<string, unknown>;
  } catch (error) {
    if (error instanceof errors.JOSEError || error instanceof TypeError) throw new NafathTokenRefused(error.message);
    throw error;
  }
}

/** The key set of keys in hand (the development provider's own, a test's). */
export function localKeySet(keys: NafathJwk[]): NafathKeySource {
  return createLocalJWKSet({ keys } as JSONWebKeySet);
}

/**
 * Elm's key set at `url`, fetched with the app's credentials and kept for an hour; asked again sooner only
 * when a token names a key it lacks, and then at most once a minute, so forged tokens naming made-up keys
 * cannot make us hammer Elm.
 */
export function remoteKeySet(url: string, headers: Record<string, string>, fetchImpl: typeof fetch = fetch): NafathKeySource {
  return createRemoteJWKSet(new URL(url), {
    headers: { accept: 'application/json', ...headers },
    cacheMaxAge: 60 * 60_000,
    cooldownDuration: 60_000,
    timeoutDuration: 10_000,
    [customFetch]: fetchImpl,
  }) as unknown as NafathKeySource;
}
