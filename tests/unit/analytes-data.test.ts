import ucum from '@lhncbc/ucum-lhc';
import { describe, expect, it } from 'vitest';
import { analytes, testAnalytes } from '../../seeds/data/analytes.ts';
import { tests } from '../../seeds/data/tests.ts';
import type { SeedAnalyte, SeedRange } from '../../seeds/data/types.ts';
import { isValidLoinc, loincCheckDigit } from '../../src/shared/loinc.ts';

const units = ucum.UcumLhcUtils.getInstance();
const ARABIC_LETTER = /[\u0621-\u064A]/;

/**
 * A value of `from` in `to`. ucum-lhc 7.1 refuses every conversion of an arbitrary unit such as [IU],
 * even to itself (UCUM §4.3.2: arbitrary units are not commensurable), so a range in its analyte's own
 * unit needs no conversion and any other must convert.
 */
function inUnit(value: number, from: string, to: string): number | null {
  if (from === to) return value;
  const conversion = units.convertUnitTo(from, value, to);
  return conversion.status === 'succeeded' ? conversion.toVal : null;
}

function rangesOf(analyte: SeedAnalyte): [kind: string, SeedRange][] {
  return [
    ...(analyte.intervals ?? []).map((range) => ['interval', range] as [string, SeedRange]),
    ...(analyte.critical ?? []).map((range) => ['critical limit', range] as [string, SeedRange]),
  ];
}

describe('LOINC check digits', () => {
  it('computes the published check digit of well-known codes and refuses a mistyped one', () => {
    expect(loincCheckDigit('2823')).toBe(3); // potassium
    expect(loincCheckDigit('718')).toBe(7); // hemoglobin
    expect(loincCheckDigit('4548')).toBe(4); // HbA1c
    expect(loincCheckDigit('98979')).toBe(8); // eGFR (CKD-EPI 2021)
    expect(loincCheckDigit('38476')).not.toBe(0); // 38476-0 is a typo of 38476-8 (AMH)
  });

  it('takes a whole code only with its right check digit, and no other shape', () => {
    expect(isValidLoinc('2823-3')).toBe(true);
    expect(isValidLoinc('38476-8')).toBe(true);
    for (const wrong of ['2823-4', '38476-0', '2823', '12345678-9', '2823-33', ' 2823-3', 'LP2823-3'])
      expect(isValidLoinc(wrong), wrong).toBe(false);
  });
});

describe('the analytes data file', () => {
  it('holds at least 80 analytes, each LOINC code well formed, with a valid check digit, and listed once', () => {
    expect(analytes.length).toBeGreaterThanOrEqual(80);
    for (const { loinc } of analytes) {
      expect(isValidLoinc(loinc), `${loinc}: shape and check digit`).toBe(true);
    }
    expect(new Set(analytes.map((analyte) => analyte.loinc)).size).toBe(analytes.length);
  });

  it('names every analyte in English and in Arabic letters', () => {
    for (const analyte of analytes) {
      expect(analyte.nameEn.trim(), analyte.loinc).not.toBe('');
      expect(analyte.nameAr, `${analyte.loinc}: ${analyte.nameAr}`).toMatch(ARABIC_LETTER);
    }
  });

  it('gives a number a valid UCUM unit and a precision, and a text result its answers in both languages', () => {
    for (const analyte of analytes) {
      if (analyte.answers) {
        expect(analyte.unit, analyte.loinc).toBeUndefined();
        expect(analyte.intervals, analyte.loinc).toBeUndefined();
        expect(analyte.answers.length, analyte.loinc).toBeGreaterThanOrEqual(2);
        expect(new Set(analyte.answers.map((answer) => answer.en)).size).toBe(analyte.answers.length);
        for (const answer of analyte.answers) {
          expect(answer.ar.trim(), `${analyte.loinc}: ${answer.en}`).not.toBe('');
          // Words are translated; symbols such as "A", "AB" or "2+" read the same in both languages.
          if (/[a-z]{3,}/i.test(answer.en)) expect(answer.ar, `${analyte.loinc}: ${answer.en}`).toMatch(ARABIC_LETTER);
        }
      } else {
        expect(analyte.unit, analyte.loinc).toBeDefined();
        expect(units.validateUnitString(analyte.unit ?? '').status, `${analyte.loinc}: ${analyte.unit}`).toBe('valid');
        expect(Number.isInteger(analyte.decimals) && analyte.decimals! >= 0 && analyte.decimals! <= 6, analyte.loinc).toBe(true);
      }
    }
  });

  it('gives every interval and critical limit a bound, low below high, ordered ages, a source, and a unit UCUM converts to its analyte’s', () => {
    for (const analyte of analytes) {
      for (const [kind, range] of rangesOf(analyte)) {
        const where = `${analyte.loinc} ${kind} (${range.sex ?? 'any'} ${range.age?.join(' ') ?? ''})`;
        expect(range.low !== undefined || range.high !== undefined, where).toBe(true);
        if (range.low !== undefined && range.high !== undefined) expect(range.low, where).toBeLessThan(range.high);
        if (range.age) {
          const [low, high] = range.age;
          expect(Number.isInteger(low) && low >= 0, where).toBe(true);
          if (high !== null) expect(high, where).toBeGreaterThan(low);
        }
        if (range.condition) {
          expect(range.condition.en.trim(), where).not.toBe('');
          expect(range.condition.ar, where).toMatch(ARABIC_LETTER);
        }
        expect(range.source.trim().length, where).toBeGreaterThan(10);
        expect(range.source, where).not.toMatch(/internet|google|wikipedia/i);
        expect(units.validateUnitString(range.unit).status, `${where}: ${range.unit}`).toBe('valid');
        expect(inUnit(1, range.unit, analyte.unit ?? ''), `${where}: ${range.unit} → ${analyte.unit}`).not.toBeNull();
      }
    }
  });

  it('converts an interval written in another unit into its analyte’s unit (zinc 0.60–1.20 ug/mL is 60–120 ug/dL)', () => {
    const zinc = analytes.find((analyte) => analyte.loinc === '5763-8')!;
    const [interval] = zinc.intervals!;
    expect(inUnit(interval!.low!, interval!.unit, zinc.unit!)).toBeCloseTo(60);
    expect(inUnit(interval!.high!, interval!.unit, zinc.unit!)).toBeCloseTo(120);
  });

  it('puts every critical limit outside the reference interval it guards', () => {
    for (const analyte of analytes) {
      for (const limit of analyte.critical ?? []) {
        for (const interval of analyte.intervals ?? []) {
          const toAnalyteUnit = (value: number, unit: string) => inUnit(value, unit, analyte.unit!)!;
          if (limit.low !== undefined && interval.low !== undefined)
            expect(toAnalyteUnit(limit.low, limit.unit), analyte.loinc).toBeLessThan(toAnalyteUnit(interval.low, interval.unit));
          if (limit.high !== undefined && interval.high !== undefined)
            expect(toAnalyteUnit(limit.high, limit.unit), analyte.loinc).toBeGreaterThan(toAnalyteUnit(interval.high, interval.unit));
        }
      }
    }
  });
});

describe('the tests and the analytes they list', () => {
  const known = new Set(analytes.map((analyte) => analyte.loinc));
  const testNames = new Set(tests.map((test) => test.nameEn));
  const loincOf = (entry: string | { loinc: string }) => (typeof entry === 'string' ? entry : entry.loinc);

  it('names only demo tests and known analytes, each once per test, and covers at least 25 tests', () => {
    for (const { test, analytes: listed } of testAnalytes) {
      expect(testNames.has(test), test).toBe(true);
      const codes = listed.map(loincOf);
      expect(codes.length, test).toBeGreaterThan(0);
      expect(new Set(codes).size, `${test}: an analyte listed twice`).toBe(codes.length);
      for (const code of codes) expect(known.has(code), `${test}: ${code}`).toBe(true);
    }
    expect(new Set(testAnalytes.map((entry) => entry.test)).size).toBe(testAnalytes.length);
    expect(testAnalytes.length).toBeGreaterThanOrEqual(25);
  });

  it('lists every analyte in at least one test', () => {
    const listed = new Set(testAnalytes.flatMap((entry) => entry.analytes.map(loincOf)));
    expect(analytes.filter((analyte) => !listed.has(analyte.loinc)).map((analyte) => analyte.loinc)).toEqual([]);
  });
});
