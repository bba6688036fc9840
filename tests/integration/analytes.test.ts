import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

async function analytesOf(testName: string) {
  return database.db
    .selectFrom('test_analytes')
    .innerJoin('tests', 'tests.id', 'test_analytes.test_id')
    .innerJoin('analytes', 'analytes.id', 'test_analytes.analyte_id')
    .select(['analytes.id', 'analytes.loinc', 'analytes.name_en', 'analytes.unit', 'test_analytes.required'])
    .where('tests.name_en', '=', testName)
    .orderBy('test_analytes.position')
    .execute();
}

async function intervalsOf(loinc: string) {
  const rows = await database.db
    .selectFrom('analyte_reference_intervals')
    .innerJoin('analytes', 'analytes.id', 'analyte_reference_intervals.analyte_id')
    .select(['sex', 'age_low', 'age_high', 'age_unit', 'low', 'high', 'analyte_reference_intervals.unit', 'source'])
    .where('analytes.loinc', '=', loinc)
    .orderBy('sex')
    .execute();
  return rows.map((row) => ({ ...row, low: row.low === null ? null : Number(row.low), high: row.high === null ? null : Number(row.high) }));
}

describe('seeded analytes', () => {
  it('lists the CBC with its indices and differential, each with an interval naming its source', async () => {
    const cbc = await analytesOf('Complete Blood Count (CBC)');
    expect(cbc).toHaveLength(20);
    expect(cbc.slice(0, 3).map((analyte) => [analyte.loinc, analyte.unit])).toEqual([
      ['6690-2', '10*3/uL'],
      ['789-8', '10*6/uL'],
      ['718-7', 'g/dL'],
    ]);
    expect(cbc.map((analyte) => analyte.loinc)).toEqual(expect.arrayContaining(['777-3', '787-2', '770-8', '751-8']));

    expect(await intervalsOf('718-7')).toEqual([
      expect.objectContaining({ sex: 'female', age_low: 18, age_high: null, age_unit: 'a', low: 11.6, high: 15, unit: 'g/dL' }),
      expect.objectContaining({ sex: 'male', low: 13.2, high: 16.6, unit: 'g/dL' }),
    ]);
    for (const analyte of cbc) {
      const intervals = await intervalsOf(analyte.loinc);
      expect(intervals.length, analyte.loinc).toBeGreaterThan(0);
      for (const interval of intervals) expect(interval.source, analyte.loinc).toMatch(/\w{10,}/);
    }

    const critical = await database.db
      .selectFrom('analyte_critical_limits')
      .innerJoin('analytes', 'analytes.id', 'analyte_critical_limits.analyte_id')
      .select(['low', 'high', 'source'])
      .where('analytes.loinc', '=', '718-7')
      .executeTakeFirstOrThrow();
    expect([Number(critical.low), Number(critical.high)]).toEqual([6.6, 19.9]);
    expect(critical.source).toContain('Kost');
  });

  it('lists the lipid panel, with one-sided intervals where the guideline gives one bound', async () => {
    const lipids = await analytesOf('Lipid Profile');
    expect(lipids.map((analyte) => analyte.loinc)).toEqual(['2093-3', '2571-8', '2085-9', '13457-7', '43396-1']);
    expect(lipids.at(-1)?.required).toBe(false);
    expect(await intervalsOf('2085-9')).toEqual([expect.objectContaining({ sex: 'any', low: 40, high: null, unit: 'mg/dL' })]);
    expect(await intervalsOf('2093-3')).toEqual([
      expect.objectContaining({ low: null, high: 199, source: expect.stringContaining('NCEP') }),
    ]);
  });

  it('keeps a text analyte’s answers in both languages, the one expected in health marked', async () => {
    const answers = await database.db
      .selectFrom('analyte_answers')
      .innerJoin('analytes', 'analytes.id', 'analyte_answers.analyte_id')
      .select(['answer_en', 'answer_ar', 'is_normal'])
      .where('analytes.loinc', '=', '5196-1')
      .orderBy('position')
      .execute();
    expect(answers).toEqual([
      { answer_en: 'Non-reactive', answer_ar: 'غير تفاعلي', is_normal: true },
      { answer_en: 'Reactive', answer_ar: 'تفاعلي', is_normal: false },
    ]);
  });
});

describe('the database refuses analytes and ranges that make no sense', () => {
  async function potassiumId() {
    const { id } = await database.db.selectFrom('analytes').select('id').where('loinc', '=', '2823-3').executeTakeFirstOrThrow();
    return id;
  }

  it('refuses an interval whose low is not below its high', async () => {
    const analyteId = await potassiumId();
    for (const [low, high] of [
      [5.1, 5.1],
      [5.1, 3.5],
    ]) {
      await expect(
        database.db
          .insertInto('analyte_reference_intervals')
          .values({ analyte_id: analyteId, low, high, unit: 'mmol/L', source: 'Tietz Clinical Guide to Laboratory Tests, 4th ed.' })
          .execute(),
      ).rejects.toThrow(/analyte_reference_intervals_low_below_high/);
    }
    await expect(
      database.db
        .insertInto('analyte_critical_limits')
        .values({ analyte_id: analyteId, low: 6.2, high: 2.8, unit: 'mmol/L', source: 'Kost 1990' })
        .execute(),
    ).rejects.toThrow(/analyte_critical_limits_low_below_high/);
  });

  it('refuses an interval with no bound, no source, or ages out of order', async () => {
    const analyteId = await potassiumId();
    const interval = { analyte_id: analyteId, unit: 'mmol/L', source: 'Tietz Clinical Guide to Laboratory Tests, 4th ed.' };
    await expect(database.db.insertInto('analyte_reference_intervals').values(interval).execute()).rejects.toThrow(/_bounded/);
    await expect(
      database.db
        .insertInto('analyte_reference_intervals')
        .values({ ...interval, high: 5.1, source: ' ' })
        .execute(),
    ).rejects.toThrow(/source/);
    await expect(
      database.db
        .insertInto('analyte_reference_intervals')
        .values({ ...interval, high: 5.1, age_low: 18, age_high: 18 })
        .execute(),
    ).rejects.toThrow(/_ages_ordered/);
  });

  it('refuses a malformed LOINC code, a duplicate one, and a text analyte with a unit', async () => {
    const analyte = { name_ar: 'اختبار', name_en: 'Test', kind: 'numeric' as const, unit: 'mmol/L', decimals: 1 };
    await expect(
      database.db
        .insertInto('analytes')
        .values({ ...analyte, loinc: '2823' })
        .execute(),
    ).rejects.toThrow(/loinc/);
    await expect(
      database.db
        .insertInto('analytes')
        .values({ ...analyte, loinc: '2823-3' })
        .execute(),
    ).rejects.toThrow(/analytes_loinc_key/);
    await expect(
      database.db
        .insertInto('analytes')
        .values({ ...analyte, loinc: '1-8', kind: 'text' })
        .execute(),
    ).rejects.toThrow(/analytes_kind_shape/);
  });
});
