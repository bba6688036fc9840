import { randomInt } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../../../shared/errors.ts';
import { halalasToSar } from '../../../shared/money.ts';
import { REFERRAL_CODE_ALPHABET, REFERRAL_CODE_LENGTH } from '../../../shared/wallet-schemas.ts';
import type { Database } from '../../db/schema.ts';
import { deviceKeyHash } from '../../platform/device-cookie.ts';
import * as repo from './referrals.repository.ts';
import { walletSettings as settingsRow } from './wallet.repository.ts';
import { grantCredit, mailWalletCredit } from './wallet.service.ts';

// Referrals (issue #79 item 5, ADR 0093): a customer's code and link; who referred whom, recorded at
// sign-up; both credited once the referred person's first paid booking is completed, unless the two
// accounts share a verified phone, a device or a card (a referral to oneself).

function newCode(): string {
  let code = '';
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i++) code += REFERRAL_CODE_ALPHABET[randomInt(REFERRAL_CODE_ALPHABET.length)];
  return code;
}

/** The customer's code, made on first asking. */
export async function referralCodeOf(db: Kysely<Database> | Transaction<Database>, userId: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const existing = await repo.codeOf(db, userId);
    if (existing) return existing.code;
    await repo.insertCode(db, userId, newCode());
  }
  const made = await repo.codeOf(db, userId);
  if (!made) throw new AppError('INTERNAL');
  return made.code;
}

/** The customer's invitation: code, link, what each side receives, how many they invited, and their own referral. */
export async function referralProgram(db: Kysely<Database>, userId: string, publicUrl: string) {
  const code = await referralCodeOf(db, userId);
  const [settings, counts, own] = await Promise.all([settingsRow(db), repo.referredCounts(db, userId), repo.referralOf(db, userId)]);
  return {
    code,
    link: new URL(`/r/${code}`, publicUrl).toString(),
    referrerCredit: halalasToSar(settings.referrer_credit_halalas),
    referredCredit: halalasToSar(settings.referred_credit_halalas),
    creditValidDays: settings.credit_valid_days,
    invited: counts,
    ownReferral: own ? { status: own.status, refused_reason: own.refused_reason } : null,
  };
}

/** The customer a typed code belongs to, checked before an account is made; REFERRAL_CODE_UNKNOWN otherwise. */
export async function referrerOf(db: Kysely<Database>, code: string): Promise<string> {
  const referrer = await repo.referrerByCode(db, code);
  if (!referrer) throw new AppError('REFERRAL_CODE_UNKNOWN', { field: 'referralCode' });
  return referrer.user_id;
}

/** This browser's device seen on the account (at sign-up and sign-in), by its key's hash. */
export async function rememberDevice(db: Kysely<Database>, userId: string, deviceKey: string, now = new Date()): Promise<void> {
  await repo.rememberDevice(db, userId, deviceKeyHash(deviceKey), now);
}

/**
 * Who referred the new account, once. A device its referrer signed in on is a referral to oneself:
 * recorded as refused, the account made all the same (a household may share a phone; it earns nothing).
 */
export async function recordReferral(
  db: Kysely<Database>,
  referredId: string,
  referrerId: string,
  deviceKey: string | null,
  now = new Date(),
): Promise<void> {
  if (referredId === referrerId) return;
  const sameDevice = deviceKey ? await repo.deviceSeenOn(db, referrerId, deviceKeyHash(deviceKey)) : false;
  await repo.insertReferral(db, { referredId, referrerId, refusedReason: sameDevice ? 'same_device' : null, at: now });
}

/**
 * A completed booking may reward a referral: the referred person's first paid booking completed credits
 * both sides the admin's amounts, once (the referral's row lock, and each credit's unique source key).
 * Called in the transaction that completes the booking, whatever completes it (the lab, or its results);
 * anything else (not paid, not referred, already rewarded) does nothing. Two accounts that share a
 * verified phone, a device or a card are one person: the referral is refused, nobody is credited.
 */
export async function rewardReferral(tx: Transaction<Database>, bookingId: string, now = new Date()): Promise<void> {
  const booking = await repo.completedPaidBooking(tx, bookingId);
  if (!booking) return;
  const referral = await repo.lockPendingReferral(tx, booking.customer_id);
  if (!referral) return;
  const shared = await repo.sharedIdentity(tx, referral.referrer_id, referral.referred_id);
  if (shared) {
    await repo.decideReferral(tx, referral.referred_id, { status: 'refused', refusedReason: shared, bookingId, at: now });
    return;
  }
  await repo.decideReferral(tx, referral.referred_id, { status: 'rewarded', refusedReason: null, bookingId, at: now });
  const settings = await settingsRow(tx);
  const sides = [
    { userId: referral.referrer_id, amountHalalas: settings.referrer_credit_halalas, reason: 'referral_referrer' as const },
    { userId: referral.referred_id, amountHalalas: settings.referred_credit_halalas, reason: 'referral_referred' as const },
  ];
  for (const side of sides) {
    const sourceKey = `referral:${referral.referred_id}:${side.reason === 'referral_referrer' ? 'referrer' : 'referred'}`;
    const { granted, expiresAt } = await grantCredit(tx, { ...side, sourceKey, validDays: settings.credit_valid_days, bookingId }, now);
    if (granted) await mailWalletCredit(tx, side.userId, { ...side, expiresAt, sourceKey });
  }
}

/** The account's referrals for its export: whom it was referred by and whom it referred, as neither's name. */
export async function exportReferrals(db: Kysely<Database>, userId: string) {
  const rows = await repo.exportReferrals(db, userId);
  const code = await repo.codeOf(db, userId);
  return {
    code: code?.code ?? null,
    referrals: rows.map((row) => ({
      role: row.referred_id === userId ? 'referred' : 'referrer',
      status: row.status,
      refused_reason: row.refused_reason,
      created_at: new Date(row.created_at).toISOString(),
      decided_at: row.decided_at ? new Date(row.decided_at).toISOString() : null,
    })),
  };
}

/** The account's wallet, referrals, code and devices go with it. */
export function eraseWalletAndReferrals(tx: Transaction<Database>, userId: string): Promise<void> {
  return repo.eraseWallet(tx, userId);
}
