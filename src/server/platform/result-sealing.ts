import { encodeHexLowerCase } from '@oslojs/encoding';
import type { Env } from '../env.ts';

/**
 * Sealing result files at rest (docs/decisions/0021), with WebCrypto only, so the Node server and the
 * Worker seal and open alike. Each file gets a data key of its own (AES-256-GCM, a random 96-bit IV,
 * a 128-bit tag, the file's storage key as additional data); the data key is kept wrapped (AES-KW,
 * RFC 3394) by a master key, named by a short hash of that key. Rotating the master key re-wraps
 * the 40-byte wrapped keys and never touches the files.
 */
export const SEAL_VERSION = 1;

/** What the database keeps beside a sealed file to open it. */
export interface Seal {
  version: number;
  keyId: string;
  wrappedKey: Uint8Array;
  iv: Uint8Array;
}

interface MasterKey {
  id: string;
  key: CryptoKey;
}

/** The current master key (it seals), and every key that may still open a file (the current one too). */
export interface Keyring {
  current: MasterKey;
  byId: ReadonlyMap<string, MasterKey>;
}

/** The file or its wrapped key does not pass its integrity check: it was altered (or sealed for another place). */
export class SealBrokenError extends Error {
  override name = 'SealBrokenError';
}

/** Files' data keys are wrapped by master keys that the configuration does not hold. */
export class UnknownKeyError extends Error {
  override name = 'UnknownKeyError';
  constructor(
    readonly keyIds: readonly string[],
    what = 'result files',
  ) {
    super(
      `${what} are sealed under key id${keyIds.length === 1 ? '' : 's'} ${keyIds.join(', ')}, which ` +
        'neither RESULTS_ENCRYPTION_KEY nor RESULTS_ENCRYPTION_KEYS_OLD holds',
    );
  }
}

const IV_BYTES = 12;
const KEY_ID_LABEL = new TextEncoder().encode('tahaleel/results-master-key-id/');

// WebCrypto's types ask for buffers that are not shared; ours never are.
const buffer = (bytes: Uint8Array) => bytes as Uint8Array<ArrayBuffer>;

/** A master key's id: the first 8 bytes of a labelled SHA-256 of it, in hex. It names the key without revealing it. */
export async function masterKeyId(raw: Uint8Array): Promise<string> {
  const labelled = new Uint8Array(KEY_ID_LABEL.byteLength + raw.byteLength);
  labelled.set(KEY_ID_LABEL);
  labelled.set(raw, KEY_ID_LABEL.byteLength);
  return encodeHexLowerCase(new Uint8Array(await crypto.subtle.digest('SHA-256', labelled)).subarray(0, 8));
}

async function importMasterKey(raw: Uint8Array): Promise<MasterKey> {
  const key = await crypto.subtle.importKey('raw', buffer(raw), 'AES-KW', false, ['wrapKey', 'unwrapKey']);
  return { id: await masterKeyId(raw), key };
}

export async function loadKeyring(current: Uint8Array, older: readonly Uint8Array[] = []): Promise<Keyring> {
  const currentKey = await importMasterKey(current);
  const byId = new Map<string, MasterKey>();
  for (const key of [currentKey, ...(await Promise.all(older.map(importMasterKey)))]) byId.set(key.id, key);
  return { current: currentKey, byId };
}

/**
 * The master keys that seal and open results, files and report values alike: the one type both modules
 * take. `keyring` is null without RESULTS_ENCRYPTION_KEY (development without one): nothing can be sealed.
 */
export interface ResultKeys {
  keyring: Keyring | null;
}

const keysByEnv = new WeakMap<Env, Promise<ResultKeys>>();

/**
 * The settings' keys, imported once per configuration (ADR 0088): once per process on Node, whose
 * settings are read at start, and once per set of bindings on the Worker, whose settings are parsed
 * once per bindings. The app hands them to its routes and to every procedure's context.
 */
export function resultKeysFor(env: Env): Promise<ResultKeys> {
  let keys = keysByEnv.get(env);
  if (!keys) {
    const keyring = env.RESULTS_ENCRYPTION_KEY ? loadKeyring(env.RESULTS_ENCRYPTION_KEY, env.RESULTS_ENCRYPTION_KEYS_OLD) : null;
    keys = Promise.resolve(keyring).then((loaded) => ({ keyring: loaded }));
    keysByEnv.set(env, keys);
  }
  return keys;
}

/** The settings' keyring, for what runs once at start (the seed, the start-up check, a rotation). */
export async function sharedKeyring(env: Env): Promise<Keyring | null> {
  return (await resultKeysFor(env)).keyring;
}

/** Ties the ciphertext to where it is stored: a sealed file moved under another record's key does not open. */
function additionalData(storageKey: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(`tahaleel/result/v${SEAL_VERSION}/${storageKey}`);
}

/** Seals a file under a fresh data key, wrapped by the current master key. */
export async function sealFile(keyring: Keyring, storageKey: string, plaintext: Uint8Array) {
  const dataKey = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const ciphertext = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: additionalData(storageKey), tagLength: 128 },
      dataKey,
      buffer(plaintext),
    ),
  );
  const wrappedKey = new Uint8Array(await crypto.subtle.wrapKey('raw', dataKey, keyring.current.key, 'AES-KW'));
  const seal: Seal = { version: SEAL_VERSION, keyId: keyring.current.id, wrappedKey, iv };
  return { ciphertext, seal };
}

function masterKeyFor(keyring: Keyring, seal: Seal): MasterKey {
  if (seal.version !== SEAL_VERSION) throw new Error(`unknown result seal version ${seal.version}`);
  const master = keyring.byId.get(seal.keyId);
  if (!master) throw new UnknownKeyError([seal.keyId]);
  return master;
}

/** WebCrypto reports a failed integrity check (a wrong tag, a wrapped key that does not unwrap) as a DOMException. */
async function orBroken<T>(what: string, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof DOMException) throw new SealBrokenError(`${what} failed its integrity check (${error.name})`);
    throw error;
  }
}

function unwrapDataKey(master: MasterKey, seal: Seal, usages: KeyUsage[], extractable: boolean) {
  return orBroken(
    'the wrapped data key',
    crypto.subtle.unwrapKey('raw', buffer(seal.wrappedKey), master.key, 'AES-KW', 'AES-GCM', extractable, usages),
  );
}

/**
 * The file's bytes, whole and checked: AES-GCM gives nothing back until the tag over every byte has
 * been verified, so a caller never holds part of an altered file.
 */
export async function openFile(keyring: Keyring, storageKey: string, ciphertext: Uint8Array, seal: Seal): Promise<Uint8Array> {
  const dataKey = await unwrapDataKey(masterKeyFor(keyring, seal), seal, ['decrypt'], false);
  const plaintext = await orBroken(
    'the sealed file',
    crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: buffer(seal.iv), additionalData: additionalData(storageKey), tagLength: 128 },
      dataKey,
      buffer(ciphertext),
    ),
  );
  return new Uint8Array(plaintext);
}

/** The same data key wrapped by the current master key; the file itself stays as it is. */
export async function rewrapDataKey(keyring: Keyring, seal: Seal): Promise<Seal> {
  if (seal.keyId === keyring.current.id) return seal;
  const dataKey = await unwrapDataKey(masterKeyFor(keyring, seal), seal, ['decrypt'], true);
  const wrappedKey = new Uint8Array(await crypto.subtle.wrapKey('raw', dataKey, keyring.current.key, 'AES-KW'));
  return { ...seal, keyId: keyring.current.id, wrappedKey };
}
