import { type Kysely, sql } from 'kysely';

// Each person chooses how each kind of message reaches their phone (issue #55, ADR 0073): by SMS, by WhatsApp,
// or not at all (e-mail only). Frozen once landed.
// - user_profiles.{booking,reminder,result,order}_texts: the choice per kind; SMS until changed (WhatsApp is
//   chosen, never assumed: Meta asks for the person's opt-in). Who had turned reminders off keeps them off.
// - phone_messages.fallback_of: an SMS sent once because the WhatsApp message it stands for failed; its key
//   (the WhatsApp message's key and `:sms`) keeps it to one.
export async function up(db: Kysely<any>): Promise<void> {
  const choice = (column: string) => sql`${sql.ref(column)} in ('sms', 'whatsapp', 'off')`;
  await db.schema
    .alterTable('user_profiles')
    .addColumn('booking_texts', 'text', (c) => c.notNull().defaultTo('sms').check(choice('booking_texts')))
    .addColumn('reminder_texts', 'text', (c) => c.notNull().defaultTo('sms').check(choice('reminder_texts')))
    .addColumn('result_texts', 'text', (c) => c.notNull().defaultTo('sms').check(choice('result_texts')))
    .addColumn('order_texts', 'text', (c) => c.notNull().defaultTo('sms').check(choice('order_texts')))
    .execute();
  await db.updateTable('user_profiles').set({ reminder_texts: 'off' }).where('reminder_mail', '=', false).execute();
  await db.schema
    .alterTable('phone_messages')
    .addColumn('fallback_of', 'uuid', (c) => c.references('phone_messages.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('phone_messages_fallback_of_idx').on('phone_messages').column('fallback_of').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('phone_messages').dropColumn('fallback_of').execute();
  await db.schema
    .alterTable('user_profiles')
    .dropColumn('booking_texts')
    .dropColumn('reminder_texts')
    .dropColumn('result_texts')
    .dropColumn('order_texts')
    .execute();
}
