-- Payouts to labs are history (ADR 0043): the database itself refuses to change or remove one; a
-- mistaken payout is corrected by a reversing payout. src/server/db/migrate.ts runs this file after the
-- numbered migrations on every start; the trigger that calls it stays in the migration that made it (0048).
create or replace function lab_payouts_are_history() returns trigger language plpgsql as $$
    begin raise exception 'lab_payouts rows are history: record a reversing payout'; end $$;
