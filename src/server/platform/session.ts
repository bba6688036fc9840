import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { type Kysely, sql } from 'kysely';
import { AppError } from '../../shared/errors.ts';
import { PRIVACY_VERSION, TERMS_VERSION } from '../../shared/legal.ts';
import type { Locale, UserType } from '../../shared/locale.ts';
import type { TextChoice } from '../../shared/text-choices.ts';
import { preparedOnce } from '../db/prepared-statements.ts';
import type { Database } from '../db/schema.ts';

// Sessions follow the Lucia model (lucia-auth.com/sessions): a random token lives only in the
// cookie, its SHA-256 is the row id, and the expiry slides forward while the session is used, up to
// an absolute end after which the user signs in again (OWASP: idle and absolute timeouts).

/** A session unused this long ends (the expiry slides forward while it is used). */
export const IDLE_DAYS = 14;
/** However much it is used, a session ends this long after its sign-in: the next one asks again. */
export const ABSOLUTE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
const IDLE_MS = IDLE_DAYS * DAY_MS;
const ABSOLUTE_MS = ABSOLUTE_DAYS * DAY_MS;
/** An administrator's sensitive action asks for the password again once its last entry is this old. */
export const PASSWORD_CONFIRMATION_MINUTES = 15;
/** Extend the expiry once less than half the idle time is left, not on every request. */
const RENEW_WHEN_LEFT_MS = IDLE_MS / 2;

export interface SessionUser {
  id: string;
  email: string | null;
  /** The owner opened a link sent to the address (or Google vouched for it). */
  email_verified: boolean;
  /** The account's mobile number (E.164) once a code sent to it confirmed it; null without one (issue #55). */
  verified_phone: string | null;
  name: string;
  user_type: UserType;
  approved: boolean;
  subscription_tier: string;
  locale: Locale;
  is_anonymous: boolean;
  /** The address a guest gave for its booking mails (null for everyone else, ADR 0066). */
  contact_email: string | null;
  license_number: string | null;
  /** Whether the account has a password (one made with Google has none until it sets one). */
  has_password: boolean;
  /** Mail choices: appointment reminders, and news and offers. */
  reminder_mail: boolean;
  marketing_mail: boolean;
  /** How each kind of message reaches the confirmed mobile number: SMS, WhatsApp or not at all (issue #55). */
  booking_texts: TextChoice;
  reminder_texts: TextChoice;
  result_texts: TextChoice;
  order_texts: TextChoice;
  /** The account holder's own sex and date of birth (`YYYY-MM-DD`), null until given (issue #76 item 3). */
  sex: 'female' | 'male' | null;
  date_of_birth: string | null;
  /** Signs in with a code from an authenticator app after the password. */
  two_factor_enabled: boolean;
  /** Must have a second factor: an admin or an approved lab (docs/decisions/0023). */
  two_factor_required: boolean;
  /** When the grace period to set it up ends (ISO instant); null until the rule is first seen to apply. */
  two_factor_due_at: string | null;
  /** This session began with a passkey, which is both factors at once (docs/decisions/0025). */
  signed_in_with_passkey: boolean;
  /**
   * The user has not accepted the terms and privacy policy in force (src/shared/legal.ts): the app asks
   * before they go on. Never for a guest, who accepts on turning the visit into an account.
   */
  consent_required: boolean;
}

export interface Session {
  id: string;
  userId: string;
  expiresAt: Date;
  /** When the password was last entered in this session (sign-in or confirmation); null if never (Google, a guest). */
  passwordConfirmedAt: Date | null;
  /** When its sign-in happened. */
  createdAt: Date;
}

export interface SessionValidation {
  session: Session;
  user: SessionUser;
  /** True when the expiry moved and the cookie should be sent again. */
  renewed: boolean;
}

export function generateSessionToken(): string {
  const bytes = new Uint8Array(20); // 160 bits
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

export function sessionIdFromToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

/** How a session's sign-in went: when it took the password (null or unset: it did not), and whether by a passkey. */
export interface SessionStart {
  passwordConfirmedAt?: Date | null;
  signedInWithPasskey?: boolean;
}

export async function createSession(
  db: Kysely<Database>,
  token: string,
  userId: string,
  now = new Date(),
  options: SessionStart = {},
): Promise<Session> {
  const session: Session = {
    id: sessionIdFromToken(token),
    userId,
    expiresAt: new Date(now.getTime() + IDLE_MS),
    passwordConfirmedAt: options.passwordConfirmedAt ?? null,
    createdAt: now,
  };
  await db
    .insertInto('sessions')
    .values({
      id: session.id,
      user_id: userId,
      expires_at: session.expiresAt,
      created_at: now,
      password_confirmed_at: options.passwordConfirmedAt ?? null,
      signed_in_with_passkey: options.signedInWithPasskey ?? false,
    })
    .execute();
  return session;
}

/** Whether the password was entered in this session recently enough for a sensitive action. */
export function passwordRecentlyConfirmed(session: Session, now = new Date()): boolean {
  return (
    session.passwordConfirmedAt !== null && now.getTime() - session.passwordConfirmedAt.getTime() < PASSWORD_CONFIRMATION_MINUTES * 60_000
  );
}

/**
 * Whether the owner proved it is them within PASSWORD_CONFIRMATION_MINUTES, as adding a way to sign in
 * asks: the password entered in this session, or a sign-in that took more than a mailbox: a passkey, or
 * Google for an account with no password to ask for. A session begun by a password reset is neither.
 */
export function recentlyAuthenticated(
  session: Session,
  user: Pick<SessionUser, 'signed_in_with_passkey' | 'has_password'>,
  now = new Date(),
): boolean {
  if (passwordRecentlyConfirmed(session, now)) return true;
  const signedInRecently = now.getTime() - session.createdAt.getTime() < PASSWORD_CONFIRMATION_MINUTES * 60_000;
  return signedInRecently && (user.signed_in_with_passkey || !user.has_password);
}

/** Adding a way to sign in asks for that recent proof: else PASSWORD_CONFIRMATION_REQUIRED, and the client asks and sends the action again. */
export function assertRecentProof(session: Session, user: Pick<SessionUser, 'signed_in_with_passkey' | 'has_password'>, now = new Date()) {
  if (!recentlyAuthenticated(session, user, now)) throw new AppError('PASSWORD_CONFIRMATION_REQUIRED');
}

/** The password was entered again in this session (auth.confirmPassword). */
export async function recordPasswordConfirmed(db: Kysely<Database>, sessionId: string, now = new Date()): Promise<void> {
  await db.updateTable('sessions').set({ password_confirmed_at: now }).where('id', '=', sessionId).execute();
}

function selectSessionUser(db: Kysely<Database>, sessionId: string | null) {
  return (
    db
      .selectFrom('users')
      .innerJoin('user_profiles', 'user_profiles.id', 'users.id')
      .leftJoin('labs', 'labs.id', 'users.id')
      .select([
        'users.id',
        'users.email',
        'users.is_anonymous',
        'users.contact_email',
        'user_profiles.name',
        'user_profiles.user_type',
        'user_profiles.approved',
        'user_profiles.subscription_tier',
        'user_profiles.locale',
        'labs.license_number',
        'user_profiles.reminder_mail',
        'user_profiles.marketing_mail',
        'user_profiles.booking_texts',
        'user_profiles.reminder_texts',
        'user_profiles.result_texts',
        'user_profiles.order_texts',
        'user_profiles.sex',
      ])
      .select(sql<string | null>`to_char(user_profiles.date_of_birth, 'YYYY-MM-DD')`.as('date_of_birth'))
      .select(sql<boolean>`users.email_verified_at is not null`.as('email_verified'))
      // The account's mobile number once a code sent to it confirmed it (issue #55); a guest's typed number is not.
      .select(sql<string | null>`case when users.phone_verified_at is not null then users.phone end`.as('verified_phone'))
      .select(sql<boolean>`users.password_hash is not null`.as('has_password'))
      .select(
        sql<boolean>`exists (select 1 from two_factor_totp where two_factor_totp.user_id = users.id and two_factor_totp.enabled_at is not null)`.as(
          'two_factor_enabled',
        ),
      )
      .select(
        sql<boolean>`(user_profiles.user_type = 'admin' or (user_profiles.user_type = 'lab' and user_profiles.approved))`.as(
          'two_factor_required',
        ),
      )
      .select(
        sql<string | null>`to_char(users.two_factor_due_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as('two_factor_due_at'),
      )
      .select(
        sql<boolean>`coalesce((select signed_in_with_passkey from sessions where sessions.id = ${sessionId} and sessions.user_id = users.id), false)`.as(
          'signed_in_with_passkey',
        ),
      )
      .select(
        sql<boolean>`not users.is_anonymous and coalesce((
        select terms_version = ${TERMS_VERSION} and privacy_version = ${PRIVACY_VERSION} from user_consents
         where user_consents.user_id = users.id order by accepted_at desc, id desc limit 1), false) = false`.as('consent_required'),
      )
  );
}

/**
 * The auth user merged with the profile (and the lab's license number), as `auth.me` answers it for
 * the session `sessionId` (whether it began with a passkey).
 */
export async function loadSessionUser(db: Kysely<Database>, userId: string, sessionId: string | null): Promise<SessionUser | null> {
  const [user] = await userLookup(db, userId, sessionId);
  return user ?? null;
}

const userLookup = preparedOnce((db: Kysely<Database>, userId: string, sessionId: string | null) =>
  selectSessionUser(db, sessionId).where('users.id', '=', userId),
);

// Every signed-in request asks this: planned once per connection and built once, not on every request.
const sessionLookup = preparedOnce((db: Kysely<Database>, sessionId: string) =>
  selectSessionUser(db, sessionId)
    .innerJoin('sessions', 'sessions.user_id', 'users.id')
    .select(['sessions.expires_at', 'sessions.created_at', 'sessions.password_confirmed_at'])
    .where('sessions.id', '=', sessionId),
);

export async function validateSessionToken(db: Kysely<Database>, token: string, now = new Date()): Promise<SessionValidation | null> {
  const sessionId = sessionIdFromToken(token);
  const [row] = await sessionLookup(db, sessionId);
  if (!row) return null;

  const endsAt = row.created_at.getTime() + ABSOLUTE_MS;
  if (now.getTime() >= Math.min(row.expires_at.getTime(), endsAt)) {
    await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
    return null;
  }

  let expiresAt = row.expires_at;
  let renewed = false;
  const slid = Math.min(now.getTime() + IDLE_MS, endsAt);
  if (expiresAt.getTime() - now.getTime() < RENEW_WHEN_LEFT_MS && slid > expiresAt.getTime()) {
    expiresAt = new Date(slid);
    renewed = true;
    await db.updateTable('sessions').set({ expires_at: expiresAt }).where('id', '=', sessionId).execute();
  }

  const { expires_at: _expires, created_at: createdAt, password_confirmed_at: passwordConfirmedAt, ...user } = row;
  return { session: { id: sessionId, userId: row.id, expiresAt, passwordConfirmedAt, createdAt }, user, renewed };
}

export async function invalidateSession(db: Kysely<Database>, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/** The language the user now uses, kept on the profile for the mail sent to them. */
export async function rememberUserLocale(db: Kysely<Database>, userId: string, locale: Locale): Promise<void> {
  // Unchanged (a sign-in in the language of last time, a new account): no row written, no commit to wait for.
  await db.updateTable('user_profiles').set({ locale }).where('id', '=', userId).where('locale', 'is distinct from', locale).execute();
}
