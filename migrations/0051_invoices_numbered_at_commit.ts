import { type Kysely, sql } from 'kysely';

// Invoice numbers taken at commit (issue #25, ADR 0027 amended). An invoice or credit note is inserted
// without its number; a deferred constraint trigger numbers it as its transaction commits, so the
// counter row's lock is held only while PostgreSQL commits, not across the app's round trips (it was
// the wait of 41 of 56 busy backends in bench:booking). Inside the issuing transaction the two columns
// are null; every committed document has both. The function it calls is made here; its current
// definition is migrations/functions/invoices.sql.
// Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table invoices alter column sequence drop not null, alter column number drop not null,
    add constraint invoices_numbered_whole check ((sequence is null) = (number is null))`.execute(db);
  await sql`create function number_invoice() returns trigger language plpgsql as $$
    begin raise exception 'number_invoice() is defined by migrations/functions/invoices.sql'; end $$`.execute(db);
  await sql`create constraint trigger invoices_numbered_at_commit after insert on invoices
    deferrable initially deferred for each row execute function number_invoice()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger invoices_numbered_at_commit on invoices`.execute(db);
  await sql`drop function number_invoice()`.execute(db);
  await sql`alter table invoices drop constraint invoices_numbered_whole,
    alter column sequence set not null, alter column number set not null`.execute(db);
}
