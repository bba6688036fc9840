import { type Kysely, sql } from 'kysely';

// Paying only the person's share (issue #80 item 4, ADR 0099). A booking keeps what the person's insurer
// pays of it (insurer_share_halalas: taken off its price at checkout, claimed by the lab from the insurer
// through NPHIES) and the coverage check's message id whose answer it relied on (coverage_message_id, the
// exchange's id in nphies_exchanges; the claim after the visit is built from it). The checkout keeps the
// sum, and the lab's ledger row records it: the lab is owed that much less from Tahaleel. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table bookings
    add column insurer_share_halalas integer not null default 0 check (insurer_share_halalas >= 0),
    add column coverage_message_id text references nphies_exchanges(message_id),
    add check (insurer_share_halalas = 0 or coverage_message_id is not null)`.execute(db);
  await sql`alter table checkouts
    add column insurer_share_halalas integer not null default 0 check (insurer_share_halalas >= 0)`.execute(db);
  await sql`alter table lab_ledger_entries add column insurer_share_halalas integer not null default 0`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table lab_ledger_entries drop column insurer_share_halalas`.execute(db);
  await sql`alter table checkouts drop column insurer_share_halalas`.execute(db);
  await sql`alter table bookings drop column coverage_message_id, drop column insurer_share_halalas`.execute(db);
}
