import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../../../shared/errors.ts';
import type { Locale } from '../../../shared/locale.ts';
import type { Database } from '../../db/schema.ts';
import { consumeAttempt, rateLimits } from '../../platform/rate-limit.ts';
import * as repo from './phone-codes.repository.ts';
import { insertPhoneMessages } from './phone-messages.repository.ts';

// Codes sent by SMS to sign in with a mobile number or to confirm one (issue #55, ADR 0072): six digits,
// five minutes, used once, five tries; three sends per number in fifteen minutes and a limit per client
// address (every SMS costs money, and pumping them to premium numbers is a known fraud); the same answer
// whether or not the number has an account.

export const PHONE_CODE_MINUTES = 5;
export const PHONE_CODE_TRIES = 5;
export const PHONE_CODE_SENDS = 3;
export const PHONE_CODE_SENDS_MINUTES = 15;
/** How long the form waits before it offers to send the code again. */
export const PHONE_CODE_RESEND_SECONDS = 60;

const MINUTE = 60_000;

export interface PhoneCodeRequest {
  /** E.164. */
  phone: string;
  purpose: repo.PhoneCodePurpose;
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
 * Writes a new code for the number and its SMS (through the outbox), unless the number had its three sends
 * in the last fifteen minutes or the address its share (RATE_LIMITED, with the seconds to wait). A staff
 * number asking to sign in is answered the same, and sent nothing: staff sign in with a password and a
 * second factor, never a code by SMS.
 */
export async function sendPhoneCode(db: Kysely<Database>, request: PhoneCodeRequest, now = new Date()) {
  await consumeAttempt(db, `phone-code:ip:${request.clientIp}`, rateLimits.phoneCodePerIp, now);
  return db.transaction().execute(async (tx) => {
    await repo.lockPhone(tx, request.phone);
    const window = PHONE_CODE_SENDS_MINUTES * MINUTE;
    const sent = await repo.codesSentSince(tx, request.phone, new Date(now.getTime() - window));
    const oldest = sent[0];
    if (sent.length >= PHONE_CODE_SENDS && oldest) {
      throw new AppError('RATE_LIMITED', {
        retryAfterSeconds: Math.max(1, Math.ceil((oldest.created_at.getTime() + window - now.getTime()) / 1000)),
      });
    }
    const id = randomUUID();
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const expiresAt = new Date(now.getTime() + PHONE_CODE_MINUTES * MINUTE);
    await repo.insertPhoneCode(tx, {
      id,
      phone: request.phone,
      purpose: request.purpose,
      userId: request.userId,
      codeHash: codeHash(id, code),
      expiresAt,
      clientAddress: request.clientIp,
      now,
    });
    if (await mayReceiveCode(tx, request)) {
      await insertPhoneMessages(tx, [
        {
          recipient: request.phone,
          template: 'phone-code',
          locale: request.locale,
          data: { code, minutes: PHONE_CODE_MINUTES, expiresAt: expiresAt.toISOString() },
          userId: request.userId,
          dedupeKey: `phone-code:${id}`,
        },
      ]);
    }
    return { phone: request.phone, expiresInSeconds: PHONE_CODE_MINUTES * 60, resendInSeconds: PHONE_CODE_RESEND_SECONDS };
  });
}

async function mayReceiveCode(tx: Transaction<Database>, request: PhoneCodeRequest): Promise<boolean> {
  if (request.purpose === 'verify') return true;
  const account = await repo.findAccountByPhone(tx, request.phone);
  return !account || (account.user_type === 'customer' && account.deleted_at === null);
}

export interface PhoneCodeAnswer {
  phone: string;
  purpose: repo.PhoneCodePurpose;
  userId: string | null;
  code: string;
}

/**
 * Checks the code typed against the last one sent for the number (and purpose, and account), and when it is
 * right spends it and runs `onRight` in the same transaction (under the number's lock, so two checks of
 * one number run one after the other). A wrong code counts a try, kept even though the answer is an error:
 * PHONE_CODE_WRONG with the tries left. A code spent, expired or out of tries: PHONE_CODE_EXPIRED.
 */
export async function redeemPhoneCode<T>(
  db: Kysely<Database>,
  answer: PhoneCodeAnswer,
  onRight: (tx: Transaction<Database>) => Promise<T>,
  now = new Date(),
): Promise<T> {
  const outcome = await db.transaction().execute(async (tx) => {
    await repo.lockPhone(tx, answer.phone);
    const row = await repo.lockLatestCode(tx, answer.phone, answer.purpose, answer.userId);
    if (!row || row.consumed_at !== null || row.expires_at.getTime() <= now.getTime() || row.attempts >= PHONE_CODE_TRIES) {
      return { expired: true as const };
    }
    const expected = Buffer.from(row.code_hash, 'hex');
    const given = Buffer.from(codeHash(row.id, answer.code), 'hex');
    if (!timingSafeEqual(expected, given)) {
      await repo.countWrongTry(tx, row.id);
      return { triesLeft: PHONE_CODE_TRIES - row.attempts - 1 };
    }
    await repo.consumeCode(tx, row.id, now);
    return { value: await onRight(tx) };
  });
  if ('expired' in outcome) throw new AppError('PHONE_CODE_EXPIRED');
  if ('triesLeft' in outcome) throw new AppError('PHONE_CODE_WRONG', { triesLeft: outcome.triesLeft });
  return outcome.value;
}

/** The account whose confirmed number `phone` is, if any. */
export function findPhoneAccount(db: Kysely<Database> | Transaction<Database>, phone: string) {
  return repo.findAccountByPhone(db, phone);
}

/** Confirms `userId`'s new number with the code sent to it: from now on it is the account's, and the only one's. */
export async function confirmPhone(db: Kysely<Database>, userId: string, phone: string, code: string, now = new Date()) {
  await redeemPhoneCode(
    db,
    { phone, purpose: 'verify', userId, code },
    async (tx) => {
      const owner = await repo.findAccountByPhone(tx, phone);
      if (owner && owner.id !== userId) throw new AppError('PHONE_TAKEN');
      await repo.setVerifiedPhone(tx, userId, phone, now);
    },
    now,
  );
  return { phone };
}
