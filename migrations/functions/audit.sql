-- The audit log is append-only (ADR 0024): the database itself refuses to change or remove an entry,
-- whoever asks. src/server/db/migrate.ts runs this file after the numbered migrations on every start;
-- the triggers that call it stay in the migration that made them (0020).
create or replace function audit_log_refuse_change() returns trigger language plpgsql as $$
    begin
      raise exception 'audit_log is append-only: % refused', tg_op using errcode = 'TA010';
    end
  $$;
