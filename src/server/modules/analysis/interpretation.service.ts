import type { Kysely } from 'kysely';
import { AppError } from '../../../shared/errors.ts';
import type { Locale } from '../../../shared/locale.ts';
import { type Comparator, isCritical, type ResultFlag } from '../../../shared/result-values.ts';
import { displayUnit } from '../../../shared/unit-display.ts';
import type { Database } from '../../db/schema.ts';
import type { ResultKeys } from '../../platform/result-sealing.ts';
import { analytesById, analytesByLoinc } from '../analytes/analytes.service.ts';
import { ageInYears, labDraftDocument, labSignsInterpretations } from '../result-reports/result-reports.service.ts';
import type { Reading } from './conditions.ts';
import { firedRules, kdigoStageOf, outOfRange, subjectOf } from './findings.ts';
import type { Bilingual, PatternRule } from './knowledge/format.ts';
import { commentPhrases, flagWords, severityAdvice } from './knowledge/lab-comment.ts';
import { grammarOf } from './knowledge/name-grammar.ts';
import { type Source, sources } from './knowledge/sources.ts';
import { type NamedReading, readingOf } from './readings.ts';

/**
 * A Premium lab's draft interpretive comment (issue #54, ADR 0063): the same rules as the patient's
 * analysis, read over the lab's draft of one report (its own values only, never the patient's other
 * reports), written as plain text in the lab's language for its specialist to edit and sign. One
 * paragraph per pattern the rules find, with the values it read, what it asks of the physician, the
 * tests that may follow and its sources; then the values outside their ranges. No diagnosis.
 */

const COMPARATOR_SIGNS: Record<Comparator, string> = { '<': '<', '<=': '≤', '>': '>', '>=': '≥' };

/** A number as the comment prints it: to the analyte's decimals, else as it came (at most three decimals), Latin digits. */
function numberText(value: number, decimals: number | null): string {
  return decimals === null ? String(Number(value.toFixed(3))) : value.toFixed(decimals);
}

function valueText(reading: Pick<Reading, 'value' | 'comparator' | 'unit'>, decimals: number | null): string | null {
  if (reading.value === null) return null;
  const number = `${reading.comparator ? COMPARATOR_SIGNS[reading.comparator] : ''}${numberText(reading.value, decimals)}`;
  const unit = displayUnit(reading.unit);
  return unit ? `${number} ${unit}` : number;
}

/** A source as a clinician cites it in passing: its authors or body and its year. */
function shortCitation(source: Source): string {
  const [authors = source.name] = source.name.split('. ');
  return `${authors}${authors.endsWith(' et al') ? '.' : ''}, ${source.year}`;
}

/** The flag in words, agreeing in Arabic with the analyte's name (an analyte the catalog does not know is masculine). */
function flagText(flag: ResultFlag | null, locale: Locale, loinc: string | null): string | null {
  if (!flag || flag === 'N') return null;
  const words = flagWords[flag];
  return locale === 'ar' && loinc !== null && grammarOf(loinc).ar === 'feminine' ? words.arFeminine : words[locale];
}

/** The draft comment on the lab's draft of a booking's report, in `locale`, and the rules (id, version) it came from. */
export async function labDraftComment(db: Kysely<Database>, keys: ResultKeys, labId: string, bookingId: string, locale: Locale) {
  if (!(await labSignsInterpretations(db, labId))) throw new AppError('PREMIUM_REQUIRED');
  const { booking, document } = await labDraftDocument(db, keys, labId, bookingId);
  const say = (text: Bilingual) => text[locale];
  const list = (items: string[]) => items.join(locale === 'ar' ? '، ' : ', ');
  /** "Ferritin 9 ng/mL (low)": a value by name, with its flag and anything else said of it. */
  const named = (name: string, value: string | null, notes: (string | null)[]) => {
    const said = notes.filter((note): note is string => note !== null);
    return [name, value, said.length > 0 ? `(${list(said)})` : null].filter((part) => part !== null).join(' ');
  };

  const analyteIds = [
    ...new Set(document.observations.flatMap((observation) => (observation.analyteId === null ? [] : [observation.analyteId]))),
  ];
  const analytes = new Map((await analytesById(db, analyteIds)).map((analyte) => [analyte.id, analyte]));
  const decimalsOf = new Map([...analytes.values()].map((analyte) => [analyte.loinc, analyte.decimals]));
  const readings = new Map<string, NamedReading>();
  for (const observation of document.observations) {
    const analyte = observation.analyteId === null ? undefined : analytes.get(observation.analyteId);
    if (analyte) readings.set(analyte.loinc, readingOf(observation, analyte));
  }
  const birth = booking.patient_date_of_birth ? new Date(booking.patient_date_of_birth) : null;
  const { subject, derived } = subjectOf({
    sex: booking.patient_sex ?? document.patientSex,
    age: birth ? ageInYears(birth, new Date(booking.booking_time)) : null,
    adult: booking.family_member_id === null,
    readings: new Map(readings),
  });
  const fired = firedRules(subject);
  const followUpNames = new Map(
    [
      ...(
        await analytesByLoinc(
          db,
          fired.flatMap((rule) => rule.followUp ?? []),
        )
      ).values(),
    ].map((row) => [row.loinc, { ar: row.name_ar, en: row.name_en }]),
  );

  const patternParagraph = (rule: PatternRule) => {
    const read = rule.inputs.flatMap((loinc) => {
      const reading = subject.readings.get(loinc);
      if (!reading) return [];
      // A value the rules calculated (eGFR) is not an analyte of the report: whole numbers, as the equation's are given.
      const decimals = decimalsOf.get(loinc);
      const name = readings.get(loinc)?.name[locale] ?? 'eGFR';
      return [
        named(name, valueText(reading, decimals === undefined ? 0 : decimals), [
          flagText(reading.flag, locale, loinc),
          derived.includes(loinc) ? say(commentPhrases.calculated) : null,
        ]),
      ];
    });
    const furtherTests = (rule.followUp ?? []).flatMap((loinc) => {
      const name = followUpNames.get(loinc);
      return name && !subject.readings.has(loinc) ? [name[locale]] : [];
    });
    const stage = rule.kdigoStage ? kdigoStageOf(subject) : null;
    const stageCode = stage ? [stage.gfr, stage.albuminuria].filter(Boolean).join(' ') : '';
    return [
      `${say(rule.title)}.`,
      read.length > 0 ? `${say(commentPhrases.valuesRead)}: ${list(read)}.` : null,
      stageCode ? `${say(commentPhrases.kdigoCategory)}: ${stageCode}.` : null,
      say(severityAdvice[rule.severity]),
      furtherTests.length > 0 ? `${say(commentPhrases.furtherTests)}: ${list(furtherTests)}.` : null,
      `[${rule.sources.map((id) => shortCitation(sources[id])).join('; ')}]`,
    ]
      .filter((part): part is string => part !== null)
      .join(' ');
  };

  const valuesFlagged = (wanted: (flag: ResultFlag) => boolean) =>
    document.observations.flatMap((observation) => {
      if (observation.flag === null || !outOfRange.includes(observation.flag) || !wanted(observation.flag)) return [];
      const analyte = observation.analyteId === null ? undefined : analytes.get(observation.analyteId);
      const name = analyte ? say({ ar: analyte.name_ar, en: analyte.name_en }) : (observation.label ?? observation.loinc ?? '');
      const value =
        observation.value.kind === 'text'
          ? observation.value.text
          : analyte
            ? valueText(readingOf(observation, analyte), analyte.decimals)
            : valueText({ value: observation.value.value, comparator: observation.value.comparator, unit: observation.unit }, null);
      return [named(name, value, [flagText(observation.flag, locale, analyte?.loinc ?? observation.loinc)])];
    });
  const critical = valuesFlagged(isCritical);
  const outside = valuesFlagged((flag) => !isCritical(flag));

  // A critical value leads the comment, before any pattern (issue #76).
  const paragraphs = [
    ...(critical.length > 0 ? [`${say(commentPhrases.critical)}: ${list(critical)}.`] : []),
    ...fired.map(patternParagraph),
  ];
  if (outside.length > 0) paragraphs.push(`${say(commentPhrases.outOfRange)}: ${list(outside)}.`);
  else if (critical.length === 0) paragraphs.push(say(fired.length > 0 ? commentPhrases.noneOutOfRange : commentPhrases.nothingFound));
  return { text: paragraphs.join('\n\n'), rules: fired.map((rule) => ({ id: rule.id, version: rule.version })) };
}
