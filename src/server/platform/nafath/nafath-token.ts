// A Nafath callback's token checked: a JWS in compact form signed RS256 (RSASSA-PKCS1-v1_5 with SHA-256)
// by a key of the JSON Web Key Set Elm publishes (RFC 7515, 7517, 7518, 7519), verified with WebCrypto,
// which Node and workerd both have. Only RS256 is taken (never `none`, never an HMAC the public key could
// be used as the secret of), `exp` is required, `nbf` honoured, `aud` compared when the audience is set.
import { decodeBase64urlIgnorePadding } from '@oslojs/encoding';
import { NafathTokenRefused } from './nafath-provider.ts';

/** A public key of a JWKS, as Elm's `GET /api/v1/mfa/jwk` lists them. */
export interface NafathJwk extends JsonWebKey {
  kid?: string;
}

/** The keys to check a token with; `refresh` asks the source again (a key it did not have: Elm rotated them). */
export type NafathKeySource = (refresh: boolean) => Promise<NafathJwk[]>;

export interface TokenCheck {
  /** The service provider's name registered with Elm, which Nafath's tokens carry as `aud`; unchecked when unset. */
  audience?: string;
  now?: Date;
}

/** Clocks differ: a token is taken this long before its `nbf` and after its `exp`. */
const CLOCK_TOLERANCE_SECONDS = 60;
const MAX_TOKEN_LENGTH = 20_000;

const textDecoder = new TextDecoder();

/** The payload of a token Nafath signed, once every check holds; NafathTokenRefused otherwise. */
export async function verifyNafathToken(token: string, keys: NafathKeySource, check: TokenCheck = {}): Promise<Record<string, unknown>> {
  if (token.length > MAX_TOKEN_LENGTH) throw new NafathTokenRefused('the token is too long');
  const parts = token.split('.');
  if (parts.length !== 3) throw new NafathTokenRefused('the token is not a signed JWT');
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = jsonPart(headerPart);
  if (header.alg !== 'RS256') throw new NafathTokenRefused(`the token is signed ${String(header.alg)}, not RS256`);
  const kid = typeof header.kid === 'string' ? header.kid : undefined;
  const signature = bytesOf(signaturePart);
  const signed = new TextEncoder().encode(`${headerPart}.${payloadPart}`);

  let candidates = usable(await keys(false), kid);
  if (candidates.length === 0) candidates = usable(await keys(true), kid);
  if (candidates.length === 0) throw new NafathTokenRefused('no published key matches the token');
  let verified = false;
  for (const jwk of candidates) {
    if (await signedBy(jwk, signature, signed)) {
      verified = true;
      break;
    }
  }
  if (!verified) throw new NafathTokenRefused('the signature is not Nafath’s');

  const payload = jsonPart(payloadPart);
  const now = Math.floor((check.now ?? new Date()).getTime() / 1000);
  if (typeof payload.exp !== 'number') throw new NafathTokenRefused('the token has no expiry');
  if (now > payload.exp + CLOCK_TOLERANCE_SECONDS) throw new NafathTokenRefused('the token has expired');
  if (typeof payload.nbf === 'number' && now < payload.nbf - CLOCK_TOLERANCE_SECONDS)
    throw new NafathTokenRefused('the token is not valid yet');
  if (check.audience !== undefined) {
    const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
    if (!audiences.includes(check.audience)) throw new NafathTokenRefused('the token is for another service provider');
  }
  return payload;
}

/** The RSA signing keys among `keys` that may have signed a token naming `kid` (every one when it names none). */
function usable(keys: NafathJwk[], kid: string | undefined): NafathJwk[] {
  return keys.filter(
    (key) =>
      key.kty === 'RSA' &&
      (key.use === undefined || key.use === 'sig') &&
      (key.alg === undefined || key.alg === 'RS256') &&
      (kid === undefined || key.kid === kid),
  );
}

async function signedBy(jwk: NafathJwk, signature: Uint8Array<ArrayBuffer>, signed: Uint8Array<ArrayBuffer>): Promise<boolean> {
  try {
    const { kty, n, e } = jwk;
    const key = await crypto.subtle.importKey('jwk', { kty, n, e }, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, ['verify']);
    return await crypto.subtle.verify('RSASSA-PKCS1-v1_5', key, signature, signed);
  } catch {
    // A key that is not a valid RSA key verifies nothing.
    return false;
  }
}

function bytesOf(part: string): Uint8Array<ArrayBuffer> {
  try {
    return new Uint8Array(decodeBase64urlIgnorePadding(part));
  } catch {
    throw new NafathTokenRefused('the token is not base64url');
  }
}

function jsonPart(part: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(textDecoder.decode(bytesOf(part)));
  } catch (error) {
    if (error instanceof NafathTokenRefused) throw error;
    throw new NafathTokenRefused('the token is not JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new NafathTokenRefused('the token is not a JSON object');
  return value as Record<string, unknown>;
}

/**
 * A key set fetched from `url` and kept for an hour; asked again sooner only when a token names a key it
 * lacks, and then at most once a minute, so forged tokens naming made-up keys cannot make us hammer Elm.
 */
export function remoteKeySet(url: string, headers: Record<string, string>, fetchImpl: typeof fetch = fetch): NafathKeySource {
  let cached: { keys: NafathJwk[]; at: number } | null = null;
  return async (refresh) => {
    const age = cached ? Date.now() - cached.at : Number.POSITIVE_INFINITY;
    if (cached && (refresh ? age < 60_000 : age < 60 * 60_000)) return cached.keys;
    const response = await fetchImpl(url, { headers: { accept: 'application/json', ...headers }, signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new NafathTokenRefused(`the key set could not be fetched (HTTP ${response.status})`);
    const body = (await response.json()) as { keys?: unknown };
    const keys = Array.isArray(body.keys) ? (body.keys as NafathJwk[]) : [];
    cached = { keys, at: Date.now() };
    return keys;
  };
}
