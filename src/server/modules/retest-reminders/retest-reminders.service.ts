import type { Kysely } from 'kysely';
import { AppError } from '../../../shared/errors.ts';
import { hasAnalysis } from '../../../shared/plans.ts';
import type { AcceptRetestReminderInput } from '../../../shared/retest-reminder-schemas.ts';
import { retestDueOn, zonedTimeToInstant } from '../../../shared/time.ts';
import type { Database } from '../../db/schema.ts';
import type { ResultKeys } from '../../platform/result-sealing.ts';
import { retestFor } from '../analysis/analysis.service.ts';
import { analytesByLoinc } from '../analytes/analytes.service.ts';
import { cancelMail, enqueueMail, recipientOf } from '../mail/mail.service.ts';
import * as repo from './retest-reminders.repository.ts';

// Retest reminders (issue #54): the analysis suggests a retest for a report (HbA1c in 3 months, say);
// the Premium patient accepts it, and a mail waits in the outbox for the morning it is due. The mail
// is a reminder, so a patient who turned reminders off gets none; it names the test, never a value.

/** Reminders go by the Kingdom's calendar, whatever the server's zone. */
const RIYADH = 'Asia/Riyadh';
/** The mail goes in the morning of the day the retest is due. */
const MAIL_AT = '08:00';
/** Links in outbox mail may be paths: the sender puts PUBLIC_URL in front. */
const REMINDERS_PAGE = '/dashboard?section=ai-analysis';

type StoredReminder = NonNullable<Awaited<ReturnType<typeof repo.activeReminder>>>;

/**
 * Each reminder named by its catalog test, or, when the catalog has no test for it any more, by its
 * analyte (through the analytes module, read once for the list), or else by its LOINC code.
 */
async function named(db: Kysely<Database>, rows: StoredReminder[]) {
  const unnamed = rows.filter((row) => row.test_name_ar === null || row.test_name_en === null);
  const analytes = await analytesByLoinc(
    db,
    unnamed.map((row) => row.loinc),
  );
  return rows.map((row) => {
    const analyte = analytes.get(row.loinc);
    return {
      ...row,
      test_name_ar: row.test_name_ar ?? analyte?.name_ar ?? row.loinc,
      test_name_en: row.test_name_en ?? analyte?.name_en ?? row.loinc,
    };
  });
}

type ReminderRow = Awaited<ReturnType<typeof named>>[number];

function present(row: ReminderRow) {
  return {
    id: row.id,
    /** YYYY-MM-DD, a day on Riyadh's calendar. */
    dueOn: row.due_on,
    ruleId: row.rule_id,
    loinc: row.loinc,
    bookingId: row.booking_id,
    /** The catalog test to book; null when the catalog no longer has one (the name is the analyte's then). */
    test: { id: row.test_id, name: { ar: row.test_name_ar, en: row.test_name_en } },
    /** Whom it is for: the account holder (familyMemberId null) or one of their family. */
    person: { familyMemberId: row.family_member_id, name: row.person_name },
    /** The reminder mail's state in the outbox; null when there is none (an account without an address). */
    mail: row.mail_status,
  };
}

export type RetestReminder = ReturnType<typeof present>;

/** Where the mail's button goes: the test's page, or a search for the analyte when the catalog has no test for it. */
function bookingPath(row: ReminderRow): string {
  return row.test_id === null ? `/search?query=${encodeURIComponent(row.test_name_en)}` : `/test/${encodeURIComponent(row.test_name_en)}`;
}

/**
 * The Premium customer accepts the retest the analysis suggests for this report and rule: one
 * reminder (accepting again answers the same one, revived if it was cancelled) and its mail in the
 * outbox for 08:00 Riyadh time on the day, written together. A report or rule with no such
 * suggestion, or another's report, is NOT_FOUND; a customer without the analysis, PREMIUM_REQUIRED.
 */
export async function acceptReminder(
  db: Kysely<Database>,
  keys: ResultKeys,
  customer: { id: string; subscription_tier: string },
  input: AcceptRetestReminderInput,
): Promise<RetestReminder> {
  if (!hasAnalysis(customer.subscription_tier)) throw new AppError('PREMIUM_REQUIRED');
  const retest = await retestFor(db, keys, customer.id, input.bookingId, input.ruleId);
  if (!retest) throw new AppError('NOT_FOUND', { entity: 'retest' });
  return db.transaction().execute(async (tx) => {
    const saved = await repo.upsertReminder(tx, {
      customerId: customer.id,
      familyMemberId: retest.familyMemberId,
      bookingId: input.bookingId,
      ruleId: input.ruleId,
      loinc: retest.loinc,
      testId: retest.testId,
      dueOn: retestDueOn(retest.sampleDate, retest.months),
    });
    const readBack = async () => {
      const row = await repo.activeReminder(tx, customer.id, saved.id);
      if (!row) throw new Error(`Retest reminder ${saved.id} was written but cannot be read back`);
      const [shown] = await named(tx, [row]);
      return shown!;
    };
    const row = await readBack();
    const recipient = await recipientOf(tx, customer.id);
    if (recipient) {
      // A mail already written for this reminder (sent, or still waiting) keeps its key: this one is dropped.
      await enqueueMail(tx, {
        to: recipient.email,
        locale: recipient.locale,
        userId: customer.id,
        message: {
          template: 'retest-reminder',
          data: {
            name: recipient.name,
            testName: { ar: row.test_name_ar, en: row.test_name_en },
            memberName: row.family_member_id === null ? null : row.person_name,
            bookLink: bookingPath(row),
            remindersLink: REMINDERS_PAGE,
          },
        },
        dedupeKey: repo.reminderMailKey(row.id),
        sendAfter: zonedTimeToInstant(saved.due_on, MAIL_AT, RIYADH),
      });
    }
    // Read again for the mail's state: written now, or the one written at the first accept.
    return present(await readBack());
  });
}

/** The customer's reminders not cancelled, soonest first (whatever their plan now: a lapsed plan loses nothing). */
export async function listReminders(db: Kysely<Database>, customerId: string): Promise<RetestReminder[]> {
  return (await named(db, await repo.activeReminders(db, customerId))).map(present);
}

/**
 * Cancels one of the customer's reminders and withdraws its mail if it has not gone yet; answers the
 * list. Another customer's reminder is NOT_FOUND.
 */
export async function cancelReminder(db: Kysely<Database>, customerId: string, id: string, now = new Date()): Promise<RetestReminder[]> {
  await db.transaction().execute(async (tx) => {
    if (!(await repo.cancelReminder(tx, customerId, id, now))) throw new AppError('NOT_FOUND', { entity: 'retestReminder' });
    await cancelMail(tx, repo.reminderMailKey(id));
  });
  return listReminders(db, customerId);
}

/** For the customer's data export: every reminder they accepted, cancelled ones too. */
export async function exportReminders(db: Kysely<Database>, customerId: string) {
  return (await repo.allReminders(db, customerId)).map((row) => ({
    id: row.id,
    booking_id: row.booking_id,
    family_member_name: row.family_member_name,
    rule_id: row.rule_id,
    loinc: row.loinc,
    test_name_ar: row.test_name_ar,
    test_name_en: row.test_name_en,
    due_on: row.due_on,
    mail_status: row.mail_status,
    created_at: new Date(row.created_at).toISOString(),
    cancelled_at: row.cancelled_at && new Date(row.cancelled_at).toISOString(),
  }));
}
