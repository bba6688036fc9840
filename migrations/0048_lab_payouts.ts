import { type Kysely, sql } from 'kysely';

// Payouts to labs (issue #21, ADR 0043): money the platform transferred to a lab's bank account, as an
// administrator recorded it. Like the ledger (0046) the rows are history: a trigger refuses `update`
// and `delete` (the function it calls is made here, its current definition is
// migrations/functions/payouts.sql). A mistaken payout is corrected by a reversing row: the negative
// of its amount, pointing at the payout it reverses (`reverses_id`, at most one reversal a payout).
// Amounts are integer halalas, as the ledger's are. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table lab_payouts (
    id uuid primary key default gen_random_uuid(),
    lab_id uuid not null references labs(id),
    amount_halalas integer not null check (amount_halalas <> 0),
    paid_on date not null,
    bank_reference text not null check (length(bank_reference) between 1 and 64),
    note text check (length(note) <= 500),
    recorded_by uuid not null references users(id),
    reverses_id uuid unique references lab_payouts(id),
    created_at timestamptz not null default now(),
    check ((reverses_id is null) = (amount_halalas > 0))
  )`.execute(db);
  await sql`create index lab_payouts_lab_idx on lab_payouts (lab_id, created_at)`.execute(db);
  await sql`create function lab_payouts_are_history() returns trigger language plpgsql as $$
    begin raise exception 'lab_payouts rows are history: record a reversing payout'; end $$`.execute(db);
  await sql`create trigger lab_payouts_immutable before update or delete on lab_payouts
    for each row execute function lab_payouts_are_history()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table lab_payouts`.execute(db);
  await sql`drop function lab_payouts_are_history()`.execute(db);
}
