import { type Kysely, sql } from 'kysely';

// Coverage before paying (issue #80 item 4). Each test on a lab's price list may carry its NPHIES billing
// code (the laboratory code system's, e.g. 80053-00): an eligibility request names every test by it, so a
// test without one cannot be asked about. Kept as the lab typed it, letters, digits, '.' and '-'.
//
// A coverage check is remembered for ten minutes by what it asked (a SHA-256 of the ask without its
// message id and time): the same person, lab, tests, prices and day asked again within them is given the
// stored answer of that message id (the engine replays it, ADR 0097) instead of sending NPHIES a new
// message. The key is a hash, never a person's details; rows older than the window are swept as checks
// are made. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table lab_tests add column nphies_billing_code text
    check (nphies_billing_code ~ '^[A-Za-z0-9.-]{1,40}$')`.execute(db);

  await sql`create table coverage_checks (
    message_id text primary key references nphies_exchanges(message_id) on delete cascade,
    ask_key text not null check (ask_key ~ '^[0-9a-f]{64}$'),
    checked_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index coverage_checks_ask on coverage_checks (ask_key, checked_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table coverage_checks`.execute(db);
  await sql`alter table lab_tests drop column nphies_billing_code`.execute(db);
}
