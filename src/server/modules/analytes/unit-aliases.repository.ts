import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The longest unit text kept (migrations/0075): an OBX-6 past it is counted by its first 64 characters. */
export const UNIT_TEXT_MAX = 64;

export function unitAliases(db: Db) {
  return db
    .selectFrom('lab_unit_aliases')
    .leftJoin('users', 'users.id', 'lab_unit_aliases.created_by')
    .select(['folded', 'spelling', 'ucum', 'lab_unit_aliases.created_at', 'users.email as created_by_email'])
    .orderBy('lab_unit_aliases.created_at', 'desc')
    .execute();
}

export async function insertUnitAlias(db: Db, row: { folded: string; spelling: string; ucum: string; createdBy: string }) {
  const inserted = await db
    .insertInto('lab_unit_aliases')
    .values({ folded: row.folded, spelling: row.spelling, ucum: row.ucum, created_by: row.createdBy })
    .onConflict((oc) => oc.column('folded').doNothing())
    .returning('created_at')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** One more sighting of each unit, per lab: the unit's text alone, never a value. */
export async function countUnrecognisedUnits(db: Db, labId: string, units: readonly string[]) {
  if (units.length === 0) return;
  const counts = new Map<string, number>();
  for (const unit of units) counts.set(unit, (counts.get(unit) ?? 0) + 1);
  await db
    .insertInto('lab_unrecognised_units')
    .values([...counts].map(([unit, count]) => ({ lab_id: labId, unit, count })))
    .onConflict((oc) =>
      oc.columns(['lab_id', 'unit']).doUpdateSet({
        count: sql`lab_unrecognised_units.count + excluded.count`,
        last_seen_at: sql`now()`,
      }),
    )
    .execute();
}

export function unrecognisedUnits(db: Db) {
  return db
    .selectFrom('lab_unrecognised_units')
    .innerJoin('labs', 'labs.id', 'lab_unrecognised_units.lab_id')
    .select([
      'lab_unrecognised_units.lab_id',
      'labs.lab_name_en',
      'labs.lab_name_ar',
      'lab_unrecognised_units.unit',
      'lab_unrecognised_units.count',
      'lab_unrecognised_units.first_seen_at',
      'lab_unrecognised_units.last_seen_at',
    ])
    .orderBy('lab_unrecognised_units.last_seen_at', 'desc')
    .limit(500)
    .execute();
}
