import { type Kysely, sql } from 'kysely';
import type { Locale } from '../../../shared/locale.ts';
import type { TextChoice, TextKind } from '../../../shared/text-choices.ts';
import type { Database } from '../../db/schema.ts';

export async function updateProfile(db: Kysely<Database>, userId: string, profile: { name: string; locale: Locale }) {
  await db
    .updateTable('user_profiles')
    .set({ ...profile, updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
}

/** The account holder's own sex and date of birth (issue #76 item 3). */
export async function updatePersonal(db: Kysely<Database>, userId: string, details: { sex: 'female' | 'male'; dateOfBirth: string }) {
  await db
    .updateTable('user_profiles')
    .set({ sex: details.sex, date_of_birth: details.dateOfBirth, updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
}

export function findPasswordHash(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('users')
    .innerJoin('user_profiles', 'user_profiles.id', 'users.id')
    .select(['users.password_hash', 'users.is_anonymous', 'users.email', 'user_profiles.name', 'user_profiles.locale'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

export async function setMailPreferences(db: Kysely<Database>, userId: string, choices: { reminderMail: boolean; marketingMail: boolean }) {
  await db
    .updateTable('user_profiles')
    .set((eb) => ({
      reminder_mail: choices.reminderMail,
      marketing_mail: choices.marketingMail,
      // When the person said yes (kept while it stays yes), the record of their consent; none once they say no.
      marketing_consent_at: choices.marketingMail ? eb.fn.coalesce('marketing_consent_at', sql<Date>`now()`) : null,
      updated_at: new Date(),
    }))
    .where('id', '=', userId)
    .execute();
}

/** How each kind of message reaches the account's phone. */
export async function setTextChoices(db: Kysely<Database>, userId: string, choices: Record<TextKind, TextChoice>) {
  await db
    .updateTable('user_profiles')
    .set({
      booking_texts: choices.booking,
      reminder_texts: choices.reminder,
      result_texts: choices.result,
      order_texts: choices.order,
      updated_at: new Date(),
    })
    .where('id', '=', userId)
    .execute();
}

export async function deleteAllSessions(db: Kysely<Database>, userId: string) {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

export async function setPasswordHash(db: Kysely<Database>, userId: string, passwordHash: string) {
  await db.updateTable('users').set({ password_hash: passwordHash, updated_at: new Date() }).where('id', '=', userId).execute();
}

/** Signs the account out everywhere except the session making the change. */
export async function deleteOtherSessions(db: Kysely<Database>, userId: string, keepSessionId: string) {
  await db.deleteFrom('sessions').where('user_id', '=', userId).where('id', '<>', keepSessionId).execute();
}
