import type { ReportDocument } from '../result-reports/result-reports.service.ts';
import type { Reading } from './conditions.ts';
import type { Bilingual } from './knowledge/format.ts';

/** What the analysis needs of an analyte to read a value of it (analysis.repository analytesById). */
export interface ReadAnalyte {
  loinc: string;
  name_ar: string;
  name_en: string;
  unit: string | null;
  molar_mass: string | null;
}

/** A value as the rules read it, with the analyte's code and names. */
export interface NamedReading extends Reading {
  loinc: string;
  name: Bilingual;
}

/**
 * One stored value as the rules read it: a number in its analyte's unit (converted when it was
 * reported in another), a text answer as no number, with the lab's flag. The same for a patient's
 * released reports and a lab's draft.
 */
export function readingOf(observation: ReportDocument['observations'][number], analyte: ReadAnalyte): NamedReading {
  const numeric = observation.value.kind === 'number';
  return {
    loinc: analyte.loinc,
    name: { ar: analyte.name_ar, en: analyte.name_en },
    value: numeric ? (observation.inAnalyteUnit ?? null) : null,
    comparator: observation.value.kind === 'number' ? observation.value.comparator : null,
    unit: numeric && observation.inAnalyteUnit !== null ? analyte.unit : null,
    flag: observation.flag,
    molarMass: analyte.molar_mass === null ? null : Number(analyte.molar_mass),
  };
}
