-- The lab ledger is history (ADR 0041): the database itself refuses to change or remove a row; a
-- refund is a reversing row. src/server/db/migrate.ts runs this file after the numbered migrations on
-- every start; the trigger that calls it stays in the migration that made it (0046).
create or replace function lab_ledger_is_history() returns trigger language plpgsql as $$
    begin raise exception 'lab_ledger_entries rows are history: write a reversing row'; end $$;
