import { convertValue, isUcumUnit } from './units.ts';

/**
 * Units as laboratory systems write them, read as UCUM before anything is checked (issue #76 item 1,
 * ADR 0079). A lab's system sends `mIU/L`, `µmol/L`, `10^3/uL` or `MG/DL` in OBX-6 (or a FHIR Quantity's
 * unit); UCUM (units.ts) reads `m[IU]/L`, `umol/L`, `10*3/uL`, `mg/dL`. Each row is data with its
 * source; code only folds a spelling and looks it up. What no row and no UCUM parse reads is stored as
 * the lab sent it, unconverted (report-values.ts `unconvertedObservation`), and an administrator may
 * add an alias for it (lab-unit-aliases table): the rows here stay the base.
 */

/**
 * When a row applies only to some analytes, because the same spelling means different quantities:
 * - `enzyme_activity`: the analyte's unit is an enzyme activity (U/L): there "IU" is the enzyme unit,
 *   1 µmol/min (IUB 1961), UCUM's `U`; anywhere else it is an arbitrary international unit, `[IU]`.
 * - `international_units`: the analyte's unit is an arbitrary international unit (`m[IU]/L`): there
 *   "mU/L" and "µU/mL" are the hormone assays' shorthand for milli- and micro-international units.
 * - `monovalent_ion`: one milliequivalent is one millimole only for an ion of charge 1 (Na⁺, K⁺, Cl⁻,
 *   HCO₃⁻, Li⁺); for calcium or magnesium it is half a millimole, so there mEq/L is left to UCUM,
 *   which will not convert an equivalent without the charge.
 */
export type AliasScope = 'enzyme_activity' | 'international_units' | 'monovalent_ion';

export interface LabUnitAlias {
  /** How labs write it. Matched after folding (see `foldLabUnit`): µ, μ and u alike, spaces and case ignored. */
  spellings: readonly string[];
  /** The UCUM code it means. */
  ucum: string;
  only?: AliasScope;
  source: string;
}

const UCUM_SPEC = 'UCUM 2.1, The Unified Code for Units of Measure (Regenstrief Institute, unitsofmeasure.org)';
const UCUM_ARBITRARY = `${UCUM_SPEC}, §4.3.2 and table of arbitrary units: the international unit is [IU], never IU`;
const UCUM_TEN_POWER = `${UCUM_SPEC}, §4.2.5 and the special symbol 10*: "10*3/uL" for a count in thousands per microliter`;
const HL7_COMMON = 'HL7 Common UCUM units value set (hl7.org/fhir/R4/valueset-ucum-common.html)';
const LOINC_EXAMPLE = 'LOINC table, EXAMPLE_UCUM_UNITS and EXAMPLE_UNITS of the analyte rows (loinc.org)';
const YOUNG_SI =
  'Young DS. Implementation of SI units for clinical laboratory data. Ann Intern Med 1987;106(1):114–129, and AMA Manual of Style, 11th ed., §17.5 (SI units)';
const IFCC_ENZYME = 'IUB Commission on Enzymes (1961) and IFCC: one (international) unit of enzyme activity is 1 µmol/min, UCUM "U"';
const IUPAC_EQUIVALENT = 'IUPAC Gold Book, "equivalent entity": for an ion of charge 1, 1 mEq = 1 mmol';

/**
 * The rows. Every UCUM code listed is itself a spelling, so an upper-case system's `MMOL/L` reads as
 * `mmol/L` and not as megamoles.
 */
export const LAB_UNIT_ALIASES: readonly LabUnitAlias[] = [
  // Counts of cells
  {
    spellings: [
      '10*3/uL',
      '10^3/uL',
      '10E3/uL',
      'x10E3/uL',
      'x10^3/uL',
      'x10*3/uL',
      '10³/uL',
      'x10³/uL',
      'K/uL',
      'thou/uL',
      '10^3/mm3',
      'x10^3/mm3',
    ],
    ucum: '10*3/uL',
    source: `${UCUM_TEN_POWER}; ${HL7_COMMON}; ${LOINC_EXAMPLE} (K/uL, x10E3/uL as labs write them; mm3 = uL)`,
  },
  {
    spellings: [
      '10*6/uL',
      '10^6/uL',
      '10E6/uL',
      'x10E6/uL',
      'x10^6/uL',
      'x10*6/uL',
      '10⁶/uL',
      'x10⁶/uL',
      'M/uL',
      'mill/uL',
      '10^6/mm3',
      'x10^6/mm3',
    ],
    ucum: '10*6/uL',
    source: `${UCUM_TEN_POWER}; ${HL7_COMMON}; ${LOINC_EXAMPLE}`,
  },
  {
    spellings: ['10*9/L', '10^9/L', '10E9/L', 'x10E9/L', 'x10^9/L', 'x10*9/L', '10⁹/L', 'x10⁹/L'],
    ucum: '10*9/L',
    source: `${UCUM_TEN_POWER}; ${HL7_COMMON}; ${YOUNG_SI} (leukocytes and platelets as 10^9/L)`,
  },
  {
    spellings: ['10*12/L', '10^12/L', '10E12/L', 'x10E12/L', 'x10^12/L', 'x10*12/L', 'x10¹²/L', '10¹²/L'],
    ucum: '10*12/L',
    source: `${UCUM_TEN_POWER}; ${HL7_COMMON}; ${YOUNG_SI} (erythrocytes as 10^12/L)`,
  },
  {
    spellings: ['/uL', 'cells/uL', '{cells}/uL', '/mm3', 'cells/mm3'],
    ucum: '/uL',
    source: `${UCUM_SPEC}, §4.2.3 (annotations such as {cells} are unity); ${HL7_COMMON}`,
  },
  // International units (hormones, antibodies) and enzyme units
  { spellings: ['m[IU]/L', 'mIU/L'], ucum: 'm[IU]/L', source: `${UCUM_ARBITRARY}; ${HL7_COMMON}; ${LOINC_EXAMPLE} (TSH)` },
  { spellings: ['m[IU]/mL', 'mIU/mL'], ucum: 'm[IU]/mL', source: `${UCUM_ARBITRARY}; ${HL7_COMMON}; ${LOINC_EXAMPLE} (FSH, LH, hCG)` },
  { spellings: ['u[IU]/mL', 'uIU/mL'], ucum: 'u[IU]/mL', source: `${UCUM_ARBITRARY}; ${HL7_COMMON}; ${LOINC_EXAMPLE} (TSH, insulin)` },
  { spellings: ['u[IU]/L', 'uIU/L'], ucum: 'u[IU]/L', source: UCUM_ARBITRARY },
  { spellings: ['[IU]/mL', 'IU/mL'], ucum: '[IU]/mL', source: `${UCUM_ARBITRARY}; ${HL7_COMMON}; ${LOINC_EXAMPLE} (anti-TPO, IgE)` },
  { spellings: ['k[IU]/L', 'kIU/L'], ucum: 'k[IU]/L', source: `${UCUM_ARBITRARY}; ${LOINC_EXAMPLE} (IgE)` },
  { spellings: ['IU/L'], ucum: 'U/L', only: 'enzyme_activity', source: `${IFCC_ENZYME}; ${LOINC_EXAMPLE} (ALT, AST, ALP, GGT)` },
  { spellings: ['[IU]/L', 'IU/L'], ucum: '[IU]/L', source: `${UCUM_ARBITRARY}; ${HL7_COMMON}` },
  { spellings: ['U/L', 'units/L'], ucum: 'U/L', source: `${IFCC_ENZYME}; ${HL7_COMMON}` },
  {
    spellings: ['mU/L'],
    ucum: 'm[IU]/L',
    only: 'international_units',
    source: `${UCUM_ARBITRARY}; ${YOUNG_SI} (TSH reported as mU/L, the WHO international standard's unit)`,
  },
  { spellings: ['uU/mL'], ucum: 'u[IU]/mL', only: 'international_units', source: `${UCUM_ARBITRARY}; ${YOUNG_SI}` },
  { spellings: ['mU/mL'], ucum: 'm[IU]/mL', only: 'international_units', source: `${UCUM_ARBITRARY}; ${YOUNG_SI}` },
  // Substance concentrations
  { spellings: ['mmol/L'], ucum: 'mmol/L', source: `${HL7_COMMON}; ${YOUNG_SI}` },
  { spellings: ['umol/L', 'mcmol/L'], ucum: 'umol/L', source: `${HL7_COMMON}; ${YOUNG_SI}` },
  { spellings: ['nmol/L'], ucum: 'nmol/L', source: `${HL7_COMMON}; ${YOUNG_SI}` },
  { spellings: ['pmol/L'], ucum: 'pmol/L', source: `${HL7_COMMON}; ${YOUNG_SI}` },
  { spellings: ['mmol/mol'], ucum: 'mmol/mol', source: `${HL7_COMMON}; IFCC HbA1c reference method, mmol/mol` },
  { spellings: ['mEq/L', 'meq/L'], ucum: 'mmol/L', only: 'monovalent_ion', source: `${IUPAC_EQUIVALENT}; ${YOUNG_SI}` },
  { spellings: ['mEq/L', 'meq/L'], ucum: 'meq/L', source: `${UCUM_SPEC} (eq, converted only with the ion's charge)` },
  // Mass concentrations
  { spellings: ['g/dL', 'gm/dL', 'g%'], ucum: 'g/dL', source: `${HL7_COMMON}; ${YOUNG_SI} (g% is g/dL)` },
  { spellings: ['g/L'], ucum: 'g/L', source: HL7_COMMON },
  { spellings: ['mg/dL', 'mg%'], ucum: 'mg/dL', source: `${HL7_COMMON}; ${YOUNG_SI} (mg% is mg/dL)` },
  { spellings: ['mg/L'], ucum: 'mg/L', source: HL7_COMMON },
  { spellings: ['ug/dL', 'mcg/dL', 'ug%'], ucum: 'ug/dL', source: `${HL7_COMMON}; ${YOUNG_SI}` },
  { spellings: ['ug/L', 'mcg/L'], ucum: 'ug/L', source: HL7_COMMON },
  { spellings: ['ug/mL', 'mcg/mL'], ucum: 'ug/mL', source: HL7_COMMON },
  { spellings: ['ng/mL'], ucum: 'ng/mL', source: HL7_COMMON },
  { spellings: ['ng/dL'], ucum: 'ng/dL', source: HL7_COMMON },
  { spellings: ['ng/L'], ucum: 'ng/L', source: HL7_COMMON },
  { spellings: ['pg/mL'], ucum: 'pg/mL', source: HL7_COMMON },
  { spellings: ['mg/g', 'mg/gCr', 'mg/g{creat}'], ucum: 'mg/g', source: `${HL7_COMMON}; KDIGO 2012 (albumin/creatinine ratio)` },
  { spellings: ['mg/mmol', 'mg/mmolCr'], ucum: 'mg/mmol', source: 'KDIGO 2012 (albumin/creatinine ratio, mg/mmol)' },
  // Red cell indices, fractions, time
  { spellings: ['%', 'percent'], ucum: '%', source: HL7_COMMON },
  { spellings: ['fL', 'fl', 'um3', 'cu.um'], ucum: 'fL', source: `${HL7_COMMON}; ${YOUNG_SI} (MCV: 1 µm³ = 1 fL)` },
  { spellings: ['pg', 'uug'], ucum: 'pg', source: `${HL7_COMMON}; ${YOUNG_SI} (MCH)` },
  { spellings: ['s', 'sec', 'secs', 'seconds'], ucum: 's', source: HL7_COMMON },
  { spellings: ['mm/h', 'mm/hr', 'mm/1hr', 'mm/1h'], ucum: 'mm/h', source: `${HL7_COMMON}; ${LOINC_EXAMPLE} (ESR)` },
  {
    spellings: ['mL/min/{1.73_m2}', 'mL/min/1.73m2', 'mL/min/1.73m²', 'mL/min/1.73_m2'],
    ucum: 'mL/min/{1.73_m2}',
    source: `${HL7_COMMON}; ${LOINC_EXAMPLE} (eGFR)`,
  },
  { spellings: ['{INR}', 'INR'], ucum: '{INR}', source: `${LOINC_EXAMPLE} (INR)` },
];

/**
 * Conversions that are no UCUM factor, by analyte. UCUM takes mmol/mol and % as plain ratios, so it
 * would make an HbA1c of 48 mmol/mol 4.8 %; IFCC (mmol/mol) and NGSP/DCCT (%) HbA1c are related by the
 * master equation instead, and 48 mmol/mol is 6.5 %.
 */
export const ANALYTE_CONVERSIONS: readonly {
  loinc: string;
  /** `to` = `from` × slope + intercept. */
  from: string;
  to: string;
  slope: number;
  intercept: number;
  source: string;
}[] = [
  {
    loinc: '4548-4',
    from: 'mmol/mol',
    to: '%',
    slope: 0.09148,
    intercept: 2.152,
    source:
      'IFCC–NGSP master equation (Hoelzel W et al., Clin Chem 2004;50:166–174; NGSP): NGSP % = 0.09148 × IFCC mmol/mol + 2.152; ADA Standards of Care 2025 table 2.1: 48 mmol/mol = 6.5 %',
  },
];

/**
 * `value` in UCUM unit `from` expressed in `to` for this analyte: by its own rule where it has one
 * (HbA1c mmol/mol ↔ %), else by UCUM with its molar mass; null when neither converts.
 */
export function convertForAnalyte(
  value: number,
  from: string,
  to: string,
  analyte: { loinc: string | null; molar_mass: string | null },
): number | null {
  if (from === to) return value;
  for (const rule of ANALYTE_CONVERSIONS) {
    if (rule.loinc !== analyte.loinc) continue;
    if (rule.from === from && rule.to === to) return value * rule.slope + rule.intercept;
    if (rule.from === to && rule.to === from) return (value - rule.intercept) / rule.slope;
  }
  return convertValue(value, from, to, analyte.molar_mass === null ? null : Number(analyte.molar_mass));
}

/** Ions of charge 1 by LOINC: sodium, potassium, chloride, bicarbonate (total CO₂), lithium. */
const MONOVALENT_IONS: ReadonlySet<string> = new Set(['2951-2', '2823-3', '2075-0', '2028-9', '14334-7']);

/**
 * A spelling as rows are matched: micro signs (U+00B5, U+03BC) as `u`, the multiplication sign as `x`,
 * no spaces, lower case. Labs write the same unit in any case, and no unit in clinical use differs
 * from another by case alone (M for mega, G for gauss, K for kelvin are not lab units).
 */
export function foldLabUnit(spelling: string): string {
  return spelling.normalize('NFKC').replace(/[µμ]/g, 'u').replace(/×/g, 'x').replace(/\s+/g, '').toLowerCase();
}

/** The analyte a unit is read for: its LOINC code and its own unit. */
export interface UnitFor {
  loinc: string | null;
  unit: string | null;
}

function fits(scope: AliasScope | undefined, analyte: UnitFor | null): boolean {
  if (!scope) return true;
  if (!analyte?.unit) return false;
  if (scope === 'monovalent_ion') return analyte.loinc !== null && MONOVALENT_IONS.has(analyte.loinc);
  if (scope === 'international_units') return analyte.unit.includes('[IU]');
  return convertValue(1, analyte.unit, 'U/L') !== null;
}

const bySpelling = new Map<string, LabUnitAlias[]>();
for (const row of LAB_UNIT_ALIASES) {
  for (const spelling of row.spellings) {
    const folded = foldLabUnit(spelling);
    bySpelling.set(folded, [...(bySpelling.get(folded) ?? []), row]);
  }
}

/** Whether the built-in rows read this spelling for some analyte (an administrator's alias cannot replace a row). */
export function isBuiltInSpelling(spelling: string): boolean {
  return bySpelling.has(foldLabUnit(spelling));
}

/**
 * The UCUM code a lab's unit means for this analyte, or null when neither the rows, an
 * administrator's alias (keyed by `foldLabUnit`) nor UCUM itself reads it. Rows come first, so
 * `K/uL` is a thousand per microliter, never kelvin; then the administrator's aliases; then the unit
 * as a UCUM code, case-sensitive.
 */
export function ucumOfLabUnit(sent: string, analyte: UnitFor | null, added: ReadonlyMap<string, string> = new Map()): string | null {
  const folded = foldLabUnit(sent);
  const row = bySpelling.get(folded)?.find((candidate) => fits(candidate.only, analyte));
  if (row) return row.ucum;
  const alias = added.get(folded);
  if (alias !== undefined && isUcumUnit(alias)) return alias;
  const trimmed = sent.trim();
  return isUcumUnit(trimmed) ? trimmed : null;
}
