import { encodeHexLowerCase } from '@oslojs/encoding';
import type { Env } from '../../env.ts';

/**
 * TOTP secrets sealed at rest (docs/decisions/0023), with WebCrypto only (the Worker too). The key is
 * derived (HKDF-SHA-256, its own label) from the results master key, so no second secret has to be
 * kept, and an old master key in RESULTS_ENCRYPTION_KEYS_OLD still opens what it sealed. AES-256-GCM
 * with the user's id as additional data: a secret copied to another account's row does not open.
 * Without any master key (development without one) secrets are kept in the clear.
 */
const LABEL = new TextEncoder().encode('tahaleel/two-factor-secrets');
const IV_BYTES = 12;

interface SecretKey {
  id: string;
  key: CryptoKey;
}

export interface SecretKeys {
  /** Seals new secrets; null when no master key is configured. */
  current: SecretKey | null;
  byId: ReadonlyMap<string, SecretKey>;
}

export interface SealedSecret {
  secret: Uint8Array;
  keyId: string | null;
  iv: Uint8Array | null;
}

const buffer = (bytes: Uint8Array) => bytes as Uint8Array<ArrayBuffer>;

async function deriveKey(master: Uint8Array): Promise<SecretKey> {
  const base = await crypto.subtle.importKey('raw', buffer(master), 'HKDF', false, ['deriveKey']);
  const key = await crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: LABEL },
    base,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
  const labelled = new Uint8Array([...LABEL, ...master]);
  const id = encodeHexLowerCase(new Uint8Array(await crypto.subtle.digest('SHA-256', labelled)).subarray(0, 8));
  return { id, key };
}

const cache = new WeakMap<Env, Promise<SecretKeys>>();

/** The keys the environment's master keys give, derived once per environment. */
export function secretKeysFor(env: Env): Promise<SecretKeys> {
  let keys = cache.get(env);
  if (!keys) {
    keys = (async () => {
      const current = env.RESULTS_ENCRYPTION_KEY ? await deriveKey(env.RESULTS_ENCRYPTION_KEY) : null;
      const older = await Promise.all(env.RESULTS_ENCRYPTION_KEYS_OLD.map(deriveKey));
      const byId = new Map<string, SecretKey>();
      for (const key of current ? [current, ...older] : older) byId.set(key.id, key);
      return { current, byId };
    })();
    cache.set(env, keys);
  }
  return keys;
}

export async function sealSecret(keys: SecretKeys, userId: string, secret: Uint8Array): Promise<SealedSecret> {
  if (!keys.current) return { secret, keyId: null, iv: null };
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const additionalData = new TextEncoder().encode(userId);
  const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData }, keys.current.key, buffer(secret));
  return { secret: new Uint8Array(sealed), keyId: keys.current.id, iv };
}

export async function openSecret(keys: SecretKeys, userId: string, sealed: SealedSecret): Promise<Uint8Array> {
  if (!sealed.keyId || !sealed.iv) return sealed.secret;
  const key = keys.byId.get(sealed.keyId);
  if (!key) throw new Error(`a two-factor secret is sealed under key id ${sealed.keyId}, which no configured master key gives`);
  const additionalData = new TextEncoder().encode(userId);
  const opened = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: buffer(sealed.iv), additionalData }, key.key, buffer(sealed.secret));
  return new Uint8Array(opened);
}
