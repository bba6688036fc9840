import type { Transaction } from 'kysely';
import type { Database } from '../src/server/db/schema.ts';
import { analytes, molarMasses, testAnalytes } from './data/analytes.ts';
import type { SeedRange } from './data/types.ts';

type Count = (table: string, rows: number) => void;

/**
 * The analytes, what each demo test lists, and the published intervals and critical limits
 * (seeds/data/analytes.ts). An analyte's answers and ranges are written only with the analyte, so a
 * second run adds nothing.
 */
export async function seedAnalytes(tx: Transaction<Database>, count: Count): Promise<void> {
  const inserted = await tx
    .insertInto('analytes')
    .values(
      analytes.map((analyte) => ({
        loinc: analyte.loinc,
        name_ar: analyte.nameAr,
        name_en: analyte.nameEn,
        kind: analyte.answers ? ('text' as const) : ('numeric' as const),
        unit: analyte.unit ?? null,
        decimals: analyte.decimals ?? null,
      })),
    )
    .onConflict((oc) => oc.column('loinc').doNothing())
    .returning(['id', 'loinc'])
    .execute();
  count('analytes', inserted.length);
  for (const [loinc, mass] of Object.entries(molarMasses)) {
    await tx
      .updateTable('analytes')
      .set({ molar_mass: String(mass.value), molar_mass_source: mass.source })
      .where('loinc', '=', loinc)
      .where('molar_mass', 'is', null)
      .execute();
  }
  const newIds = new Map(inserted.map((row) => [row.loinc, row.id]));

  const answers = analytes.flatMap((analyte) => {
    const analyteId = newIds.get(analyte.loinc);
    if (analyteId === undefined) return [];
    return (analyte.answers ?? []).map((answer, position) => ({
      analyte_id: analyteId,
      position,
      answer_en: answer.en,
      answer_ar: answer.ar,
      is_normal: answer.normal,
    }));
  });
  if (answers.length > 0) await tx.insertInto('analyte_answers').values(answers).execute();
  count('analyte_answers', answers.length);

  for (const table of ['analyte_reference_intervals', 'analyte_critical_limits'] as const) {
    const rows = analytes.flatMap((analyte) => {
      const analyteId = newIds.get(analyte.loinc);
      if (analyteId === undefined) return [];
      const ranges = table === 'analyte_reference_intervals' ? analyte.intervals : analyte.critical;
      return (ranges ?? []).map((range) => ({ analyte_id: analyteId, ...rangeColumns(range), source: range.source }));
    });
    if (rows.length > 0) await tx.insertInto(table).values(rows).execute();
    count(table, rows.length);
  }

  const analyteIds = new Map((await tx.selectFrom('analytes').select(['id', 'loinc']).execute()).map((row) => [row.loinc, row.id]));
  const testIds = new Map((await tx.selectFrom('tests').select(['id', 'name_en']).execute()).map((row) => [row.name_en, row.id]));
  const links = testAnalytes.flatMap(({ test, analytes: listed }) => {
    const testId = testIds.get(test);
    if (testId === undefined) throw new Error(`Seed test missing: ${test}`);
    return listed.map((entry, position) => {
      const loinc = typeof entry === 'string' ? entry : entry.loinc;
      const analyteId = analyteIds.get(loinc);
      if (analyteId === undefined) throw new Error(`Seed analyte missing: ${loinc}`);
      return { test_id: testId, analyte_id: analyteId, position, required: typeof entry === 'string' };
    });
  });
  const linked = await tx
    .insertInto('test_analytes')
    .values(links)
    .onConflict((oc) => oc.doNothing())
    .returning('test_id')
    .execute();
  count('test_analytes', linked.length);
}

function rangeColumns(range: SeedRange) {
  const [ageLow, ageHigh, ageUnit] = range.age ?? [0, null, 'a'];
  return {
    sex: range.sex ?? ('any' as const),
    age_low: ageLow,
    age_high: ageHigh,
    age_unit: ageUnit,
    condition_en: range.condition?.en ?? null,
    condition_ar: range.condition?.ar ?? null,
    low: range.low ?? null,
    high: range.high ?? null,
    unit: range.unit,
  };
}
