import type { Kysely, Transaction } from 'kysely';
import type { AuditAction } from '../../shared/legal.ts';
import type { Database } from '../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface AuditEntry {
  actorId: string | null;
  action: AuditAction;
  subjectType:
    | 'lab'
    | 'test_request'
    | 'package'
    | 'promo'
    | 'insurer'
    | 'result_file'
    | 'result_report'
    | 'result_share'
    | 'user'
    | 'store_product'
    | 'store_variant'
    | 'store_order'
    | 'store_collection'
    | 'review'
    | 'lab_api_key'
    | 'analyte'
    | 'unit_alias'
    | 'wallet_settings';
  subjectId: string | number;
  details?: Record<string, unknown>;
}

/**
 * Who did what to which record; written in the caller's transaction when there is one, so an action
 * and its entry commit or fail together. Answers when it was written. The table is append-only
 * (migrations/0020): an entry, once written, is never changed or removed.
 */
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
