import { type Kysely, sql } from 'kysely';

// The audit log becomes append-only (issue #26, docs/decisions/0024): the database itself refuses to
// change or remove an entry, whoever asks (the application, a script, a careless console). A user
// with entries is therefore never deleted: a deleted account is anonymized in place, and the
// actor_id's `on delete set null` (an UPDATE) would be refused too. The trigger function is made here,
// as its triggers need it; its current definition is migrations/functions/audit.sql. Indexes serve
// admin.auditLog's keyset pages, newest first, filtered by action or actor. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create function audit_log_refuse_change() returns trigger language plpgsql as $$
    begin
      raise exception 'audit_log is append-only: % refused', tg_op using errcode = 'TA010';
    end
  $$`.execute(db);
  await sql`create trigger audit_log_append_only before update or delete on audit_log
    for each row execute function audit_log_refuse_change()`.execute(db);
  await sql`create trigger audit_log_no_truncate before truncate on audit_log
    for each statement execute function audit_log_refuse_change()`.execute(db);
  await sql`create index audit_log_action_id on audit_log (action, id)`.execute(db);
  await sql`create index audit_log_actor_id on audit_log (actor_id, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index audit_log_actor_id`.execute(db);
  await sql`drop index audit_log_action_id`.execute(db);
  await sql`drop trigger audit_log_no_truncate on audit_log`.execute(db);
  await sql`drop trigger audit_log_append_only on audit_log`.execute(db);
  await sql`drop function audit_log_refuse_change()`.execute(db);
}
