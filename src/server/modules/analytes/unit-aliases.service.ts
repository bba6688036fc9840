import type { Kysely, Transaction } from 'kysely';
import type { AddUnitAliasInput } from '../../../shared/analyte-schemas.ts';
import { AppError } from '../../../shared/errors.ts';
import type { Database } from '../../db/schema.ts';
import { recordAudit } from '../../platform/audit-log.ts';
import { foldLabUnit, isBuiltInSpelling, ucumOfLabUnit } from '../../platform/lab-units.ts';
import { isUcumUnit } from '../../platform/units.ts';
import * as repo from './unit-aliases.repository.ts';

// Units labs send that nothing reads yet (issue #76 item 1, ADR 0079): each lab's unrecognised units
// counted, and the administrator's aliases, read after the built-in rows of lab-units.ts by every
// message that arrives after one is added. Each alias is audited.

/** The administrator's aliases, keyed as lab-units.ts matches them. */
export async function unitAliasMap(db: Kysely<Database> | Transaction<Database>): Promise<ReadonlyMap<string, string>> {
  return new Map((await repo.unitAliases(db)).map((row) => [row.folded, row.ucum]));
}

/**
 * A unit as counted: its first characters, as the column holds them, without control characters or
 * half a surrogate pair (PostgreSQL text holds no NUL), so no unit a lab's system sends fails the write.
 */
const countedUnit = (unit: string) =>
  Array.from(unit.replace(/[\p{Cc}\p{Cs}]/gu, '').trim())
    .slice(0, repo.UNIT_TEXT_MAX)
    .join('');

export function countUnrecognisedUnits(db: Transaction<Database>, labId: string, units: readonly string[]) {
  return repo.countUnrecognisedUnits(
    db,
    labId,
    units.map(countedUnit).filter((unit) => unit !== ''),
  );
}

/** Each lab's unrecognised units with counts (and what each now reads as, once an alias covers it), and the aliases. */
export async function unitAliasOverview(db: Kysely<Database>) {
  const [unrecognised, aliases] = await Promise.all([repo.unrecognisedUnits(db), repo.unitAliases(db)]);
  const added = new Map(aliases.map((row) => [row.folded, row.ucum]));
  return {
    unrecognised: unrecognised.map((row) => ({
      labId: row.lab_id,
      lab: { en: row.lab_name_en, ar: row.lab_name_ar },
      unit: row.unit,
      count: row.count,
      firstSeenAt: new Date(row.first_seen_at).toISOString(),
      lastSeenAt: new Date(row.last_seen_at).toISOString(),
      readsAs: ucumOfLabUnit(row.unit, null, added),
    })),
    aliases: aliases.map((row) => ({
      spelling: row.spelling,
      ucum: row.ucum,
      createdBy: row.created_by_email,
      createdAt: new Date(row.created_at).toISOString(),
    })),
  };
}

/** A spelling the built-in rows do not read, as the UCUM code it means; later messages read it so. */
export async function addUnitAlias(db: Kysely<Database>, actorId: string, input: AddUnitAliasInput) {
  const folded = foldLabUnit(input.spelling);
  if (folded === '') throw new AppError('VALIDATION_FAILED', { fields: ['spelling'] });
  if (isBuiltInSpelling(input.spelling)) throw new AppError('VALIDATION_FAILED', { fields: ['spelling'], reason: 'unit_alias_built_in' });
  if (!isUcumUnit(input.ucum)) throw new AppError('VALIDATION_FAILED', { fields: ['ucum'], reason: 'unknown_unit' });
  return db.transaction().execute(async (tx) => {
    if (!(await repo.insertUnitAlias(tx, { folded, spelling: input.spelling, ucum: input.ucum, createdBy: actorId })))
      throw new AppError('VALIDATION_FAILED', { fields: ['spelling'], reason: 'unit_alias_exists' });
    await recordAudit(tx, {
      actorId,
      action: 'analyte.unit_alias_add',
      subjectType: 'unit_alias',
      subjectId: folded,
      details: { before: null, after: { spelling: input.spelling, ucum: input.ucum } },
    });
    return { spelling: input.spelling, ucum: input.ucum };
  });
}
