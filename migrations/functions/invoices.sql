-- Invoice numbers (ADR 0027, amended for issue #25): gap-free per series ('invoice' INV-000001,
-- 'credit_note' CN-000001), taken at commit. src/server/db/migrate.ts runs this file after the numbered
-- migrations on every start; the deferred constraint trigger that calls it stays in the migration that
-- made it (0051).
--
-- number_invoice() runs as the issuing transaction commits, after all of its statements: it takes the
-- series' next number under the counter row's lock and writes it on the new document. The lock is so
-- held only while PostgreSQL commits, never across a round trip to the app server, and a transaction
-- that rolls back (before or at commit) gives its number back. Numbers follow the order of commits.
create or replace function number_invoice() returns trigger language plpgsql as $$
    declare
      next_number integer;
    begin
      update invoice_counters set last_number = last_number + 1 where series = new.kind
        returning last_number into strict next_number;
      update invoices
         set sequence = next_number,
             number = case new.kind when 'invoice' then 'INV-' else 'CN-' end
                      || lpad(next_number::text, greatest(6, length(next_number::text)), '0')
       where id = new.id;
      return null;
    end
  $$;
