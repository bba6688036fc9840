import { describe, expect, it } from 'vitest';
import { analytes } from '../../seeds/data/analytes.ts';
import { causes } from '../../src/server/modules/analysis/knowledge/causes.ts';
import { changeLimits } from '../../src/server/modules/analysis/knowledge/change-limits.ts';
import { criticalAdvice } from '../../src/server/modules/analysis/knowledge/critical.ts';
import { explanations } from '../../src/server/modules/analysis/knowledge/explanations.ts';
import type { Bilingual, CauseId } from '../../src/server/modules/analysis/knowledge/format.ts';
import { grammarOf, nameGrammar } from '../../src/server/modules/analysis/knowledge/name-grammar.ts';
import { rangeNotes, rangeStates } from '../../src/server/modules/analysis/knowledge/range-notes.ts';
import { sources } from '../../src/server/modules/analysis/knowledge/sources.ts';

// The form of the patient-facing knowledge (issue #54): what the texts may and may not hold, and that
// every code they name exists. Whether a text is clinically right is for the pathologist's review.

const catalogLoincs = new Set(analytes.map((analyte) => analyte.loinc));

// Typed as a record so that a CauseId added to format.ts without a text here fails to compile.
const causeIds = Object.keys({
  notFasting: true,
  fasting: true,
  ramadan: true,
  exercise: true,
  pregnancy: true,
  supplements: true,
  biotin: true,
  dehydration: true,
  overhydration: true,
  medication: true,
  recentIllness: true,
  menstruation: true,
  smoking: true,
  sampleHandling: true,
  timeOfDay: true,
  diet: true,
  sunExposure: true,
  age: true,
  urineSample: true,
} satisfies Record<CauseId, true>);

/** Answers that are neither normal nor abnormal: a blood group is never outside a range. */
const NEVER_ABNORMAL = new Set(['883-9', '10331-7']);
/** Every other analyte of the catalog can be outside its range or abnormal, so each is explained. */
const EXPLAINED = analytes.filter((analyte) => !NEVER_ABNORMAL.has(analyte.loinc));
/** Analytes answered in words (reactive, positive, a dipstick's trace to 3+) are flagged abnormal, not high or low. */
const answeredInWords = new Set(analytes.filter((analyte) => analyte.answers !== undefined).map((analyte) => analyte.loinc));

const WITH_CHANGE_LIMIT = [
  ...['718-7', '787-2', '777-3', '6690-2', '4548-4', '1558-6', '2093-3', '2571-8', '2085-9', '13457-7', '43396-1'],
  ...['3016-3', '3024-7', '62292-8', '2132-9', '2284-8', '2276-4', '2498-4', '2160-0', '98979-8', '3084-1'],
  ...['1742-6', '1920-8', '2324-2', '6768-6', '2951-2', '2823-3', '17861-6', '1988-5', '2986-8', '2857-1'],
];

/** Latin codes a text may carry beyond runs of capitals and digits (LDL, TSH, B12, FT4). */
const MIXED_CASE_CODES = new Set([
  'HbA1c',
  'eGFR',
  'hs-CRP',
  'Non-HDL',
  'Anti-TPO',
  'NT-proBNP',
  'D-dimer',
  'hCG',
  'IgE',
  'IgG',
  'HBsAg',
  'pH',
]);
/** Vitamin names written with an Arabic letter and digits, as the catalog writes them. */
const ARABIC_CODES = /ب12/g;
const LATIN_TOKEN = /[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*/g;
const ARABIC_LETTER = /[\u0621-\u064A]/;
const ARABIC_SCRIPT = /[\u0600-\u06FF]/;
const ANY_DIGIT = /[0-9\u0660-\u0669\u06F0-\u06F9]/;
const DIAGNOSES = [/you have/i, /you are diabetic/i, /لديك مرض/, /أنت مصاب/];

const isCode = (token: string) => MIXED_CASE_CODES.has(token) || /^[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*$/.test(token);
const withoutCodes = (text: string) => text.replace(LATIN_TOKEN, (token) => (isCode(token) ? '' : token)).replace(ARABIC_CODES, '');

const bilingual = ({ en, ar }: Bilingual): Bilingual => ({ en, ar });
const texts: [where: string, text: Bilingual][] = [
  ...Object.entries(causes).flatMap(([id, cause]) => [
    [`cause ${id}`, bilingual(cause)] as [string, Bilingual],
    ...(cause.unknownSex ? [[`cause ${id} (sex not known)`, cause.unknownSex] as [string, Bilingual]] : []),
  ]),
  ...Object.entries(rangeStates).flatMap(([id, note]) => [
    [`range note ${id}`, bilingual(note)] as [string, Bilingual],
    ...(note.unknownSex ? [[`range note ${id} (sex not known)`, note.unknownSex] as [string, Bilingual]] : []),
  ]),
  ...explanations.flatMap(({ loinc, measures, high, low, abnormal, seeDoctor }) => {
    const found: [string, Bilingual][] = [
      [`${loinc} measures`, measures],
      [`${loinc} seeDoctor`, seeDoctor],
    ];
    for (const [name, direction] of [
      ['high', high],
      ['low', low],
      ['abnormal', abnormal],
    ] as const) {
      if (!direction) continue;
      found.push([`${loinc} ${name}`, direction.means]);
      if (direction.meansForMen) found.push([`${loinc} ${name} (for men)`, direction.meansForMen]);
    }
    return found;
  }),
];

function duplicates(loincs: string[]): string[] {
  return loincs.filter((loinc, index) => loincs.indexOf(loinc) !== index);
}

describe('the causes of a value outside its range that are not disease', () => {
  it('has a text for every CauseId and for nothing else', () => {
    expect(Object.keys(causes).sort()).toEqual([...causeIds].sort());
  });
});

describe('whom a cause or a range note applies to (issue #76)', () => {
  it('pregnancy and menstruation apply to women only, each with third-person words for a person whose sex is not known', () => {
    for (const id of ['pregnancy', 'menstruation'] as const) {
      expect(causes[id].appliesTo?.sex, id).toBe('female');
      expect(causes[id].unknownSex?.en, id).toMatch(/^In a woman/);
    }
    for (const [id, note] of Object.entries(rangeStates)) {
      expect(note.appliesTo?.sex, id).toBe('female');
      expect(note.unknownSex, id).toBeDefined();
    }
  });

  it('no cause that applies to anyone speaks of pregnancy or periods', () => {
    for (const [id, cause] of Object.entries(causes)) {
      if (cause.appliesTo?.sex) continue;
      expect(cause.en, id).not.toMatch(/pregnan|period|menstrua/i);
      expect(cause.ar, id).not.toMatch(/الحمل|الدورة الشهرية|الحيض/);
    }
  });

  it('what a value means, said to a man, never names pregnancy or periods (analytes of women only aside)', () => {
    const WOMEN_ONLY = new Set(['2839-9', '38476-8', '19080-1', '2106-3']);
    for (const { loinc, high, low, abnormal } of explanations) {
      if (WOMEN_ONLY.has(loinc)) continue;
      for (const direction of [high, low, abnormal]) {
        if (!direction) continue;
        const forMen = direction.meansForMen ?? direction.means;
        expect(forMen.en, loinc).not.toMatch(/pregnan|period|menstrua/i);
        expect(forMen.ar, loinc).not.toMatch(/الحمل|الحوامل|الدورة الشهرية|الحيض/);
        if (direction.meansForMen) expect(direction.meansForMen.en, loinc).toMatch(/doctor/i);
      }
    }
  });

  it('range notes name catalog analytes once, each with a known source', () => {
    const loincs = rangeNotes.map((note) => note.loinc);
    expect(duplicates(loincs)).toEqual([]);
    expect(loincs.filter((loinc) => !catalogLoincs.has(loinc))).toEqual([]);
    for (const note of rangeNotes) expect(Object.keys(sources), note.loinc).toContain(note.source);
  });
});

describe('what a critical value asks of the reader now (issue #76)', () => {
  it('is in both languages, names the emergency numbers, never a diagnosis, and leans on known sources', () => {
    for (const text of [criticalAdvice.now, ...criticalAdvice.steps, ...criticalAdvice.emergency.map((line) => line.name)]) {
      expect(text.ar).toMatch(ARABIC_LETTER);
      expect(text.en).not.toMatch(ARABIC_SCRIPT);
      for (const diagnosis of DIAGNOSES) {
        expect(text.en).not.toMatch(diagnosis);
        expect(text.ar).not.toMatch(diagnosis);
      }
    }
    const steps = criticalAdvice.steps.map((step) => step.en).join(' ');
    for (const line of criticalAdvice.emergency) expect(steps).toContain(line.number);
    expect(criticalAdvice.now.en).not.toMatch(/sample/i);
    for (const source of criticalAdvice.sources) expect(Object.keys(sources)).toContain(source);
  });
});

describe('the explanations of each analyte', () => {
  it('explain each analyte at most once, each a catalog analyte, and every one that can be outside its range or abnormal', () => {
    const loincs = explanations.map((explanation) => explanation.loinc);
    expect(duplicates(loincs)).toEqual([]);
    expect(loincs.filter((loinc) => !catalogLoincs.has(loinc))).toEqual([]);
    expect(EXPLAINED.length).toBeGreaterThan(100);
    expect(EXPLAINED.map((analyte) => analyte.loinc).filter((loinc) => !loincs.includes(loinc))).toEqual([]);
    expect(loincs.filter((loinc) => NEVER_ABNORMAL.has(loinc))).toEqual([]);
  });

  it('say what an abnormal answer means for an analyte answered in words, and what a high or low value means for a number', () => {
    for (const { loinc, high, low, abnormal } of explanations) {
      if (answeredInWords.has(loinc)) {
        expect(abnormal, `${loinc}: abnormal`).toBeDefined();
        expect(high ?? low, `${loinc}: no high or low for words`).toBeUndefined();
      } else {
        expect(high ?? low, `${loinc}: high or low`).toBeDefined();
        expect(abnormal, `${loinc}: no abnormal for a number`).toBeUndefined();
      }
    }
  });

  it('name known causes and a known source', () => {
    for (const { loinc, high, low, abnormal, source } of explanations) {
      for (const [direction, causesOf] of [
        ['high', high?.causes ?? []],
        ['low', low?.causes ?? []],
        ['abnormal', abnormal?.causes ?? []],
      ] as const) {
        for (const cause of causesOf) expect(causeIds, `${loinc} ${direction}: ${cause}`).toContain(cause);
        expect(duplicates([...causesOf]), `${loinc}: ${direction} causes`).toEqual([]);
      }
      expect(Object.keys(sources), loinc).toContain(source);
    }
  });

  it('leave what a value means to the doctor, in both languages', () => {
    for (const { loinc, high, low, abnormal } of explanations) {
      for (const means of [high?.means, low?.means, abnormal?.means]) {
        if (!means) continue;
        expect(means.en, loinc).toMatch(/doctor/i);
        expect(means.ar, loinc).toMatch(/طبيب/);
      }
    }
  });
});

describe('the change limits', () => {
  it('hold each analyte at most once, each a catalog analyte, and cover the trends the analysis calls out', () => {
    const loincs = changeLimits.map((limit) => limit.loinc);
    expect(duplicates(loincs)).toEqual([]);
    expect(loincs.filter((loinc) => !catalogLoincs.has(loinc))).toEqual([]);
    expect(WITH_CHANGE_LIMIT.filter((loinc) => !loincs.includes(loinc))).toEqual([]);
  });

  it('have a positive biological variation, an analytical variation no larger, and a known source', () => {
    for (const { loinc, cvi, cva, source } of changeLimits) {
      expect(cvi, loinc).toBeGreaterThan(0);
      expect(cva, loinc).toBeGreaterThan(0);
      expect(cva, loinc).toBeLessThanOrEqual(cvi);
      expect(Object.keys(sources), loinc).toContain(source);
    }
  });
});

describe('every text a patient reads', () => {
  it('is written in both languages: Arabic letters with only Latin codes, English with no Arabic', () => {
    expect(texts.length).toBeGreaterThan(200);
    for (const [where, { ar, en }] of texts) {
      expect(ar.trim(), where).not.toBe('');
      expect(en.trim(), where).not.toBe('');
      expect(ar, where).toMatch(ARABIC_LETTER);
      expect(
        (ar.match(LATIN_TOKEN) ?? []).filter((token) => !isCode(token)),
        `${where}: Latin words in Arabic`,
      ).toEqual([]);
      expect(en, where).not.toMatch(ARABIC_SCRIPT);
    }
  });

  it('holds no number outside a code: values and ranges come from the report', () => {
    for (const [where, { ar, en }] of texts) {
      expect(withoutCodes(ar), where).not.toMatch(ANY_DIGIT);
      expect(withoutCodes(en), where).not.toMatch(ANY_DIGIT);
    }
  });

  it('never states a diagnosis', () => {
    for (const [where, { ar, en }] of texts) {
      for (const diagnosis of DIAGNOSES) {
        expect(en, where).not.toMatch(diagnosis);
        expect(ar, where).not.toMatch(diagnosis);
      }
    }
  });
});

describe('how an analyte’s name agrees in a sentence (issue #77 item 10)', () => {
  // What a reader hears: an Arabic name whose first noun is feminine (ending in ة) or a plural of
  // things (ending in ات, or a broken plural) takes the feminine; an English name whose head noun is
  // plural (or that joins two with "and") takes the plural.
  const BROKEN_PLURALS = new Set(['صفائح', 'دهون', 'أجسام', 'خلايا', 'كريات']);
  const arabicHeard = (name: string) => {
    const head = (name.split(' ')[0] ?? '').replace(/^ال/, '');
    return head.endsWith('ة') || head.endsWith('ات') || BROKEN_PLURALS.has(head) ? 'feminine' : 'masculine';
  };
  const englishHeard = (name: string) => {
    const head = (name.split(/[,(]/)[0] ?? '').replace('%', '').trim();
    return / and /.test(head) || /s$/.test(head) ? 'plural' : 'singular';
  };

  it('lists only catalog analytes', () => {
    expect(Object.keys(nameGrammar).filter((loinc) => !catalogLoincs.has(loinc))).toEqual([]);
  });

  it('gives every catalog analyte the agreement its names are heard with, in both languages', () => {
    const disagreeing = analytes.flatMap((analyte) => {
      const grammar = grammarOf(analyte.loinc);
      const heard = { ar: arabicHeard(analyte.nameAr), en: englishHeard(analyte.nameEn) };
      return grammar.ar === heard.ar && grammar.en === heard.en ? [] : [{ loinc: analyte.loinc, grammar, heard }];
    });
    expect(disagreeing).toEqual([]);
    expect(grammarOf('2571-8')).toEqual({ ar: 'feminine', en: 'plural' });
    expect(grammarOf('718-7')).toEqual({ ar: 'masculine', en: 'singular' });
  });
});
