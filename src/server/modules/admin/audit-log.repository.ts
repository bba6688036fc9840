import type { Kysely } from 'kysely';
import type { AuditLogInput } from '../../../shared/schemas.ts';
import type { Database } from '../../db/schema.ts';

/**
 * A page of the audit log, newest first, keyed by id (ids only grow, so a page never repeats or skips
 * an entry written meanwhile): `limit + 1` rows, the extra one telling whether another page follows.
 */
export function auditLogPage(db: Kysely<Database>, input: AuditLogInput) {
  const { cursor, limit, filters } = input;
  let query = db
    .selectFrom('audit_log')
    .leftJoin('user_profiles as actor', 'actor.id', 'audit_log.actor_id')
    .select([
      'audit_log.id',
      'audit_log.action',
      'audit_log.actor_id',
      'actor.name as actor_name',
      'actor.user_type as actor_type',
      'audit_log.subject_type',
      'audit_log.subject_id',
      'audit_log.details',
      'audit_log.created_at',
    ]);
  if (cursor !== undefined) query = query.where('audit_log.id', '<', cursor);
  if (filters.action) query = query.where('audit_log.action', '=', filters.action);
  if (filters.actorId) query = query.where('audit_log.actor_id', '=', filters.actorId);
  if (filters.from) query = query.where('audit_log.created_at', '>=', new Date(filters.from));
  if (filters.to) query = query.where('audit_log.created_at', '<', new Date(filters.to));
  return query
    .orderBy('audit_log.id', 'desc')
    .limit(limit + 1)
    .execute();
}
