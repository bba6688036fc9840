import { type Kysely, sql } from 'kysely';
import { AppError } from '../../shared/errors.ts';
import { PREPARE } from '../db/prepared-statements.ts';
import type { Database } from '../db/schema.ts';

export interface RateLimitPolicy {
  /** Attempts allowed in one window. */
  limit: number;
  windowSeconds: number;
}

/**
 * Sign-in is limited per client address, and per account from one address: neither spraying one
 * account nor many accounts works, yet a stranger failing on purpose cannot lock the owner out from
 * elsewhere. Across all addresses an account's failures slow its sign-ins down (`slowDownAfter`)
 * instead of refusing them.
 */
export const rateLimits = {
  signInPerIp: { limit: 30, windowSeconds: 15 * 60 },
  signInPerAccountAndIp: { limit: 5, windowSeconds: 15 * 60 },
  signInPerAccount: { limit: 10, windowSeconds: 15 * 60 },
  /** A signed-in user confirming their current password (to change it). */
  passwordCheckPerAccount: { limit: 5, windowSeconds: 15 * 60 },
  /** Codes of a second factor asked of a session (turning it on or off, new recovery codes): one limit per account. */
  secondFactorPerAccount: { limit: 5, windowSeconds: 15 * 60 },
  /**
   * Sign-in's second step is limited as its first: whoever knows the password and guesses codes from
   * their address locks only that address out; across addresses the account's failures slow it down.
   */
  secondFactorSignInPerAccountAndIp: { limit: 5, windowSeconds: 15 * 60 },
  secondFactorSignInPerAccount: { limit: 10, windowSeconds: 15 * 60 },
  signUpPerIp: { limit: 10, windowSeconds: 60 * 60 },
  /** "Change e-mail" mails the address asked for (or its owner), so it is limited as sign-up is, per user too. */
  changeEmailPerUser: { limit: 5, windowSeconds: 60 * 60 },
  changeEmailPerIp: { limit: 10, windowSeconds: 60 * 60 },
  guestPerIp: { limit: 10, windowSeconds: 60 * 60 },
  /** Messages a lab's system sends with one API key (results over HL7 v2 or FHIR): ten a second, on average. */
  labApiKeyMessages: { limit: 600, windowSeconds: 60 },
  /**
   * A doctor's share link (ADR 0061), per address: the page, its values, its files and each code tried.
   * A visit takes a handful; a guesser of links or codes soon stops (a code also locks after five).
   */
  resultSharePerIp: { limit: 60, windowSeconds: 15 * 60 },
  /**
   * Codes sent by SMS from one address (issue #55), whatever the numbers: every message costs money, and
   * a script sending codes to many numbers (SMS pumping) stops here.
   */
  phoneCodePerIp: { limit: 10, windowSeconds: 60 * 60 },
  /**
   * Codes one address asks for one number (issue #74): past it that address is refused, and no one
   * else. A stranger asking for the owner's number uses up the stranger's allowance, not the owner's.
   */
  phoneCodeSendsPerNumberAndIp: { limit: 3, windowSeconds: 15 * 60 },
  /**
   * Codes asked for one number from everywhere: past it they are answered the same but not texted,
   * except each address's first of its window (phone-codes.service.ts), as reset mails are.
   */
  phoneCodeSendsPerNumber: { limit: 6, windowSeconds: 15 * 60 },
  /**
   * Codes tried for one number are limited as sign-in's passwords (issue #74): wrong codes from one
   * address lock that address out of the number, an address's tries across numbers have their own cap,
   * and the number's tries from every address only slow its answers down.
   */
  phoneCodeTriesPerNumberAndIp: { limit: 5, windowSeconds: 15 * 60 },
  phoneCodeTriesPerNumber: { limit: 10, windowSeconds: 15 * 60 },
  phoneCodeTriesPerIp: { limit: 30, windowSeconds: 15 * 60 },
  /**
   * Promo codes that do not exist, tried at a checkout (issue #79 item 4, ADR 0092), counted as sign-in's
   * wrong passwords are: a customer mistyping one a few times goes on, a script trying the code space stops.
   */
  promoCodeGuessesPerIp: { limit: 10, windowSeconds: 15 * 60 },
  promoCodeGuessesPerCustomer: { limit: 10, windowSeconds: 15 * 60 },
  /**
   * Nafath requests started (ADR 0096): each one rings a person's Nafath app, so an account, an address and
   * an ID number each have their own cap; a stranger typing someone's number in cannot ring them for long.
   */
  nafathStartPerUser: { limit: 5, windowSeconds: 15 * 60 },
  nafathStartPerIp: { limit: 20, windowSeconds: 60 * 60 },
  nafathStartPerNationalId: { limit: 5, windowSeconds: 15 * 60 },
  /**
   * Coverage checks sent to NPHIES (ADR 0098), per account: each is a message under the lab's NPHIES
   * identity, which NPHIES and the insurer see; a person comparing labs and days needs a few, a script many.
   * The same ask again within ten minutes is the stored answer and is not counted.
   */
  coverageChecksPerCustomer: { limit: 30, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimitPolicy>;

/**
 * Counts one attempt against `key` in a fixed window kept in the database (shared by every server
 * instance) and throws RATE_LIMITED, with the seconds left, once the window's limit is passed; else
 * the attempts so far (this one included) and when the window ends.
 */
export async function consumeAttempt(
  db: Kysely<Database>,
  key: string,
  policy: RateLimitPolicy,
  now = new Date(),
): Promise<{ attempts: number; endsAt: number }> {
  assertNotRefused(key, now);
  const counted = await countAttempt(db, key, policy, now);
  if (counted.attempts > policy.limit) {
    rememberRefused(key, counted.endsAt);
    throw rateLimited(counted.endsAt, now);
  }
  return counted;
}

/** RATE_LIMITED, with the seconds left until the window ending at `endsAt` (a Unix time in ms). */
export function rateLimited(endsAt: number, now: Date): AppError {
  return new AppError('RATE_LIMITED', { retryAfterSeconds: Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000)) });
}

/**
 * Keys past their limit, and when their window ends. Until then the database would refuse every
 * attempt (a window's count only grows), so this process refuses them without a write: a flood of
 * refused attempts costs no pooled connection (bench:abuse). Bounded; the oldest is forgotten first,
 * and a forgotten key is simply asked of the database again.
 */
const refusedUntil = new Map<string, number>();
const MAX_REFUSED_KEYS = 10_000;

function rememberRefused(key: string, endsAt: number) {
  refusedUntil.delete(key);
  refusedUntil.set(key, endsAt);
  if (refusedUntil.size > MAX_REFUSED_KEYS) refusedUntil.delete(refusedUntil.keys().next().value as string);
}

/** Throws RATE_LIMITED, without asking the database, when `key` was refused in a window that has not ended. */
export function assertNotRefused(key: string, now = new Date()): void {
  const endsAt = refusedUntil.get(key);
  if (endsAt === undefined) return;
  if (endsAt > now.getTime()) throw rateLimited(endsAt, now);
  refusedUntil.delete(key);
}

/** Counts one attempt against `key` in its fixed window; the attempts so far and when the window ends. */
export async function countAttempt(
  db: Kysely<Database>,
  key: string,
  policy: RateLimitPolicy,
  now = new Date(),
): Promise<{ attempts: number; endsAt: number }> {
  if (db.isTransaction) throw new Error('countAttempt runs on its own: its commit does not wait for the disk');
  const windowStart = new Date(now.getTime() - policy.windowSeconds * 1000);
  // A count lost in a crash only forgives a few attempts, so its commit does not wait for the disk: a
  // flood of wrong sign-ins then adds no WAL flushes for bookings to queue behind (ADR 0040). One
  // statement, so one round trip: the setting is local to the statement's own transaction, and a
  // transaction of four (begin, set, count, commit) held a pooled connection while the server, busy
  // with the flood, got round to sending the next.
  const { rows } = await sql<{ attempts: number; window_started_at: Date }>`${sql.raw(PREPARE)}
    insert into auth_rate_limits (key, window_started_at, attempts)
    select ${key}, ${now}, 1 from (select set_config('synchronous_commit', 'off', true)) as commit_without_waiting
    on conflict (key) do update set
      attempts = case when auth_rate_limits.window_started_at <= ${windowStart} then 1 else auth_rate_limits.attempts + 1 end,
      window_started_at = case when auth_rate_limits.window_started_at <= ${windowStart} then ${now} else auth_rate_limits.window_started_at end
    returning attempts, window_started_at`.execute(db);
  const row = rows[0]!;
  return { attempts: row.attempts, endsAt: row.window_started_at.getTime() + policy.windowSeconds * 1000 };
}

/**
 * Waits longer the further `attempts` is past the policy's limit (1, 2, 4, 8 s, then 10 s each): a
 * guesser slows to a crawl while the owner, who tries once, waits a few seconds at most.
 */
export function slowDownAfter(attempts: number, policy: RateLimitPolicy): Promise<void> {
  const over = attempts - policy.limit;
  if (over <= 0) return Promise.resolve();
  const waitMs = Math.min(1000 * 2 ** (over - 1), 10_000);
  return new Promise((resolve) => setTimeout(resolve, waitMs));
}

/** A successful sign-in clears the account's failure count. */
export async function clearAttempts(db: Kysely<Database>, key: string): Promise<void> {
  refusedUntil.delete(key);
  await db.deleteFrom('auth_rate_limits').where('key', '=', key).execute();
}
