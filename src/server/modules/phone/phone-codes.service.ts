import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../../../shared/errors.ts';
import type { Locale } from '../../../shared/locale.ts';
import type { Database } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import { consoleLogger, type Logger } from '../../platform/logger.ts';
import { numberCountry } from '../../platform/phone-numbers.ts';
import { clearAttempts, consumeAttempt, countAttempt, rateLimited, rateLimits, slowDownAfter } from '../../platform/rate-limit.ts';
import * as repo from './phone-codes.repository.ts';
import { insertPhoneMessages } from './phone-messages.repository.ts';
import type { CodeUse } from './phone-texts.ts';

// Codes sent by SMS to sign in with a mobile number or to confirm one (issue #55, ADR 0072): six digits,
// five minutes, the same answer whether or not the number has an account.
//
// Every SMS costs money and anyone may ask for, or type a code for, anyone's number (issue #74):
// - Codes go only to the countries the operator serves (SMS_COUNTRIES), each within a budget an hour
//   (SMS_HOURLY_BUDGET_PER_COUNTRY; past it the country is refused, the log warns once, and the admin's
//   overview shows it), and ten an hour from one client address: SMS pumping to premium routes stops there.
// - Nothing a stranger does costs the owner. A requester is refused past its own limits (per address, per
//   number and address). Past a quiet cap per number, requests are answered the same and not texted,
//   except each address's first of its window, so a flood from elsewhere cannot stop the owner's code.
// - A new code does not void those sent before it: a code typed is checked against the number's few
//   newest live codes, and the first one used ends them all. Wrong codes lock out the address that typed
//   them, not the number; the number's wrong codes from every address only slow its answers down.

export const PHONE_CODE_MINUTES = 5;
/** How long the form waits before it offers to send the code again. */
export const PHONE_CODE_RESEND_SECONDS = 60;
/**
 * How many of a number's newest live codes a typed code is checked against: those its owner may have
 * asked for in five minutes, and few enough that a guess is not much likelier to hit one.
 */
const LIVE_CODES_CHECKED = 5;

const MINUTE = 60_000;
const HOUR_SECONDS = 60 * 60;

/** Where codes by SMS may go, how many a country gets an hour, and where a spent budget is told. */
export interface SmsRules {
  countries: readonly string[];
  hourlyBudgetPerCountry: number;
  log: Logger;
}

export function smsRules(env: Pick<Env, 'SMS_COUNTRIES' | 'SMS_HOURLY_BUDGET_PER_COUNTRY'>, log: Logger = consoleLogger): SmsRules {
  return { countries: env.SMS_COUNTRIES, hourlyBudgetPerCountry: env.SMS_HOURLY_BUDGET_PER_COUNTRY, log };
}

/** The number's country, if codes go there; else PHONE_COUNTRY_NOT_SERVED. */
function servedCountry(phone: string, rules: SmsRules): string {
  const country = numberCountry(phone);
  if (!country || !rules.countries.includes(country)) throw new AppError('PHONE_COUNTRY_NOT_SERVED', { field: 'phone' });
  return country;
}

export interface PhoneCodeRequest {
  /** E.164. */
  phone: string;
  purpose: repo.PhoneCodePurpose;
  /** What its SMS says the code is for (issue #77 item 13); signing in when not said. */
  codeFor?: CodeUse;
  /** The account confirming the number (purpose `verify`); null to sign in. */
  userId: string | null;
  clientIp: string;
  locale: Locale;
}

/** A code's hash: a reader of the database does not get codes that still work. */
function codeHash(id: string, code: string): string {
  return createHash('sha256').update(`${id}:${code}`).digest('hex');
}

/**
 * Writes a new code for the number and its SMS (through the outbox), and answers when it expires. Refused
 * with PHONE_COUNTRY_NOT_SERVED for a number of a country codes do not go to, and RATE_LIMITED (with the
 * seconds to wait) past the address's limits or the country's budget. Past the number's quiet cap the
 * answer is the same and nothing is written, unless this is the address's first request for the number in
 * its window. A staff number asking to sign in is answered the same, and texted nothing: staff sign in with
 * a password and a second factor, never a code by SMS.
 */
export async function sendPhoneCode(db: Kysely<Database>, request: PhoneCodeRequest, rules: SmsRules, now = new Date()) {
  const { phone, clientIp } = request;
  const country = servedCountry(phone, rules);
  const answer = { phone, expiresInSeconds: PHONE_CODE_MINUTES * 60, resendInSeconds: PHONE_CODE_RESEND_SECONDS };
  await consumeAttempt(db, `phone-code:ip:${clientIp}`, rateLimits.phoneCodePerIp, now);
  const fromRequester = await consumeAttempt(db, `phone-code:send:${phone}:ip:${clientIp}`, rateLimits.phoneCodeSendsPerNumberAndIp, now);
  const forNumber = await countAttempt(db, `phone-code:send:${phone}`, rateLimits.phoneCodeSendsPerNumber, now);
  if (fromRequester.attempts > 1 && forNumber.attempts > rateLimits.phoneCodeSendsPerNumber.limit) return answer;

  const texted = await mayReceiveCode(db, request);
  if (texted) await spendCountryBudget(db, country, rules, now);
  const id = randomUUID();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(now.getTime() + PHONE_CODE_MINUTES * MINUTE);
  await db.transaction().execute(async (tx) => {
    await repo.insertPhoneCode(tx, {
      id,
      phone,
      purpose: request.purpose,
      userId: request.userId,
      codeHash: codeHash(id, code),
      expiresAt,
      clientAddress: clientIp,
      now,
    });
    if (!texted) return;
    await insertPhoneMessages(tx, [
      {
        recipient: phone,
        template: 'phone-code',
        locale: request.locale,
        data: { code, minutes: PHONE_CODE_MINUTES, expiresAt: expiresAt.toISOString(), codeFor: request.codeFor ?? 'sign_in' },
        userId: request.userId,
        dedupeKey: `phone-code:${id}`,
      },
    ]);
  });
  return answer;
}

async function mayReceiveCode(db: Kysely<Database>, request: PhoneCodeRequest): Promise<boolean> {
  if (request.purpose === 'verify') return true;
  const account = await repo.findAccountByPhone(db, request.phone);
  return !account || (account.user_type === 'customer' && account.deleted_at === null);
}

/**
 * Counts one code against its country's budget for the hour. Past it: RATE_LIMITED until the hour ends,
 * and the one request that first went past it warns the log and marks it for the admin's overview.
 */
async function spendCountryBudget(db: Kysely<Database>, country: string, rules: SmsRules, now: Date): Promise<void> {
  const budget = { limit: rules.hourlyBudgetPerCountry, windowSeconds: HOUR_SECONDS };
  const { attempts, endsAt } = await countAttempt(db, `sms-budget:${country}`, budget, now);
  if (attempts <= budget.limit) return;
  if (attempts === budget.limit + 1) {
    rules.log.warn(
      { country, budget: budget.limit, refusedUntil: new Date(endsAt).toISOString() },
      'SMS budget reached: codes by SMS to this country are refused until the hour ends',
    );
    await repo.recordSmsBudgetReached(db, country, now);
  }
  throw rateLimited(endsAt, now);
}

/** The countries whose hourly budget of codes was reached in the hour before `now` (the admin's overview). */
export async function smsBudgetsReached(db: Kysely<Database>, now = new Date()) {
  const reached = await repo.smsBudgetsReachedSince(db, new Date(now.getTime() - HOUR_SECONDS * 1000));
  return reached.map((row) => ({ country: row.country, reached_at: row.reachedAt.toISOString() }));
}

export interface PhoneCodeAnswer {
  phone: string;
  purpose: repo.PhoneCodePurpose;
  userId: string | null;
  code: string;
  clientIp: string;
}

/**
 * Checks the code typed against the number's newest live codes (for the purpose, and the account), and
 * when one is right spends them all and runs `onRight` in the same transaction (under the number's lock,
 * so two checks of one number run one after the other). No live code: PHONE_CODE_EXPIRED. None right:
 * PHONE_CODE_WRONG with the tries this address has left on the number; past them RATE_LIMITED for this
 * address alone. The number's tries from every address slow its answers down, and never refuse them.
 */
export async function redeemPhoneCode<T>(
  db: Kysely<Database>,
  answer: PhoneCodeAnswer,
  rules: SmsRules,
  onRight: (tx: Transaction<Database>) => Promise<T>,
  now = new Date(),
): Promise<T> {
  servedCountry(answer.phone, rules);
  const numberAddressKey = `phone-code:try:${answer.phone}:ip:${answer.clientIp}`;
  const numberKey = `phone-code:try:${answer.phone}`;
  await consumeAttempt(db, `phone-code:try:ip:${answer.clientIp}`, rateLimits.phoneCodeTriesPerIp, now);
  const fromAddress = await consumeAttempt(db, numberAddressKey, rateLimits.phoneCodeTriesPerNumberAndIp, now);
  const { attempts } = await countAttempt(db, numberKey, rateLimits.phoneCodeTriesPerNumber, now);
  await slowDownAfter(attempts, rateLimits.phoneCodeTriesPerNumber);

  const outcome = await db.transaction().execute(async (tx) => {
    await repo.lockPhone(tx, answer.phone);
    const live = await repo.lockLiveCodes(tx, answer, now, LIVE_CODES_CHECKED);
    if (live.length === 0) return { expired: true as const };
    // Each live code is compared, whichever is right: the time taken does not say which one it was.
    const right = live.map((row) => codeMatches(row, answer.code)).some(Boolean);
    if (!right) return { wrong: true as const };
    await repo.spendLiveCodes(tx, answer, now);
    return { value: await onRight(tx) };
  });
  if ('expired' in outcome) throw new AppError('PHONE_CODE_EXPIRED');
  if ('wrong' in outcome) {
    throw new AppError('PHONE_CODE_WRONG', { triesLeft: rateLimits.phoneCodeTriesPerNumberAndIp.limit - fromAddress.attempts });
  }
  await clearAttempts(db, numberAddressKey);
  await clearAttempts(db, numberKey);
  return outcome.value;
}

function codeMatches(row: { id: string; code_hash: string }, code: string): boolean {
  return timingSafeEqual(Buffer.from(row.code_hash, 'hex'), Buffer.from(codeHash(row.id, code), 'hex'));
}

/** The account whose confirmed number `phone` is, if any. */
export function findPhoneAccount(db: Kysely<Database> | Transaction<Database>, phone: string) {
  return repo.findAccountByPhone(db, phone);
}

/** Confirms `userId`'s new number with the code sent to it: from now on it is the account's, and the only one's. */
export async function confirmPhone(
  db: Kysely<Database>,
  request: { userId: string; phone: string; code: string; clientIp: string },
  rules: SmsRules,
  now = new Date(),
) {
  const { userId, phone } = request;
  await redeemPhoneCode(
    db,
    { phone, purpose: 'verify', userId, code: request.code, clientIp: request.clientIp },
    rules,
    async (tx) => {
      const owner = await repo.findAccountByPhone(tx, phone);
      if (owner && owner.id !== userId) throw new AppError('PHONE_TAKEN');
      await repo.setVerifiedPhone(tx, userId, phone, now);
    },
    now,
  );
  return { phone };
}
