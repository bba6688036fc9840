import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

// scrypt, at the OWASP cost that fits a Cloudflare Worker (docs/decisions/0020): N=2^15, r=8, p=3
// works in 32 MiB, where OWASP's first choice (N=2^17, r=8, p=1, this code's cost until 2026-11-23)
// needs 128 MiB, all of an isolate's 128 MB; p=3 keeps the CPU cost close to it. It runs in Node and
// in workerd with nodejs_compat, unlike a native argon2 binding. Stored as scrypt$N$r$p$salt$hash
// (base64), so a hash is checked at the cost it was made with, older ones included.

/** `standard` is OWASP's cost; `test-only` (N=2^10) lets test suites sign up thousands of people. */
export type PasswordCost = 'standard' | 'test-only';

const COSTS = {
  standard: { N: 2 ** 15, r: 8, p: 3 },
  'test-only': { N: 2 ** 10, r: 8, p: 1 },
} as const satisfies Record<PasswordCost, { N: number; r: number; p: number }>;

let PARAMS: (typeof COSTS)[PasswordCost] = COSTS.standard;

/**
 * The cost new hashes are made with, set once at start-up from PASSWORD_COST; env.ts refuses
 * `test-only` unless NODE_ENV=test, so no real account is ever hashed at it.
 */
export function setPasswordCost(cost: PasswordCost): void {
  PARAMS = COSTS[cost];
}
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, hashText] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !saltText || !hashText) return false;
  const expected = Buffer.from(hashText, 'base64');
  const actual = await derive(password, Buffer.from(saltText, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * Whether a stored hash was made at another cost than new ones are (an N=2^17 hash from before
 * 2026-11-23): the caller may hash the password it has just verified again, at today's cost.
 */
export function needsRehash(stored: string): boolean {
  const [scheme, n, r, p] = stored.split('$');
  return scheme !== 'scrypt' || Number(n) !== PARAMS.N || Number(r) !== PARAMS.r || Number(p) !== PARAMS.p;
}
