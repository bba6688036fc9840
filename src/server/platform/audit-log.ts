import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export type AuditAction =
  | 'lab.approve'
  | 'lab.reject'
  | 'test_request.approve'
  | 'test_request.reject'
  | 'result.upload'
  | 'result.read'
  | 'result.read_denied'
  | 'result.damaged';

export interface AuditEntry {
  actorId: string | null;
  action: AuditAction;
  subjectType: 'lab' | 'test_request' | 'result_file';
  subjectId: string | number;
  details?: Record<string, unknown>;
}

/** Who did what to which record; written in the caller's transaction when there is one. Answers when it was written. */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<Date> {
  const row = await db
    .insertInto('audit_log')
    .values({
      actor_id: entry.actorId,
      action: entry.action,
      subject_type: entry.subjectType,
      subject_id: String(entry.subjectId),
      details: JSON.stringify(entry.details ?? {}),
    })
    .returning('created_at')
    .executeTakeFirstOrThrow();
  return new Date(row.created_at);
}
