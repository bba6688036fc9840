import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

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
