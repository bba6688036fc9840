import type { Kysely } from 'kysely';
import { normalizeSearchText } from '../../../shared/cities.ts';
import { latinDigits } from '../../../shared/digits.ts';
import type { Database } from '../../db/schema.ts';
import * as repo from './promo-scope.repository.ts';

// What a promo code may be limited to (ADR 0092): the admin picks labs, and tests or packages, by name.

/** How many labs, or tests and packages, one look-up offers. */
const SCOPE_OPTIONS = 10;

/** The text as the stored names are compared: Arabic letter variants and case folded, digits Latin. */
const searchable = (q: string) => latinDigits(normalizeSearchText(q));

/** Labs named so in Arabic or English, approved or not (a code may be readied before a lab opens). */
export function labsNamed(db: Kysely<Database>, q: string) {
  return repo.labsNamed(db, searchable(q), SCOPE_OPTIONS);
}

/** Catalogue tests and labs' packages named so in either language, or reporting a marker with this LOINC code. */
export function testsNamed(db: Kysely<Database>, q: string) {
  return repo.testsNamed(db, searchable(q), SCOPE_OPTIONS);
}

/** The labs and the tests or packages these codes are limited to, with their names, by id. */
export async function scopeNamesOf(db: Kysely<Database>, codes: readonly { lab_ids: string[]; test_ids: number[] }[]) {
  const [labs, tests] = await Promise.all([
    repo.labsById(db, [...new Set(codes.flatMap((code) => code.lab_ids))]),
    repo.testsById(db, [...new Set(codes.flatMap((code) => code.test_ids))]),
  ]);
  return { labs: new Map(labs.map((lab) => [lab.id, lab])), tests: new Map(tests.map((test) => [test.id, test])) };
}
