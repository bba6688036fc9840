import { createHash, webcrypto } from 'node:crypto';

// A passkey authenticator in software, for integration tests (docs/decisions/0025): it makes
// credentials and signs assertions as a phone or security key would (ES256, "none" attestation, user
// present and verified), and lets a test forge or replay what a real one never would.

type CborValue = number | string | Uint8Array | Map<CborValue, CborValue>;

function cborHead(major: number, length: number): number[] {
  if (length < 24) return [(major << 5) | length];
  if (length < 0x100) return [(major << 5) | 24, length];
  if (length < 0x10000) return [(major << 5) | 25, length >> 8, length & 0xff];
  return [(major << 5) | 26, (length >>> 24) & 0xff, (length >> 16) & 0xff, (length >> 8) & 0xff, length & 0xff];
}

/** The few CBOR shapes WebAuthn needs: integers, text, bytes and maps. */
function cbor(value: CborValue): Uint8Array {
  if (typeof value === 'number') return new Uint8Array(value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value));
  if (typeof value === 'string') {
    const text = new TextEncoder().encode(value);
    return concat(new Uint8Array(cborHead(3, text.length)), text);
  }
  if (value instanceof Uint8Array) return concat(new Uint8Array(cborHead(2, value.length)), value);
  const parts: Uint8Array[] = [new Uint8Array(cborHead(5, value.size))];
  for (const [key, item] of value) parts.push(cbor(key), cbor(item));
  return concat(...parts);
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (bytes: Uint8Array | string) => new Uint8Array(createHash('sha256').update(bytes).digest());
const uint32 = (n: number) => new Uint8Array([(n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff]);

/** ECDSA's raw r||s as the DER SEQUENCE WebAuthn carries. */
function derSignature(raw: Uint8Array): Uint8Array {
  const integer = (bytes: Uint8Array) => {
    let start = 0;
    while (start < bytes.length - 1 && bytes[start] === 0) start++;
    let body = bytes.subarray(start);
    if (body[0]! & 0x80) body = concat(new Uint8Array([0]), body);
    return concat(new Uint8Array([0x02, body.length]), body);
  };
  const sequence = concat(integer(raw.subarray(0, 32)), integer(raw.subarray(32)));
  return concat(new Uint8Array([0x30, sequence.length]), sequence);
}

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_CREDENTIAL = 0x40;

export interface SoftwareCredential {
  id: Uint8Array;
  keys: webcrypto.CryptoKeyPair;
  userHandle: Uint8Array;
  counter: number;
}

interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}

interface RequestOptions {
  challenge: string;
  rpId?: string;
}

export function softwareAuthenticator(origin: string) {
  const rpId = new URL(origin).hostname;
  const clientData = (type: string, challenge: string) =>
    new TextEncoder().encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  return {
    /** navigator.credentials.create(): a new credential for `options`, and the answer the browser would send. */
    async create(options: CreationOptions) {
      const keys = (await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
        'sign',
        'verify',
      ])) as webcrypto.CryptoKeyPair;
      const raw = new Uint8Array(await webcrypto.subtle.exportKey('raw', keys.publicKey));
      const coseKey = cbor(
        new Map<CborValue, CborValue>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, raw.subarray(1, 33)],
          [-3, raw.subarray(33, 65)],
        ]),
      );
      const id = webcrypto.getRandomValues(new Uint8Array(32));
      const authData = concat(
        sha256(options.rp.id ?? rpId),
        new Uint8Array([FLAG_USER_PRESENT | FLAG_USER_VERIFIED | FLAG_ATTESTED_CREDENTIAL]),
        uint32(0),
        new Uint8Array(16),
        new Uint8Array([0, id.length]),
        id,
        coseKey,
      );
      const attestationObject = cbor(
        new Map<CborValue, CborValue>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      const credential: SoftwareCredential = { id, keys, userHandle: Buffer.from(options.user.id, 'base64url'), counter: 0 };
      const response = {
        id: b64url(id),
        rawId: b64url(id),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge)),
          attestationObject: b64url(attestationObject),
          transports: ['internal' as const],
        },
        clientExtensionResults: {},
      };
      return { credential, response };
    },

    /** navigator.credentials.get(): an assertion by `credential` over `options.challenge` (its counter goes up first). */
    async get(credential: SoftwareCredential, options: RequestOptions, overrides: { counter?: number; userHandle?: Uint8Array } = {}) {
      credential.counter = overrides.counter ?? credential.counter + 1;
      const authenticatorData = concat(
        sha256(options.rpId ?? rpId),
        new Uint8Array([FLAG_USER_PRESENT | FLAG_USER_VERIFIED]),
        uint32(credential.counter),
      );
      const clientDataJSON = clientData('webauthn.get', options.challenge);
      const signed = concat(authenticatorData, sha256(clientDataJSON));
      const signature = new Uint8Array(await webcrypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, credential.keys.privateKey, signed));
      return {
        id: b64url(credential.id),
        rawId: b64url(credential.id),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authenticatorData),
          signature: b64url(derSignature(signature)),
          userHandle: b64url(overrides.userHandle ?? credential.userHandle),
        },
        clientExtensionResults: {},
      };
    },
  };
}
