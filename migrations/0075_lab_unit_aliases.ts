import { type Kysely, sql } from 'kysely';

// Units as labs write them (issue #76 items 1 and 2, ADR 0079). The built-in spellings are data in
// src/server/platform/lab-units.ts; an administrator adds what a lab's system sends beyond them
// (lab_unit_aliases), having seen it counted per lab (lab_unrecognised_units: the unit's text alone,
// never a value, booking or patient). And the molar masses that convert a mass concentration to a
// substance one for the analytes labs in the region report both ways, for a catalogue seeded before
// them (seeds/data/analytes.ts carries the same rows for a new one). Frozen once landed.

const PUBCHEM = (compound: string, cid: number) => `PubChem, ${compound} (CID ${cid}), molecular weight`;
const IUPAC = (element: string, weight: string) => `IUPAC standard atomic weight of ${element}, ${weight}`;
const BILIRUBIN = { value: '584.66', source: `${PUBCHEM('bilirubin', 5280352)}; Young DS 1987: mg/dL × 17.1 = µmol/L` };
const CREATININE = { value: '113.12', source: `${PUBCHEM('creatinine', 588)}; Young DS 1987: mg/dL × 88.4 = µmol/L` };

/** LOINC code → molar mass (g/mol) and its source; "Young DS 1987" is Ann Intern Med 1987;106:114–129. */
const MOLAR_MASSES: Record<string, { value: string; source: string }> = {
  '62292-8': {
    value: '400.64',
    source: `${PUBCHEM('calcifediol, 25-hydroxyvitamin D3', 5283731)}; Endocrine Society 2011 (Holick et al.): ng/mL × 2.496 = nmol/L`,
  },
  '2132-9': { value: '1355.37', source: `${PUBCHEM('cyanocobalamin', 5311498)}; Young DS 1987: pg/mL × 0.7378 = pmol/L` },
  '2284-8': { value: '441.4', source: `${PUBCHEM('folic acid', 135398658)}; Young DS 1987: ng/mL × 2.266 = nmol/L` },
  '2498-4': { value: '55.845', source: `${IUPAC('iron', '55.845')}; Young DS 1987: µg/dL × 0.1791 = µmol/L` },
  '2500-7': { value: '55.845', source: `${IUPAC('iron', '55.845')} (TIBC is iron bound); Young DS 1987: µg/dL × 0.1791 = µmol/L` },
  '19123-9': { value: '24.305', source: `${IUPAC('magnesium', '24.305')}; Young DS 1987: mg/dL × 0.4114 = mmol/L` },
  '5763-8': { value: '65.38', source: `${IUPAC('zinc', '65.38')}; Young DS 1987: µg/dL × 0.1530 = µmol/L` },
  '2986-8': { value: '288.42', source: `${PUBCHEM('testosterone', 6013)}; Young DS 1987: ng/dL × 0.03467 = nmol/L` },
  '2143-6': { value: '362.46', source: `${PUBCHEM('hydrocortisone (cortisol)', 5754)}; Young DS 1987: µg/dL × 27.59 = nmol/L` },
  '2243-4': { value: '272.38', source: `${PUBCHEM('estradiol', 5757)}; Young DS 1987: pg/mL × 3.671 = pmol/L` },
  '2839-9': { value: '314.46', source: `${PUBCHEM('progesterone', 5994)}; Young DS 1987: ng/mL × 3.180 = nmol/L` },
  '3024-7': { value: '776.87', source: `${PUBCHEM('thyroxine', 5819)}; Young DS 1987: ng/dL × 12.87 = pmol/L` },
  '3051-0': { value: '650.97', source: `${PUBCHEM('liothyronine (triiodothyronine)', 5920)}; Young DS 1987: pg/mL × 1.536 = pmol/L` },
  '1975-2': BILIRUBIN,
  '1968-7': BILIRUBIN,
  '43396-1': {
    value: '386.65',
    source: `${PUBCHEM('cholesterol', 5997)}; NCEP ATP III converts cholesterol mg/dL to mmol/L by 38.67`,
  },
  '2161-8': CREATININE,
  '9318-7': {
    value: '113.12',
    source: `${PUBCHEM('creatinine', 588)}, the ratio's denominator; KDIGO 2012: albumin/creatinine 30 mg/g ≈ 3 mg/mmol (exactly 3.39)`,
  },
  '13965-9': { value: '135.18', source: `${PUBCHEM('homocysteine', 778)}; mg/L × 7.397 = µmol/L` },
  '33762-6': { value: '8457', source: 'Roche Elecsys proBNP II method sheet: NT-proBNP pmol/L × 8.457 = pg/mL' },
};

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('lab_unit_aliases')
    // The spelling as matched (micro signs as u, no spaces, lower case), and as the administrator typed it.
    .addColumn('folded', 'text', (c) => c.primaryKey().check(sql`length(folded) between 1 and 64`))
    .addColumn('spelling', 'text', (c) => c.notNull().check(sql`length(spelling) between 1 and 64`))
    .addColumn('ucum', 'text', (c) => c.notNull().check(sql`length(ucum) between 1 and 64`))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('lab_unrecognised_units')
    .addColumn('lab_id', 'uuid', (c) => c.notNull().references('labs.id').onDelete('cascade'))
    .addColumn('unit', 'text', (c) => c.notNull().check(sql`length(unit) between 1 and 64`))
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(1).check(sql`count > 0`))
    .addColumn('first_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('lab_unrecognised_units_pkey', ['lab_id', 'unit'])
    .execute();

  for (const [loinc, mass] of Object.entries(MOLAR_MASSES)) {
    await db
      .updateTable('analytes')
      .set({ molar_mass: mass.value, molar_mass_source: mass.source })
      .where('loinc', '=', loinc)
      .where('molar_mass', 'is', null)
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('lab_unrecognised_units').execute();
  await db.schema.dropTable('lab_unit_aliases').execute();
}
