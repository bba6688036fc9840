import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

const MAIL_KEY_PREFIX = 'retest-reminder:';

/** The outbox's dedupe key of a reminder's mail: one mail per reminder, withdrawn by it. */
export const reminderMailKey = (reminderId: string) => `${MAIL_KEY_PREFIX}${reminderId}`;

export interface NewReminder {
  customerId: string;
  familyMemberId: string | null;
  bookingId: string;
  ruleId: string;
  loinc: string;
  testId: number | null;
  /** YYYY-MM-DD on Riyadh's calendar. */
  dueOn: string;
}

/**
 * The reminder for this report and rule: written the first time, and the same row every time after
 * (revived if it was cancelled), even when two accepts race. Answers its id and day.
 */
export function upsertReminder(tx: Transaction<Database>, reminder: NewReminder) {
  return tx
    .insertInto('retest_reminders')
    .values({
      customer_id: reminder.customerId,
      family_member_id: reminder.familyMemberId,
      booking_id: reminder.bookingId,
      rule_id: reminder.ruleId,
      loinc: reminder.loinc,
      test_id: reminder.testId,
      due_on: reminder.dueOn,
    })
    .onConflict((conflict) => conflict.columns(['booking_id', 'rule_id']).doUpdateSet({ cancelled_at: null }))
    .returning(['id', sql<string>`due_on::text`.as('due_on')])
    .executeTakeFirstOrThrow();
}

/**
 * A customer's reminders as the list shows them: the test to book (its names null when the catalog has
 * no test for it any more: the service names the analyte then), the person it is for, and where its mail stands.
 */
function reminderRows(db: Db, customerId: string) {
  return (
    db
      .selectFrom('retest_reminders')
      .innerJoin('user_profiles', 'user_profiles.id', 'retest_reminders.customer_id')
      .leftJoin('family_members', 'family_members.id', 'retest_reminders.family_member_id')
      .leftJoin('tests', 'tests.id', 'retest_reminders.test_id')
      // The outbox's dedupe key is unique: at most one mail per reminder.
      .leftJoin('outbox', (join) => join.on(sql<boolean>`outbox.dedupe_key = ${MAIL_KEY_PREFIX} || retest_reminders.id::text`))
      .select((eb) => [
        'retest_reminders.id',
        sql<string>`retest_reminders.due_on::text`.as('due_on'),
        'retest_reminders.rule_id',
        'retest_reminders.loinc',
        'retest_reminders.booking_id',
        'retest_reminders.test_id',
        'retest_reminders.family_member_id',
        'tests.name_ar as test_name_ar',
        'tests.name_en as test_name_en',
        eb.fn.coalesce('family_members.name', 'user_profiles.name').as('person_name'),
        'outbox.status as mail_status',
      ])
      .where('retest_reminders.customer_id', '=', customerId)
      .where('retest_reminders.cancelled_at', 'is', null)
  );
}

/** The customer's reminders not cancelled, soonest first. */
export function activeReminders(db: Db, customerId: string) {
  return reminderRows(db, customerId)
    .orderBy('retest_reminders.due_on')
    .orderBy('retest_reminders.created_at')
    .orderBy('retest_reminders.id')
    .execute();
}

/** One of the customer's reminders not cancelled; another's or a cancelled one is undefined. */
export function activeReminder(db: Db, customerId: string, id: string) {
  return reminderRows(db, customerId).where('retest_reminders.id', '=', id).executeTakeFirst();
}

/**
 * Cancels the customer's reminder; true when it is theirs (cancelled now or before), false for another's
 * or a missing one. A cancelled one keeps the time it was first cancelled.
 */
export async function cancelReminder(tx: Transaction<Database>, customerId: string, id: string, at: Date): Promise<boolean> {
  const row = await tx
    .updateTable('retest_reminders')
    .set((eb) => ({ cancelled_at: eb.fn.coalesce('cancelled_at', eb.val(at)) }))
    .where('id', '=', id)
    .where('customer_id', '=', customerId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Every reminder the customer accepted, cancelled ones too, with where its mail stands: for their data export. */
export function allReminders(db: Db, customerId: string) {
  return db
    .selectFrom('retest_reminders')
    .leftJoin('family_members', 'family_members.id', 'retest_reminders.family_member_id')
    .leftJoin('tests', 'tests.id', 'retest_reminders.test_id')
    .leftJoin('outbox', (join) => join.on(sql<boolean>`outbox.dedupe_key = ${MAIL_KEY_PREFIX} || retest_reminders.id::text`))
    .select([
      'retest_reminders.id',
      'retest_reminders.booking_id',
      'family_members.name as family_member_name',
      'retest_reminders.rule_id',
      'retest_reminders.loinc',
      'tests.name_ar as test_name_ar',
      'tests.name_en as test_name_en',
      sql<string>`retest_reminders.due_on::text`.as('due_on'),
      'retest_reminders.created_at',
      'retest_reminders.cancelled_at',
      'outbox.status as mail_status',
    ])
    .where('retest_reminders.customer_id', '=', customerId)
    .orderBy('retest_reminders.due_on')
    .orderBy('retest_reminders.id')
    .execute();
}
