import { describe, expect, it } from 'vitest';
import { analytes, molarMasses } from '../../seeds/data/analytes.ts';
import { readingOf } from '../../src/server/modules/analysis/readings.ts';
import {
  type AnalyteRules,
  evaluate,
  type Ranges,
  unconvertedObservation,
  ValueError,
} from '../../src/server/modules/result-reports/report-values.ts';
import { convertForAnalyte, foldLabUnit, LAB_UNIT_ALIASES, ucumOfLabUnit } from '../../src/server/platform/lab-units.ts';
import { convertValue, isUcumUnit } from '../../src/server/platform/units.ts';

// Units as labs write them, and every common SI unit converting (issue #76 items 1 and 2). Each
// analyte below is converted from every unit labs report it in to its own unit and back, and one
// published factor per analyte is checked against the conversion, naming where it is published.

const YOUNG = 'Young DS, Ann Intern Med 1987;106:114–129';
const NCEP = 'NCEP ATP III (Circulation 2002;106:3143)';

interface Case {
  /** The units labs report it in, as they write them. */
  units: readonly string[];
  /** A published factor: 1 `from` is `factor` `to`. */
  published: readonly [from: string, to: string, factor: number, source: string];
}

/** By LOINC. Published factors are rounded as printed: they are checked to 0.2 %. */
const CASES: Record<string, Case> = {
  '62292-8': {
    units: ['ng/mL', 'nmol/L', 'nmol/l', 'µg/L'],
    published: ['ng/mL', 'nmol/L', 2.496, 'Endocrine Society 2011 (Holick et al.)'],
  },
  '2132-9': { units: ['pg/mL', 'pmol/L', 'ng/L'], published: ['pg/mL', 'pmol/L', 0.7378, YOUNG] },
  '2284-8': { units: ['ng/mL', 'nmol/L', 'ug/L'], published: ['ng/mL', 'nmol/L', 2.266, YOUNG] },
  '2276-4': { units: ['ng/mL', 'µg/L', 'ug/L', 'mcg/L'], published: ['ng/mL', 'µg/L', 1, YOUNG] },
  '2498-4': { units: ['µg/dL', 'mcg/dL', 'µmol/L', 'umol/L'], published: ['µg/dL', 'µmol/L', 0.1791, YOUNG] },
  '2500-7': { units: ['µg/dL', 'µmol/L'], published: ['µg/dL', 'µmol/L', 0.1791, YOUNG] },
  '2160-0': {
    units: ['mg/dL', 'mg/dl', 'MG/DL', 'µmol/L', 'μmol/L', 'umol/L', 'mmol/L'],
    published: ['mg/dL', 'µmol/L', 88.4, YOUNG],
  },
  '2161-8': { units: ['mg/dL', 'mmol/L', 'µmol/L'], published: ['mg/dL', 'µmol/L', 88.4, YOUNG] },
  '3094-0': { units: ['mg/dL', 'mmol/L'], published: ['mg/dL', 'mmol/L', 0.357, 'Tietz, 4th ed. (BUN mg/dL to urea mmol/L)'] },
  '3084-1': { units: ['mg/dL', 'µmol/L', 'mmol/L'], published: ['mg/dL', 'µmol/L', 59.48, YOUNG] },
  '1975-2': { units: ['mg/dL', 'µmol/L'], published: ['mg/dL', 'µmol/L', 17.1, YOUNG] },
  '1968-7': { units: ['mg/dL', 'µmol/L'], published: ['mg/dL', 'µmol/L', 17.1, YOUNG] },
  '17861-6': { units: ['mg/dL', 'mmol/L'], published: ['mg/dL', 'mmol/L', 0.2495, YOUNG] },
  '19123-9': { units: ['mg/dL', 'mmol/L'], published: ['mg/dL', 'mmol/L', 0.4114, YOUNG] },
  '5763-8': { units: ['µg/dL', 'µmol/L'], published: ['µg/dL', 'µmol/L', 0.153, YOUNG] },
  '1558-6': { units: ['mg/dL', 'mmol/L'], published: ['mmol/L', 'mg/dL', 18.016, 'PubChem D-glucose 180.156 g/mol (Young: × 0.05551)'] },
  '2345-7': { units: ['mg/dL', 'mmol/L'], published: ['mmol/L', 'mg/dL', 18.016, YOUNG] },
  '1518-0': { units: ['mg/dL', 'mmol/L'], published: ['mmol/L', 'mg/dL', 18.016, YOUNG] },
  '2093-3': { units: ['mg/dL', 'mmol/L'], published: ['mmol/L', 'mg/dL', 38.67, NCEP] },
  '2085-9': { units: ['mg/dL', 'mmol/L'], published: ['mmol/L', 'mg/dL', 38.67, NCEP] },
  '13457-7': { units: ['mg/dL', 'mmol/L'], published: ['mmol/L', 'mg/dL', 38.67, NCEP] },
  '43396-1': { units: ['mg/dL', 'mmol/L'], published: ['mmol/L', 'mg/dL', 38.67, NCEP] },
  '2571-8': { units: ['mg/dL', 'mmol/L'], published: ['mmol/L', 'mg/dL', 88.57, NCEP] },
  '2143-6': { units: ['µg/dL', 'mcg/dL', 'nmol/L'], published: ['µg/dL', 'nmol/L', 27.59, YOUNG] },
  '2986-8': { units: ['ng/dL', 'nmol/L', 'ng/mL'], published: ['ng/dL', 'nmol/L', 0.03467, YOUNG] },
  '2243-4': { units: ['pg/mL', 'pmol/L'], published: ['pg/mL', 'pmol/L', 3.671, YOUNG] },
  '2839-9': { units: ['ng/mL', 'nmol/L'], published: ['ng/mL', 'nmol/L', 3.18, YOUNG] },
  '3024-7': { units: ['ng/dL', 'pmol/L'], published: ['ng/dL', 'pmol/L', 12.87, YOUNG] },
  '3051-0': { units: ['pg/mL', 'pmol/L'], published: ['pg/mL', 'pmol/L', 1.536, YOUNG] },
  '13965-9': { units: ['µmol/L', 'mg/L'], published: ['mg/L', 'µmol/L', 7.397, 'PubChem homocysteine 135.18 g/mol'] },
  '9318-7': { units: ['mg/g', 'mg/mmol'], published: ['mg/g', 'mg/mmol', 0.1131, 'KDIGO 2012 (30 mg/g ≈ 3 mg/mmol)'] },
  '33762-6': { units: ['pg/mL', 'ng/L', 'pmol/L'], published: ['pmol/L', 'pg/mL', 8.457, 'Roche Elecsys proBNP II method sheet'] },
  '3016-3': { units: ['mIU/L', 'µIU/mL', 'μIU/mL', 'uIU/mL', 'mU/L'], published: ['µIU/mL', 'mIU/L', 1, 'UCUM 2.1 prefixes'] },
  '2951-2': { units: ['mmol/L', 'mEq/L', 'MEQ/L'], published: ['mEq/L', 'mmol/L', 1, 'IUPAC: a monovalent ion’s mEq is its mmol'] },
  '2823-3': { units: ['mmol/L', 'mEq/L'], published: ['mEq/L', 'mmol/L', 1, 'IUPAC: a monovalent ion’s mEq is its mmol'] },
  '6690-2': {
    units: ['10^3/uL', '10^3/µL', 'x10E3/uL', 'K/uL', '10^9/L', 'x10^9/L', 'cells/uL', '/mm3'],
    published: ['10^9/L', '10^3/uL', 1, YOUNG],
  },
  '777-3': { units: ['10^3/uL', 'K/µL', '10^9/L'], published: ['cells/uL', '10^3/uL', 0.001, 'UCUM 2.1 prefixes'] },
  '789-8': { units: ['10^6/uL', 'M/uL', '10^12/L', 'x10E12/L'], published: ['10^12/L', '10^6/uL', 1, YOUNG] },
  '718-7': { units: ['g/dL', 'g/dl', 'g/L'], published: ['g/L', 'g/dL', 0.1, YOUNG] },
  '787-2': { units: ['fL', 'fl', 'µm3'], published: ['µm3', 'fL', 1, YOUNG] },
  '1742-6': {
    units: ['U/L', 'IU/L', 'u/l'],
    published: ['IU/L', 'U/L', 1, 'IUB 1961: one international unit of enzyme activity is 1 µmol/min'],
  },
};

const rules = (loinc: string): AnalyteRules => {
  const seed = analytes.find((analyte) => analyte.loinc === loinc);
  if (!seed?.unit) throw new Error(`no numeric analyte ${loinc}`);
  const mass = molarMasses[loinc];
  return {
    id: 1,
    loinc,
    name_ar: seed.nameAr,
    name_en: seed.nameEn,
    kind: 'numeric',
    unit: seed.unit,
    decimals: seed.decimals ?? null,
    molar_mass: mass ? String(mass.value) : null,
    answers: [],
  };
};

/** `value` in the lab's `spelling` for this analyte, in `to` (a lab's spelling too), or null. */
function convert(analyte: AnalyteRules, value: number, spelling: string, to: string): number | null {
  const from = ucumOfLabUnit(spelling, analyte);
  const into = ucumOfLabUnit(to, analyte);
  if (from === null || into === null) return null;
  return convertForAnalyte(value, from, into, analyte);
}

describe('every unit an analyte is reported in converts to its own and back', () => {
  for (const [loinc, { units, published }] of Object.entries(CASES)) {
    const analyte = rules(loinc);
    it(`${analyte.name_en} (${analyte.unit}): ${units.join(', ')}; 1 ${published[0]} = ${published[2]} ${published[1]} (${published[3]})`, () => {
      for (const unit of units) {
        const there = convert(analyte, 12.5, unit, analyte.unit!);
        expect(there, `${unit} → ${analyte.unit}`).not.toBeNull();
        const back = convert(analyte, there!, analyte.unit!, unit);
        expect(back! / 12.5, `${unit} → ${analyte.unit} → ${unit}`).toBeCloseTo(1, 9);
      }
      const [from, to, factor] = published;
      expect(convert(analyte, 1, from, to)! / factor, `1 ${from} in ${to}`).toBeCloseTo(1, 2);
      expect(Math.abs(convert(analyte, 1, from, to)! / factor - 1)).toBeLessThan(0.002);
    });
  }

  it('gives every analyte reported in both mass and substance units a molar mass with a source', () => {
    for (const [loinc, { units }] of Object.entries(CASES)) {
      const analyte = rules(loinc);
      const kinds = new Set(
        units.map((unit) => (/mol|eq/i.test(unit) ? 'substance' : /g\//.test(unit) || /g$/.test(unit) ? 'mass' : 'other')),
      );
      if (kinds.has('substance') && kinds.has('mass') && !['2951-2', '2823-3'].includes(loinc)) {
        expect(molarMasses[loinc]?.source, analyte.name_en).toMatch(/PubChem|IUPAC|NCEP|Roche|Urea nitrogen|Triglycerides/);
      }
    }
  });
});

describe('HbA1c in IFCC mmol/mol', () => {
  const hba1c = rules('4548-4');
  const noRanges: Ranges = { published: [], critical: [], lab: [] };
  const patient = { sex: null, birthDate: null, at: new Date('2026-11-27T05:00:00Z') };

  it('converts by the IFCC–NGSP master equation, never as a plain ratio: 48 mmol/mol is 6.5 %, 39 is 5.7 % (ADA 2025 table 2.1)', () => {
    const judged = (entered: string, sentRange: { low: number; high: number } | null = null) =>
      evaluate(hba1c, { entered, unit: 'mmol/mol', comment: null, sentRange }, noRanges, patient, 0);
    expect(judged('48').inAnalyteUnit).toBe(6.5);
    expect(judged('39').inAnalyteUnit).toBe(5.7);
    expect(judged('48', { low: 20, high: 38 }).range).toMatchObject({ low: 4, high: 5.6, origin: 'sent' });
    expect(convertForAnalyte(convertForAnalyte(53, 'mmol/mol', '%', hba1c)!, '%', 'mmol/mol', hba1c)).toBeCloseTo(53, 9);
  });

  it('leaves every other analyte’s mmol/mol to UCUM', () => {
    expect(convertForAnalyte(1, 'mmol/mol', '%', rules('4544-3'))).toBeCloseTo(0.1, 12);
  });
});

describe('spellings as labs write them', () => {
  const tsh = rules('3016-3');
  const calcium = rules('17861-6');
  const alt = rules('1742-6');
  const antiTpo = rules('8099-4');

  it.each([
    ['mIU/L', tsh, 'm[IU]/L'],
    ['µIU/mL', tsh, 'u[IU]/mL'],
    ['μIU/mL', tsh, 'u[IU]/mL'],
    ['uIU/mL', tsh, 'u[IU]/mL'],
    ['µmol/L', null, 'umol/L'],
    ['μmol/L', null, 'umol/L'],
    ['µg/dL', null, 'ug/dL'],
    ['10^3/uL', null, '10*3/uL'],
    ['10^3/µL', null, '10*3/uL'],
    ['x10E3/uL', null, '10*3/uL'],
    ['K/uL', null, '10*3/uL'],
    ['10^9/L', null, '10*9/L'],
    ['10^12/L', null, '10*12/L'],
    ['10^6/uL', null, '10*6/uL'],
    ['cells/uL', null, '/uL'],
    ['IU/L', alt, 'U/L'],
    ['IU/L', antiTpo, '[IU]/L'],
    ['IU/L', null, '[IU]/L'],
    ['mg/dl', null, 'mg/dL'],
    ['MG/DL', null, 'mg/dL'],
    ['Mg/Dl', null, 'mg/dL'],
    ['g/dl', null, 'g/dL'],
    ['%', null, '%'],
    ['mmol/mol', null, 'mmol/mol'],
    ['fl', null, 'fL'],
    ['pg', null, 'pg'],
    [' mmol / L ', null, 'mmol/L'],
    ['mEq/L', rules('2951-2'), 'mmol/L'],
  ] as const)('reads %s as %s', (spelling, analyte, ucum) => {
    expect(ucumOfLabUnit(spelling, analyte)).toBe(ucum);
  });

  it('never takes mEq/L as mmol/L for a divalent ion: calcium in mEq/L does not convert', () => {
    expect(ucumOfLabUnit('mEq/L', calcium)).toBe('meq/L');
    expect(convertValue(4.8, 'meq/L', calcium.unit!, Number(calcium.molar_mass))).toBeNull();
  });

  it('reads mU/L as milli-international units only for an analyte in international units, never for an enzyme', () => {
    expect(ucumOfLabUnit('mU/L', tsh)).toBe('m[IU]/L');
    expect(ucumOfLabUnit('mU/L', alt)).toBe('mU/L');
  });

  it('folds the micro sign (U+00B5), the Greek mu (U+03BC) and u alike, and ignores case and spaces', () => {
    expect(foldLabUnit('\u00B5mol/L')).toBe('umol/l');
    expect(foldLabUnit('\u03BCmol/L')).toBe('umol/l');
    expect(foldLabUnit('U MOL / l')).toBe('umol/l');
  });

  it('reads an administrator’s alias after the built-in rows, and nothing for a spelling none reads', () => {
    expect(ucumOfLabUnit('Tsd/µl', null)).toBeNull();
    expect(ucumOfLabUnit('Tsd/µl', null, new Map([[foldLabUnit('Tsd/µl'), '10*3/uL']]))).toBe('10*3/uL');
    expect(ucumOfLabUnit('K/uL', null, new Map([['k/ul', 'K/uL']]))).toBe('10*3/uL');
  });

  it('maps every row to a valid UCUM code, and names a source for each', () => {
    for (const row of LAB_UNIT_ALIASES) {
      expect(isUcumUnit(row.ucum), row.ucum).toBe(true);
      expect(row.source.length, row.ucum).toBeGreaterThan(10);
    }
  });
});

describe('a value judged in a lab’s spelling', () => {
  const creatinine = rules('2160-0');
  const noRanges: Ranges = { published: [], critical: [], lab: [] };
  const patient = { sex: null, birthDate: null, at: new Date('2026-11-27T05:00:00Z') };

  it('converts with the UCUM code and keeps the spelling the lab sent', () => {
    const stored = evaluate(creatinine, { entered: '88.4', unit: 'µmol/L', comment: null }, noRanges, patient, 0);
    expect(stored).toMatchObject({ unit: 'umol/L', unitAsSent: 'µmol/L', inAnalyteUnit: 1 });
  });

  it('keeps a value in a unit nothing reads as sent, with the lab’s range and flag, and gives the analysis no number to judge', () => {
    const entry = { entered: '7.2', unit: 'furlongs', comment: null, sentRange: { low: 4, high: 11 }, sentFlags: ['N'] };
    const stored = unconvertedObservation(creatinine, entry, 0);
    expect(stored).toMatchObject({ unit: 'furlongs', unitNotRecognised: true, inAnalyteUnit: null, flag: 'N' });
    expect(stored.range).toMatchObject({ low: 4, high: 11, origin: 'sent' });
    const reading = readingOf(stored, { loinc: '2160-0', name_ar: '', name_en: '', unit: 'mg/dL', molar_mass: '113.12' });
    expect(reading).toMatchObject({ value: null, unit: null, flag: 'N' });
    expect(() => unconvertedObservation(creatinine, { ...entry, entered: '10000000000000000' }, 0)).toThrow(
      new ValueError('value_out_of_range', 0),
    );
  });

  it('refuses a unit nothing reads as unknown_unit (the lab’s form asks for another)', () => {
    expect(() => evaluate(creatinine, { entered: '1', unit: 'furlongs', comment: null }, noRanges, patient, 3)).toThrow(ValueError);
  });
});
