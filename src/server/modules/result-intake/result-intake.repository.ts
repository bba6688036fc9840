import type { Kysely, Transaction } from 'kysely';
import { bookingDetails } from '../../db/booking-details.ts';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A booking by its reference, with what the intake needs to write its report. */
export function findBookingByReference(db: Db, reference: string) {
  return bookingDetails(db)
    .innerJoin('user_profiles as customer', 'customer.id', 'bookings.customer_id')
    .select([
      'bookings.id',
      'bookings.reference',
      'bookings.status',
      'bookings.customer_id',
      'bookings.booking_time',
      'lab_tests.lab_id',
      'lab_tests.test_id',
      'labs.lab_name_ar',
      'labs.lab_name_en',
      'labs.phone as lab_phone',
      // The person the visit was for: the family member, or the account holder (issue #76 item 3).
      (eb) => eb.fn.coalesce('family_members.sex', 'customer.sex').as('patient_sex'),
      (eb) => eb.fn.coalesce('family_members.date_of_birth', 'customer.date_of_birth').as('patient_date_of_birth'),
    ])
    .where('bookings.reference', '=', reference)
    .executeTakeFirst();
}

/** The answer given to a message this lab's system sent before, if it was accepted. */
export async function intakeAnswer(db: Db, labId: string, format: 'hl7v2' | 'fhir', messageId: string) {
  const row = await db
    .selectFrom('result_intake_messages')
    .select(['response_status', 'response_type', 'response_body'])
    .where('lab_id', '=', labId)
    .where('format', '=', format)
    .where('message_id', '=', messageId)
    .where('response_status', '>', 0)
    .executeTakeFirst();
  return row && { status: row.response_status, contentType: row.response_type, body: row.response_body };
}

/** Claims a message id for this transaction (a row without its answer yet); false when another has it. */
export async function claimIntakeMessage(tx: Transaction<Database>, labId: string, format: 'hl7v2' | 'fhir', messageId: string) {
  const row = await tx
    .insertInto('result_intake_messages')
    .values({ lab_id: labId, format, message_id: messageId, response_status: 0, response_type: '', response_body: '' })
    .onConflict((oc) => oc.columns(['lab_id', 'format', 'message_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function keepIntakeAnswer(
  tx: Transaction<Database>,
  labId: string,
  format: 'hl7v2' | 'fhir',
  messageId: string,
  versionId: string,
  answer: { status: number; contentType: string; body: string },
) {
  await tx
    .updateTable('result_intake_messages')
    .set({ version_id: versionId, response_status: answer.status, response_type: answer.contentType, response_body: answer.body })
    .where('lab_id', '=', labId)
    .where('format', '=', format)
    .where('message_id', '=', messageId)
    .execute();
}
