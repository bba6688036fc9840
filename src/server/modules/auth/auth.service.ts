import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../../../shared/errors.ts';
import { signUpUnfinished } from '../../../shared/legal.ts';
import type { Locale } from '../../../shared/locale.ts';
import type { SignInInput, SignUpInput } from '../../../shared/schemas.ts';
import type { Database } from '../../db/schema.ts';
import { bulkhead } from '../../platform/bulkhead.ts';
import { hashPassword, needsRehash, takeAHashsTime, verifyPassword } from '../../platform/password.ts';
import { assertStrongPassword } from '../../platform/password-strength.ts';
import { assertNotRefused, clearAttempts, consumeAttempt, countAttempt, rateLimits, slowDownAfter } from '../../platform/rate-limit.ts';
import {
  createSession,
  generateSessionToken,
  invalidateSession,
  loadSessionUser,
  recordPasswordConfirmed,
  rememberUserLocale,
  type SessionStart,
  type SessionUser,
} from '../../platform/session.ts';
import { findPhoneAccount, redeemPhoneCode, type SmsRules, sendPhoneCode } from '../phone/phone-codes.service.ts';
import { beginPendingSignIn, hasSecondFactor, type PendingSignIn } from '../two-factor/two-factor.service.ts';
import { offerAddress, sendVerificationLink } from './account-links.ts';
import {
  emailTaken,
  findCredentialsByEmail,
  findUserByGoogleSub,
  insertAccount,
  linkGoogleAccount,
  replacePasswordHash,
  setGuestPassword,
  setProfileName,
  setSignUpProfile,
} from './auth.repository.ts';
import { recordConsent } from './consent.ts';

export {
  checkResetLink,
  offerAddress,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  verifyEmail,
} from './account-links.ts';
export { acceptConsent } from './consent.ts';

export interface RequestMeta {
  clientIp: string;
  locale: Locale;
  /** Links in mail start here. */
  publicUrl: string;
  /** The session the request came with, replaced at sign-in. */
  currentSessionId: string | null;
}

export interface StartedSession {
  user: SessionUser;
  token: string;
  expiresAt: Date;
}

/** Either a session, or (for an account with two-factor on) a sign-in waiting for its code. */
export type SignInOutcome = StartedSession | { pending: PendingSignIn };

/**
 * The password or Google was right: a session, unless the account's second factor is still to come.
 * `passwordEnteredAt`: when the password was (null: it was Google), for the session's sensitive actions.
 */
async function afterFirstFactor(
  db: Kysely<Database>,
  userId: string,
  meta: RequestMeta,
  passwordEnteredAt: Date | null,
): Promise<SignInOutcome> {
  if (await hasSecondFactor(db, userId)) return { pending: await beginPendingSignIn(db, userId, passwordEnteredAt) };
  return startSession(db, userId, meta, { passwordConfirmedAt: passwordEnteredAt });
}

/**
 * After a password reset: as a sign-in with the new password, except that the password counts as not
 * entered, so neither the session nor the one after the code is fresh for sensitive actions: whoever
 * set it may hold only the mailbox (docs/decisions/0016).
 */
export function signInAfterReset(db: Kysely<Database>, userId: string, meta: RequestMeta): Promise<SignInOutcome> {
  return afterFirstFactor(db, userId, meta, null);
}

/**
 * A new session at every sign-in (no fixation); the one the browser had is revoked. `options` say
 * when this sign-in took the password, if it did (an admin's sensitive actions go on from it), and whether by a passkey.
 */
export async function startSession(
  db: Kysely<Database>,
  userId: string,
  meta: RequestMeta,
  options: SessionStart = {},
): Promise<StartedSession> {
  if (meta.currentSessionId) await invalidateSession(db, meta.currentSessionId);
  // Mail speaks the language the user used last.
  await rememberUserLocale(db, userId, meta.locale);
  const token = generateSessionToken();
  const session = await createSession(db, token, userId, new Date(), options);
  const user = await loadSessionUser(db, userId, session.id);
  if (!user) throw new AppError('INTERNAL');
  return { user, token, expiresAt: session.expiresAt };
}

/** Sign-up and a guest's upgrade share one limit per address (see upgradeAnonymous). */
export async function signUp(db: Kysely<Database>, input: SignUpInput, meta: RequestMeta): Promise<StartedSession> {
  await consumeAttempt(db, `sign-up:ip:${meta.clientIp}`, rateLimits.signUpPerIp);
  assertStrongPassword(input.password, [input.email, input.name]);
  if (await emailTaken(db, input.email)) throw new AppError('EMAIL_TAKEN', { field: 'email' });
  const passwordHash = await hashPassword(input.password);
  // The account, its consent, its confirmation mail and its session in one transaction: one commit,
  // one flush to disk, where two flushes queued before every booking's commit (bench:abuse).
  return db.transaction().execute(async (tx) => {
    // Checked again inside the transaction: the unique index is the final word.
    if (await emailTaken(tx, input.email)) throw new AppError('EMAIL_TAKEN', { field: 'email' });
    const id = await insertAccount(tx, {
      email: input.email,
      passwordHash,
      name: input.name,
      userType: input.userType,
      locale: meta.locale,
      licenseNumber: input.userType === 'lab' ? (input.licenseNumber ?? null) : null,
      marketingMail: input.marketingMail,
    });
    await recordConsent(tx, id);
    await sendVerificationLink(tx, { id, name: input.name, locale: meta.locale }, input.email, meta.publicUrl);
    return startSession(tx, id, meta, { passwordConfirmedAt: new Date() });
  });
}

/**
 * Sign-in's counting (three counters written) runs a few at a time per process: a spray of sign-ins at
 * one account queued on its counter's row with every pooled connection, and customers waited behind
 * them (bench:abuse). What comes after (the slowdown, the hash's turn) waits outside, holding nothing.
 */
const signInCounting = bulkhead(3, 200);

export async function signIn(db: Kysely<Database>, input: SignInInput, meta: RequestMeta): Promise<SignInOutcome> {
  const addressKey = `sign-in:ip:${meta.clientIp}`;
  const accountAddressKey = `sign-in:account:${input.email}:ip:${meta.clientIp}`;
  const accountKey = `sign-in:account:${input.email}`;
  // Refused already in this window: said at once, without a turn or a write.
  assertNotRefused(addressKey);
  assertNotRefused(accountAddressKey);
  const attempts = await signInCounting(async () => {
    await consumeAttempt(db, addressKey, rateLimits.signInPerIp);
    await consumeAttempt(db, accountAddressKey, rateLimits.signInPerAccountAndIp);
    return (await countAttempt(db, accountKey, rateLimits.signInPerAccount)).attempts;
  });
  await slowDownAfter(attempts, rateLimits.signInPerAccount);

  const account = await findCredentialsByEmail(db, input.email);
  const valid = account?.password_hash
    ? await verifyPassword(input.password, account.password_hash)
    : await takeAHashsTime().then(() => false);
  if (!account || !valid) throw new AppError('INVALID_CREDENTIALS');

  const isAdmin = account.user_type === 'admin';
  if (input.admin && !isAdmin) throw new AppError('ADMIN_ONLY_LOGIN');
  if (!input.admin && isAdmin) throw new AppError('USE_ADMIN_LOGIN');
  // A hash from before today's cost (ADR 0020) is made again now that the password is known.
  if (account.password_hash && needsRehash(account.password_hash)) {
    await replacePasswordHash(db, account.id, account.password_hash, await hashPassword(input.password));
  }

  await clearAttempts(db, accountAddressKey);
  await clearAttempts(db, accountKey);
  return afterFirstFactor(db, account.id, meta, new Date());
}

export interface GuestDetails {
  name: string;
  phone: string;
  email?: string | undefined;
  /** The code sent to `phone` (auth.requestPhoneCode): asked wherever this site sends SMS (ADR 0074). */
  code?: string | undefined;
}

/**
 * A guest's session (architecture.md, anonymous booking). Where this site sends SMS (`sms`, its rules) the
 * number is confirmed first with the code sent to it, as a sign-in by number is: a number that is already
 * an account's signs in to that account (a returning guest finds its bookings; a customer, its account,
 * with its second factor if it has one); a new number makes a guest whose number is confirmed. Without
 * SMS the typed number is kept unconfirmed, as before.
 */
export async function signInAnonymously(
  db: Kysely<Database>,
  input: GuestDetails,
  meta: RequestMeta,
  sms: SmsRules | null,
): Promise<SignInOutcome> {
  await consumeAttempt(db, `guest:ip:${meta.clientIp}`, rateLimits.guestPerIp);
  if (!sms) {
    // The account and its session in one transaction: one flush to disk per guest (see signUp).
    return db.transaction().execute(async (tx) => startSession(tx, await insertGuest(tx, input, meta, false), meta));
  }
  if (!input.code) throw new AppError('VALIDATION_FAILED', { field: 'code' });
  const answer = { phone: input.phone, purpose: 'sign_in' as const, userId: null, code: input.code, clientIp: meta.clientIp };
  const userId = await redeemPhoneCode(db, answer, sms, async (tx) => {
    const account = await findPhoneAccount(tx, input.phone);
    if (!account) return insertGuest(tx, input, meta, true);
    if (account.user_type !== 'customer' || account.deleted_at !== null) throw new AppError('INVALID_CREDENTIALS');
    // A sign-up by this number left before its name and terms: the guest form has just given both.
    if (account.name === '') {
      await recordConsent(tx, account.id);
      await setProfileName(tx, account.id, input.name);
    }
    return account.id;
  });
  return afterFirstFactor(db, userId, meta, null);
}

async function insertGuest(tx: Transaction<Database>, input: GuestDetails, meta: RequestMeta, phoneVerified: boolean) {
  const id = await insertAccount(tx, {
    email: null,
    passwordHash: null,
    phone: input.phone,
    phoneVerified,
    isAnonymous: true,
    // Where its booking mails go (ADR 0066); not the account's address, so no link confirms it.
    contactEmail: input.email ?? null,
    name: input.name,
    userType: 'customer',
    locale: meta.locale,
  });
  // The guest form asks for the terms and privacy policy as sign-up does: kept, so the account the
  // guest may turn this into is not refused (CONSENT_UPDATE_REQUIRED) for want of it.
  await recordConsent(tx, id);
  return id;
}

/**
 * A guest asks to become a normal customer (same id, so every booking stays theirs). The password is
 * kept now; the address becomes the account's, and the guest a customer, once the link mailed to it is
 * opened (auth.verifyEmail). An address another account has is answered the same, but nothing is
 * linked and its owner is told instead (offerAddress): the answer tells no one who is registered.
 */
export async function upgradeAnonymous(
  db: Kysely<Database>,
  user: SessionUser,
  input: { email: string; password: string },
  meta: RequestMeta,
): Promise<StartedSession> {
  if (!user.is_anonymous) throw new AppError('ALREADY_REGISTERED');
  // It mails an address as sign-up does, so it counts against sign-up's limit for the client address.
  await consumeAttempt(db, `sign-up:ip:${meta.clientIp}`, rateLimits.signUpPerIp);
  assertStrongPassword(input.password, [input.email, user.name]);
  const passwordHash = await hashPassword(input.password);
  await db.transaction().execute(async (tx) => {
    // The guest's address was confirmed meanwhile: it is a customer already.
    if (!(await setGuestPassword(tx, user.id, passwordHash))) throw new AppError('ALREADY_REGISTERED');
    await offerAddress(tx, user, input.email, meta.publicUrl);
  });
  // A password now: a new session, as at any sign-in (the guest's token is revoked).
  return startSession(db, user.id, meta, { passwordConfirmedAt: new Date() });
}

/**
 * The signed-in user enters their password again (before an administrator's sensitive action, once the
 * last entry is PASSWORD_CONFIRMATION_MINUTES old): the session remembers when. Guesses count against
 * the same per-account limit as the current-password check of a password change.
 */
export async function confirmPassword(db: Kysely<Database>, user: SessionUser, sessionId: string, password: string) {
  const key = `password:account:${user.id}`;
  await consumeAttempt(db, key, rateLimits.passwordCheckPerAccount);
  const account = user.email ? await findCredentialsByEmail(db, user.email) : undefined;
  const valid = account?.id === user.id && account.password_hash ? await verifyPassword(password, account.password_hash) : false;
  if (!valid) throw new AppError('WRONG_PASSWORD', { field: 'password' });
  await clearAttempts(db, key);
  await recordPasswordConfirmed(db, sessionId);
  return { confirmed: true as const };
}

export interface GoogleIdentity {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  name: string;
}

/**
 * Finds the Google account's user, links it to the account with the same address, or creates a
 * customer. Linking needs both sides to vouch for the address: Google (`email_verified`) and the
 * account (its owner opened a link sent to it). Otherwise whoever signed up with someone else's
 * address first would get their Google identity (pre-account takeover): refused, never merged.
 */
/** `created`: Google made a new account (an invitation applies to it alone, ADR 0093). */
export async function signInWithGoogle(
  db: Kysely<Database>,
  identity: GoogleIdentity,
  meta: RequestMeta,
): Promise<SignInOutcome & { created?: true }> {
  const linked = await findUserByGoogleSub(db, identity.sub);
  if (linked) return afterFirstFactor(db, linked.id, meta, null);

  const existing = identity.email ? await findCredentialsByEmail(db, identity.email) : undefined;
  if (existing) {
    // Admins sign in with a password through Admin Login only.
    if (existing.user_type === 'admin') throw new AppError('USE_ADMIN_LOGIN');
    if (!identity.emailVerified || !existing.email_verified_at) throw new AppError('EMAIL_NOT_VERIFIED');
    await linkGoogleAccount(db, existing.id, identity.sub);
    return afterFirstFactor(db, existing.id, meta, null);
  }

  const userId = await db.transaction().execute((tx) =>
    insertAccount(tx, {
      email: identity.emailVerified ? identity.email : null,
      emailVerified: identity.emailVerified && Boolean(identity.email),
      passwordHash: null,
      googleSub: identity.sub,
      name: identity.name,
      userType: 'customer',
      locale: meta.locale,
    }),
  );
  return { ...(await startSession(db, userId, meta)), created: true };
}

/**
 * A code by SMS to sign in (or up) with a mobile number (issue #55): the same answer whether or not the
 * number has an account; a staff account's number is sent nothing; only to the countries and within the
 * limits of `sms` (phone-codes.service.ts).
 */
export function requestPhoneCode(
  db: Kysely<Database>,
  phone: string,
  codeFor: 'sign_in' | 'guest_booking',
  meta: RequestMeta,
  sms: SmsRules,
) {
  return sendPhoneCode(db, { phone, purpose: 'sign_in', codeFor, userId: null, clientIp: meta.clientIp, locale: meta.locale }, sms);
}

/**
 * The code sent to the number: the customer account whose confirmed number it is, or a new one made for it
 * (its name and the terms asked next, as for a guest), then a session, or the second step for an account
 * with an authenticator app. Two right answers at once make one account: both run under the number's lock,
 * and the first spends every live code of the number. A staff account is never signed in this way.
 */
export async function signInWithPhoneCode(
  db: Kysely<Database>,
  phone: string,
  code: string,
  meta: RequestMeta,
  sms: SmsRules,
): Promise<SignInOutcome> {
  const userId = await redeemPhoneCode(db, { phone, purpose: 'sign_in', userId: null, code, clientIp: meta.clientIp }, sms, async (tx) => {
    const account = await findPhoneAccount(tx, phone);
    if (account) {
      if (account.user_type !== 'customer' || account.deleted_at !== null) throw new AppError('INVALID_CREDENTIALS');
      return account.id;
    }
    return insertAccount(tx, {
      email: null,
      passwordHash: null,
      phone,
      phoneVerified: true,
      name: '',
      userType: 'customer',
      locale: meta.locale,
    });
  });
  return afterFirstFactor(db, userId, meta, null);
}

/**
 * The name and the terms of an account just made by a code sent to its number (signInWithPhoneCode), asked
 * before anything else: only while it has neither (else CONFLICT). News and offers only if ticked (PDPL).
 */
export async function completePhoneSignUp(
  db: Kysely<Database>,
  user: SessionUser,
  sessionId: string,
  input: { name: string; marketingMail: boolean },
) {
  if (!signUpUnfinished(user)) throw new AppError('CONFLICT');
  await db.transaction().execute(async (tx) => {
    await recordConsent(tx, user.id);
    await setSignUpProfile(tx, user.id, input);
  });
  return loadSessionUser(db, user.id, sessionId);
}
