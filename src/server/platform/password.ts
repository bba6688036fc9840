import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../shared/errors.ts';

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

/**
 * A password hash is the costliest thing a request can ask for (about 0.1 s of a core). Left alone,
 * a hundred addresses sending wrong sign-ins kept every core hashing and a customer booking waited
 * 12 s (`npm run bench:abuse`). So hashes run one at a time per process, leaving the other cores to
 * everything else; a few more wait their turn, and past that a sign-in is told to try again shortly.
 */
const HASHING_AT_ONCE = 1;
const HASHING_QUEUE = 32;
let hashing = 0;
const waitingToHash: (() => void)[] = [];

async function inHashingTurn<T>(work: () => Promise<T>): Promise<T> {
  if (hashing < HASHING_AT_ONCE) hashing++;
  else if (waitingToHash.length < HASHING_QUEUE) await new Promise<void>((resolve) => waitingToHash.push(resolve));
  else throw new AppError('RATE_LIMITED', { retryAfterSeconds: 5 });
  try {
    return await work();
  } finally {
    // The turn passes straight to the next in line, or is given back.
    const next = waitingToHash.shift();
    if (next) next();
    else hashing--;
  }
}

/** How long the last hash took once its turn came (null before the first): what `takeAHashsTime` waits. */
let lastHashMs: number | null = null;
/** The hash made to time one, when an unknown e-mail came before any other. */
let firstHash: Promise<string> | undefined;

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return inHashingTurn(
    () =>
      new Promise((resolve, reject) => {
        const started = performance.now();
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => {
          lastHashMs = performance.now() - started;
          if (error) reject(error);
          else resolve(key);
        });
      }),
  );
}

/**
 * Takes as long as checking a password would, without the work: a turn in the same line, held for as
 * long as the last hash took. An unknown e-mail is answered in a wrong password's time, so timing tells
 * nothing, and a spray of unknown e-mails costs a timer instead of a core (bench:abuse: a core hashing
 * them all the while kept a customer's booking waiting).
 */
export async function takeAHashsTime(): Promise<void> {
  // Before any hash was timed, one is made (once, however many ask at that moment) and its time taken.
  if (lastHashMs === null) {
    firstHash ??= hashPassword('tahaleel-timing-equalizer');
    await firstHash;
  }
  const ms = lastHashMs ?? 0;
  await inHashingTurn(() => new Promise((resolve) => setTimeout(resolve, ms)));
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
