import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeBase32UpperCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { createTOTPKeyURI } from '@oslojs/otp';
import type { Kysely, Transaction } from 'kysely';
import QRCode from 'qrcode';
import { AppError } from '../../../shared/errors.ts';
import type { Database } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import { recordAudit } from '../../platform/audit-log.ts';
import { resealTable, type SealedTable } from '../../platform/key-rotation.ts';
import { clearAttempts, consumeAttempt, countAttempt, rateLimits, slowDownAfter } from '../../platform/rate-limit.ts';
import type { SessionUser } from '../../platform/session.ts';
import { enqueueMail } from '../mail/mail.service.ts';
import {
  isTotpCode,
  matchingStep,
  newRecoveryCodes,
  newTotpSecret,
  recoveryCodeHash,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
} from './one-time-codes.ts';
import { openSecret, sealSecret, secretKeysFor } from './secret-sealing.ts';
import * as repo from './two-factor.repository.ts';

/** How long the second step of a sign-in may wait after the password. */
const PENDING_SIGN_IN_MS = 10 * 60 * 1000;
const ISSUER = 'Tahaleel';

/** A new secret to scan (not yet on: the first code confirms it). Guests, who have no password, cannot. */
export async function beginSetup(db: Kysely<Database>, user: SessionUser, env: Env) {
  if (user.is_anonymous) throw new AppError('FORBIDDEN');
  const secret = newTotpSecret();
  const sealed = await sealSecret(await secretKeysFor(env), user.id, secret);
  if (!(await repo.savePendingSecret(db, user.id, sealed))) throw new AppError('CONFLICT', { reason: 'two_factor_enabled' });
  const otpauthUrl = createTOTPKeyURI(ISSUER, user.email ?? user.name, secret, TOTP_PERIOD_SECONDS, TOTP_DIGITS);
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret: encodeBase32UpperCaseNoPadding(secret), otpauth_url: otpauthUrl, qr_svg: qrSvg };
}

/** Every guess at a code a session asks for counts against one per-account limit (sign-in's second step has its own). */
async function countGuess(db: Kysely<Database>, userId: string): Promise<string> {
  const key = `second-factor:account:${userId}`;
  await consumeAttempt(db, key, rateLimits.secondFactorPerAccount);
  return key;
}

/** The first code from the app turns two-factor on; the ten recovery codes are answered this once. */
export async function enable(db: Kysely<Database>, userId: string, code: string, env: Env, now = new Date()) {
  const key = await countGuess(db, userId);
  const row = await repo.findTotp(db, userId);
  if (!row) throw new AppError('NOT_FOUND', { entity: 'two_factor_setup' });
  if (row.enabled_at) throw new AppError('CONFLICT', { reason: 'two_factor_enabled' });
  const secret = await openSecret(await secretKeysFor(env), userId, { secret: row.secret, keyId: row.key_id, iv: row.iv });
  const step = isTotpCode(code) ? matchingStep(secret, code, now) : null;
  if (step === null) throw new AppError('TWO_FACTOR_CODE_INVALID', { field: 'code' });
  const recoveryCodes = newRecoveryCodes();
  await db.transaction().execute(async (tx) => {
    if (!(await repo.enableTotp(tx, userId, step))) throw new AppError('CONFLICT', { reason: 'two_factor_enabled' });
    await repo.replaceRecoveryCodes(tx, userId, recoveryCodes.map(recoveryCodeHash));
    await recordSignInMethodChange(tx, userId, { change: 'two_factor_enabled' });
  });
  await clearAttempts(db, key);
  return { recovery_codes: recoveryCodes };
}

/**
 * For a signed-in user: a TOTP code not used before (its step later than the last one accepted) or an
 * unused recovery code, which is then spent. Throws RECOVERY_CODE_USED for one of the user's recovery
 * codes spent before, TWO_FACTOR_CODE_INVALID otherwise; guesses are limited.
 */
export async function verifyCode(db: Kysely<Database>, userId: string, code: string, env: Env, now = new Date()): Promise<void> {
  const key = await countGuess(db, userId);
  await acceptCode(db, userId, code.trim(), env, now);
  await clearAttempts(db, key);
}

/** The code spent, or the refusal that says why not: a recovery code used before is told as such (issue #61). */
async function acceptCode(db: Kysely<Database>, userId: string, code: string, env: Env, now: Date): Promise<void> {
  const row = await repo.findTotp(db, userId);
  if (!row?.enabled_at) throw new AppError('TWO_FACTOR_CODE_INVALID', { field: 'code' });
  if (!isTotpCode(code)) {
    const hash = recoveryCodeHash(code);
    if (await repo.spendRecoveryCode(db, userId, hash)) return;
    if (await repo.recoveryCodeWasUsed(db, userId, hash)) throw new AppError('RECOVERY_CODE_USED', { field: 'code' });
    throw new AppError('TWO_FACTOR_CODE_INVALID', { field: 'code' });
  }
  const secret = await openSecret(await secretKeysFor(env), userId, { secret: row.secret, keyId: row.key_id, iv: row.iv });
  const step = matchingStep(secret, code, now);
  if (step === null || !(await repo.spendTotpStep(db, userId, step))) throw new AppError('TWO_FACTOR_CODE_INVALID', { field: 'code' });
}

/** Turns two-factor off, given a code (the caller has checked the password). */
export async function disable(db: Kysely<Database>, userId: string, code: string, env: Env) {
  await verifyCode(db, userId, code, env);
  await db.transaction().execute(async (tx) => {
    if (await repo.deleteSecondFactor(tx, userId)) await recordSignInMethodChange(tx, userId, { change: 'two_factor_disabled' });
  });
  return { disabled: true as const };
}

/** Ten new recovery codes for a valid code; the old ones stop working. */
export async function regenerateRecoveryCodes(db: Kysely<Database>, userId: string, code: string, env: Env) {
  await verifyCode(db, userId, code, env);
  const recoveryCodes = newRecoveryCodes();
  await repo.replaceRecoveryCodes(db, userId, recoveryCodes.map(recoveryCodeHash));
  return { recovery_codes: recoveryCodes };
}

export async function status(db: Kysely<Database>, userId: string) {
  const row = await repo.findTotp(db, userId);
  const enabled = Boolean(row?.enabled_at);
  return { enabled, recovery_codes_left: enabled ? await repo.countUnusedRecoveryCodes(db, userId) : 0 };
}

export async function hasSecondFactor(db: Kysely<Database>, userId: string): Promise<boolean> {
  return Boolean((await repo.findTotp(db, userId))?.enabled_at);
}

export interface PendingSignIn {
  /** Only the short-lived cookie carries it; the database keeps its SHA-256. */
  token: string;
  expiresAt: Date;
}

const pendingId = (token: string) => encodeHexLowerCase(sha256(new TextEncoder().encode(token)));

/** The password (or Google) was right; the account's second factor is still to come. Not a session. */
export async function beginPendingSignIn(
  db: Kysely<Database>,
  userId: string,
  passwordEnteredAt: Date | null,
  now = new Date(),
): Promise<PendingSignIn> {
  const token = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)));
  const expiresAt = new Date(now.getTime() + PENDING_SIGN_IN_MS);
  await repo.insertPendingSignIn(db, { id: pendingId(token), userId, expiresAt, passwordEnteredAt });
  return { token, expiresAt };
}

/**
 * The second step: the pending sign-in's user once `code` is accepted (the pending sign-in is then
 * spent), and when its first step took the password (null: it was Google). Wrong codes from
 * `clientIp` lock that address out of the account; the account's wrong codes from every address only
 * slow its second steps down, so someone who knows the password cannot lock its owner out.
 */
export async function completePendingSignIn(
  db: Kysely<Database>,
  token: string | null,
  code: string,
  clientIp: string,
  env: Env,
  now = new Date(),
) {
  const id = token ? pendingId(token) : null;
  const pending = id ? await repo.findPendingSignIn(db, id, now) : undefined;
  if (!id || !pending) throw new AppError('SECOND_FACTOR_EXPIRED');
  const accountAddressKey = `second-factor:sign-in:account:${pending.user_id}:ip:${clientIp}`;
  const accountKey = `second-factor:sign-in:account:${pending.user_id}`;
  await consumeAttempt(db, accountAddressKey, rateLimits.secondFactorSignInPerAccountAndIp);
  const { attempts } = await countAttempt(db, accountKey, rateLimits.secondFactorSignInPerAccount);
  await slowDownAfter(attempts, rateLimits.secondFactorSignInPerAccount);
  await acceptCode(db, pending.user_id, code.trim(), env, now);
  await clearAttempts(db, accountAddressKey);
  await clearAttempts(db, accountKey);
  await repo.deletePendingSignIn(db, id);
  return { userId: pending.user_id, passwordEnteredAt: pending.password_entered_at };
}

/**
 * Removes the account's authenticator app (and its recovery codes and waiting sign-ins): a proof of the
 * address that came after it was added cannot tell whose it is (docs/decisions/0016). True if there was
 * one; the caller, in its transaction, tells the owner.
 */
export function removeBeforeAddressProof(tx: Transaction<Database>, userId: string): Promise<boolean> {
  return repo.deleteSecondFactor(tx, userId);
}

/** An administrator removes another account's second factor (a lost phone); the owner is told by mail. */
export async function resetByAdmin(db: Kysely<Database>, adminId: string, userId: string) {
  if (adminId === userId) throw new AppError('FORBIDDEN');
  const account = await repo.findAccountForReset(db, userId);
  if (!account) throw new AppError('NOT_FOUND', { entity: 'user' });
  const reset = await db.transaction().execute(async (tx) => {
    const removed = await repo.deleteSecondFactor(tx, userId);
    if (removed && account.email) {
      await enqueueMail(tx, {
        to: account.email,
        locale: account.locale,
        userId,
        message: { template: 'two-factor-reset', data: { name: account.name } },
      });
    }
    if (removed) await recordAudit(tx, { actorId: adminId, action: 'two_factor.reset', subjectType: 'user', subjectId: userId });
    return removed;
  });
  return { reset };
}

/**
 * The account itself changed how it signs in (a passkey added or removed, two-factor on or off): its
 * owner is mailed, so a change they did not make does not go unnoticed, and the audit log keeps it.
 * Call it in the change's transaction.
 */
export async function recordSignInMethodChange(
  tx: Transaction<Database>,
  userId: string,
  event: { change: 'passkey_added' | 'passkey_removed' | 'two_factor_enabled' | 'two_factor_disabled'; passkeyName?: string },
) {
  const account = await repo.findAccountForReset(tx, userId);
  if (account?.email) {
    await enqueueMail(tx, {
      to: account.email,
      locale: account.locale,
      userId,
      message: { template: 'sign-in-method-changed', data: { name: account.name, ...event } },
    });
  }
  const action = (
    {
      passkey_added: 'passkey.add',
      passkey_removed: 'passkey.remove',
      two_factor_enabled: 'two_factor.enable',
      two_factor_disabled: 'two_factor.disable',
    } as const
  )[event.change];
  await recordAudit(tx, {
    actorId: userId,
    action,
    subjectType: 'user',
    subjectId: userId,
    details: event.passkeyName ? { passkey: event.passkeyName } : {},
  });
}

export interface SecretResealReport {
  resealed: number;
  alreadyCurrent: number;
}

/** Key ids that seal a TOTP secret but that none of the configured master keys gives (a rotation must stop). */
export async function missingSecretKeyIds(db: Kysely<Database>, env: Env): Promise<string[]> {
  const keys = await secretKeysFor(env);
  const perKey = await repo.secretsPerKey(db);
  return perKey.flatMap((row) => (row.key_id !== null && !keys.byId.has(row.key_id) ? [row.key_id] : []));
}

/**
 * Part of `npm run keys:rotate`: seals every TOTP secret again under the key derived from the current
 * RESULTS_ENCRYPTION_KEY (and seals any kept in the clear), so the old master keys can go without
 * turning anyone's two-factor off. Each update is guarded by the key id read, so it is safe beside
 * running servers and running it again changes nothing. Call `missingSecretKeyIds` first.
 */
export async function resealSecrets(db: Kysely<Database>, env: Env): Promise<SecretResealReport> {
  const keys = await secretKeysFor(env);
  if (!keys.current) throw new Error('no RESULTS_ENCRYPTION_KEY to seal two-factor secrets under');
  const perKey = await repo.secretsPerKey(db);
  const sealedSecrets: SealedTable<{ user_id: string; secret: Uint8Array; key_id: string | null; iv: Uint8Array | null }> = {
    table: 'two_factor_totp',
    id: 'user_id',
    sealed: ['secret', 'iv'],
    clear: 'seal',
    batch: 500,
    reseal: async (row) => {
      const secret = await openSecret(keys, row.user_id, { secret: row.secret, keyId: row.key_id, iv: row.iv });
      return repo.replaceSeal(db, row.user_id, row.key_id, await sealSecret(keys, row.user_id, secret));
    },
  };
  const { resealed } = await resealTable(db, sealedSecrets, keys.current.id);
  return { resealed, alreadyCurrent: Number(perKey.find((row) => row.key_id === keys.current?.id)?.secrets ?? 0) };
}
