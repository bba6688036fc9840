import type { Kysely } from 'kysely';
import type { AuditLogInput } from '../../../shared/schemas.ts';
import type { Database } from '../../db/schema.ts';
import { auditLogPage } from './audit-log.repository.ts';

/** What an entry's details may show an admin: who asked in which role, from where, and an admin's reason. */
function shownDetails(details: unknown) {
  const value = (details ?? {}) as Record<string, unknown>;
  const text = (key: string) => (typeof value[key] === 'string' ? (value[key] as string) : null);
  return { role: text('role'), ip: text('ip'), reason: text('reason') };
}

/** One page of the audit log, newest first, and the cursor of the next page (null on the last). */
export async function auditLog(db: Kysely<Database>, input: AuditLogInput) {
  const rows = await auditLogPage(db, input);
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      id: Number(row.id),
      action: row.action,
      actor_id: row.actor_id,
      actor_name: row.actor_name,
      actor_type: row.actor_type,
      subject_type: row.subject_type,
      subject_id: row.subject_id,
      ...shownDetails(row.details),
      created_at: new Date(row.created_at).toISOString(),
    })),
    nextCursor: rows.length > input.limit && last ? Number(last.id) : null,
  };
}
