import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { eraseMembers } from '../family/family.service.ts';
import { eraseReviews } from '../reviews/reviews.service.ts';

/** Where the user's result files lie, read before their rows (and the keys that open them) go. */
export async function resultStorageKeys(tx: Transaction<Database>, userId: string): Promise<string[]> {
  const rows = await tx
    .selectFrom('result_files')
    .innerJoin('bookings', 'bookings.id', 'result_files.booking_id')
    .select('result_files.storage_key')
    .where('bookings.customer_id', '=', userId)
    .forUpdate(['result_files'])
    .execute();
  return rows.map((row) => row.storage_key);
}

/**
 * Everything personal about the user, gone in one transaction: their result files' rows (with the
 * wrapped keys that open the files), their result reports (every version's sealed values), their share links for doctors, their retest reminders and waitlist entries, sessions, second factors (authenticator secret, recovery codes,
 * passkeys, pending sign-ins and challenges), links, holds, family members, home visit addresses, reviews, consents, mail, text messages and
 * codes by SMS, newsletter entry and
 * the rate-limit counters named after their address; the account row stays (bookings and payment
 * records point to it) with no name, address, phone, password or Google id left on it.
 */
export async function eraseAccount(tx: Transaction<Database>, userId: string, email: string | null, at: Date): Promise<void> {
  const address = email?.toLowerCase() ?? null;
  await tx
    .deleteFrom('result_files')
    .where('booking_id', 'in', (eb) => eb.selectFrom('bookings').select('id').where('customer_id', '=', userId))
    .execute();
  // Their reports' values go with every version (sealed values, analyte index, critical cases).
  await tx
    .deleteFrom('result_reports')
    .where('booking_id', 'in', (eb) => eb.selectFrom('bookings').select('id').where('customer_id', '=', userId))
    .execute();
  // Their links for doctors open nothing any more, and keep no trace of what they held.
  await tx.deleteFrom('result_shares').where('customer_id', '=', userId).execute();
  // Their retest reminders say which analytes they watch (the account row stays, so nothing cascades);
  // the mails waiting for them go with the outbox rows below.
  await tx.deleteFrom('retest_reminders').where('customer_id', '=', userId).execute();
  // Their waitlist entries say which test they wait for, where and when (an offer's hold goes with the holds below).
  await tx.deleteFrom('waitlist_entries').where('customer_id', '=', userId).execute();
  await tx.deleteFrom('sessions').where('user_id', '=', userId).execute();
  await tx.deleteFrom('pending_sign_ins').where('user_id', '=', userId).execute();
  await tx.deleteFrom('passkeys').where('user_id', '=', userId).execute();
  await tx.deleteFrom('webauthn_challenges').where('user_id', '=', userId).execute();
  await tx.deleteFrom('two_factor_totp').where('user_id', '=', userId).execute();
  await tx.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  await tx.deleteFrom('account_tokens').where('user_id', '=', userId).execute();
  await tx.deleteFrom('guest_links').where('user_id', '=', userId).execute();
  await tx.deleteFrom('slot_holds').where('holder_id', '=', userId).execute();
  // Their series say which test they repeat, and for whom; their bookings stay, no longer naming one.
  await tx.deleteFrom('booking_series').where('customer_id', '=', userId).execute();
  await eraseMembers(tx, userId); // their bookings stay, no longer naming them
  // Their home visits stay (the lab's records), no longer saying where they live.
  await tx
    .updateTable('bookings')
    .set({ home_address: null, home_latitude: null, home_longitude: null })
    .where('customer_id', '=', userId)
    .where('home_address', 'is not', null)
    .execute();
  await eraseReviews(tx, userId); // their labs' ratings counted again without them
  await tx.deleteFrom('user_consents').where('user_id', '=', userId).execute();
  await tx
    .deleteFrom('outbox')
    .where((eb) => {
      const mine = eb('user_id', '=', userId);
      return address ? eb.or([mine, eb(sql<string>`lower(recipient)`, '=', address)]) : mine;
    })
    .execute();
  // Their text messages and codes: those sent to the account, and those sent to its number before it had one.
  const phone = (await tx.selectFrom('users').select('phone').where('id', '=', userId).executeTakeFirst())?.phone ?? null;
  await tx
    .deleteFrom('phone_messages')
    .where((eb) => (phone ? eb.or([eb('user_id', '=', userId), eb('recipient', '=', phone)]) : eb('user_id', '=', userId)))
    .execute();
  await tx
    .deleteFrom('phone_codes')
    .where((eb) => (phone ? eb.or([eb('user_id', '=', userId), eb('phone', '=', phone)]) : eb('user_id', '=', userId)))
    .execute();
  await tx
    .deleteFrom('auth_rate_limits')
    .where((eb) => {
      // Keys name the account, its address or its number (phone codes' limits: phone-codes.service.ts).
      const named = [eb('key', 'like', `%:${userId}%`)];
      if (address) named.push(eb(sql<string>`lower(key)`, 'like', `%:${escapeLike(address)}%`));
      if (phone) named.push(eb('key', 'like', `%:${escapeLike(phone)}%`));
      return eb.or(named);
    })
    .execute();
  if (address) await tx.deleteFrom('newsletter_subscriptions').where(sql<string>`lower(email)`, '=', address).execute();
  await tx
    .updateTable('users')
    .set({
      email: null,
      contact_email: null,
      phone: null,
      phone_verified_at: null,
      password_hash: null,
      google_sub: null,
      email_verified_at: null,
      deleted_at: at,
      updated_at: at,
    })
    .where('id', '=', userId)
    .execute();
  await tx
    .updateTable('user_profiles')
    .set({
      name: '',
      sex: null,
      date_of_birth: null,
      reminder_mail: false,
      marketing_mail: false,
      marketing_consent_at: null,
      updated_at: at,
    })
    .where('id', '=', userId)
    .execute();
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
